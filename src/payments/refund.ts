/**
 * Refunds (the Terms promise one when the service cannot be delivered). Exactly once: refunds of one order run one at
 * a time in this process, the provider is asked with the idempotency key `refund:<order>` (so a retry or a second
 * click gets the same refund back, never a second one), and the order takes the lifecycle's `refund` (`paid →
 * refunded`, src/orders/lifecycle.ts) in the transaction that cancels the profile's queued work, queues the customer's
 * e-mail and writes the audit trail.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../admin/audit.ts";
import type { AppContext } from "../context.ts";
import { writeTransaction, type DB } from "../db/client.ts";
import { jobs, orders, profiles } from "../db/schema.ts";
import { RESULTS_MAIL } from "../delivery/results.ts";
import { DomainError } from "../errors.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { supportReplyTo, type Mailer } from "../mail/mailer.ts";
import { renderRefundEmail } from "../mail/refund-email.tsx";
import { OPTIMISE_PROFILE } from "../optimiser/job.ts";
import { formatUsd, PLANS } from "../shared/orders/plans.ts";
import { oneAtATime } from "./service.ts";

export const REFUND_MAIL = defineJobKind({ kind: "mail:refund", lane: "mail", payload: z.object({ orderId: z.string().min(1).max(64) }) });

export async function refundOrder(ctx: AppContext, admin: string, profileId: string, reason: string): Promise<{ refundReference: string }> {
  const db = ctx.store.db;
  const latest = db.select().from(orders).where(eq(orders.profileId, profileId)).all();
  const target = latest.find((o) => o.status === "paid") ?? latest.find((o) => o.status === "refunded");
  if (!target) throw new DomainError("conflict", "This profile has no paid order to refund.");

  return oneAtATime(target.id, async () => {
    const order = db.select().from(orders).where(eq(orders.id, target.id)).get()!;
    if (order.status === "refunded") throw new DomainError("conflict", "This order has already been refunded.");
    if (order.status !== "paid" || !order.paymentReference || !order.paymentProvider) throw new DomainError("conflict", "Only a paid order can be refunded.");
    const provider = ctx.services.payments.byName(order.paymentProvider as "stripe" | "local");
    if (!provider) throw new DomainError("conflict", `This order was paid through ${order.paymentProvider}, which this server does not run; refund it there.`);

    const { refundReference } = await provider.refund({ reference: order.paymentReference, amount: order.amount, reason, idempotencyKey: `refund:${order.id}` });

    writeTransaction(db, (tx) => {
      const now = new Date();
      if (!transitionOrder(tx, order.id, "refund", { refundReference, refundReason: reason, refundedAt: now })) {
        throw new DomainError("conflict", "This order has already been refunded.");
      }
      // Work not started yet is not done for a refunded order.
      tx.update(jobs)
        .set({ status: "failed", lastError: "cancelled: the order was refunded", updatedAt: now })
        .where(and(eq(jobs.status, "queued"), inArray(jobs.kind, [OPTIMISE_PROFILE.kind, RESULTS_MAIL.kind]), sql`json_extract(${jobs.payload}, '$.profileId') = ${profileId}`))
        .run();
      enqueueJob(tx, REFUND_MAIL, { payload: { orderId: order.id }, idempotencyKey: `mail:refund:${order.id}`, maxAttempts: 20 });
      audit(tx, { admin, action: "refund", profileId, detail: `${formatUsd(order.amount)} refunded (${refundReference}): ${reason}` });
    });
    ctx.log.info(`order ${order.id} refunded (${refundReference})`);
    return { refundReference };
  });
}

export function sendRefundEmail(deps: { db: DB; mailer: Mailer; supportEmail: string }) {
  return async (job: JobOf<typeof REFUND_MAIL>): Promise<void> => {
    const order = deps.db.select().from(orders).where(eq(orders.id, job.payload.orderId)).get();
    const profile = order?.profileId ? deps.db.select().from(profiles).where(eq(profiles.id, order.profileId)).get() : undefined;
    if (!order || !profile || order.status !== "refunded") return;
    const email = renderRefundEmail({ amountCents: order.amount, planTitle: PLANS[order.planId].title, orderReference: order.id, supportEmail: deps.supportEmail });
    await deps.mailer.send({
      key: job.idempotencyKey,
      to: profile.email,
      replyTo: supportReplyTo(deps.supportEmail),
      ...email,
    });
  };
}
