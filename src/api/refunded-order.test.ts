/**
 * Issue 27's findings about refunds, reproduced exactly, with the local provider and with the real Stripe SDK against
 * the test Stripe server: a refund is final (src/orders/lifecycle.ts).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs, resultReleases } from "../db/schema.ts";
import { REFUNDED } from "../orders/refunded.ts";
import { NOT_PAYABLE } from "../orders/lifecycle.ts";
import { chargesAtProvider, orderWorld, refundsAtProvider, type Mode, type OrderWorld, type Reply } from "../testing/order-world.ts";

const worlds: OrderWorld[] = [];
afterAll(() => worlds.forEach((w) => w.close()));

const body = async (res: Response) => (await res.json()) as Record<string, unknown> & { message: string };
const detail = async (w: OrderWorld, profileId: string) => (await (await w.adminGet(`/api/admin/profiles/${profileId}`)).json()) as { actions: string[]; editable: boolean; state: string };

/**
 * An order paid through the customer's hosted checkout and verified by the success page, as a customer does; its
 * result optimised, sent, then regenerated (so Send and a revision request are both allowed before the refund).
 */
async function paidReleasedRegenerated(w: OrderWorld) {
  const { orderId, profileId } = w.newOrder("premium");
  const checkout = await body(await w.post("/api/create-checkout-session", { orderId }));
  const sessionId = checkout.sessionId as string;
  if (w.stripe) w.stripe.completeCheckoutSession(sessionId);
  else expect((await w.payLocalSession(sessionId)).status).toBe(200);
  expect(await body(await w.get(`/api/verify-payment/${sessionId}`))).toMatchObject({ success: true, status: "paid" });
  await w.runJobs();
  expect((await w.admin(`/api/admin/profiles/${profileId}/send-email`)).status).toBe(200);
  await w.runJobs();
  expect((await w.admin(`/api/admin/profiles/${profileId}/regenerate`)).status).toBe(200);
  await w.runJobs();
  expect(w.profile(profileId)).toMatchObject({ status: "completed", emailSent: false, revisionsUsed: 0 });
  // Released once: the customer has a result, so the refund closes a delivered order.
  expect(w.ctx.store.db.select().from(resultReleases).where(eq(resultReleases.profileId, profileId)).all()).toHaveLength(1);
  return { orderId, profileId, sessionId };
}

const refund = (w: OrderWorld, profileId: string) => w.admin(`/api/admin/profiles/${profileId}/refund`, { reason: "The service could not be delivered" });
const askRevision = (w: OrderWorld, profileId: string) => w.post(`/api/profiles/${profileId}/revision-request`, { notes: "Please make the bio a little funnier." });

for (const mode of ["local", "stripe"] as Mode[]) {
  describe(`${mode}: a refunded order stays refunded (issue 27, High)`, () => {
    const w = orderWorld(mode);
    worlds.push(w);

    test("refund → verification answers refunded and pays nothing again; send 409, revision 409, second refund 409; one refund row", async () => {
      const { orderId, profileId, sessionId } = await paidReleasedRegenerated(w);
      const paid = w.order(orderId);
      // Before the refund, both would be taken: the detail offers Send, and the plan has its revision left.
      expect((await detail(w, profileId)).actions).toContain("send-email");

      expect((await refund(w, profileId)).status).toBe(200);
      await w.runJobs();
      const refunded = w.order(orderId);
      expect(refunded).toMatchObject({ status: "refunded", paidAt: paid.paidAt, paymentReference: paid.paymentReference });
      if (w.stripe) expect(w.stripe.sessions.get(sessionId)!.payment_status).toBe("paid");
      const profileBefore = w.profile(profileId);
      const callsBefore = w.totalProviderCalls();
      const sentBefore = w.sent.length;

      // The success page reloaded, again and again: the refunded state, never "paid", and nothing written.
      for (let i = 0; i < 3; i++) {
        const res = await w.get(`/api/verify-payment/${sessionId}`);
        expect(res.status).toBe(200);
        expect(await body(res)).toMatchObject({
          success: false,
          status: "refunded",
          message: "This payment was refunded, so the order is closed. Contact support if you have a question.",
          order: { id: orderId, status: "refunded" },
          delivery: null,
        });
      }
      expect(w.order(orderId)).toEqual(refunded);
      expect(w.totalProviderCalls()).toBe(callsBefore);

      const send = await w.admin(`/api/admin/profiles/${profileId}/send-email`);
      expect([send.status, (await body(send)).message]).toEqual([409, REFUNDED.sendEmail]);
      const revision = await askRevision(w, profileId);
      expect([revision.status, (await body(revision)).message]).toEqual([409, REFUNDED.customerRevision]);
      const again = await refund(w, profileId);
      expect([again.status, (await body(again)).message]).toEqual([409, "This order has already been refunded."]);
      await w.runJobs();

      expect(w.order(orderId)).toEqual(refunded);
      expect(w.profile(profileId)).toEqual(profileBefore);
      expect(w.refundRows(profileId)).toBe(1);
      expect(refundsAtProvider(w, orderId)).toBe(1);
      expect(chargesAtProvider(w, orderId)).toBe(1);
      expect(w.totalProviderCalls()).toBe(callsBefore);
      // Nothing more reached the customer: no results e-mail, no second refund e-mail.
      expect(w.sent.slice(sentBefore)).toEqual([]);
      expect(await detail(w, profileId)).toMatchObject({ actions: [], editable: false, state: "refunded" });
    });

    test("refunded → every payment attempt is 409 with a clear message, before the provider is called", async () => {
      const { orderId, profileId } = w.newOrder("basic");
      // A hosted session opened first, then the order paid another way, leaves that session open (local), or ended (Stripe).
      const first = (await body(await w.post("/api/create-checkout-session", { orderId }))).sessionId as string;
      if (w.stripe) {
        const intent = (await body(await w.post("/api/create-payment-intent", { orderId }))).sessionId as string;
        w.stripe.setPaymentIntentStatus(intent, "succeeded");
        expect(await body(await w.get(`/api/verify-payment/${intent}`))).toMatchObject({ success: true });
      } else {
        expect((await w.payWithCardForm(orderId)).status).toBe(200);
      }
      await w.runJobs();
      expect((await refund(w, profileId)).status).toBe(200);
      await w.runJobs();
      const refunded = w.order(orderId);
      const calls = w.totalProviderCalls();
      const stripeRequests = w.stripe?.requests.length ?? 0;

      const attempts: [string, () => Reply][] = [
        ["create-checkout-session", () => w.post("/api/create-checkout-session", { orderId })],
        ["create-payment-intent", () => w.post("/api/create-payment-intent", { orderId })],
        ["process-order", () => w.payWithCardForm(orderId)],
        ["the local checkout page's Pay", () => w.payLocalSession(first)],
      ];
      for (const [what, attempt] of attempts) {
        const res = await attempt();
        const { message } = await body(res);
        expect([what, res.status]).toEqual([what, mode === "stripe" && what === "the local checkout page's Pay" ? 404 : 409]);
        if (mode === "local" || what.startsWith("create-")) expect([what, message]).toEqual([what, NOT_PAYABLE.refunded]);
      }
      expect(w.totalProviderCalls()).toBe(calls);
      expect(w.stripe?.requests.length ?? 0).toBe(stripeRequests);
      expect(w.order(orderId)).toEqual(refunded);
      expect(chargesAtProvider(w, orderId)).toBe(1);
      // No new optimisation was queued for the closed order.
      expect(w.ctx.store.db.select().from(jobs).where(eq(jobs.kind, "optimise-profile")).all().filter((j) => (j.payload as { orderId: string }).orderId === orderId)).toHaveLength(1);
    });

    test("a refunded profile cannot be ordered again", async () => {
      const { orderId, profileId } = w.newOrder("basic");
      const sessionId = (await body(await w.post("/api/create-checkout-session", { orderId }))).sessionId as string;
      if (w.stripe) w.stripe.completeCheckoutSession(sessionId);
      else expect((await w.payLocalSession(sessionId)).status).toBe(200);
      await w.get(`/api/verify-payment/${sessionId}`);
      expect((await refund(w, profileId)).status).toBe(200);
      const res = await w.post("/api/orders", { plan: "basic", profile_id: profileId });
      expect(res.status).toBe(409);
      expect((await body(res)).message).toMatch(/^This profile's order was refunded/);
    });
  });
}

describe("stripe: provider events after the refund", () => {
  const w = orderWorld("stripe");
  worlds.push(w);

  test("the refunded session's events delivered again (and new ones) leave the order refunded and send nothing", async () => {
    const { orderId, profileId } = w.newOrder("premium");
    const sessionId = (await body(await w.post("/api/create-checkout-session", { orderId }))).sessionId as string;
    const session = w.stripe!.completeCheckoutSession(sessionId);
    const first = await w.webhook("checkout.session.completed", session, "evt_first_delivery");
    expect(first.status).toBe(200);
    expect(w.order(orderId).status).toBe("paid");
    await w.runJobs();
    expect((await refund(w, profileId)).status).toBe(200);
    await w.runJobs();
    const refunded = w.order(orderId);
    const sentBefore = w.sent.length;

    // Stripe retries the first delivery, then sends the other events about the same (refunded, still "paid") session.
    for (const [type, id] of [
      ["checkout.session.completed", "evt_first_delivery"],
      ["checkout.session.completed", undefined],
      ["checkout.session.async_payment_succeeded", undefined],
      ["checkout.session.async_payment_failed", undefined],
    ] as const) {
      expect((await w.webhook(type, session, id)).status).toBe(200);
    }
    await w.runJobs();
    expect(w.order(orderId)).toEqual(refunded);
    expect(w.sent.slice(sentBefore)).toEqual([]);
    expect(w.ctx.log.lines.filter((l) => l.startsWith("ERROR"))).toEqual([]);
  });
});
