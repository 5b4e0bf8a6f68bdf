/**
 * The order confirmation e-mail (not in the spec; every paying customer expects one), queued with the optimisation
 * when a paid order's profile joins the queue (`queueOptimisation`, inside `fulfil`'s transaction or the paid-first
 * form's), so it goes once per order however many times the payment is confirmed.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { orders, profiles } from "../db/schema.ts";
import { ORDER_CONFIRMATION_MAIL, type ParsedPayload } from "../jobs/kinds.ts";
import type { RunningJob } from "../jobs/loop.ts";
import type { NewJob } from "../jobs/queue.ts";
import { renderOrderConfirmationEmail } from "../mail/order-confirmation.tsx";
import { PLANS } from "../orders/plans.ts";
import { resultsUrl } from "./results.ts";

export function orderConfirmationJob(orderId: string, profileId: string): NewJob<typeof ORDER_CONFIRMATION_MAIL> {
  return { kind: ORDER_CONFIRMATION_MAIL, payload: { orderId, profileId }, idempotencyKey: `mail:order-confirmation:${orderId}`, maxAttempts: 20 };
}

export function sendOrderConfirmation(ctx: AppContext) {
  const db = ctx.store.db;
  return async (job: RunningJob<ParsedPayload<typeof ORDER_CONFIRMATION_MAIL>>): Promise<void> => {
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
      resultsUrl: resultsUrl(ctx, profile.id),
      supportEmail: ctx.config.mail.supportEmail,
      email: profile.email,
    });
    await ctx.services.mailer.send({
      key: job.idempotencyKey,
      to: profile.email,
      replyTo: { name: "ProfileBoost support", address: ctx.config.mail.supportEmail },
      ...email,
    });
  };
}
