import Stripe from "stripe";
import type { Config } from "../config.ts";
import { ProviderError, type ChargeRequest, type HostedCheckoutRequest, type PaymentProvider, type PaymentSnapshot } from "./provider.ts";

type StripeSettings = Config["payments"]["stripe"];

/** The Stripe SDK client; STRIPE_API_HOST/PORT/PROTOCOL point it at a Stripe-compatible server in tests. */
export function stripeClient(settings: StripeSettings): Stripe {
  if (!settings.secretKey) throw new Error("STRIPE_SECRET_KEY is not set");
  return new Stripe(settings.secretKey, {
    // fetch works the same in Bun and Node; the SDK's node:http client is not needed.
    httpClient: Stripe.createFetchHttpClient(),
    host: settings.apiHost,
    port: settings.apiPort,
    protocol: settings.apiProtocol,
    // The SDK retries network failures with the same idempotency key, so a retry cannot create a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",

    async createHostedCheckout(request: HostedCheckoutRequest) {
      const metadata = request.orderId ? { orderId: request.orderId } : undefined;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.currency, unit_amount: request.amount, product_data: { name: request.description } },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.orderId ?? undefined,
            metadata,
            // The PaymentIntent carries the order too, so payment_intent.succeeded can find it.
            payment_intent_data: metadata ? { metadata } : undefined,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return fromSession(session);
    },

    async createEmbeddedPayment(request: ChargeRequest) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            description: request.description,
            automatic_payment_methods: { enabled: true },
            metadata: request.orderId ? { orderId: request.orderId } : undefined,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return fromIntent(intent);
    },

    async refund(request) {
      // A Checkout Session is refunded through the PaymentIntent it charged.
      const paymentIntent = request.reference.startsWith("cs_")
        ? (await call(() => stripe.checkout.sessions.retrieve(request.reference))).payment_intent
        : request.reference;
      const intentId = typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
      if (!intentId) throw new ProviderError(`Stripe has no payment to refund for ${request.reference}`);
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: intentId, amount: request.amount, reason: "requested_by_customer", metadata: { reason: request.reason.slice(0, 500) } },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { refundReference: refund.id };
    },

    async retrieve(reference: string) {
      try {
        if (reference.startsWith("cs_")) return fromSession(await stripe.checkout.sessions.retrieve(reference));
        if (reference.startsWith("pi_")) return fromIntent(await stripe.paymentIntents.retrieve(reference));
        return null;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw new ProviderError(`Stripe could not be asked about ${reference}: ${describe(err)}`);
      }
    },

    async cancel(reference: string) {
      try {
        if (reference.startsWith("cs_")) return fromSession(await stripe.checkout.sessions.expire(reference));
        if (reference.startsWith("pi_")) return fromIntent(await stripe.paymentIntents.cancel(reference));
        return null;
      } catch (err) {
        // Stripe refuses to end an attempt that is no longer open (paid, processing, already ended): say what it is.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieve(reference);
        throw new ProviderError(`Stripe could not end ${reference}: ${describe(err)}`);
      }
    },
  };
}

function fromSession(session: Stripe.Checkout.Session): PaymentSnapshot {
  return {
    provider: "stripe",
    reference: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    paid: session.payment_status === "paid",
    open: session.status === "open",
    // A completed session that is still unpaid is an async payment in flight; only its failure event ends it.
    failed: false,
    processing: session.status === "complete" && session.payment_status === "unpaid",
    status: session.payment_status,
    url: session.url,
    clientSecret: null,
  };
}

function fromIntent(intent: Stripe.PaymentIntent): PaymentSnapshot {
  return {
    provider: "stripe",
    reference: intent.id,
    orderId: intent.metadata?.orderId ?? null,
    amount: intent.amount,
    currency: intent.currency,
    paid: intent.status === "succeeded",
    open: ["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status),
    failed: intent.status === "canceled",
    processing: intent.status === "processing" || intent.status === "requires_capture",
    status: intent.status,
    url: null,
    clientSecret: intent.client_secret,
  };
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new ProviderError(`Stripe refused the request: ${describe(err)}`);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
