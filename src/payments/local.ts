import { and, eq } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { paymentSessions } from "../db/schema.ts";
import { assertPayable } from "../orders/lifecycle.ts";
import { loadOrder } from "../orders/orders.ts";
import { fulfilIn, type FulfilResult, type PaidPayment } from "./fulfil.ts";
import { ProviderError, type ChargeRequest, type HostedCheckoutRequest, type PaymentProvider, type PaymentSnapshot } from "./provider.ts";

/**
 * The built-in provider for running with no Stripe account: its whole state is the payment_sessions row,
 * its hosted page is /pay/:sessionId on this site, and it accepts only Stripe's well-known test cards.
 * No real card is ever charged, and no card number is stored.
 */

export const TEST_CARD_APPROVED = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

export const DECLINED_MESSAGE = "Your card was declined.";
export const ONLY_TEST_CARDS_MESSAGE =
  "The built-in test provider takes no real cards. Use the test card 4242 4242 4242 4242.";

export type CardDecision = { approved: true } | { approved: false; message: string };

/** Stripe's test-mode rules for the two cards the product documents; any other number is refused. */
export function decideTestCard(digits: string): CardDecision {
  if (digits === TEST_CARD_APPROVED) return { approved: true };
  if (digits === TEST_CARD_DECLINED) return { approved: false, message: DECLINED_MESSAGE };
  return { approved: false, message: ONLY_TEST_CARDS_MESSAGE };
}

/** The manual card form sends only the last four digits, so only they decide. */
export function decideByLast4(last4: string): CardDecision {
  if (last4 === TEST_CARD_APPROVED.slice(-4)) return { approved: true };
  if (last4 === TEST_CARD_DECLINED.slice(-4)) return { approved: false, message: DECLINED_MESSAGE };
  return { approved: false, message: ONLY_TEST_CARDS_MESSAGE };
}

/**
 * Marks an open local session paid, the local equivalent of the card network approving the charge, and fulfils its
 * order in the same transaction: a crash can no longer leave a paid session beside an unpaid order (which would let
 * the order be paid a second time). Answers `captured: false` when the session was no longer open (already paid, or
 * ended), so nothing is charged twice.
 */
export function captureLocalSession(db: DB, sessionId: string): { captured: false } | { captured: true; fulfilled: FulfilResult | null } {
  return writeTransaction(db, (tx) => {
    const session = tx
      .update(paymentSessions)
      .set({ status: "paid", updatedAt: new Date() })
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.provider, "local"), eq(paymentSessions.status, "open")))
      .returning()
      .get();
    if (!session) return { captured: false };
    // An internal test payment has no order to fulfil. An order that cannot be paid (paid meanwhile, refunded) rolls
    // the capture back: nothing is charged for it.
    if (session.orderId) assertPayable(loadOrder(tx, session.orderId));
    const fulfilled = session.orderId ? fulfilIn(tx, localPayment(session)) : null;
    return { captured: true, fulfilled };
  });
}

/** What a paid local session paid for, as `fulfil` takes it. */
export function localPayment(session: { id: string; orderId: string | null; amount: number; currency: string }): PaidPayment {
  return { orderId: session.orderId!, provider: "local", reference: session.id, amount: session.amount, currency: session.currency };
}

export function localProvider(db: DB): PaymentProvider {
  // The caller records the new session in payment_sessions (it does so for Stripe too); until then it is not payable.
  const snapshot = (request: ChargeRequest, reference: string, url: string | null): PaymentSnapshot => ({
    provider: "local",
    reference,
    orderId: request.orderId,
    amount: request.amount,
    currency: request.currency,
    paid: false,
    open: true,
    failed: false,
    processing: false,
    status: "unpaid",
    url,
    clientSecret: url ? null : reference,
  });

  return {
    name: "local",
    async createHostedCheckout(request: HostedCheckoutRequest) {
      const id = newId();
      return snapshot(request, id, `/pay/${id}`);
    },
    async createEmbeddedPayment(request: ChargeRequest) {
      return snapshot(request, newId(), null);
    },
    async retrieve(reference: string) {
      const row = db.select().from(paymentSessions).where(eq(paymentSessions.id, reference)).get();
      if (!row || row.provider !== "local") return null;
      return {
        provider: "local",
        reference: row.id,
        orderId: row.orderId,
        amount: row.amount,
        currency: row.currency,
        paid: row.status === "paid",
        open: row.status === "open",
        failed: row.status === "failed",
        processing: false,
        status: row.status === "open" ? "unpaid" : row.status,
        url: row.kind === "hosted" ? `/pay/${row.id}` : null,
        clientSecret: row.kind === "embedded" ? row.id : null,
      };
    },
    async refund(request) {
      // No money moved, so there is nothing to give back: the refund is recorded on the order (by the caller) only.
      const row = db.select().from(paymentSessions).where(eq(paymentSessions.id, request.reference)).get();
      if (!row || row.provider !== "local" || row.status !== "paid") throw new ProviderError(`no paid local payment ${request.reference}`);
      return { refundReference: `local_refund_${request.reference}` };
    },
    async cancel(reference: string) {
      // Guarded by `status = 'open'` like captureLocalSession, so a session is either paid or ended, never both.
      db.update(paymentSessions)
        .set({ status: "expired", updatedAt: new Date() })
        .where(and(eq(paymentSessions.id, reference), eq(paymentSessions.provider, "local"), eq(paymentSessions.status, "open")))
        .run();
      return this.retrieve(reference);
    },
  };
}
