/**
 * Every change of an order's status in one place, as src/profiles/lifecycle.ts is for profiles:
 *
 *   pending → paid (pay) → refunded (refund)
 *   pending → failed (fail: an async payment bounced) → paid (pay: the customer paid again)
 *
 * `refunded` is final: no provider answer, webhook, verification, retry or repair moves it back, and a payment
 * attempt on it is refused before any provider is called (`assertPayable`). `cancelled` (a status of the data model
 * that nothing sets today) is final too. Nothing else writes `orders.status`: each change is one guarded UPDATE
 * (`… WHERE status IN (…)`), so two callers racing for the same change make it once and the loser learns it did not
 * happen.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { OrderStatus } from "../shared/orders/statuses.ts";

interface Rule {
  from: readonly OrderStatus[];
  to: OrderStatus;
}

export const ORDER_TRANSITIONS = {
  /** The provider says the order was paid: the webhook, the success page's verification, a local payment, the start-up repair. */
  pay: { from: ["pending", "failed"], to: "paid" },
  /** An async payment failed (a bank debit bounced); the customer may pay again. */
  fail: { from: ["pending"], to: "failed" },
  /** An administrator gave the whole payment back. Final. */
  refund: { from: ["paid"], to: "refunded" },
} as const satisfies Record<string, Rule>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** Columns a transition may set together with the status (in the same UPDATE): the payment's or the refund's facts. */
export type OrderChanges = Pick<
  Partial<typeof orders.$inferInsert>,
  "paymentProvider" | "paymentReference" | "paidAt" | "refundReference" | "refundReason" | "refundedAt"
>;

/**
 * Applies `name` to the order if its status allows it, with `changes` in the same statement. Answers whether it
 * happened; when it did not, nothing was written.
 */
export function transitionOrder(db: Pick<DB, "update">, orderId: string, name: OrderTransition, changes: OrderChanges = {}): boolean {
  const rule: Rule = ORDER_TRANSITIONS[name];
  const changed = db
    .update(orders)
    .set({ ...changes, status: rule.to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...rule.from])))
    .returning({ id: orders.id })
    .all();
  return changed.length === 1;
}

/** Whether an order in `status` may take `name` (the same table the UPDATE is guarded by). */
export function allows(status: OrderStatus, name: OrderTransition): boolean {
  return (ORDER_TRANSITIONS[name].from as readonly OrderStatus[]).includes(status);
}

/** The transitions allowed from `status`; none from a final one. */
export function orderTransitionsFrom(status: OrderStatus): OrderTransition[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).filter((name) => allows(status, name));
}

/** Whether nothing can ever change an order in `status` again (refunded, cancelled). */
export function isFinal(status: OrderStatus): boolean {
  return orderTransitionsFrom(status).length === 0;
}

/** Why a payment of an order in each unpayable status is refused: the customer reads these. */
export const NOT_PAYABLE: Record<Exclude<OrderStatus, "pending" | "failed">, string> = {
  paid: "This order has already been paid.",
  refunded: "This order was refunded, so it cannot be paid again. Please start a new order from the pricing page.",
  cancelled: "This order was canceled and cannot be paid.",
};

/**
 * Refuses (a `conflict`) to start or take a payment for an order the table does not let become paid: paid (never
 * charge twice), refunded or cancelled. Every payment path asks here before it calls a provider.
 */
export function assertPayable(order: { status: OrderStatus }): void {
  if (!allows(order.status, "pay")) throw new DomainError("conflict", NOT_PAYABLE[order.status as keyof typeof NOT_PAYABLE]);
}
