/**
 * The order confirmation e-mail (not in the spec; every paying customer expects one), queued with the optimisation
 * when a paid order's profile joins the queue (`orderPaid` in src/fulfilment/order-paid.ts, inside `fulfil`'s
 * transaction or the paid-first form's), so it goes once per order however many times the payment is confirmed.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DB } from "../db/client.ts";
import { orders, profiles } from "../db/schema.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import type { NewJob } from "../jobs/queue.ts";
import { supportReplyTo, type Mailer } from "../mail/mailer.ts";
import { renderOrderConfirmationEmail } from "../mail/order-confirmation.tsx";
import { PLANS } from "../shared/orders/plans.ts";
import { resultsUrl } from "./results.ts";

const id = z.string().min(1).max(64);

export const ORDER_CONFIRMATION_MAIL = defineJobKind({
  kind: "mail:order-confirmation",
  lane: "mail",
  payload: z.object({ orderId: id, profileId: id }),
});

export function orderConfirmationJob(orderId: string, profileId: string): NewJob<typeof ORDER_CONFIRMATION_MAIL> {
  return { payload: { orderId, profileId }, idempotencyKey: `mail:order-confirmation:${orderId}`, maxAttempts: 20 };
}

export function sendOrderConfirmation(deps: { db: DB; mailer: Mailer; publicUrl: string; supportEmail: string }) {
  const { db } = deps;
  return async (job: JobOf<typeof ORDER_CONFIRMATION_MAIL>): Promise<void> => {
    const order = db.select().from(orders).where(eq(orders.id, job.payload.orderId)).get();
    const profile = db.select().from(profiles).where(eq(profiles.id, job.payload.profileId)).get();
    // Erased meanwhile, or refunded before it went out: nothing to confirm.
    if (!order || !profile || order.status !== "paid") return;
    const plan = PLANS[order.planId];
    const email = renderOrderConfirmationEmail({
      orderId: order.id,
      planTitle: plan.title,
      amountCents: order.amount,
      deliveryHours: plan.deliveryHours,
      deadline: profile.deadlineAt ?? new Date((order.paidAt ?? new Date()).getTime() + plan.deliveryHours * 3600_000),
      resultsUrl: resultsUrl(deps.publicUrl, profile.id),
      supportEmail: deps.supportEmail,
      email: profile.email,
    });
    await deps.mailer.send({
      key: job.idempotencyKey,
      to: profile.email,
      replyTo: supportReplyTo(deps.supportEmail),
      ...email,
    });
  };
}
