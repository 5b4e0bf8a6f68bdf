/**
 * Every change of a profile's status, in one place (README, Design decisions, "One home for each rule"):
 *
 *   created → pending (paid) → processing → completed | failed
 *   completed → processing (regenerate)
 *   completed → revision_requested → processing (revision)
 *   failed → pending (recover)
 *
 * Nothing else writes `profiles.status`. Each change is one guarded UPDATE (`… WHERE status IN (…)`), the way `fulfil`
 * guards an order, so two requests racing for the same change make it once and the loser learns it did not happen.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";

export const TRANSITIONS = {
  /** The order was paid: the profile joins the optimisation queue. */
  pay: { from: ["created"], to: "pending" },
  /** The optimise-profile job picked it up. */
  start: { from: ["pending"], to: "processing" },
  complete: { from: ["processing"], to: "completed" },
  fail: { from: ["processing"], to: "failed" },
  /** An admin asked for a new result. */
  regenerate: { from: ["completed"], to: "processing" },
  /** The customer asked for changes to a released result. */
  requestRevision: { from: ["completed"], to: "revision_requested" },
  /** An admin sent the revision request to the optimiser. */
  processRevision: { from: ["revision_requested"], to: "processing" },
  /** An admin put a failed profile back in the queue. */
  recover: { from: ["failed"], to: "pending" },
} as const satisfies Record<string, { from: readonly ProfileStatus[]; to: ProfileStatus }>;

export type Transition = keyof typeof TRANSITIONS;

/** Columns a transition may set together with the status (in the same UPDATE), e.g. the stored result. */
export type ProfileChanges = Omit<Partial<typeof profiles.$inferInsert>, "id" | "status" | "createdAt">;

type Writer = Pick<DB, "update">;

/**
 * Applies `transition` to the profile if its status allows it, with `changes` in the same statement.
 * Answers whether it happened; when it did not, nothing was written.
 */
export function transition(db: Writer, profileId: string, name: Transition, changes: ProfileChanges = {}): boolean {
  const { from, to } = TRANSITIONS[name];
  const changed = db
    .update(profiles)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(profiles.id, profileId), inArray(profiles.status, [...from])))
    .returning({ id: profiles.id })
    .all();
  return changed.length === 1;
}

/** The transitions allowed from `status`, e.g. for the admin's action buttons. */
export function transitionsFrom(status: ProfileStatus): Transition[] {
  return (Object.keys(TRANSITIONS) as Transition[]).filter((name) => (TRANSITIONS[name].from as readonly ProfileStatus[]).includes(status));
}
