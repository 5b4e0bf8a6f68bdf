/**
 * What follows from an order being paid, above the order, the optimiser and delivery so that none of them reaches
 * the others: the order module says what an order is, and this says what its payment sets in motion.
 */
import type { DB } from "../db/client.ts";
import { orderConfirmationJob, ORDER_CONFIRMATION_MAIL } from "../delivery/confirmation.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { OPTIMISE_MAX_ATTEMPTS, OPTIMISE_PROFILE, optimiseJobKey } from "../optimiser/job.ts";
import type { OrderRow } from "../orders/orders.ts";
import { PLANS } from "../shared/orders/plans.ts";
import { transition } from "../profiles/lifecycle.ts";

type Writer = Pick<DB, "insert" | "update">;

/**
 * A paid order's profile joins the queue: `created → pending` with the plan's revisions and delivery deadline, one
 * optimise-profile job under a key unique to the order, and the order confirmation e-mail. Called inside the
 * transaction that makes the order paid (`fulfil`) or attaches a profile to an order already paid, by every path that
 * does either. Answers whether this call queued the job (false: it was queued before).
 */
export function orderPaid(tx: Writer, order: OrderRow, profileId: string): boolean {
  const plan = PLANS[order.planId];
  // From now, not from the payment: a customer who paid first and sent the profile later gets the whole time too.
  transition(tx, profileId, "pay", {
    revisionsAllowed: plan.revisionsAllowed,
    deadlineAt: new Date(Date.now() + plan.deliveryHours * 60 * 60 * 1000),
  });
  enqueueJob(tx, ORDER_CONFIRMATION_MAIL, orderConfirmationJob(order.id, profileId));
  return enqueueJob(tx, OPTIMISE_PROFILE, {
    payload: { orderId: order.id, profileId, reason: "initial" },
    idempotencyKey: optimiseJobKey(order.id),
    maxAttempts: OPTIMISE_MAX_ATTEMPTS,
  });
}
