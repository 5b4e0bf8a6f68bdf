import { afterAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { paymentSessions } from "../db/schema.ts";
import { testApp, testContext } from "../testing/context.ts";
import { insertOrder, orderState } from "../testing/payment-fixtures.ts";
import { startFakeStripe } from "../testing/stripe-server.ts";

const stripe = startFakeStripe();
const stripeCtx = testContext(stripe.env);
const stripeApp = testApp(stripeCtx);
const localCtx = testContext();
const localApp = testApp(localCtx);
const prodCtx = testContext({ ...stripe.env, NODE_ENV: "production", PUBLIC_URL: "https://profileboost.example" });
const prodApp = testApp(prodCtx);
afterAll(() => {
  for (const ctx of [stripeCtx, localCtx, prodCtx]) ctx.cleanup();
  stripe.stop();
});

type App = typeof stripeApp;
const post = (app: App, path: string, body: unknown) =>
  app.request(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
const json = async (res: Response) => (await res.json()) as Record<string, any>;
const createCalls = () => stripe.requests.filter((r) => r.method === "POST");
const sessionRows = (ctx: typeof stripeCtx, orderId: string) =>
  ctx.store.db.select({ n: count() }).from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).get()!.n;

describe("POST /api/create-checkout-session (Stripe)", () => {
  test("charges the order's stored amount whatever the browser sends, with an idempotency key from the order", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db, { plan: "premium" });
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId, amount: 0.01, plan_id: "basic" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.url).toStartWith("https://checkout.stripe.test/");

    const calls = createCalls().slice(before);
    expect(calls).toHaveLength(1);
    const sent = calls[0]!;
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.idempotencyKey).toStartWith(`hosted:${orderId}:0:`);
    expect(sent.params).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "999" } }],
      client_reference_id: orderId,
      metadata: { orderId },
      payment_intent_data: { metadata: { orderId } },
      success_url: "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/pricing",
    });
    expect(stripe.sessions.get(body.sessionId)!.amount_total).toBe(999);
  });

  test("a second request for the same order hands back the open session instead of creating another", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const first = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    const before = createCalls().length;
    const second = await json(await post(stripeApp, "/api/create-checkout-session", { orderId, amount: 1 }));
    expect(second.url).toBe(first.url);
    expect(createCalls().length).toBe(before);
    expect(sessionRows(stripeCtx, orderId)).toBe(1);
  });

  test("concurrent requests for one order reach Stripe with one idempotency key and leave one session", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const before = createCalls().length;
    const answers = await Promise.all([1, 2, 3].map(() => post(stripeApp, "/api/create-checkout-session", { orderId })));
    const urls = new Set(await Promise.all(answers.map(async (r) => (await json(r)).url)));
    expect(urls.size).toBe(1);
    const keys = new Set(createCalls().slice(before).map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(sessionRows(stripeCtx, orderId)).toBe(1);
  });

  test("same-origin return URLs from the test pages are used, with the session id placeholder added", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-checkout-session", {
      orderId,
      successUrl: "/success?test=true",
      cancelUrl: "http://localhost:3000/payment-test",
    });
    expect(res.status).toBe(200);
    expect(createCalls()[before]!.params).toMatchObject({
      success_url: "http://localhost:3000/success?test=true&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/payment-test",
    });
  });

  test.each([
    ["successUrl", "https://evil.example/success"],
    ["successUrl", "//evil.example/success"],
    ["cancelUrl", "http://localhost:3001/pricing"],
    ["successUrl", "javascript:alert(1)"],
    ["successUrl", "https://localhost.evil.example/success"],
    ["successUrl", "http://localhost:3000@evil.example/success"],
    ["successUrl", "/\\evil.example/success"],
    ["successUrl", "http://localhost:3000//evil.example/success"],
    ["cancelUrl", "http://localhost:3000/\\evil.example"],
  ])("%s %s is refused with 400 and nothing is created", async (field, value) => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId, [field]: value });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: `${field} must be a page of this site` });
    expect(createCalls().length).toBe(before);
    expect(sessionRows(stripeCtx, orderId)).toBe(0);
  });

  test("an unknown order is a 404 with a message, and Stripe is not called", async () => {
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId: "nosuchorderaaaaaaaaaaaaaaa", amount: 9.99 });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: "Order not found." });
    expect(createCalls().length).toBe(before);
  });

  test("a paid order is refused with 409 and is not charged again", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    stripe.completeCheckoutSession(sessionId);
    expect((await json(await stripeApp.request(`/api/verify-payment/${sessionId}`))).success).toBe(true);
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ message: "This order has already been paid." });
    expect(createCalls().length).toBe(before);
  });

  test("a session paid but not yet reported is found when the order is requested again: 409 and fulfilled", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    stripe.completeCheckoutSession(sessionId);
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId });
    expect(res.status).toBe(409);
    expect(orderState(stripeCtx.store.db, orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "pending", jobs: 1 });
  });

  test("bad input answers 400 with a clear message", async () => {
    const malformed = await post(stripeApp, "/api/create-checkout-session", "{not json");
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).message).toMatch(/JSON/);
    const wrongType = await post(stripeApp, "/api/create-checkout-session", { orderId: 42 });
    expect(wrongType.status).toBe(400);
    expect((await json(wrongType)).message).toMatch(/^orderId: /);
    const nothing = await post(stripeApp, "/api/create-checkout-session", {});
    expect(nothing.status).toBe(400);
    expect(await json(nothing)).toEqual({ message: "orderId or amount is required" });
    const notANumber = await post(stripeApp, "/api/create-checkout-session", { amount: "abc" });
    expect(await json(notANumber)).toEqual({ message: "amount must be a number" });
    const tooSmall = await post(stripeApp, "/api/create-checkout-session", { amount: 0.1 });
    expect(await json(tooSmall)).toEqual({ message: "amount must be between 0.5 and 1000 dollars" });
  });

  test("when Stripe is down the answer is a 502 message and no session is recorded", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    stripe.failNext(10);
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId });
    stripe.failNext(0);
    expect(res.status).toBe(502);
    expect((await json(res)).message).toMatch(/could not be reached/);
    expect(sessionRows(stripeCtx, orderId)).toBe(0);
  });

  test("when Stripe is down while an open session is checked, the answer is a 502 message", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    expect((await post(stripeApp, "/api/create-checkout-session", { orderId })).status).toBe(200);
    stripe.failNext(10);
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId });
    stripe.failNext(0);
    expect(res.status).toBe(502);
    expect((await json(res)).message).toMatch(/could not be reached/);
    expect(sessionRows(stripeCtx, orderId)).toBe(1);
  });

  test("internal test payments (no order) charge the asked amount in development only", async () => {
    const res = await post(stripeApp, "/api/create-checkout-session", { amount: 0.5, successUrl: "/success?test=true", cancelUrl: "/payment-test" });
    expect(res.status).toBe(200);
    const { sessionId } = await json(res);
    expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 50, metadata: {} });

    const prod = await post(prodApp, "/api/create-checkout-session", { amount: 0.5 });
    expect(prod.status).toBe(400);
    expect(await json(prod)).toEqual({ message: "orderId is required" });
  });
});

describe("one payable attempt per order", () => {
  const sessionRow = (ctx: typeof stripeCtx, id: string) => ctx.store.db.select().from(paymentSessions).where(eq(paymentSessions.id, id)).get()!;

  test("Stripe: opening the card form ends the order's open hosted session, and the other way round", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const hosted = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    const embedded = await json(await post(stripeApp, "/api/create-payment-intent", { orderId }));
    expect(embedded.clientSecret).toBeString();
    expect(stripe.sessions.get(hosted.sessionId)!.status).toBe("expired");
    expect(sessionRow(stripeCtx, hosted.sessionId).status).toBe("expired");

    const again = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    expect(again.sessionId).not.toBe(hosted.sessionId);
    expect(stripe.intents.get(embedded.sessionId)!.status).toBe("canceled");
    expect(sessionRow(stripeCtx, embedded.sessionId).status).toBe("failed");
    const open = stripeCtx.store.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).all().filter((r) => r.status === "open");
    expect(open.map((r) => r.id)).toEqual([again.sessionId]);
  });

  test("Stripe: verifying the intent that was cancelled for a hosted session leaves the order payable, not failed", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const embedded = await json(await post(stripeApp, "/api/create-payment-intent", { orderId }));
    const hosted = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    const verify = await json(await stripeApp.request(`/api/verify-payment/${embedded.sessionId}`));
    expect(verify).toMatchObject({ success: false, status: "canceled", order: { id: orderId, status: "pending" } });
    expect(orderState(stripeCtx.store.db, orderId).order.status).toBe("pending");
    stripe.completeCheckoutSession(hosted.sessionId);
    expect((await json(await stripeApp.request(`/api/verify-payment/${hosted.sessionId}`))).success).toBe(true);
  });

  test("Stripe: a test page's session with other return URLs is ended too", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const first = await json(await post(stripeApp, "/api/create-checkout-session", { orderId, successUrl: "/success?test=true" }));
    const second = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(stripe.sessions.get(first.sessionId)!.status).toBe("expired");
  });

  test("Stripe: a hosted session paid meanwhile is found when the card form opens: 409, fulfilled, no intent", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    stripe.completeCheckoutSession(sessionId);
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-payment-intent", { orderId });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ message: "This order has already been paid." });
    expect(createCalls().slice(before).filter((r) => r.path === "/v1/payment_intents")).toHaveLength(0);
    expect(orderState(stripeCtx.store.db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: sessionId }, jobs: 1 });
  });

  test("Stripe: an async payment still processing is not replaced by a second attempt", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    stripe.completeCheckoutSession(sessionId, "unpaid");
    const before = createCalls().length;
    for (const path of ["/api/create-checkout-session", "/api/create-payment-intent"]) {
      const res = await post(stripeApp, path, { orderId });
      expect(res.status).toBe(409);
      expect((await json(res)).message).toMatch(/still being processed/);
    }
    expect(createCalls().length).toBe(before);
    expect(sessionRow(stripeCtx, sessionId).status).toBe("open");
  });

  test("Stripe: a card payment still processing is not replaced by a hosted session", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-payment-intent", { orderId }));
    stripe.setPaymentIntentStatus(sessionId, "processing");
    const res = await post(stripeApp, "/api/create-checkout-session", { orderId });
    expect(res.status).toBe(409);
    expect(sessionRows(stripeCtx, orderId)).toBe(1);
  });

  test("Stripe: a hosted and an embedded start at the same moment leave one payable attempt", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const answers = await Promise.all([
      post(stripeApp, "/api/create-checkout-session", { orderId }),
      post(stripeApp, "/api/create-payment-intent", { orderId }),
      post(stripeApp, "/api/create-checkout-session", { orderId }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = stripeCtx.store.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).all();
    const payable = rows.filter((r) => (r.id.startsWith("cs_") ? stripe.sessions.get(r.id)!.status === "open" : stripe.intents.get(r.id)!.status !== "canceled"));
    expect(payable).toHaveLength(1);
  });

  test("local: the card form ends the open /pay session, which can then no longer be paid", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const hosted = await json(await post(localApp, "/api/create-checkout-session", { orderId }));
    const embedded = await json(await post(localApp, "/api/create-payment-intent", { orderId }));
    const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
    const stale = await post(localApp, `/api/local-checkout/${hosted.sessionId}/pay`, card);
    expect(stale.status).toBe(409);
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
    expect((await post(localApp, `/api/local-checkout/${embedded.sessionId}/pay`, card)).status).toBe(200);
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: embedded.sessionId }, jobs: 1 });
  });
});

describe("POST /api/create-payment-intent", () => {
  test("Stripe: a client secret for the order's amount, keyed by the order", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db, { plan: "elite" });
    const before = createCalls().length;
    const res = await post(stripeApp, "/api/create-payment-intent", { orderId, amount: 1 });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ provider: "stripe", amount: 4999, planId: "elite" });
    expect(body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const sent = createCalls()[before]!;
    expect(sent.path).toBe("/v1/payment_intents");
    expect(sent.params).toMatchObject({ amount: "4999", currency: "usd", metadata: { orderId } });
    expect(sent.idempotencyKey).toStartWith(`embedded:${orderId}:0:`);
  });

  test("the test amount pages get a client secret in development, a 400 in production", async () => {
    const res = await post(stripeApp, "/api/create-payment-intent", { amount: 14.99 });
    expect(await json(res)).toMatchObject({ amount: 1499, planId: null });
    expect((await post(prodApp, "/api/create-payment-intent", { amount: 14.99 })).status).toBe(400);
  });

  test("an unknown order is a 404", async () => {
    const res = await post(localApp, "/api/create-payment-intent", { orderId: "missing" });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: "Order not found." });
  });
});

describe("POST /api/process-order (manual card form)", () => {
  const details = { name: "Sam Lee", email: "sam@example.com", last4: "4242" };

  test("Stripe: refused with 409 telling the page to use secure checkout", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const res = await post(stripeApp, "/api/process-order", { orderId, planId: "premium", price: 9.99, paymentDetails: details });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toMatch(/secure checkout/);
    expect(orderState(stripeCtx.store.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
  });

  test("local: the test card's last four pays the order through fulfil", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const res = await post(localApp, "/api/process-order", { orderId, planId: "basic", price: 0.01, paymentDetails: details });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ success: true, order: { id: orderId, status: "paid", amount: 999 } });
    expect(body.order.profile_id).toBeUndefined();
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({
      order: { status: "paid", paymentProvider: "local", paymentReference: body.sessionId },
      profileStatus: "pending",
      jobs: 1,
    });
    const again = await post(localApp, "/api/process-order", { orderId, paymentDetails: details });
    expect(again.status).toBe(409);
    expect(orderState(localCtx.store.db, orderId).jobs).toBe(1);
  });

  test("local: a double click pays once and records one payment", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const answers = await Promise.all([1, 2].map(() => post(localApp, "/api/process-order", { orderId, paymentDetails: details })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(sessionRows(localCtx, orderId)).toBe(1);
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "paid" }, jobs: 1 });
  });

  test("local: the declined card's last four is a 402 and nothing is paid", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const res = await post(localApp, "/api/process-order", { orderId, paymentDetails: { ...details, last4: "0002" } });
    expect(res.status).toBe(402);
    expect(await json(res)).toEqual({ message: "Your card was declined." });
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "pending" }, profileStatus: "created", jobs: 0 });
  });

  test("a full card number or missing details are refused with 400", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const full = await post(localApp, "/api/process-order", { orderId, paymentDetails: { ...details, cardNumber: "4242424242424242" } });
    expect(full.status).toBe(400);
    expect((await json(full)).message).toMatch(/cardNumber/);
    const long = await post(localApp, "/api/process-order", { orderId, paymentDetails: { ...details, last4: "4242424242424242" } });
    expect(long.status).toBe(400);
    const empty = await post(localApp, "/api/process-order", { orderId, paymentDetails: { ...details, name: " " } });
    expect(await json(empty)).toEqual({ message: "paymentDetails.name: Please fill out all fields" });
    const noOrder = await post(localApp, "/api/process-order", { paymentDetails: details });
    expect(await json(noOrder)).toEqual({ message: "orderId is required" });
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
    expect(sessionRows(localCtx, orderId)).toBe(0);
  });
});

describe("local provider: hosted checkout at /pay/:sessionId", () => {
  const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

  async function localSession(orderId: string) {
    const res = await post(localApp, "/api/create-checkout-session", { orderId, amount: 0.5, cancelUrl: "/upload?planId=premium&price=9.99" });
    expect(res.status).toBe(200);
    return (await json(res)) as { url: string; sessionId: string };
  }

  test("the session shows the order's plan and amount, and the declined card pays nothing", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const { url, sessionId } = await localSession(orderId);
    expect(url).toBe(`/pay/${sessionId}`);
    const details = await json(await localApp.request(`/api/local-checkout/${sessionId}`));
    expect(details).toEqual({
      id: sessionId,
      status: "open",
      amount: 999,
      currency: "usd",
      plan: "Premium",
      cancelUrl: "/upload?planId=premium&price=9.99",
    });
    const declined = await post(localApp, `/api/local-checkout/${sessionId}/pay`, { ...card, cardNumber: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await json(declined)).toEqual({ message: "Your card was declined." });
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "pending" }, profileStatus: "created", jobs: 0 });
    expect((await json(await localApp.request(`/api/verify-payment/${sessionId}`))).success).toBe(false);
  });

  test("4242 pays once: the order is fulfilled and the customer is sent to /success with the session id", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const { sessionId } = await localSession(orderId);
    const paid = await post(localApp, `/api/local-checkout/${sessionId}/pay`, card);
    expect(paid.status).toBe(200);
    expect(await json(paid)).toEqual({ success: true, redirectUrl: `/success?session_id=${sessionId}` });
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({
      order: { status: "paid", paymentProvider: "local", paymentReference: sessionId },
      profileStatus: "pending",
      jobs: 1,
    });
    const again = await post(localApp, `/api/local-checkout/${sessionId}/pay`, card);
    expect(again.status).toBe(409);
    const verify = await json(await localApp.request(`/api/verify-payment/${sessionId}`));
    expect(verify).toMatchObject({ success: true, status: "paid", needsProfile: false, order: { id: orderId, plan_id: "premium" } });
    expect(orderState(localCtx.store.db, orderId).jobs).toBe(1);
  });

  test("the /pay page and the manual card form paying one order at the same moment: one payment", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const { sessionId } = await localSession(orderId);
    const answers = await Promise.all([
      post(localApp, "/api/process-order", { orderId, paymentDetails: { name: "Sam Lee", email: "sam@example.com", last4: "4242" } }),
      post(localApp, `/api/local-checkout/${sessionId}/pay`, card),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const paidRows = localCtx.store.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).all().filter((r) => r.status === "paid");
    expect(paidRows).toHaveLength(1);
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: paidRows[0]!.id }, jobs: 1 });
  });

  test("bad card input is a 400 with a message and nothing is paid", async () => {
    const { orderId } = insertOrder(localCtx.store.db);
    const { sessionId } = await localSession(orderId);
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...card, cardNumber: "4242" }, "Enter a valid card number."],
      [{ ...card, expiry: "13/30" }, "Enter the expiry date as MM/YY."],
      [{ ...card, expiry: "01/20" }, "Your card has expired."],
      [{ ...card, cvc: "12a" }, "Enter the card's 3-digit security code."],
      [{ ...card, cardNumber: "5555 5555 5555 4444" }, "The built-in test provider takes no real cards. Use the test card 4242 4242 4242 4242."],
    ];
    for (const [body, message] of cases) {
      const res = await post(localApp, `/api/local-checkout/${sessionId}/pay`, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await json(res)).toEqual({ message });
    }
    expect((await post(localApp, `/api/local-checkout/${sessionId}/pay`, { cardNumber: "4242424242424242" })).status).toBe(400);
    expect(orderState(localCtx.store.db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
  });

  test("unknown sessions are 404, and a Stripe site does not serve local sessions", async () => {
    expect((await localApp.request("/api/local-checkout/nope")).status).toBe(404);
    expect((await localApp.request("/api/local-checkout/..%2F..")).status).toBe(404);
    const { orderId } = insertOrder(localCtx.store.db);
    const { sessionId } = await localSession(orderId);
    expect((await stripeApp.request(`/api/local-checkout/${sessionId}`)).status).toBe(404);
  });
});

describe("GET /api/verify-payment/:sessionId", () => {
  test("an unknown session is a 404 message, and Stripe is not asked", async () => {
    const before = stripe.requests.length;
    const res = await stripeApp.request("/api/verify-payment/cs_test_unknown");
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: "Payment session not found." });
    expect(stripe.requests.length).toBe(before);
  });

  test("an open session is not verified and says its status", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    const res = await stripeApp.request(`/api/verify-payment/${sessionId}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: false, status: "unpaid", needsProfile: false, order: { id: orderId, status: "pending" } });
  });

  test("the order in the answer has the shape POST /api/orders answers, less the profile id", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db, { plan: "basic" });
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    const { order } = await json(await stripeApp.request(`/api/verify-payment/${sessionId}`));
    // Never the profile id: it opens the results page, and a session id travels in more URLs than that.
    expect(Object.keys(order).sort()).toEqual(["amount", "created_at", "currency", "id", "plan", "plan_id", "price", "status"]);
    expect(order).toMatchObject({ id: orderId, plan_id: "basic", plan: "Basic", amount: 699, price: 6.99, currency: "usd", status: "pending" });
  });

  test("every answer, the e-mail address's included, is kept by no cache (private, no-store)", async () => {
    const { orderId } = insertOrder(stripeCtx.store.db);
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { orderId }));
    stripe.completeCheckoutSession(sessionId);
    const paid = await stripeApp.request(`/api/verify-payment/${sessionId}`);
    expect(paid.status).toBe(200);
    expect((await json(paid)).delivery).toMatchObject({ email: "sam@example.com" });
    expect(paid.headers.get("cache-control")).toBe("private, no-store");
    const unknown = await stripeApp.request("/api/verify-payment/cs_test_unknown");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("private, no-store");
  });

  test("a paid test payment verifies with no order and fulfils nothing", async () => {
    const { sessionId } = await json(await post(stripeApp, "/api/create-checkout-session", { amount: 1 }));
    stripe.completeCheckoutSession(sessionId);
    expect(await json(await stripeApp.request(`/api/verify-payment/${sessionId}`))).toMatchObject({
      success: true,
      needsProfile: false,
      order: null,
      test: true,
    });
  });
});
