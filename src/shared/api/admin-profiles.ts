/*
 * What the admin's profile routes answer (src/api/admin-profiles.ts). The types live here, in the browser's share of
 * the code, and the routes annotate their answers with them, so a changed answer breaks the dashboard's typecheck.
 */
import type { AdminAction } from "../admin/actions.ts";
import type { AdminState } from "../admin/review-state.ts";
import type { EditableParts, PartKey, PromptKey, VersionText } from "../optimiser/parts.ts";
import type { OptimisationResult, Stand } from "../optimiser/result.ts";
import type { ToWrite } from "../admin/desk.ts";
import type { ResultVersionKind } from "../optimiser/version-kinds.ts";
import type { PlanId } from "../orders/plans.ts";
import type { ProfileStatus } from "../profiles/statuses.ts";
import type { SubmittedProfile } from "./profiles.ts";
import type { ClaimView } from "./team.ts";

/** What the review dialog reads beside the detail: the parts, the draft's, what the draft changes, and the version. */
export interface EditState {
  parts: EditableParts | null;
  draft_parts: EditableParts | null;
  draft_changes: PartKey[];
  version: string;
}

/** What PUT …/parts sends: only the parts the tab changed (a prompt's question cannot be changed). */
export interface PartsChange {
  bio?: { text: string } | null;
  prompts?: { key: PromptKey; text: string }[];
  starters?: string[];
  guide?: { title: string; sections: { heading: string; text: string }[] } | null;
  recommendations?: string;
  /** Elite: only the versions the tab changed, each by its tone. */
  versions?: VersionText[] | null;
  promptsToAnswer?: string | null;
  photoPlan?: string | null;
}

/** A part another save changed since the tab's base: not written; the detail beside it has their text. */
export interface PartConflict {
  part: PartKey;
  /** Who saved the other text; null for the optimiser (a rerun). */
  by: string | null;
  at: string;
  /** The version to send as this part's base to keep one's own text over theirs. */
  version: string;
}

/** PUT …/parts's 409 when parts conflicted: the parts saved, the conflicts, and the profile's detail now. */
export interface PartsConflictAnswer {
  message: string;
  saved: PartKey[];
  conflicts: PartConflict[];
  profile: AdminProfileDetail;
}

/** The writer's brief for one part (src/admin/brief.ts): what to read before writing it. */
export interface PartBrief {
  /** The customer's revision note, when this run answered one: the first thing to read. */
  revisionNote: string | null;
  /** The customer's facts a rewrite keeps ("Job: nurse", "In their bio: “…”"), from their submission. */
  facts: string[];
  /** The problems the analysis found in this part, with why (and the AI checks' problems when it was flagged). */
  problems: { title: string; reason: string; phrase: string | null }[];
  /** The customer's voice in one line: length, tone, emoji. */
  voice: string;
  /** The app's character limit for the part; null where none applies. */
  limit: number | null;
  /** What the plan promises of the part, in the plan table's words. */
  promise: string;
  /** The machine's draft of the part (the latest optimizer run on the working line); null where it made none. */
  draft: string | null;
  /** The customer's own text; null where the part has none (the prompts to answer, the photo plan, …). */
  original: string | null;
}

/** The writer's desk (issue 28): the parts still to write, the parts kept as they are, and a brief for every part. */
export interface DeskState {
  /** src/shared/admin/desk.ts `toWrite`: Send refuses while this is not empty. */
  toWrite: ToWrite[];
  stands: Stand[];
  /** One brief per part the result has. */
  brief: Partial<Record<PartKey, PartBrief>>;
}

/** Send's 409 while parts are still to write: the message names them; `parts` their names, `to_write` each with why. */
export interface UnwrittenAnswer {
  message: string;
  parts: PartKey[];
  to_write: ToWrite[];
}

/** A version in the review dialog's history, newest first. */
export interface HistoryEntry {
  id: number;
  parent_id: number | null;
  kind: ResultVersionKind;
  /** The administrator who saved it; null for the optimiser's and carried-over versions. */
  author: string | null;
  at: string;
  /** The parts whose text differs from its parent's. */
  changed: PartKey[];
  released: boolean;
  working: boolean;
  draft: boolean;
}

/** GET …/versions/:versionId: one version's parts beside its parent's, for the history's diff. */
export interface VersionAnswer {
  id: number;
  parent_id: number | null;
  kind: ResultVersionKind;
  author: string | null;
  at: string;
  changed: PartKey[];
  /** Null once retention cleared the text. */
  parts: EditableParts | null;
  parent_parts: EditableParts | null;
}

export interface AdminListRow {
  id: string;
  email: string;
  dating_app: string;
  status: ProfileStatus;
  /** What the administrator has to do about it (src/shared/admin/review-state.ts). */
  state: AdminState;
  /** null when the server cannot say: the badge reads "Unknown". */
  email_sent: boolean | null;
  email_sent_at: string | null;
  created_at: string;
  plan_id: PlanId | null;
  /** The delivery deadline; a revision's own once one is asked for (the plan's hours from the request). */
  deadline_at: string | null;
  needs_revision: boolean;
  /** Who is writing it now (src/admin/claims.ts); null when nobody holds it. */
  claim: ClaimView | null;
  /** The writer's labels of the parts still to write ("the bio", "the warm version"); empty when none is. */
  to_write: string[];
}

export interface AdminListAnswer {
  profiles: AdminListRow[];
  total: number;
  page: number;
  page_size: number;
  /** The spec's four, and how many profiles are in each state (all profiles, whatever the filter or search). */
  counts: { total: number; pending: number; completed: number; emails_sent: number; states: Record<AdminState, number> };
}

/** Premium and elite results carry their premium content beside the HTML. */
export interface PremiumOptimizedProfile {
  html: string;
  conversationStarters?: string | null;
  strategyGuide?: string | null;
}

export interface AdminPhoto {
  id: string;
  order: number;
  width: number | null;
  height: number | null;
  analysis: { score: number; rank: number; keep: boolean; faces: number; reasons: string[] } | null;
}

export interface AuditEntry {
  at: string;
  /** null for the system's own entries. */
  admin: string | null;
  action: string;
  detail: string | null;
}

/** The profile as its owner sent it (the spec's fields), and the work on it. */
export interface AdminProfileDetail extends EditState, SubmittedProfile {
  /** Derived by the same rules as the list's (src/shared/admin/review-state.ts). */
  state: AdminState;
  optimized_profile: string | PremiumOptimizedProfile | null;
  recommendations: string | null;
  email_sent: boolean | null;
  email_sent_at: string | null;
  revisions_used: number;
  revision_notes: string | null;
  needs_revision: boolean;
  deadline_at: string | null;
  plan_id: PlanId | null;
  order: { id: string; plan_id: PlanId; status: string; amount: number; paid_at: string | null; refunded_at: string | null } | null;
  photos: AdminPhoto[];
  optimization: OptimisationResult | null;
  actions: AdminAction[];
  /** When retention deleted the photo files, and cleared the text and address (src/privacy/retention.ts). */
  photos_deleted_at: string | null;
  text_cleared_at: string | null;
  /** Whether the result may be edited now (completed or revision requested, not yet sent). */
  editable: boolean;
  audit: AuditEntry[];
  /** Every version of the result, newest first. */
  history: HistoryEntry[];
  /** Who is writing it now (src/admin/claims.ts); null when nobody holds it. */
  claim: ClaimView | null;
  /** The writer's desk; null before the first result. */
  desk: DeskState | null;
}
