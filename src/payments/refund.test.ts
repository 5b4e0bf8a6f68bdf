/** Refunds through the real Stripe SDK against the Stripe-compatible test server. */
import { afterAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext } from "../testing/context.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";
import { startFakeStripe } from "../testing/stripe-server.ts";

const stripe = startFakeStripe();
const ctx = testContext(stripe.env);
const app = testApp(ctx);
const cookie = adminCookie(ctx.store.db);
afterAll(() => {
  ctx.cleanup();
  stripe.stop();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

/** An order paid on Stripe's hosted checkout, verified by the success page. */
async function paidOnStripe() {
  const fixture = insertOrder(ctx.store.db);
  const session = (await (await app.request("/api/create-checkout-session", json({ orderId: fixture.orderId }))).json()) as { sessionId: string };
  stripe.completeCheckoutSession(session.sessionId);
  expect((await app.request(`/api/verify-payment/${session.sessionId}`)).status).toBe(200);
  return { ...fixture, sessionId: session.sessionId };
}

const refund = (profileId: string) =>
  app.request(`/api/admin/profiles/${profileId}/refund`, json({ reason: "The service could not be delivered" }, { Cookie: cookie, Origin: "http://localhost:3000" }));

test("refunded once through Stripe's Refunds API with the order's idempotency key, even when clicked twice at once", async () => {
  const { profileId, orderId, sessionId } = await paidOnStripe();
  const results = await Promise.all([refund(profileId!), refund(profileId!)]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  expect(stripe.refunds.size).toBe(1);
  const [created] = [...stripe.refunds.values()];
  expect(created).toMatchObject({ payment_intent: stripe.sessions.get(sessionId)!.payment_intent, amount: 999 });
  const calls = stripe.requests.filter((r) => r.path === "/v1/refunds");
  expect(calls.every((r) => r.idempotencyKey === `refund:${orderId}`)).toBe(true);
  expect(ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()).toMatchObject({ status: "refunded", refundReference: created!.id });
  // Clicked again later: refused before Stripe is asked.
  const before = stripe.requests.length;
  expect((await refund(profileId!)).status).toBe(409);
  expect(stripe.requests.length).toBe(before);
});

test("Stripe down: a 502, the order stays paid; the retry refunds it with the same key", async () => {
  const { profileId, orderId, sessionId } = await paidOnStripe();
  stripe.failNext(5);
  const failed = await refund(profileId!);
  expect(failed.status).toBe(502);
  expect(ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!.status).toBe("paid");
  stripe.failNext(0);
  expect((await refund(profileId!)).status).toBe(200);
  expect(ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!.status).toBe("refunded");
  const intent = stripe.sessions.get(sessionId)!.payment_intent;
  expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
});
