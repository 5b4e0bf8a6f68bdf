import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppContext } from "../context.ts";
import { paymentEvents, paymentSessions } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { ProviderError } from "../payments/provider.ts";
import { settle } from "../payments/service.ts";

/** Stripe's default tolerance: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body; the event says only which payment to look
 * at, and the payment itself is fetched from Stripe again, so a forged or stale payload can move nothing. The event
 * id is stored after the work is done: a delivery that failed half-way is retried by Stripe and redone, and a
 * repeated delivery of a handled event is answered at once. Fulfilment is idempotent either way.
 */
export function webhooksRouter(ctx: AppContext) {
  const r = new Hono();

  r.post("/stripe", async (c) => {
    const { stripe } = ctx.services.payments;
    const secret = ctx.config.payments.stripe.webhookSecret;
    if (!stripe || !secret) throw new ApiError(404, "Stripe webhooks are not configured on this server.");

    const signature = c.req.header("stripe-signature");
    if (!signature) throw new ApiError(400, "Missing Stripe-Signature header.");
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(raw, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      throw new ApiError(400, "Webhook signature verification failed.");
    }

    const db = ctx.store.db;
    if (db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id)).get()) {
      return c.json({ received: true, duplicate: true });
    }

    let reference = referenceOf(event);
    // The intent a Checkout Session charges through has no row of its own: its session's events settle it, so
    // only intents this server created for its card form are acted on (otherwise one payment is handled twice and
    // the order names the intent instead of the session).
    if (reference && event.type === "payment_intent.succeeded" && !db.select().from(paymentSessions).where(eq(paymentSessions.id, reference)).get()) {
      ctx.log.info(`webhook ${event.id}: ${reference} is not a card-form payment of this server; nothing to do`);
      reference = null;
    }
    if (reference) {
      let payment;
      try {
        payment = await ctx.services.payments.byName("stripe")!.retrieve(reference);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        ctx.log.error(`webhook ${event.id}: Stripe could not be asked`, err);
        // A 5xx makes Stripe deliver the event again later.
        return c.json({ message: "Stripe could not be reached; deliver again later." }, 503);
      }
      if (!payment) {
        ctx.log.error(`webhook ${event.id}: Stripe does not know ${reference}`);
      } else if (event.type === "checkout.session.async_payment_failed") {
        // Ask Stripe, not the event: only a session that is really unpaid is recorded as failed.
        settle(ctx, { ...payment, failed: !payment.paid });
      } else {
        settle(ctx, payment);
      }
    }

    db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run();
    return c.json({ received: true });
  });

  return r;
}

/**
 * The Checkout Session or PaymentIntent an event is about, for the four events this endpoint acts on; subscribe the
 * Stripe endpoint to exactly these (docs/payments.md). Any other event is acknowledged and ignored.
 */
function referenceOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
      return event.data.object.id;
    case "payment_intent.succeeded":
      return event.data.object.id;
    default:
      return null;
  }
}
