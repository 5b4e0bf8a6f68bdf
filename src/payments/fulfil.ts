import { and, eq, ne } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { orders, paymentSessions } from "../db/schema.ts";
import { orderPaid } from "../fulfilment/order-paid.ts";
import { allows, transitionOrder } from "../orders/lifecycle.ts";
import type { ProviderName } from "./provider.ts";

export interface PaidPayment {
  orderId: string;
  provider: ProviderName;
  /** The provider's id for the payment that succeeded; stored on the order. */
  reference: string;
  /** Integer cents actually charged, and its currency: both must match the order. */
  amount: number;
  currency: string;
}

export type FulfilOutcome =
  /** This call marked the order paid (and queued the job when the order has a profile). */
  | "fulfilled"
  /** Already paid before: nothing changed. */
  | "already_paid"
  /**
   * The order was refunded (or cancelled): final (src/orders/lifecycle.ts), so nothing changed. A refunded Checkout
   * Session still reads as paid at Stripe, so the success page's verification lands here too.
   */
  | "closed"
  | "unknown_order"
  /** The provider charged something other than the order's amount: nothing changes, the log says why. */
  | "amount_mismatch";

/** A transaction, or the database itself when the caller holds the write lock. */
export type Writer = Pick<DB, "select" | "insert" | "update">;

export interface FulfilResult {
  outcome: FulfilOutcome;
  /** Whether this call queued the optimisation job. */
  jobQueued: boolean;
}

/**
 * The one place an order becomes paid. The webhook, the success page's verification and the local provider all end
 * here. In one BEGIN IMMEDIATE transaction: the order becomes `paid` with the provider's reference, and its profile
 * joins the optimisation queue (`orderPaid`: `pending`, its deadline, one job keyed by the order, the confirmation
 * e-mail). The write lock and the lifecycle's `pay` guard (only a pending or failed order) make a second or
 * concurrent call change nothing, and a refunded order is never paid again.
 *
 * An order without a profile yet (the customer paid first) is marked paid and queues nothing: attaching the profile
 * later queues the job with the same key.
 */
export function fulfil(db: DB, payment: PaidPayment): FulfilResult {
  return writeTransaction(db, (tx) => fulfilIn(tx, payment));
}

/**
 * `fulfil` inside a write transaction the caller holds, for a caller whose own change must commit with it or not at
 * all (the local provider marks its session paid in the same transaction: ./local.ts).
 */
export function fulfilIn(tx: Writer, payment: PaidPayment): FulfilResult {
  const order = tx.select().from(orders).where(eq(orders.id, payment.orderId)).get();
  if (!order) return { outcome: "unknown_order", jobQueued: false };

  const now = new Date();
  // The attempt itself was paid whatever happens to the order, so the ledger never shows a paid session as open.
  tx.update(paymentSessions)
    .set({ status: "paid", updatedAt: now })
    .where(and(eq(paymentSessions.id, payment.reference), ne(paymentSessions.status, "paid")))
    .run();

  if (order.status === "paid") return { outcome: "already_paid", jobQueued: false };
  if (!allows(order.status, "pay")) return { outcome: "closed", jobQueued: false };
  if (payment.amount !== order.amount || payment.currency.toLowerCase() !== order.currency.toLowerCase()) {
    return { outcome: "amount_mismatch", jobQueued: false };
  }

  const paid = transitionOrder(tx, order.id, "pay", { paymentProvider: payment.provider, paymentReference: payment.reference, paidAt: now });
  if (!paid) return { outcome: "already_paid", jobQueued: false };

  if (!order.profileId) return { outcome: "fulfilled", jobQueued: false };
  return { outcome: "fulfilled", jobQueued: orderPaid(tx, order, order.profileId) };
}

/**
 * An async payment that failed (a bank debit bounced): the attempt is marked failed and a still-pending order
 * becomes `failed`, which the customer can pay again. A paid order is never touched, and neither is an order whose
 * attempt had already ended here (an intent this server cancelled when the customer chose hosted checkout instead).
 */
export function recordFailedPayment(db: DB, reference: string, orderId: string | null): void {
  writeTransaction(db, (tx) => {
    const now = new Date();
    const ended = tx
      .update(paymentSessions)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(paymentSessions.id, reference), eq(paymentSessions.status, "open")))
      .returning({ id: paymentSessions.id })
      .all();
    if (orderId && ended.length === 1) transitionOrder(tx, orderId, "fail");
  });
}
