/**
 * What an order is and what may be done with it: loading, the view every API answer shows, whether it can be paid
 * or given a profile. The one place an order becomes paid is `fulfil` (src/payments/fulfil.ts), and what follows
 * from it is `orderPaid` (src/fulfilment/order-paid.ts); the plans and prices are src/shared/orders/plans.ts.
 */
import { eq } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { OrderView } from "../shared/api/orders.ts";
import { PLANS } from "../shared/orders/plans.ts";

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

/** Refuses to start a payment for an order that is paid (never charge twice) or cancelled. */
export function assertPayable(order: OrderRow): void {
  if (order.status === "paid") throw new DomainError("conflict", "This order has already been paid.");
  if (order.status === "cancelled") throw new DomainError("conflict", "This order was canceled and cannot be paid.");
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
