/**
 * The one interface both payment providers implement: Stripe (./stripe.ts) and the built-in local provider
 * (./local.ts), which stands in for Stripe when no key is set. Nothing outside src/payments knows which one runs.
 */

export type ProviderName = "stripe" | "local";

/** What a provider is asked to charge. The amount is always the order's stored amount (or a test amount). */
export interface ChargeRequest {
  orderId: string | null;
  /** Integer cents. */
  amount: number;
  currency: string;
  /** The line the customer sees on the payment page, e.g. "ProfileBoost Premium". */
  description: string;
  /** Derived from the order, so a retried create call returns the same session instead of a second one. */
  idempotencyKey: string;
}

export interface HostedCheckoutRequest extends ChargeRequest {
  /** Absolute, same-origin; may contain the literal `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string;
  cancelUrl: string;
}

/** A payment as the provider reports it right now; never built from a webhook payload or the browser. */
export interface PaymentSnapshot {
  provider: ProviderName;
  /** cs_… or pi_… for Stripe, a random id for local sessions. */
  reference: string;
  orderId: string | null;
  /** Integer cents. */
  amount: number;
  currency: string;
  paid: boolean;
  /** Still payable: an open Checkout Session, a PaymentIntent awaiting its card. */
  open: boolean;
  /** Ended without payment (an async payment failed, an intent was cancelled). */
  failed: boolean;
  /**
   * Paid for by the customer but not yet settled (an async bank debit, an intent still processing): neither payable
   * nor ended, so it may still become paid and must not be replaced by a second attempt.
   */
  processing: boolean;
  /** The provider's own word for the state, shown by the success page when payment is not verified. */
  status: string;
  url: string | null;
  clientSecret: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A page of the provider's where the customer pays; it returns to successUrl or cancelUrl. */
  createHostedCheckout(request: HostedCheckoutRequest): Promise<PaymentSnapshot>;
  /** A payment confirmed by a card form on our own page (Stripe's Payment Element, or the local card form). */
  createEmbeddedPayment(request: ChargeRequest): Promise<PaymentSnapshot>;
  /** Asks the provider; null when it does not know the reference. */
  retrieve(reference: string): Promise<PaymentSnapshot | null>;
  /**
   * Ends an open attempt so it can no longer be paid (Stripe: expire the session, cancel the intent) and answers its
   * state afterwards; an attempt that was no longer open (paid meanwhile, processing) is answered as it is.
   */
  cancel(reference: string): Promise<PaymentSnapshot | null>;
  /**
   * Gives the whole payment back. The idempotency key makes a repeated call (a double click, a retry after a timeout)
   * answer the same refund instead of a second one. Answers the provider's reference for the refund.
   */
  refund(request: { reference: string; amount: number; reason: string; idempotencyKey: string }): Promise<{ refundReference: string }>;
}

/** A provider that could not be reached or refused a call; the API answers 502 and logs the cause. */
export class ProviderError extends Error {
  override name = "ProviderError";
}
