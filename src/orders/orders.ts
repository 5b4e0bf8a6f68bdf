/**
 * What an order is and what may be done with it: loading, the view every API answer shows, whether it can be given a
 * profile. Its status changes only through ./lifecycle.ts (which also says whether it can be paid); the one place an
 * order becomes paid is `fulfil` (src/payments/fulfil.ts), and what follows from it is `orderPaid`
 * (src/fulfilment/order-paid.ts); the plans and prices are src/shared/orders/plans.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, profiles } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { PLANS, type Plan } from "../shared/orders/plans.ts";
import type { OrderView } from "../shared/api/orders.ts";

export type OrderRow = typeof orders.$inferSelect;
type Reader = Pick<DB, "select">;

/** The order as the API shows it (what it holds and why: src/shared/api/orders.ts). */
export function orderView(order: OrderRow): OrderView {
  return {
    id: order.id,
    plan_id: order.planId,
    plan: PLANS[order.planId].title,
    amount: order.amount,
    price: order.amount / 100,
    currency: order.currency,
    status: order.status,
    created_at: order.createdAt.toISOString(),
  };
}

export function loadOrder(db: Reader, orderId: string): OrderRow {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) throw new DomainError("not_found", "Order not found.");
  return order;
}

/** The profile's paid order, if it has one. */
export function paidOrderOf(db: Reader, profileId: string): OrderRow | undefined {
  return db.select().from(orders).where(and(eq(orders.profileId, profileId), eq(orders.status, "paid"))).get();
}

/**
 * The order that counts for a profile (its plan, its promise): the paid one, else the latest one. The results page
 * and the admin's detail both show this order.
 */
export function countingOrder(db: Reader, profileId: string): OrderRow | undefined {
  return paidOrderOf(db, profileId) ?? db.select().from(orders).where(eq(orders.profileId, profileId)).orderBy(desc(orders.createdAt)).get();
}

/**
 * A new pending order for `plan`, at the plan table's price (never the browser's), optionally for a profile. A
 * profile has one payable order: asking again for the same plan answers its unpaid order (`created: false`), so a
 * retried request or a second tab never makes the customer pay twice; another plan, or a profile already paid
 * for or refunded, is a `conflict`; an unknown profile is `not_found`. Nothing is written when it is refused.
 */
export function createOrder(db: DB, plan: Plan, profileId: string | null): { order: OrderRow; created: boolean } {
  return writeTransaction(db, (tx) => {
    if (profileId) {
      const profile = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).get();
      if (!profile) throw new DomainError("not_found", "That profile was not found. Please submit your profile again.");
      const earlier = tx.select().from(orders).where(eq(orders.profileId, profileId)).all();
      if (earlier.some((o) => o.status === "paid")) throw new DomainError("conflict", "This profile has already been paid for.");
      // A refund closes the profile for good (src/orders/refunded.ts): a new order for it would charge for nothing.
      if (earlier.some((o) => o.status === "refunded")) throw new DomainError("conflict", "This profile's order was refunded, so it cannot be ordered again. Please start a new order from the pricing page.");
      const unpaid = earlier.find((o) => o.status === "pending" || o.status === "failed");
      if (unpaid && unpaid.planId === plan.id) return { order: unpaid, created: false };
      if (unpaid) throw new DomainError("conflict", `This profile already has an order for the ${PLANS[unpaid.planId].title} plan.`);
    }
    const order = tx
      .insert(orders)
      .values({ id: newId(), planId: plan.id, amount: plan.priceCents, profileId, userId: null, status: "pending" })
      .returning()
      .get();
    return { order, created: true };
  });
}

/** The order a profile-form submission names: it must exist, have no profile yet and still be payable or paid. */
export function attachableOrder(db: Reader, orderId: string): OrderRow {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) throw new DomainError("not_found", "We could not find that order. Please check the link from your payment confirmation.");
  if (order.profileId) throw new DomainError("conflict", "This order already has a profile. Contact support if you need to change it.");
  if (order.status !== "paid" && order.status !== "pending") {
    throw new DomainError("conflict", "This order can no longer be used. Please start again from the pricing page.");
  }
  return order;
}
