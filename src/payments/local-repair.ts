import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { orders, paymentSessions } from "../db/schema.ts";
import { ORDER_TRANSITIONS } from "../orders/lifecycle.ts";
import { fulfil } from "./fulfil.ts";
import { localPayment } from "./local.ts";

/**
 * Run at start: a local session marked paid whose order is not paid but may still be (pending or failed; a refunded one
 * never is), left by a version that committed the two separately and died in between, or by a database restored
 * between them, is fulfilled now, through the one `fulfil`. Without this the order would stay payable and could be
 * paid twice. Answers how many were repaired.
 */
export function repairLocalPayments(ctx: AppContext): number {
  const db = ctx.store.db;
  const broken = db
    .select({ id: paymentSessions.id, orderId: paymentSessions.orderId, amount: paymentSessions.amount, currency: paymentSessions.currency })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(and(eq(paymentSessions.provider, "local"), eq(paymentSessions.status, "paid"), isNotNull(paymentSessions.orderId), inArray(orders.status, [...ORDER_TRANSITIONS.pay.from])))
    .all();
  let repaired = 0;
  for (const session of broken) {
    const { outcome } = fulfil(db, localPayment(session));
    if (outcome === "fulfilled") {
      repaired++;
      ctx.log.info(`repaired: local payment ${session.id} was paid but order ${session.orderId} was not; the order is now paid`);
    } else if (outcome !== "already_paid") {
      ctx.log.error(`local payment ${session.id} is paid but its order ${session.orderId} could not be fulfilled: ${outcome}`);
    }
  }
  return repaired;
}
