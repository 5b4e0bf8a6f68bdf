import { and, count, desc, eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import type { DB } from "../db/client.ts";
import { orders, paymentSessions } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { assertPayable } from "../orders/lifecycle.ts";
import { loadOrder, type OrderRow } from "../orders/orders.ts";
import { PLANS } from "../shared/orders/plans.ts";
import { fulfil, recordFailedPayment, type FulfilOutcome } from "./fulfil.ts";
import { localProvider } from "./local.ts";
import type { Payments } from "./payments.ts";
import { ProviderError, type PaymentSnapshot } from "./provider.ts";
import { stripeClient, stripeProvider } from "./stripe.ts";

/** Built once (src/services.ts): the SDK client keeps its connection pool. */
export function createPayments(config: Config, db: DB): Payments {
  const stripe = config.payments.stripe.secretKey ? stripeClient(config.payments.stripe) : null;
  const stripeImpl = stripe ? stripeProvider(stripe) : null;
  const local = localProvider(db);
  const active = config.payments.provider === "stripe" && stripeImpl ? stripeImpl : local;
  return {
    active,
    stripe,
    // Local sessions are readable only while the local provider is the active one, so a production site on Stripe
    // never honours a local session.
    byName: (name) => (name === "stripe" ? stripeImpl : active === local ? local : null),
  };
}

export type SettleOutcome = FulfilOutcome | "not_paid" | "failed" | "test_payment";

/**
 * The one path from "the provider says" to our state, shared by the webhook, the success page's verification and
 * the local provider's card form: a paid payment of an order is fulfilled, a failed one is recorded, anything else
 * changes nothing.
 */
export function settle(ctx: AppContext, payment: PaymentSnapshot): SettleOutcome {
  if (payment.failed) {
    recordFailedPayment(ctx.store.db, payment.reference, payment.orderId);
    return "failed";
  }
  if (!payment.paid) return "not_paid";
  if (!payment.orderId) {
    ctx.store.db.update(paymentSessions).set({ status: "paid", updatedAt: new Date() }).where(eq(paymentSessions.id, payment.reference)).run();
    return "test_payment";
  }
  const { outcome } = fulfil(ctx.store.db, {
    orderId: payment.orderId,
    provider: payment.provider,
    reference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
  });
  if (outcome === "unknown_order" || outcome === "amount_mismatch") {
    ctx.log.error(`payment ${payment.reference} was paid but not fulfilled: ${outcome} (order ${payment.orderId})`);
  }
  if (outcome === "already_paid" || outcome === "closed") {
    const order = ctx.store.db.select({ reference: orders.paymentReference, status: orders.status }).from(orders).where(eq(orders.id, payment.orderId)).get();
    // Another attempt paid for an order already paid or closed: the customer was charged again and someone must refund
    // it. The refunded payment itself (a refunded Checkout Session still reads as paid) is no news.
    if (order && order.reference !== payment.reference) {
      const what = order.status === "paid" ? "paid twice" : `${order.status} and paid again`;
      ctx.log.error(`order ${payment.orderId} was ${what}: ${payment.reference} after ${order.reference}; refund ${payment.reference}`);
    }
  }
  return outcome;
}

/** What to charge: the order's stored amount, or, for the internal test pages only, the amount they ask for. */
export type ChargeTarget = { order: OrderRow } | { testAmount: number };

const MIN_TEST_AMOUNT_CENTS = 50;
const MAX_TEST_AMOUNT_CENTS = 100_000;

/**
 * The internal test pages pay amounts of their own with no order; in production only a signed-in administrator may
 * (`byAdmin`), the public never.
 */
export function testChargeTarget(ctx: AppContext, amount: number | string | undefined, byAdmin = false): ChargeTarget {
  if (ctx.config.isProduction && !byAdmin) throw new DomainError("invalid", "orderId is required");
  const dollars = typeof amount === "string" ? Number(amount) : amount;
  if (dollars === undefined) throw new DomainError("invalid", "orderId or amount is required");
  if (!Number.isFinite(dollars)) throw new DomainError("invalid", "amount must be a number");
  const cents = Math.round(dollars * 100);
  if (cents < MIN_TEST_AMOUNT_CENTS || cents > MAX_TEST_AMOUNT_CENTS) {
    throw new DomainError("invalid", `amount must be between ${MIN_TEST_AMOUNT_CENTS / 100} and ${MAX_TEST_AMOUNT_CENTS / 100} dollars`);
  }
  return { testAmount: cents };
}

interface StartPayment {
  kind: "hosted" | "embedded";
  target: ChargeTarget;
  /** Absolute same-origin URLs (hosted only). */
  successUrl?: string;
  cancelUrl?: string;
}

/**
 * Starts (or resumes) a payment. For an order, an attempt that is still open with the same kind, amount and return
 * URLs is handed back rather than a second one created, so two tabs or a double click lead to one payable
 * session; the idempotency key (order, attempt number, parameters) makes a retried create call return the same
 * session at Stripe. Any other open attempt of the order (a hosted session when the card form is opened, or the
 * other way round) is ended at the provider first, so an order never has two payable attempts and cannot be
 * charged twice; one that turns out paid fulfils the order (409), one still processing refuses a new attempt (409).
 * Calls for one order run one at a time, so two tabs cannot both find "nothing open" and each create an attempt.
 */
export async function startPayment(ctx: AppContext, request: StartPayment): Promise<PaymentSnapshot> {
  if ("order" in request.target) {
    const orderId = request.target.order.id;
    return oneAtATime(orderId, () => {
      // Read again inside the turn: a call just before this one may have found the order paid.
      const order = loadOrder(ctx.store.db, orderId);
      assertPayable(order);
      return startAttempt(ctx, request, order);
    });
  }
  return startAttempt(ctx, request, null);
}

async function startAttempt(ctx: AppContext, request: StartPayment, order: OrderRow | null): Promise<PaymentSnapshot> {
  const { payments } = ctx.services;
  const { active } = payments;
  const db = ctx.store.db;
  const amount = order ? order.amount : (request.target as { testAmount: number }).testAmount;
  const currency = order?.currency ?? "usd";
  const description = order ? `ProfileBoost ${PLANS[order.planId].title} package` : "ProfileBoost test payment";

  let attempt = 0;
  if (order) {
    const open = db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, "open")))
      .orderBy(desc(paymentSessions.createdAt))
      .all();
    for (const row of open) {
      // A local session on a site that runs Stripe can never be paid (its pages answer 404): nothing to end.
      const provider = payments.byName(row.provider);
      if (!provider) continue;
      const reusable =
        provider === active &&
        row.kind === request.kind &&
        row.amount === amount &&
        (row.successUrl ?? undefined) === request.successUrl &&
        (row.cancelUrl ?? undefined) === request.cancelUrl;
      let current = await provider.retrieve(row.id);
      if (current?.open) {
        if (reusable) return current;
        current = await provider.cancel(row.id);
      }
      if (current?.paid) {
        settle(ctx, current);
        throw new DomainError("conflict", "This order has already been paid.");
      }
      if (current?.processing) {
        throw new DomainError("conflict", "A payment for this order is still being processed. You will receive an e-mail once it completes.");
      }
      if (current?.open) throw new ProviderError("the provider did not end an open attempt");
      db.update(paymentSessions)
        .set({ status: current?.failed ? "failed" : "expired", updatedAt: new Date() })
        .where(and(eq(paymentSessions.id, row.id), eq(paymentSessions.status, "open")))
        .run();
    }
    const same = and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.provider, active.name), eq(paymentSessions.kind, request.kind));
    attempt = db.select({ n: count() }).from(paymentSessions).where(same).get()?.n ?? 0;
  }

  const params = { amount, currency, successUrl: request.successUrl, cancelUrl: request.cancelUrl };
  const idempotencyKey = order
    ? `${request.kind}:${order.id}:${attempt}:${await shortHash(JSON.stringify(params))}`
    : `${request.kind}:test:${crypto.randomUUID()}`;
  const charge = { orderId: order?.id ?? null, amount, currency, description, idempotencyKey };

  const created =
    request.kind === "hosted"
      ? await active.createHostedCheckout({ ...charge, successUrl: request.successUrl!, cancelUrl: request.cancelUrl! })
      : await active.createEmbeddedPayment(charge);

  db.insert(paymentSessions)
    .values({
      id: created.reference,
      provider: active.name,
      kind: request.kind,
      orderId: order?.id ?? null,
      amount,
      currency,
      url: created.url,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    })
    // The same idempotency key at Stripe answers the same session to two concurrent calls: one row is enough.
    .onConflictDoNothing()
    .run();
  return created;
}

const turns = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier call with the same key (an order id) has finished: starting and taking payments
 * for one order happen one at a time (this process is the only server).
 */
export async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  turns.set(key, done);
  try {
    return await run;
  } finally {
    if (turns.get(key) === done) turns.delete(key);
  }
}

async function shortHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A return URL from the browser: relative, or absolute on PUBLIC_URL's origin; anything else is refused so a
 * checkout can never send the customer (and a session id) to another site. Answers an absolute URL.
 */
export function sameOriginUrl(ctx: AppContext, value: string | undefined, fallbackPath: string, field: string): string {
  const base = new URL(ctx.config.publicUrl);
  if (value === undefined || value === "") return new URL(fallbackPath, base).toString();
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new DomainError("invalid", `${field} must be a page of this site`);
  }
  // A path starting with "//" is another site once only path and query are used (the local provider's redirect).
  if (url.origin !== base.origin || url.pathname.startsWith("//")) throw new DomainError("invalid", `${field} must be a page of this site`);
  return url.toString();
}

export const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

/** Adds `session_id={CHECKOUT_SESSION_ID}` unless present; the braces must stay literal for Stripe to fill them in. */
export function withSessionIdPlaceholder(url: string): string {
  if (url.includes(SESSION_ID_PLACEHOLDER)) return url;
  const [beforeHash, hash] = url.split("#", 2) as [string, string | undefined];
  const joined = `${beforeHash}${beforeHash.includes("?") ? "&" : "?"}session_id=${SESSION_ID_PLACEHOLDER}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
