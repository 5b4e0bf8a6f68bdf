import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { orders, paymentSessions } from "../db/schema.ts";
import { memoryLogger } from "../log.ts";
import { testContext } from "../testing/context.ts";
import { asyncRefusal } from "../testing/refusal.ts";
import { insertOrder, orderState } from "../testing/payment-fixtures.ts";
import { localCheckoutSession, payLocalCheckout, payManually, type LocalPaymentDeps } from "./manual.ts";

const ctx = testContext();
const db = ctx.store.db;
afterAll(() => ctx.cleanup());

const local: LocalPaymentDeps = { db, log: memoryLogger(), provider: "local" };
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };


const sessionsOf = (orderId: string) => db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).all();

function openSession(orderId: string | null, kind: "hosted" | "embedded" | "manual" = "hosted", status: "open" | "paid" | "expired" = "open") {
  const id = newId();
  db.insert(paymentSessions).values({ id, provider: "local", kind, orderId, amount: 999, currency: "usd", status }).run();
  return id;
}

describe("payManually: the manual card form", () => {
  test("the test card's last four pays the order and records one paid attempt", async () => {
    const { orderId } = insertOrder(db);
    const id = await payManually(local, orderId, "4242");
    expect(sessionsOf(orderId)).toMatchObject([{ id, kind: "manual", status: "paid" }]);
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: id }, profileStatus: "pending", jobs: 1 });
  });

  test("with Stripe running it is a conflict and nothing is written", async () => {
    const { orderId } = insertOrder(db);
    const err = await asyncRefusal(() => payManually({ ...local, provider: "stripe" }, orderId, "4242"));
    expect([err.kind, err.message]).toEqual(["conflict", "Card details cannot be taken on this page. Please use secure checkout."]);
    expect(sessionsOf(orderId)).toEqual([]);
  });

  test("a declined card is `declined`, and records no attempt", async () => {
    const { orderId } = insertOrder(db);
    const err = await asyncRefusal(() => payManually(local, orderId, "0002"));
    expect([err.kind, err.message]).toEqual(["declined", "Your card was declined."]);
    expect(sessionsOf(orderId)).toEqual([]);
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "pending" }, profileStatus: "created", jobs: 0 });
  });

  test("a paid order is a conflict, an unknown one not_found; neither records an attempt", async () => {
    const { orderId } = insertOrder(db);
    await payManually(local, orderId, "4242");
    const again = await asyncRefusal(() => payManually(local, orderId, "4242"));
    expect([again.kind, again.message]).toEqual(["conflict", "This order has already been paid."]);
    expect(sessionsOf(orderId)).toHaveLength(1);
    expect((await asyncRefusal(() => payManually(local, "no-such-order", "4242"))).kind).toBe("not_found");
  });
});

describe("payLocalCheckout: the /pay page", () => {
  test("the approving test card pays the session and fulfils its order", async () => {
    const { orderId } = insertOrder(db);
    const sessionId = openSession(orderId);
    expect((await payLocalCheckout(local, sessionId, CARD)).id).toBe(sessionId);
    expect(sessionsOf(orderId)).toMatchObject([{ id: sessionId, status: "paid" }]);
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: sessionId }, jobs: 1 });
  });

  test("a session paid or ended is a conflict and changes nothing", async () => {
    const { orderId } = insertOrder(db);
    const paid = openSession(orderId, "hosted", "paid");
    const err = await asyncRefusal(() => payLocalCheckout(local, paid, CARD));
    expect([err.kind, err.message]).toEqual(["conflict", "This payment has already been completed."]);
    const expired = openSession(orderId, "embedded", "expired");
    expect((await asyncRefusal(() => payLocalCheckout(local, expired, CARD))).message).toBe("This payment session has ended. Please start again.");
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "pending" }, jobs: 0 });
  });

  test("a card filled in wrongly is `invalid`, a declined one `declined`; the session stays open", async () => {
    const { orderId } = insertOrder(db);
    const sessionId = openSession(orderId);
    const expired = await asyncRefusal(() => payLocalCheckout(local, sessionId, { ...CARD, expiry: "01/20" }));
    expect([expired.kind, expired.message]).toEqual(["invalid", "Your card has expired."]);
    const declined = await asyncRefusal(() => payLocalCheckout(local, sessionId, { ...CARD, cardNumber: "4000000000000002" }));
    expect([declined.kind, declined.message]).toEqual(["declined", "Your card was declined."]);
    expect(sessionsOf(orderId)).toMatchObject([{ id: sessionId, status: "open" }]);
    expect(db.select().from(orders).where(eq(orders.id, orderId)).get()!.status).toBe("pending");
  });

  test("a manual attempt, an unknown session, or any session on a Stripe site is not_found (before the card is read)", async () => {
    const { orderId } = insertOrder(db);
    const manual = openSession(orderId, "manual");
    const hosted = openSession(orderId);
    for (const [deps, id] of [[local, manual], [local, "no-such-session"], [local, "../.."], [{ ...local, provider: "stripe" as const }, hosted]] as const) {
      expect((await asyncRefusal(() => payLocalCheckout(deps, id, { ...CARD, cardNumber: "1" }))).kind).toBe("not_found");
      expect(() => localCheckoutSession(deps, id)).toThrow("Payment session not found.");
    }
  });
});
