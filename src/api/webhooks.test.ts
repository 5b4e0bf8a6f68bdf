import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { paymentEvents } from "../db/schema.ts";
import { testApp, testContext } from "../testing/context.ts";
import { insertOrder, orderState, signedEvent } from "../testing/payment-fixtures.ts";
import { startFakeStripe } from "../testing/stripe-server.ts";

const stripe = startFakeStripe();
const ctx = testContext(stripe.env);
const app = testApp(ctx);
afterAll(() => {
  ctx.cleanup();
  stripe.stop();
});

const deliver = (event: { payload: string; header?: string }) =>
  app.request("/api/webhooks/stripe", {
    method: "POST",
    body: event.payload,
    headers: { "Content-Type": "application/json; charset=utf-8", ...(event.header ? { "Stripe-Signature": event.header } : {}) },
  });

async function checkoutFor(orderId: string): Promise<string> {
  const res = await app.request("/api/create-checkout-session", {
    method: "POST",
    body: JSON.stringify({ orderId }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

const eventCount = () => ctx.store.db.select({ n: count() }).from(paymentEvents).get()!.n;

let fixture: ReturnType<typeof insertOrder>;
let sessionId: string;
beforeEach(async () => {
  fixture = insertOrder(ctx.store.db);
  sessionId = await checkoutFor(fixture.orderId);
});

const unpaid = () => ({ order: expect.objectContaining({ status: "pending", paidAt: null }), profileStatus: "created", jobs: 0 });

describe("POST /api/webhooks/stripe: signatures", () => {
  test("a valid checkout.session.completed for a paid session fulfils the order once", async () => {
    stripe.completeCheckoutSession(sessionId);
    const res = await deliver(signedEvent("checkout.session.completed", { id: sessionId }));
    expect(res.status).toBe(200);
    const state = orderState(ctx.store.db, fixture.orderId);
    expect(state.order.status).toBe("paid");
    expect(state.order.paymentProvider).toBe("stripe");
    expect(state.order.paymentReference).toBe(sessionId);
    expect(state.order.paidAt).toBeInstanceOf(Date);
    expect(state.profileStatus).toBe("pending");
    expect(state.jobs).toBe(1);
  });

  test("a tampered body (bad signature) is a 400 and changes nothing", async () => {
    stripe.completeCheckoutSession(sessionId);
    const event = signedEvent("checkout.session.completed", { id: sessionId });
    const res = await deliver({ payload: event.payload.replace("checkout.session.completed", "checkout.session.completed "), header: event.header });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Webhook signature verification failed." });
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
  });

  test("a signature made with another secret is a 400 and changes nothing", async () => {
    stripe.completeCheckoutSession(sessionId);
    const res = await deliver(signedEvent("checkout.session.completed", { id: sessionId }, { secret: "whsec_someone_else" }));
    expect(res.status).toBe(400);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
  });

  test("a stale signature (older than five minutes) is a 400 and changes nothing", async () => {
    stripe.completeCheckoutSession(sessionId);
    const timestamp = Math.floor(Date.now() / 1000) - 6 * 60;
    const res = await deliver(signedEvent("checkout.session.completed", { id: sessionId }, { timestamp }));
    expect(res.status).toBe(400);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
  });

  test("a missing Stripe-Signature header is a 400 and changes nothing", async () => {
    stripe.completeCheckoutSession(sessionId);
    const res = await deliver({ payload: signedEvent("checkout.session.completed", { id: sessionId }).payload });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Missing Stripe-Signature header." });
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
  });
});

describe("POST /api/webhooks/stripe: deliveries", () => {
  test("the same event delivered three times fulfils once and is stored once", async () => {
    stripe.completeCheckoutSession(sessionId);
    const before = eventCount();
    const event = signedEvent("checkout.session.completed", { id: sessionId });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(event));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await answers[2]!.json()).toEqual({ received: true, duplicate: true });
    expect(eventCount()).toBe(before + 1);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "pending", jobs: 1 });
  });

  test("async_payment_succeeded arriving before completed fulfils once", async () => {
    stripe.settleCheckoutSession(sessionId, "paid");
    expect((await deliver(signedEvent("checkout.session.async_payment_succeeded", { id: sessionId }))).status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "pending", jobs: 1 });
    expect((await deliver(signedEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "pending", jobs: 1 });
  });

  test("a completed but unpaid session fulfils nothing; its later success fulfils once", async () => {
    stripe.completeCheckoutSession(sessionId, "unpaid");
    expect((await deliver(signedEvent("checkout.session.completed", { id: sessionId, payment_status: "unpaid" }))).status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());

    stripe.settleCheckoutSession(sessionId, "paid");
    await deliver(signedEvent("checkout.session.async_payment_succeeded", { id: sessionId }));
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, jobs: 1 });
  });

  test("the payload is not trusted: an event claiming 'paid' for an unpaid session fulfils nothing", async () => {
    const res = await deliver(signedEvent("checkout.session.completed", { id: sessionId, payment_status: "paid", status: "complete" }));
    expect(res.status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
  });

  test("async_payment_failed marks the order failed, and it can still be paid afterwards", async () => {
    stripe.completeCheckoutSession(sessionId, "unpaid");
    await deliver(signedEvent("checkout.session.async_payment_failed", { id: sessionId }));
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "failed" }, profileStatus: "created", jobs: 0 });

    const retry = await checkoutFor(fixture.orderId);
    expect(retry).not.toBe(sessionId);
    stripe.completeCheckoutSession(retry);
    await deliver(signedEvent("checkout.session.completed", { id: retry }));
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid", paymentReference: retry }, jobs: 1 });
  });

  test("async_payment_failed for a session Stripe reports paid changes nothing", async () => {
    stripe.completeCheckoutSession(sessionId);
    await deliver(signedEvent("checkout.session.completed", { id: sessionId }));
    await deliver(signedEvent("checkout.session.async_payment_failed", { id: sessionId }));
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, jobs: 1 });
  });

  test("payment_intent.succeeded (embedded card form) fulfils the order of the intent", async () => {
    const res = await app.request("/api/create-payment-intent", {
      method: "POST",
      body: JSON.stringify({ orderId: fixture.orderId, amount: 0.01 }),
      headers: { "Content-Type": "application/json" },
    });
    const { sessionId: intentId } = (await res.json()) as { sessionId: string };
    stripe.setPaymentIntentStatus(intentId, "succeeded");
    await deliver(signedEvent("payment_intent.succeeded", { id: intentId }));
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({
      order: { status: "paid", paymentReference: intentId },
      profileStatus: "pending",
      jobs: 1,
    });
  });

  test("payment_intent.succeeded for the intent a Checkout Session charged through is left to the session's events", async () => {
    const errorsBefore = ctx.log.lines.filter((l) => l.startsWith("ERROR")).length;
    const intentId = `pi_test_checkout_${fixture.orderId}`;
    stripe.intents.set(intentId, { id: intentId, object: "payment_intent", amount: fixture.amount, currency: "usd", status: "succeeded", metadata: { orderId: fixture.orderId } });
    stripe.completeCheckoutSession(sessionId).payment_intent = intentId;
    expect((await deliver(signedEvent("payment_intent.succeeded", { id: intentId }))).status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());

    await deliver(signedEvent("checkout.session.completed", { id: sessionId }));
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid", paymentReference: sessionId }, jobs: 1 });
    expect(ctx.log.lines.filter((l) => l.startsWith("ERROR")).length).toBe(errorsBefore);
  });

  test("the webhook and the success page racing for the same order fulfil it once", async () => {
    stripe.completeCheckoutSession(sessionId);
    const event = signedEvent("checkout.session.completed", { id: sessionId });
    const [hook, page, hookAgain, pageAgain] = await Promise.all([
      deliver(event),
      app.request(`/api/verify-payment/${sessionId}`),
      deliver(signedEvent("checkout.session.completed", { id: sessionId })),
      app.request(`/api/verify-payment/${sessionId}`),
    ]);
    expect([hook.status, page.status, hookAgain.status, pageAgain.status]).toEqual([200, 200, 200, 200]);
    expect(await page.json()).toMatchObject({ success: true, status: "paid", needsProfile: false, order: { id: fixture.orderId, status: "paid" } });
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "pending", jobs: 1 });
  });

  test("when Stripe cannot be reached the delivery answers 503 and is not marked handled; redelivery fulfils", async () => {
    stripe.completeCheckoutSession(sessionId);
    const event = signedEvent("checkout.session.completed", { id: sessionId });
    stripe.failNext(10);
    const first = await deliver(event);
    stripe.failNext(0);
    expect(first.status).toBe(503);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
    const eventId = (JSON.parse(event.payload) as { id: string }).id;
    expect(ctx.store.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId)).get()).toBeUndefined();

    expect((await deliver(event)).status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject({ order: { status: "paid" }, jobs: 1 });
  });

  test("an order paid before its profile exists is marked paid with no job, and verification asks for the profile", async () => {
    const early = insertOrder(ctx.store.db, { withProfile: false });
    const id = await checkoutFor(early.orderId);
    stripe.completeCheckoutSession(id);
    await deliver(signedEvent("checkout.session.completed", { id }));
    expect(orderState(ctx.store.db, early.orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: null, jobs: 0 });
    const verify = await app.request(`/api/verify-payment/${id}`);
    expect(await verify.json()).toMatchObject({ success: true, needsProfile: true, order: { id: early.orderId, plan_id: "premium" } });
  });

  test("events this endpoint does not act on are acknowledged and change nothing", async () => {
    const res = await deliver(signedEvent("customer.created", { id: "cus_123" }));
    expect(res.status).toBe(200);
    expect(orderState(ctx.store.db, fixture.orderId)).toMatchObject(unpaid());
  });
});

describe("POST /api/webhooks/stripe without Stripe configured", () => {
  test("answers 404 with a message and records nothing", async () => {
    const local = testContext();
    const res = await testApp(local).request("/api/webhooks/stripe", {
      method: "POST",
      body: signedEvent("checkout.session.completed", { id: "cs_test_x" }).payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=abc" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Stripe webhooks are not configured on this server." });
    expect(local.store.db.select({ n: count() }).from(paymentEvents).get()!.n).toBe(0);
    local.cleanup();
  });
});
