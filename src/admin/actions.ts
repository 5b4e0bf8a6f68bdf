/**
 * What an administrator may do to a profile (spec section 4, admin actions by status), each guarded by the profile
 * lifecycle and recorded in the audit trail in the same transaction. A refused action is a `conflict` with a
 * message; doing an action twice (in a row or at once) has one effect, because the second finds the status moved on.
 */
import { count, eq, like } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { writeTransaction, type DB } from "../db/client.ts";
import { jobs, profiles } from "../db/schema.ts";
import { queueResultsEmailIn } from "../delivery/results.ts";
import { DomainError } from "../errors.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { OPTIMISE_MAX_ATTEMPTS, OPTIMISE_PROFILE, optimiseJobKey } from "../optimiser/job.ts";
import { paidOrderOf, type OrderRow } from "../orders/orders.ts";
import { REFUNDED, refuseIfRefunded } from "../orders/refunded.ts";
import { customerView, transition, type Transition } from "../profiles/lifecycle.ts";
import type { AdminAction } from "../shared/admin/actions.ts";
import { stillToWriteMessage, toWrite } from "../shared/admin/desk.ts";
import { workingResult } from "../profiles/versions.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import { audit } from "./audit.ts";

type ProfileRow = typeof profiles.$inferSelect;

/** The actions the review dialog offers now: none once the order was refunded (src/orders/refunded.ts). */
export function allowedActions(db: Pick<DB, "select">, profile: ProfileRow, order: OrderRow | undefined): AdminAction[] {
  const actions: AdminAction[] = [];
  if (order?.status === "refunded") return actions;
  if (profile.status === "completed" && !customerView(db, profile).currentReleased) actions.push("send-email");
  // Each of these runs the optimiser again, which needs the photos: retention may have deleted them.
  const photos = profile.photosDeletedAt === null;
  if (profile.status === "completed" && photos) actions.push("regenerate");
  if (profile.status === "failed" && photos) actions.push("recover");
  if (profile.status === "revision_requested" && photos) actions.push("process-revision");
  if (order?.status === "paid") actions.push("refund");
  return actions;
}

const REFUSED: Record<Transition, string> = {
  pay: "This profile has already been paid for.",
  start: "This profile is not waiting to be optimized.",
  complete: "This profile is not being optimized.",
  fail: "This profile is not being optimized.",
  regenerate: "Only a completed profile can be regenerated.",
  requestRevision: "Only a completed profile can get a revision request.",
  processRevision: "This profile has no revision request waiting.",
  recover: "Only a failed profile can be recovered.",
  release: "This result has already been sent to the customer.",
};

/**
 * Moves the profile through `name` and queues the optimiser again with `reason`, under a new job key (the first
 * run's key is taken), all in one transaction with the audit entry.
 */
function rerun(ctx: AppContext, admin: string, profileId: string, name: Transition, reason: "initial" | "regenerate" | "revision") {
  writeTransaction(ctx.store.db, (tx) => {
    const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
    if (!profile) throw new DomainError("not_found", "Profile not found.");
    refuseIfRefunded(tx, profileId, name === "processRevision" ? REFUNDED.processRevision : REFUNDED.rerun);
    const order = paidOrderOf(tx, profileId);
    if (!order) throw new DomainError("conflict", "This profile has no paid order.");
    if (profile.photosDeletedAt) throw new DomainError("conflict", "This profile's photos were deleted under the retention policy, so it cannot be optimized again.");
    if (!transition(tx, profileId, name)) throw new DomainError("conflict", REFUSED[name]);
    const runs = tx.select({ n: count() }).from(jobs).where(like(jobs.idempotencyKey, `${optimiseJobKey(order.id)}%`)).get()!.n;
    enqueueJob(tx, OPTIMISE_PROFILE, {
      payload: { orderId: order.id, profileId, reason },
      idempotencyKey: `${optimiseJobKey(order.id)}:${runs + 1}`,
      maxAttempts: OPTIMISE_MAX_ATTEMPTS,
    });
    audit(tx, { admin, action: name === "processRevision" ? "process-revision" : name, profileId, detail: `status ${profile.status} → ${name === "recover" ? "pending" : "processing"}` });
  });
}

/** completed → processing: a new result in the background; the next one must be released (sent) again. */
export function regenerate(ctx: AppContext, admin: string, profileId: string): void {
  rerun(ctx, admin, profileId, "regenerate", "regenerate");
}

/** failed → pending: processed again from the start. */
export function recover(ctx: AppContext, admin: string, profileId: string): void {
  rerun(ctx, admin, profileId, "recover", "initial");
}

/** revision_requested → processing with the customer's notes; one revision used; the revised result is sent anew. */
export function processRevision(ctx: AppContext, admin: string, profileId: string): void {
  rerun(ctx, admin, profileId, "processRevision", "revision");
}

/** The spec's "Send Optimization Email": releases the current result to the customer. */
export function sendEmail(ctx: AppContext, admin: string, profileId: string): void {
  writeTransaction(ctx.store.db, (tx) => {
    // The administrator chooses between the edited result and a rerun's draft before anything is sent.
    const draft = tx.select({ draft: profiles.draftVersionId }).from(profiles).where(eq(profiles.id, profileId)).get()?.draft;
    if (draft != null) throw new DomainError("conflict", "A new draft is waiting beside the edited result: keep or use its parts before sending.");
    const outcome = queueResultsEmailIn(tx, profileId);
    if (outcome === "already_queued") throw new DomainError("conflict", "The results e-mail is already on its way.");
    // After the lifecycle's own refusals (refunded, not finished, already sent); the queued e-mail rolls back with it.
    refuseUnwritten(tx, profileId);
    audit(tx, { admin, action: "send-email", profileId, detail: "results e-mail queued" });
  });
}

/**
 * Premium and elite: nothing the machine drafted leaves before a person wrote it or said why it stands
 * (src/shared/admin/desk.ts). A 409 naming each part, with `parts` (their names) and `to_write` (label and why).
 */
function refuseUnwritten(tx: Pick<DB, "select">, profileId: string): void {
  const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
  const result = profile && workingResult(tx, profile);
  const left = result ? toWrite(result) : [];
  if (left.length === 0) return;
  throw new DomainError("conflict", stillToWriteMessage(left), { details: { parts: left.map((p) => p.part), to_write: left } });
}

const EDITABLE: ProfileStatus[] = ["completed", "revision_requested"];

/**
 * The one rule for editing a result: completed or revision requested, not yet sent to the customer, and its order not
 * refunded (the editor refuses it then: src/admin/edit.ts).
 */
export function isEditable(db: Pick<DB, "select">, profile: ProfileRow, order: OrderRow | undefined): boolean {
  return EDITABLE.includes(profile.status) && !customerView(db, profile).currentReleased && order?.status !== "refunded";
}
