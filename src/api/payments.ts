import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { readAdminSession } from "../admin/guard.ts";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { orders, paymentSessions, profiles } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { assertPayable, isFinal } from "../orders/lifecycle.ts";
import { loadOrder, orderView, type OrderRow } from "../orders/orders.ts";
import { PLANS } from "../shared/orders/plans.ts";
import { localCheckoutSession, payLocalCheckout, payManually, SESSION_NOT_FOUND, type LocalPaymentDeps } from "../payments/manual.ts";
import type { CheckoutSessionAnswer, LocalCheckoutAnswer, LocalPayAnswer, PaymentIntentAnswer, ProcessOrderAnswer, VerifyPaymentAnswer } from "../shared/api/payments.ts";
import { MAX_EMAIL_LENGTH } from "../shared/email.ts";
import {
  sameOriginUrl,
  SESSION_ID_PLACEHOLDER,
  settle,
  startPayment,
  testChargeTarget,
  withSessionIdPlaceholder,
  type ChargeTarget,
} from "../payments/service.ts";

const orderId = z.string().trim().min(1, "orderId is required").max(64, "orderId is not valid");
/** Pages send the price they show; it is read only for the internal test payments, never for an order. */
const amount = z.union([z.number(), z.string().max(20)]).optional();

const checkoutSessionBody = z.object({
  orderId: orderId.optional(),
  amount,
  plan_id: z.string().max(32).optional(),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
});

const paymentIntentBody = z.object({ orderId: orderId.optional(), amount });

const processOrderBody = z.object({
  orderId,
  planId: z.string().max(32).optional(),
  price: amount,
  // Strict: a client that sends a whole card number (or anything else) is refused, not silently trimmed.
  paymentDetails: z.strictObject({
    name: z.string().trim().min(1, "Please fill out all fields").max(200),
    email: z.email("Please enter a valid email address").max(MAX_EMAIL_LENGTH),
    last4: z.string().regex(/^\d{4}$/, "last4 must be the last 4 digits of the card"),
  }),
});

const localPayBody = z.object({
  cardNumber: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});

const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

/** What verification answers for an order that can never be paid again (src/orders/lifecycle.ts). */
const CLOSED_ORDER = {
  refunded: "This payment was refunded, so the order is closed. Contact support if you have a question.",
  cancelled: "This order was canceled.",
} as const;

export function paymentsRouter(ctx: AppContext) {
  const r = new Hono();
  const db = ctx.store.db;
  // One allowance for both ways of starting a payment: each may call the provider.
  const checkoutLimit = rateLimit(ctx, "checkout");
  const processOrderLimit = rateLimit(ctx, "processOrder");
  const localPayLimit = rateLimit(ctx, "localPay");
  const verifyLimit = rateLimit(ctx, "verifyPayment");
  const localCheckoutLimit = rateLimit(ctx, "localCheckout");

  const localDeps = (): LocalPaymentDeps => ({ db, log: ctx.log, provider: ctx.services.payments.active.name });

  const chargeTarget = (c: Context, body: { orderId?: string; amount?: number | string }): ChargeTarget => {
    if (!body.orderId) return testChargeTarget(ctx, body.amount, readAdminSession(c, ctx) !== null);
    const order = loadOrder(db, body.orderId);
    assertPayable(order);
    return { order };
  };

  r.post("/create-checkout-session", checkoutLimit, jsonBody(checkoutSessionBody), async (c) => {
    const body = c.req.valid("json");
    // Return URLs are checked before anything is created, so a refused request leaves nothing behind.
    const successUrl = withSessionIdPlaceholder(sameOriginUrl(ctx, body.successUrl, "/success", "successUrl"));
    const cancelUrl = sameOriginUrl(ctx, body.cancelUrl, "/pricing", "cancelUrl");
    const payment = await startPayment(ctx, { kind: "hosted", target: chargeTarget(c, body), successUrl, cancelUrl });
    return c.json<CheckoutSessionAnswer>({ url: payment.url, sessionId: payment.reference });
  });

  r.post("/create-payment-intent", checkoutLimit, jsonBody(paymentIntentBody), async (c) => {
    const target = chargeTarget(c, c.req.valid("json"));
    const payment = await startPayment(ctx, { kind: "embedded", target });
    return c.json<PaymentIntentAnswer>({
      clientSecret: payment.clientSecret,
      sessionId: payment.reference,
      provider: payment.provider,
      amount: payment.amount,
      planId: "order" in target ? target.order.planId : null,
    });
  });

  // The manual card form: only a name, an e-mail and the last four digits arrive here, so it can stand in for a
  // payment only with the local provider; with Stripe the page is told to use secure checkout.
  r.post("/process-order", processOrderLimit, jsonBody(processOrderBody), async (c) => {
    const body = c.req.valid("json");
    const id = await payManually(localDeps(), body.orderId, body.paymentDetails.last4);
    return c.json<ProcessOrderAnswer>({ success: true, message: "Payment successful", sessionId: id, order: orderView(loadOrder(db, body.orderId)) });
  });

  r.get("/verify-payment/:sessionId", verifyLimit, async (c) => {
    // The answer carries the customer's e-mail address: kept by no cache, whatever it says.
    c.header("Cache-Control", "private, no-store");
    const answer = await verifyPayment(ctx, c.req.param("sessionId"));
    if (!answer) throw new ApiError(404, SESSION_NOT_FOUND);
    return c.json<VerifyPaymentAnswer>(answer);
  });

  r.get("/local-checkout/:sessionId", localCheckoutLimit, (c) => {
    const row = localCheckoutSession(localDeps(), c.req.param("sessionId"));
    const order = row.orderId ? loadOrder(db, row.orderId) : null;
    return c.json<LocalCheckoutAnswer>({
      id: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      plan: order ? PLANS[order.planId].title : null,
      cancelUrl: row.cancelUrl ? sitePath(row.cancelUrl) : null,
    });
  });

  r.post("/local-checkout/:sessionId/pay", localPayLimit, jsonBody(localPayBody), async (c) => {
    const row = await payLocalCheckout(localDeps(), c.req.param("sessionId"), c.req.valid("json"));
    const redirectUrl = row.successUrl
      ? sitePath(row.successUrl.replace(SESSION_ID_PLACEHOLDER, row.id))
      : `/success?session_id=${encodeURIComponent(row.id)}`;
    return c.json<LocalPayAnswer>({ success: true, redirectUrl });
  });

  return r;
}

/** Local-provider redirects stay on whichever host name the browser used: only path, query and fragment. */
function sitePath(absolute: string): string {
  const url = new URL(absolute);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Verifies a payment with its provider (which also fulfils the order if the webhook has not yet), for
 * GET /api/verify-payment/:sessionId and the /success page alike; null for a session this server does not know. A
 * refunded (or cancelled) order is final: the answer says so without asking the provider.
 */
export async function verifyPayment(ctx: AppContext, sessionId: string): Promise<VerifyPaymentAnswer | null> {
  const db = ctx.store.db;
  const row = SESSION_ID.test(sessionId) ? db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).get() : undefined;
  const provider = row ? ctx.services.payments.byName(row.provider) : null;
  if (!row || !provider) return null;

  // A refunded (or cancelled) order is final: the answer says so without asking the provider, where a refunded
  // Checkout Session still reads as paid, and nothing is written.
  const orderNow = () => (row.orderId ? db.select().from(orders).where(eq(orders.id, row.orderId)).get() : undefined);
  const closed = (order: OrderRow): VerifyPaymentAnswer => ({
      success: false,
    message: CLOSED_ORDER[order.status as keyof typeof CLOSED_ORDER],
    status: order.status,
    needsProfile: false,
    order: orderView(order),
    delivery: null,
    test: false,
  });
  const before = orderNow();
  if (before && isFinal(before.status)) return closed(before);

  const payment = await provider.retrieve(row.id);
  if (!payment) return null;

  const outcome = settle(ctx, payment);
  const order = orderNow();
  // Refunded while the provider was asked: the same answer.
  if (order && isFinal(order.status)) return closed(order);
  const success = payment.paid && outcome !== "amount_mismatch" && outcome !== "unknown_order";
  const profile = success && order?.profileId ? db.select().from(profiles).where(eq(profiles.id, order.profileId)).get() : undefined;
  return {
    success,
    message: success ? "Payment verified" : payment.paid ? "Payment received but the order could not be updated" : "Payment not completed",
    status: payment.status,
    needsProfile: success && order !== undefined && order.profileId === null,
    order: order ? orderView(order) : null,
    // The receipt the success page shows: where the results go and by when (the plan's own promise).
    delivery: order && profile ? { email: profile.email, hours: PLANS[order.planId].deliveryHours, by: profile.deadlineAt?.toISOString() ?? null } : null,
    test: payment.orderId === null,
  };
}
