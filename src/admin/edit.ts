/**
 * An administrator's edits of a result (issue 20, items 1-3; issue 27, items 3 and 4). The working version of the
 * result (src/profiles/versions.ts) is the one source of truth, and nothing overwrites a version: every save makes a
 * new one (its author, time, parent and the parts it changed), and the profile points at it. The spec's HTML fields
 * are rendered from the working version when read. A rerun of a result with edited parts leaves a draft version
 * beside it (written by the optimise job); the administrator takes parts of it or discards it here. Nothing here
 * changes a profile's status (src/profiles/lifecycle.ts does).
 *
 * Every write checks, inside its transaction: the profile exists, its order was not refunded, the result may be
 * edited (completed or revision requested, not sent, no results e-mail on its way), and what the administrator's
 * text was based on. The review dialog sends only the parts its tab changed, each with the version it was based on:
 * a part nobody else changed since is saved; a part another save changed too is a conflict, reported with who saved
 * it and when, and not written. The spec's PATCH routes may send the version the detail answered (a stale one is
 * refused whole); without one they write as the spec says, and the text they replace stays in the history.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { writeTransaction, type DB } from "../db/client.ts";
import { jobs, profiles, type ResultVersionKind } from "../db/schema.ts";
import { releaseCount, resultsMailKey } from "../delivery/results.ts";
import { DomainError } from "../errors.ts";
import { REFUNDED, refuseIfRefunded } from "../orders/refunded.ts";
import { toWrite, partLabelFor } from "../shared/admin/desk.ts";
import { applyEdit, changedParts, guideFromText, partKeysOf, partsOf, PROMPT_KEYS, takeFromDraft, VERSION_KEYS, type EditableParts, type PartKey, type PartsEdit } from "../shared/optimiser/parts.ts";
import { madeBy, specFields, startersFromMarkdown } from "../shared/optimiser/render.ts";
import { BIO_TONES, VERSION_KEY_OF, type OptimisationResult } from "../shared/optimiser/result.ts";
import { customerView } from "../profiles/lifecycle.ts";
import { addVersion, draftVersion, historyOf, parseVersionToken, readVersion, setWorking, versionToken, workingVersion, type Version } from "../profiles/versions.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import type { EditState, HistoryEntry, PartConflict, PartsChange, VersionAnswer } from "../shared/api/admin-profiles.ts";
import { audit } from "./audit.ts";
import { readProfileHtml, readRecommendationsHtml } from "./edit-html.ts";

type ProfileRow = typeof profiles.$inferSelect;
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export const STALE_MESSAGE = "This profile changed since you opened it: reload to see the changes; your text is still in the form.";

export function editState(db: Pick<DB, "select">, profile: ProfileRow): EditState {
  const working = workingVersion(db, profile)?.result ?? null;
  const draft = draftVersion(db, profile)?.result ?? null;
  const parts = working && partsOf(working);
  const draftParts = draft && partsOf(draft);
  return {
    parts,
    draft_parts: draftParts,
    draft_changes: parts && draftParts ? changedParts(parts, draftParts) : [],
    version: versionToken(profile),
  };
}

/** The review dialog's history: every version, newest first, with who made it, when, and the parts it changed. */
export function historyEntries(db: Pick<DB, "select">, profile: ProfileRow): HistoryEntry[] {
  return historyOf(db, profile.id).map((v) => ({
    id: v.id,
    parent_id: v.parentId,
    kind: v.kind,
    author: v.author,
    at: v.createdAt.toISOString(),
    changed: v.changed,
    released: v.released,
    working: v.id === profile.workingVersionId,
    draft: v.id === profile.draftVersionId,
  }));
}

/** One version's parts beside its parent's, for the history's diff; null when the profile has no such version. */
export function versionAnswer(db: Pick<DB, "select">, profileId: string, id: number): VersionAnswer | null {
  const version = readVersion(db, profileId, id);
  if (!version) return null;
  const parent = readVersion(db, profileId, version.parentId);
  return {
    id: version.id,
    parent_id: version.parentId,
    kind: version.kind,
    author: version.author,
    at: version.createdAt.toISOString(),
    changed: version.changed,
    parts: version.result && partsOf(version.result),
    parent_parts: parent?.result ? partsOf(parent.result) : null,
  };
}

const EDITABLE: readonly ProfileStatus[] = ["completed", "revision_requested"];

type Editable = ProfileRow & { working: Version & { result: OptimisationResult } };

/**
 * The profile, if it may be edited now; a `conflict` or `not_found` otherwise. `version`, when given, must be the
 * current one: `"working"` compares the working version (an edit's text), `"both"` the draft too (a choice from it).
 */
function editableProfile(tx: Tx, profileId: string, version: string | null, compare: "working" | "both" = "working"): Editable {
  const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
  if (!profile) throw new DomainError("not_found", "Profile not found.");
  refuseIfRefunded(tx, profileId, REFUNDED.edit);
  if (version !== null) {
    const sent = parseVersionToken(version);
    const stale = !sent || sent.working !== (profile.workingVersionId ?? 0) || (compare === "both" && sent.draft !== profile.draftVersionId);
    if (stale) throw new DomainError("conflict", STALE_MESSAGE);
  }
  if (!EDITABLE.includes(profile.status)) throw new DomainError("conflict", "Only a completed result can be edited.");
  if (customerView(tx, profile).currentReleased) throw new DomainError("conflict", "This result was already sent to the customer; regenerate it or process a revision to change it.");
  if (mailQueued(tx, profile)) throw new DomainError("conflict", "The results e-mail is on its way with this result, so it can no longer be edited.");
  const working = workingVersion(tx, profile);
  if (!working?.result) throw new DomainError("conflict", "This profile has no result to edit.");
  return { ...profile, working: { ...working, result: working.result } };
}

/** Whether a results e-mail for the profile's working version is queued or being sent. */
export function mailQueued(tx: Pick<DB, "select">, profile: Pick<ProfileRow, "id" | "workingVersionId">): boolean {
  if (!profile.workingVersionId) return false;
  const key = resultsMailKey(profile.id, profile.workingVersionId, releaseCount(tx, profile.id));
  return tx.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.idempotencyKey, key), inArray(jobs.status, ["queued", "running"]))).get() !== undefined;
}

/** Stores `result` as a new working version made from the current one; `draft: "clear"` when the draft was resolved. */
function storeVersion(tx: Tx, profile: Editable, admin: string, kind: ResultVersionKind, result: OptimisationResult, draft: "keep" | "clear" = "keep"): number {
  const id = addVersion(tx, { profileId: profile.id, parentId: profile.working.id, kind, author: admin, result });
  setWorking(tx, profile.id, id, draft);
  return id;
}

const PART_NAMES: Record<PartKey, string> = {
  bio: "bio",
  prompt1: "answer 1",
  prompt2: "answer 2",
  prompt3: "answer 3",
  starters: "conversation starters",
  guide: "strategy guide",
  recommendations: "recommendations",
  versionWarm: "warm version",
  versionPlayful: "playful version",
  versionDirect: "direct version",
  promptsToAnswer: "prompts to answer",
  photoPlan: "photo plan",
};
const named = (keys: readonly PartKey[]) => keys.map((k) => PART_NAMES[k]).join(", ");

function applyOrThrow(result: OptimisationResult, edit: PartsEdit, at: Date) {
  const outcome = applyEdit(result, edit, at);
  if (!outcome.ok) throw new DomainError(outcome.kind, outcome.message);
  return outcome;
}

/** The sent parts as a whole edit: the current text of every part, with the sent ones in their place. */
function overlay(current: EditableParts, change: PartsChange): PartsEdit {
  const prompts = current.prompts.map((p) => ({ key: p.key, text: change.prompts?.find((c) => c.key === p.key)?.text ?? p.text }));
  // A key the result does not have is kept, so the edit's checks name it.
  for (const sent of change.prompts ?? []) if (!prompts.some((p) => p.key === sent.key)) prompts.push(sent);
  return {
    bio: change.bio !== undefined ? change.bio : current.bio && { text: current.bio.text },
    prompts: change.prompts && new Set(change.prompts.map((p) => p.key)).size !== change.prompts.length ? change.prompts : prompts,
    starters: change.starters ?? current.starters,
    guide: change.guide !== undefined ? change.guide : current.guide,
    recommendations: change.recommendations ?? current.recommendations,
    // Only the versions sent change; versions sent to a result without them are kept, so the edit's checks name it.
    versions: change.versions && current.versions ? current.versions.map((v) => change.versions!.find((c) => c.tone === v.tone) ?? v) : change.versions !== undefined ? change.versions : current.versions,
    promptsToAnswer: change.promptsToAnswer !== undefined ? change.promptsToAnswer : current.promptsToAnswer,
    photoPlan: change.photoPlan !== undefined ? change.photoPlan : current.photoPlan,
  };
}

/** The parts a change sends, in PART_KEYS order. */
function sentParts(change: PartsChange): PartKey[] {
  const keys: PartKey[] = [];
  if (change.bio !== undefined) keys.push("bio");
  for (const key of PROMPT_KEYS) if (change.prompts?.some((p) => p.key === key)) keys.push(key);
  if (change.starters !== undefined) keys.push("starters");
  if (change.guide !== undefined) keys.push("guide");
  if (change.recommendations !== undefined) keys.push("recommendations");
  // null (no versions) names them all, so the edit's checks refuse it on a result that has them.
  for (const tone of BIO_TONES) if (change.versions === null || change.versions?.some((v) => v.tone === tone)) keys.push(VERSION_KEY_OF[tone]);
  if (change.promptsToAnswer !== undefined) keys.push("promptsToAnswer");
  if (change.photoPlan !== undefined) keys.push("photoPlan");
  return keys;
}

/** One part's text, comparable across versions. */
function partText(parts: EditableParts, key: PartKey): string {
  switch (key) {
    case "bio":
      return JSON.stringify(parts.bio?.text ?? null);
    case "starters":
      return JSON.stringify(parts.starters);
    case "guide":
      return JSON.stringify(parts.guide);
    case "recommendations":
      return JSON.stringify(parts.recommendations);
    case "promptsToAnswer":
      return JSON.stringify(parts.promptsToAnswer);
    case "photoPlan":
      return JSON.stringify(parts.photoPlan);
    case "versionWarm":
    case "versionPlayful":
    case "versionDirect":
      return JSON.stringify(parts.versions?.find((v) => VERSION_KEY_OF[v.tone] === key)?.text ?? null);
    default:
      return JSON.stringify(parts.prompts.find((p) => p.key === key)?.text ?? null);
  }
}

/** The version a part was based on, as the tab sent it; a token naming no version of this profile is stale. */
function baseOf(tx: Tx, profile: Editable, token: string): Version & { result: OptimisationResult } {
  const parsed = parseVersionToken(token);
  const base = parsed && readVersion(tx, profile.id, parsed.working);
  if (!base?.result) throw new DomainError("conflict", STALE_MESSAGE);
  return { ...base, result: base.result };
}

/** The latest version after `baseId`, on the working version's line, that changed `key`: who saved the other text. */
function lastChange(tx: Tx, profile: Editable, key: PartKey, baseId: number): Version {
  for (let v: Version | null = profile.working; v && v.id !== baseId; v = readVersion(tx, profile.id, v.parentId)) {
    if (v.changed.includes(key)) return v;
  }
  return profile.working;
}

export interface SaveOutcome {
  /** The parts written, in one new version. */
  saved: PartKey[];
  /** The parts another save changed since this tab's base: not written. */
  conflicts: PartConflict[];
}

export function conflictMessage(outcome: SaveOutcome): string {
  const parts = named(outcome.conflicts.map((c) => c.part));
  const savedToo = outcome.saved.length > 0 ? ` Your other changes (${named(outcome.saved)}) were saved.` : "";
  return `Someone else changed the ${parts} since you opened it: compare the two texts beside it and choose.${savedToo}`;
}

/**
 * PUT …/parts: the parts this tab changed, each against the version it was based on (`bases[part]`, else
 * `version`). A part whose text is its base's was not changed by this tab and is left alone, whatever the form held;
 * a part nobody else changed since its base is written; a part another save changed too is a conflict and is not
 * written. The written parts make one new version. Every sent part is checked as any edit is (400 when invalid),
 * against the current result, before anything is written.
 */
export function saveParts(ctx: AppContext, admin: string, profileId: string, version: string, change: PartsChange, bases: Partial<Record<PartKey, string>> = {}): SaveOutcome {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, null);
    const current = profile.working.result;
    const currentParts = partsOf(current);
    const at = new Date();
    // What this tab's text becomes once trimmed and checked, every part over the current result.
    const mine = partsOf(applyOrThrow(current, overlay(currentParts, change), at).result);
    const outcome: SaveOutcome = { saved: [], conflicts: [] };
    for (const key of sentParts(change)) {
      const base = baseOf(tx, profile, bases[key] ?? version);
      const [m, b, c] = [partText(mine, key), partText(partsOf(base.result), key), partText(currentParts, key)];
      if (m === b || m === c) continue;
      if (b === c) {
        outcome.saved.push(key);
        continue;
      }
      const other = lastChange(tx, profile, key, base.id);
      // The version to keep one's own text over theirs: the working one once this save is stored (set below).
      outcome.conflicts.push({ part: key, by: other.author, at: other.createdAt.toISOString(), version: "" });
    }
    if (outcome.saved.length > 0) {
      const keep = (k: PartKey) => outcome.saved.includes(k);
      const written: PartsChange = {
        ...(keep("bio") && { bio: mine.bio && { text: mine.bio.text } }),
        prompts: mine.prompts.filter((p) => keep(p.key)).map((p) => ({ key: p.key, text: p.text })),
        ...(keep("starters") && { starters: mine.starters }),
        ...(keep("guide") && { guide: mine.guide }),
        ...(keep("recommendations") && { recommendations: mine.recommendations }),
        ...(mine.versions && VERSION_KEYS.some(keep) && { versions: mine.versions.filter((v) => keep(VERSION_KEY_OF[v.tone])) }),
        ...(keep("promptsToAnswer") && mine.promptsToAnswer !== null && { promptsToAnswer: mine.promptsToAnswer }),
        ...(keep("photoPlan") && mine.photoPlan !== null && { photoPlan: mine.photoPlan }),
      };
      const { result, changed } = applyOrThrow(current, overlay(currentParts, written), at);
      const id = storeVersion(tx, profile, admin, "edit", result);
      audit(tx, { admin, action: "edit", profileId, detail: `edited: ${named(changed)} (version ${id})` });
    }
    const now = versionToken(tx.select().from(profiles).where(eq(profiles.id, profileId)).get()!);
    for (const c of outcome.conflicts) c.version = now;
    return outcome;
  });
}

/** POST …/draft: the chosen parts of the draft into a new working version, and the draft cleared; `take: []` discards it. */
export function resolveDraft(ctx: AppContext, admin: string, profileId: string, version: string, take: readonly PartKey[]): void {
  writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version, "both");
    const draft = draftVersion(tx, profile)?.result;
    if (!draft) throw new DomainError("conflict", "This profile has no new draft to choose from.");
    const offered = changedParts(partsOf(profile.working.result), partsOf(draft));
    const notOffered = take.filter((k) => !offered.includes(k));
    // A part the draft does not change, or does not have, cannot be taken from it.
    if (notOffered.length > 0) throw new DomainError("invalid", `The new draft does not change: ${named(notOffered)}.`);
    if (take.length > 0) storeVersion(tx, profile, admin, "draft", takeFromDraft(profile.working.result, draft, take, new Date()), "clear");
    else tx.update(profiles).set({ draftVersionId: null, updatedAt: new Date() }).where(eq(profiles.id, profileId)).run();
    audit(tx, { admin, action: "draft", profileId, detail: take.length > 0 ? `took from the new draft: ${named(take)}` : "new draft discarded" });
  });
}

/**
 * POST …/versions/:versionId/restore: an earlier version's result as a new working version (kind `restore`), made
 * from the current one; the history keeps both. `version` is the working version the administrator read.
 */
export function restoreVersion(ctx: AppContext, admin: string, profileId: string, versionId: number, version: string): PartKey[] {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version);
    const target = readVersion(tx, profileId, versionId);
    if (!target) throw new DomainError("not_found", "This profile has no such version.");
    if (!target.result) throw new DomainError("conflict", "This version's text was cleared under the retention policy.");
    const changed = changedParts(partsOf(profile.working.result), partsOf(target.result));
    if (changed.length === 0) throw new DomainError("conflict", "The working result already has this version's text.");
    const id = storeVersion(tx, profile, admin, "restore", target.result);
    audit(tx, { admin, action: "restore", profileId, detail: `restored version ${versionId} as version ${id}: ${named(changed)}` });
    return changed;
  });
}

const ELITE_HEADINGS = ["Prompts to answer", "Your photo plan"];

/**
 * The spec's PATCH …/update: `optimized_profile` and `recommendations` HTML, read back into the parts (the bio and
 * answers by their headings, the recommendations as plain text), then stored like any edit. HTML without the
 * structure the result has is refused (`invalid`), and nothing is written. `version`, when sent, must be current.
 */
export function updateContentHtml(ctx: AppContext, admin: string, profileId: string, html: { optimizedProfile: string; recommendations: string }, version: string | null = null): PartKey[] {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version);
    const working = profile.working.result;
    const current = partsOf(working);
    const read = readProfileHtml(html.optimizedProfile, { bio: current.bio !== null, prompts: current.prompts.length });
    if (!read.ok) throw new DomainError("invalid", read.message);
    // The recommendations as rendered now read the same way: unchanged HTML keeps the findings as they are.
    const rendered = specFields(working).recommendations;
    const drop = { lines: [madeBy(working)], from: working.plan === "elite" ? ELITE_HEADINGS : [] };
    const sent = readRecommendationsHtml(html.recommendations, drop);
    const recommendations = sent === readRecommendationsHtml(rendered, drop) ? current.recommendations : sent;
    const edit: PartsEdit = { bio: read.bio, prompts: read.prompts, starters: current.starters, guide: current.guide, recommendations };
    const { result, changed } = applyOrThrow(working, edit, new Date());
    if (changed.length > 0) storeVersion(tx, profile, admin, "edit", result);
    audit(tx, { admin, action: "edit", profileId, detail: changed.length > 0 ? `optimized profile and recommendations saved (${named(changed)})` : "optimized profile and recommendations saved (no change)" });
    return changed;
  });
}

/**
 * The spec's PATCH …/update-premium-content: the starters as a Markdown list and the guide as text (typed, or an
 * uploaded file's), written as the `starters` and `guide` parts and marked edited. Premium and elite only.
 * `version`, when sent, must be current.
 */
export function updatePremiumContent(ctx: AppContext, admin: string, profileId: string, edit: { conversationStarters?: string; strategyGuide?: string }, version: string | null = null): PartKey[] {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version);
    const working = profile.working.result;
    if (working.plan === "basic") throw new DomainError("conflict", "Premium content belongs to premium and elite results.");
    const current = partsOf(working);
    const starters = edit.conversationStarters?.trim() ? startersFromMarkdown(edit.conversationStarters) : current.starters;
    let guide = current.guide;
    if (edit.strategyGuide?.trim()) {
      const read = guideFromText(edit.strategyGuide, current.guide?.title ?? "Your strategy guide");
      if (typeof read === "string") throw new DomainError("invalid", read);
      guide = { title: read.title, sections: read.sections.map((s) => ({ heading: s.heading, text: s.points.join("\n") })) };
    }
    if (starters.length > 5) throw new DomainError("invalid", "At most 5 conversation starters, one per line.");
    if (starters.some((s) => s.length > 400)) throw new DomainError("invalid", "A conversation starter can be at most 400 characters.");
    const { result, changed } = applyOrThrow(working, { ...current, bio: current.bio && { text: current.bio.text }, starters, guide }, new Date());
    if (changed.length > 0) storeVersion(tx, profile, admin, "edit", result);
    const parts = [edit.conversationStarters?.trim() && "conversation starters", edit.strategyGuide?.trim() && "strategy guide"].filter(Boolean);
    audit(tx, { admin, action: "edit-premium-content", profileId, detail: `${parts.join(" and ")} saved` });
    return changed;
  });
}

/**
 * POST …/stands: a part still to write kept as it is, with the writer's reason (src/shared/admin/desk.ts), as a new
 * working version (kind `stand`, the same text) whose `editorial.stands` names the part, who and when; a reason
 * given before for the part is replaced. `version` is the working version the writer read. Only a part waiting for
 * a writer can be kept: one already written, or one the result does not have, is a conflict.
 */
export function recordStand(ctx: AppContext, admin: string, profileId: string, version: string, part: PartKey, reason: string): void {
  writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version);
    const result = profile.working.result;
    const label = partLabelFor(result, part);
    if (!partKeysOf(result).includes(part)) throw new DomainError("conflict", `This result has no ${PART_NAMES[part]}.`);
    if (!toWrite(result).some((p) => p.part === part)) throw new DomainError("conflict", `Nothing to keep: ${label} is not waiting for a writer.`);
    const at = new Date().toISOString();
    const before = result.editorial;
    const stands = [...(before?.stands ?? []).filter((s) => s.part !== part), { part, reason, by: admin, at }];
    const editorial = { edited: before?.edited ?? [], recommendations: before?.recommendations ?? null, editedAt: before?.editedAt ?? at, stands };
    const id = storeVersion(tx, profile, admin, "stand", { ...result, editorial });
    audit(tx, { admin, action: "stand", profileId, detail: `kept as it is: ${label} (version ${id}): ${reason}` });
  });
}
