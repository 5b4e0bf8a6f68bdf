/**
 * What the administrator has to do about a profile (issue 20, item 4), derived in one place from what is stored:
 * the spec's status, `email_sent`, `needs_revision`, a refund of its order, a results e-mail on its way, the parts
 * still to write (./desk.ts) and the stored result's `checks.flagged` (src/shared/optimiser/result.ts). The spec's Status and Email Status
 * badges stay as they are; this is the state beside them that says whose turn it is.
 *
 * The rules are data, read top to bottom, the first match wins. `reviewState` applies them to one profile's facts
 * (the review dialog); src/admin/review-state-sql.ts compiles the same rules to one SQL expression (the list, its filter,
 * its counts and its order), and its test checks the two agree on every combination of facts.
 *
 * Pure and free of server imports: the dashboard reads the states and their order from here.
 */
import { optimisationResultSchema } from "../optimiser/result.ts";
import type { ProfileStatus } from "../profiles/statuses.ts";
import { toWrite } from "./desk.ts";

// The states themselves live in ./states.ts, free of zod, for the dashboard's first load (issue 31, item 4).
export { ACTION_STATES, ADMIN_STATES, FILTER_STATES, MOVING_STATES, type AdminState } from "./states.ts";
import type { AdminState } from "./states.ts";

export interface ReviewFacts {
  status: ProfileStatus;
  emailSent: boolean;
  needsRevision: boolean;
  /** The profile's order was refunded (src/orders/refunded.ts). */
  refunded: boolean;
  /** A results e-mail for the current result is queued or being sent (src/delivery/results.ts). */
  mailQueued: boolean;
  /** A part of the result is still to write (./desk.ts `toWrite`): a person must write it, or say why it stands. */
  needsWriter: boolean;
  /** The AI model's answer failed our checks and was stored anyway. */
  flagged: boolean;
  /** The AI engine failed and the local analyser's draft stands in, no part of it written or kept by a person yet. */
  fellBack: boolean;
}

/** A rule's condition: every fact named must have the value given (a list of statuses: any of them). */
export type Condition = { status?: readonly ProfileStatus[] } & Partial<Omit<ReviewFacts, "status">>;

export const RULES: readonly (readonly [AdminState, Condition])[] = [
  // A refund closes the order whatever else is stored (issue 20, item 6).
  ["refunded", { refunded: true }],
  ["awaiting_payment", { status: ["created"] }],
  ["failed", { status: ["failed"] }],
  ["revision_requested", { status: ["revision_requested"] }],
  ["in_progress", { status: ["pending", "processing"] }],
  // From here on the status is `completed`. Sent, and no revision asked for since: nothing is due.
  ["sent", { emailSent: true, needsRevision: false }],
  // The admin pressed Send; the job loop has not delivered it yet.
  ["sending", { mailQueued: true }],
  // The AI engine failed: the draft is the local analyser's, and no one has worked on it yet.
  ["ai_failed", { fellBack: true }],
  ["needs_attention", { needsWriter: true }],
  ["needs_attention", { flagged: true }],
  // A new result, a regenerated one, or a revision's new draft, waiting to be read and sent.
  ["awaiting_review", {}],
];

export function matches(condition: Condition, facts: ReviewFacts): boolean {
  for (const [fact, wanted] of Object.entries(condition)) {
    if (fact === "status" ? !(wanted as readonly ProfileStatus[]).includes(facts.status) : facts[fact as keyof ReviewFacts] !== wanted) return false;
  }
  return true;
}

export function reviewState(facts: ReviewFacts): AdminState {
  for (const [state, condition] of RULES) if (matches(condition, facts)) return state;
  // Unreachable: the last rule matches everything.
  return "awaiting_review";
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The three signals read from a stored result as it is (a working version's `result`, any shape, absent in old rows), the way
 * the SQL reads them: a part still to write (./desk.ts, on a result that reads), `checks.flagged` exactly true, and a
 * `fallback` object with no part in `editorial.edited` or `editorial.stands`.
 */
export function resultSignals(stored: unknown): Pick<ReviewFacts, "needsWriter" | "flagged" | "fellBack"> {
  if (!isRecord(stored)) return { needsWriter: false, flagged: false, fellBack: false };
  const result = optimisationResultSchema.safeParse(stored);
  const editorial: Record<string, unknown> = isRecord(stored.editorial) ? stored.editorial : {};
  const worked = [editorial.edited, editorial.stands].some((list) => Array.isArray(list) && list.length > 0);
  return {
    needsWriter: result.success && toWrite(result.data).length > 0,
    flagged: isRecord(stored.checks) && stored.checks.flagged === true,
    fellBack: isRecord(stored.fallback) && !worked,
  };
}
