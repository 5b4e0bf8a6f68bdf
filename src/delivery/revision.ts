/**
 * A customer's revision request (spec: `revisions_allowed`, `revisions_used`, `needs_revision`, `revision_notes`;
 * Premium includes 1 revision): allowed on a released result while revisions are left, one at a time, and never
 * after a refund. The profile moves `completed → revision_requested` with the notes and a new deadline (the plan's
 * delivery hours from the request); in the same transaction two e-mails are queued: the customer's acknowledgement
 * with that deadline, and support's, whose Reply-To is the customer. An administrator processes the request.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { writeTransaction, type DB } from "../db/client.ts";
import { orders, profiles } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { supportReplyTo, type Mailer } from "../mail/mailer.ts";
import { renderRevisionReceivedEmail, renderRevisionRequestEmail } from "../mail/revision-emails.tsx";
import { PLANS } from "../shared/orders/plans.ts";
import { isRefunded, REFUNDED } from "../orders/refunded.ts";
import { appRules } from "../shared/optimiser/apps.ts";
import { customerView, transition } from "../profiles/lifecycle.ts";
import { deliveryHours } from "../profiles/release.ts";
import { resultsUrl } from "./results.ts";

export { revisionRequestSchema } from "../shared/delivery/revision-schema.ts";

const revisionPayload = z.object({ profileId: z.string().min(1).max(64), revision: z.number().int().min(1) });

/** To support: revision request number `revision` of the profile. */
export const REVISION_REQUEST_MAIL = defineJobKind({ kind: "mail:revision-request", lane: "mail", payload: revisionPayload });
/** The customer's acknowledgement of revision request number `revision`. */
export const REVISION_RECEIVED_MAIL = defineJobKind({ kind: "mail:revision-received", lane: "mail", payload: revisionPayload });

type MailDeps = { db: DB; mailer: Mailer; publicUrl: string; supportEmail: string };

export const PHOTOS_GONE_NO_REVISION =
  "Your photos have been deleted, as our privacy policy says, so a revision is no longer possible. Contact support if something in your results is wrong.";

export function requestRevision(db: DB, profileId: string, notes: string): void {
  writeTransaction(db, (tx) => {
    const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
    if (!profile) throw new DomainError("not_found", "Profile not found");
    if (isRefunded(tx, profileId)) throw new DomainError("conflict", REFUNDED.customerRevision);
    if (profile.revisionsAllowed === 0) {
      throw new DomainError("conflict", "Your plan does not include revisions. Contact support if something in your results is wrong.");
    }
    if (!customerView(tx, profile).released) throw new DomainError("conflict", "You can ask for a revision once your results have been sent to you.");
    // A revision is a new run of the optimiser, which needs the photos (src/privacy/retention.ts).
    if (profile.photosDeletedAt) throw new DomainError("conflict", PHOTOS_GONE_NO_REVISION);
    if (profile.status === "revision_requested" || profile.needsRevision) throw new DomainError("conflict", "Your revision request has been received and is in progress.");
    if (profile.revisionsUsed >= profile.revisionsAllowed) {
      throw new DomainError("conflict", "You have used the revisions your plan includes. Contact support if something in your results is wrong.");
    }
    // The revision has the plan's own delivery time, counted from the request.
    const deadlineAt = new Date(Date.now() + deliveryHours(orderOf(tx, profileId)?.planId) * 3600_000);
    if (!transition(tx, profileId, "requestRevision", { revisionNotes: notes, deadlineAt })) {
      throw new DomainError("conflict", "Your results are being updated right now. Please try again once you have received them.");
    }
    const revision = profile.revisionsUsed + 1;
    const payload = { profileId, revision };
    enqueueJob(tx, REVISION_REQUEST_MAIL, { payload, idempotencyKey: `mail:revision-request:${profileId}:${revision}`, maxAttempts: 20 });
    enqueueJob(tx, REVISION_RECEIVED_MAIL, { payload, idempotencyKey: `mail:revision-received:${profileId}:${revision}`, maxAttempts: 20 });
  });
}

/** The profile's order: the paid (or refunded) one, else its latest. */
function orderOf(db: Pick<DB, "select">, profileId: string) {
  const rows = db.select().from(orders).where(eq(orders.profileId, profileId)).orderBy(desc(orders.createdAt)).all();
  return rows.find((o) => o.status === "paid" || o.status === "refunded") ?? rows[0];
}

type ProfileRow = typeof profiles.$inferSelect;

/** The profile still waiting for this revision, on an order not refunded; otherwise there is nothing to tell. */
function waitingProfile(db: DB, profileId: string): ProfileRow | undefined {
  const profile = db.select().from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.needsRevision, true))).get();
  if (!profile || !profile.email || isRefunded(db, profileId)) return undefined;
  return profile;
}

/** To support: who asked, for which order, what, and by when; replying writes to the customer. */
export function sendRevisionRequestMail(deps: MailDeps) {
  return async (job: JobOf<typeof REVISION_REQUEST_MAIL>): Promise<void> => {
    const profile = waitingProfile(deps.db, job.payload.profileId);
    if (!profile) return;
    const order = orderOf(deps.db, profile.id);
    const email = renderRevisionRequestEmail({
      profileId: profile.id,
      orderReference: order?.id ?? null,
      customerEmail: profile.email,
      appName: appRules(profile.datingApp).name,
      planTitle: order ? PLANS[order.planId].title : "Unknown",
      revision: job.payload.revision,
      revisionsAllowed: profile.revisionsAllowed,
      deadline: profile.deadlineAt,
      notes: profile.revisionNotes ?? "",
      adminUrl: `${deps.publicUrl}/admin`,
    });
    await deps.mailer.send({ key: job.idempotencyKey, to: deps.supportEmail, replyTo: { name: "", address: profile.email }, ...email });
  };
}

/** To the customer: the request is in, with when to expect the revised profile. */
export function sendRevisionReceivedMail(deps: MailDeps) {
  return async (job: JobOf<typeof REVISION_RECEIVED_MAIL>): Promise<void> => {
    const profile = waitingProfile(deps.db, job.payload.profileId);
    const order = profile && orderOf(deps.db, profile.id);
    if (!profile || !order) return;
    const plan = PLANS[order.planId];
    const email = renderRevisionReceivedEmail({
      appName: appRules(profile.datingApp).name,
      planTitle: plan.title,
      orderReference: order.id,
      notes: profile.revisionNotes ?? "",
      revision: job.payload.revision,
      revisionsAllowed: profile.revisionsAllowed,
      deliveryHours: plan.deliveryHours,
      deadline: profile.deadlineAt ?? new Date(profile.updatedAt.getTime() + plan.deliveryHours * 3600_000),
      resultsUrl: resultsUrl(deps.publicUrl, profile.id),
      supportEmail: deps.supportEmail,
    });
    await deps.mailer.send({
      key: job.idempotencyKey,
      to: profile.email,
      replyTo: supportReplyTo(deps.supportEmail),
      ...email,
    });
  };
}
