/**
 * The record of a deletion: one `deletions` row per event (retention's photos, retention's text, an erasure on
 * request), written in the transaction that deletes, with the job that e-mails its receipt. Exactly one receipt per
 * event: the job's key names the row. The receipt's address is held on the row only until the receipt is sent.
 */
import type { DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { deletions, type DeletionReason, type orders } from "../db/schema.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { DELETION_RECEIPT_MAIL } from "./receipt-kind.ts";
import { isPaid, profileKey } from "./subject.ts";

type Writer = Pick<DB, "insert">;

/** What one deletion removed, as its receipt lists it. */
export interface DeletedItems {
  /** Photo files, each with its thumbnail. */
  photos: number;
  /** The customer's profile text and everything made from it (the result, the photo analysis, revision notes). */
  text: boolean;
  /** The e-mail address. */
  email: boolean;
  /** The profile itself, so its results link says it was deleted on request (erasure only). */
  profile: boolean;
  /** Messages sent through the contact form from the address (erasure only). */
  contactMessages: number;
  /** The customer's answers to whether the result worked (src/outcomes/), when there were any; absent otherwise. */
  answers?: boolean;
}

/** An order kept for accounting after its profile's data went, as the receipt names it. */
export interface KeptOrder {
  id: string;
  planId: PlanId;
  amount: number;
  currency: string;
  paidAt: string | null;
  refundedAt: string | null;
}

export function keptOrders(rows: (typeof orders.$inferSelect)[]): KeptOrder[] {
  return rows
    .filter(isPaid)
    .map((o) => ({ id: o.id, planId: o.planId, amount: o.amount, currency: o.currency, paidAt: o.paidAt?.toISOString() ?? null, refundedAt: o.refundedAt?.toISOString() ?? null }));
}

export function receiptJobKey(deletionId: string): string {
  return `mail:deletion-receipt:${deletionId}`;
}

/**
 * Records a deletion and, when there is an address to send it to, queues its receipt; call it inside the
 * transaction that deletes. Answers the deletion's id.
 */
export function recordDeletion(
  tx: Writer,
  event: { profileId: string; reason: DeletionReason; at: Date; deleted: DeletedItems; keptOrders: KeptOrder[]; receiptTo: string | null },
): string {
  const id = newId();
  const receiptTo = event.receiptTo?.trim() || null;
  tx.insert(deletions)
    .values({ id, profileKey: profileKey(event.profileId), reason: event.reason, at: event.at, deleted: event.deleted, keptOrders: event.keptOrders, receiptTo })
    .run();
  // With the backoff capped at an hour, about half a day of mail-server outage.
  if (receiptTo) enqueueJob(tx, DELETION_RECEIPT_MAIL, { payload: { deletionId: id }, idempotencyKey: receiptJobKey(id), maxAttempts: 20 });
  return id;
}
