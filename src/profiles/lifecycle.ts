/**
 * Every change of a profile's status, and of what its customer sees, in one place
 * (docs/decisions/080-one-home-for-each-rule.md, docs/decisions/081-release-revision-transitions.md):
 *
 *   created → pending (paid) → processing → completed | failed
 *   completed → completed (released: the results e-mail was sent; the customer reads this result)
 *   completed → processing (regenerate; the next result must be released again)
 *   completed → revision_requested (released, a revision left) → processing (revision; one used, released again)
 *   failed → pending (recover)
 *
 * Nothing else writes `profiles.status` or the release and revision columns (`email_sent`, the release rows of
 * `result_releases`, `needs_revision`, `revisions_used`). Each change is one guarded UPDATE (`… WHERE status IN (…)`, plus the
 * transition's own condition), the way `fulfil` guards an order, so two requests racing for the same change make it
 * once and the loser learns it did not happen.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { DB } from "../db/client.ts";
import { profiles, resultReleases } from "../db/schema.ts";
import type { CustomerStatus } from "../shared/profiles/statuses.ts";
import type { ReleasedResult } from "./release.ts";
import { recordRelease, releasedResult } from "./versions.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";

interface Rule {
  from: readonly ProfileStatus[];
  to: ProfileStatus;
  /** What else must hold for the change, checked in the same UPDATE. */
  when?: SQL;
  /** Columns the change always sets with the status. */
  sets?: SQLiteUpdateSetSource<typeof profiles>;
}

/** A new result is on its way: the customer keeps reading the last release until this one is released. */
const UNRELEASED = { emailSent: false };

export const TRANSITIONS = {
  /** The order was paid: the profile joins the optimisation queue. */
  pay: { from: ["created"], to: "pending" },
  /** The optimise-profile job picked it up. */
  start: { from: ["pending"], to: "processing" },
  complete: { from: ["processing"], to: "completed" },
  fail: { from: ["processing"], to: "failed" },
  /** The results e-mail was sent: the customer reads this result, which answers any open revision request. */
  release: { from: ["completed"], to: "completed", when: eq(profiles.emailSent, false), sets: { emailSent: true, needsRevision: false } },
  /** An admin asked for a new result. */
  regenerate: { from: ["completed"], to: "processing", sets: UNRELEASED },
  /** The customer asked for changes to a released result: one request at a time, while the plan has revisions left. */
  requestRevision: {
    from: ["completed"],
    to: "revision_requested",
    when: and(sql`exists (select 1 from ${resultReleases} where ${resultReleases.profileId} = ${profiles.id})`, eq(profiles.needsRevision, false), sql`${profiles.revisionsUsed} < ${profiles.revisionsAllowed}`),
    sets: { needsRevision: true },
  },
  /** An admin sent the revision request to the optimiser: one revision used; it stays open until its result is released. */
  processRevision: { from: ["revision_requested"], to: "processing", sets: { ...UNRELEASED, revisionsUsed: sql`${profiles.revisionsUsed} + 1` } },
  /** An admin put a failed profile back in the queue. */
  recover: { from: ["failed"], to: "pending" },
} as const satisfies Record<string, Rule>;

export type Transition = keyof typeof TRANSITIONS;

/** Columns a transition may set together with the status (in the same UPDATE), e.g. the stored result. */
export type ProfileChanges = Omit<Partial<typeof profiles.$inferInsert>, "id" | "status" | "createdAt" | "emailSent" | "needsRevision" | "revisionsUsed">;

type Writer = Pick<DB, "update">;

/**
 * Applies `transition` to the profile if its status (and the transition's own condition, and `also` when given)
 * allows it, with `changes` in the same statement. Answers whether it happened; when it did not, nothing was written.
 */
export function transition(db: Writer, profileId: string, name: Transition, changes: ProfileChanges = {}, also?: SQL): boolean {
  const rule: Rule = TRANSITIONS[name];
  const changed = db
    .update(profiles)
    .set({ ...changes, ...rule.sets, status: rule.to, updatedAt: new Date() })
    .where(and(eq(profiles.id, profileId), inArray(profiles.status, [...rule.from]), rule.when, also))
    .returning({ id: profiles.id })
    .all();
  return changed.length === 1;
}

/**
 * Releases the working version `versionId`, whose e-mail was sent as `messageId` at `at`: the customer reads that
 * version from now on. Only that version: one replaced meanwhile (regenerated, revised, edited) is not released.
 */
export function release(db: Pick<DB, "select" | "insert" | "update">, profileId: string, versionId: number, sent: { at: Date; messageId: string }): boolean {
  const changes = { emailSentAt: sent.at, emailMessageId: sent.messageId };
  if (!transition(db, profileId, "release", changes, eq(profiles.workingVersionId, versionId))) return false;
  recordRelease(db, { profileId, versionId, releasedAt: sent.at, messageId: sent.messageId });
  return true;
}

/** The transitions allowed from `status`, e.g. for the admin's action buttons. */
export function transitionsFrom(status: ProfileStatus): Transition[] {
  return (Object.keys(TRANSITIONS) as Transition[]).filter((name) => (TRANSITIONS[name].from as readonly ProfileStatus[]).includes(status));
}

type ProfileRow = typeof profiles.$inferSelect;

/** What the customer sees of a profile now. */
export interface CustomerView {
  /** Spec: "In Progress (pending or processing), Completed, or the raw status", as the customer reads it. */
  status: CustomerStatus;
  /** The last released result: what the results page, its photos and the export show; null before the first release. */
  released: ReleasedResult | null;
  /** Whether the working result is the released one (its e-mail was sent): it can no longer be edited, nor sent again. */
  currentReleased: boolean;
  revisionsLeft: number;
  /** The revision request the current result answers: processed, and open until this result is released. */
  answersRevision: { notes: string } | null;
}

/**
 * What the customer sees now; the results API, the results e-mail and the admin's actions all read it here. A
 * finished but unreleased result, and a failed run (an administrator recovers it; the promise still stands), read as
 * `processing`; a released result whose revision is being made reads as the revision in progress.
 */
export function customerView(db: Pick<DB, "select">, profile: ProfileRow): CustomerView {
  return {
    status: customerStatus(profile),
    released: releasedResult(db, profile.id),
    currentReleased: profile.emailSent,
    revisionsLeft: Math.max(0, profile.revisionsAllowed - profile.revisionsUsed),
    answersRevision: profile.status === "completed" && profile.needsRevision && profile.revisionsUsed > 0 ? { notes: profile.revisionNotes ?? "" } : null,
  };
}

function customerStatus(profile: ProfileRow): CustomerStatus {
  switch (profile.status) {
    case "created":
    case "pending":
    case "revision_requested":
      return profile.status;
    case "processing":
    case "failed":
      return "processing";
    case "completed":
      return profile.emailSent ? "completed" : "processing";
  }
}
