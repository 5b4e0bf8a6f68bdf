import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { orders, paymentSessions } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { insertOrder, orderState } from "../testing/payment-fixtures.ts";
import { captureLocalSession } from "./local.ts";
import { repairLocalPayments } from "./local-repair.ts";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

function localSession(orderId: string, amount: number, status: "open" | "paid") {
  const id = newId();
  ctx.store.db.insert(paymentSessions).values({ id, provider: "local", kind: "hosted", orderId, amount, currency: "usd", status }).run();
  return id;
}

describe("the local provider: session paid and order paid together", () => {
  test("capturing a local session fulfils its order in the same transaction", () => {
    ctx = testContext();
    const { orderId, amount } = insertOrder(ctx.store.db);
    const sessionId = localSession(orderId, amount, "open");
    expect(captureLocalSession(ctx.store.db, sessionId)).toMatchObject({ captured: true, fulfilled: { outcome: "fulfilled", jobQueued: true } });
    expect(orderState(ctx.store.db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: sessionId }, profileStatus: "pending", jobs: 1 });
    // Once paid, never again.
    expect(captureLocalSession(ctx.store.db, sessionId)).toEqual({ captured: false });
  });

  test("a failing fulfilment leaves the session open (one transaction: both or neither)", () => {
    ctx = testContext();
    const { orderId, amount } = insertOrder(ctx.store.db);
    const sessionId = localSession(orderId, amount, "open");
    // Queuing the optimisation job, the last step of fulfil, fails.
    ctx.store.sqlite.run("DROP TABLE jobs");
    expect(() => captureLocalSession(ctx.store.db, sessionId)).toThrow();
    expect(ctx.store.db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).get()!.status).toBe("open");
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!.status).toBe("pending");
  });
});

describe("repairLocalPayments (at start)", () => {
  test("a paid local session whose order is still pending (a crash between two commits) fulfils the order", () => {
    ctx = testContext();
    const db = ctx.store.db;
    const broken = insertOrder(db);
    const sessionId = localSession(broken.orderId, broken.amount, "paid");
    const untouched = insertOrder(db);
    localSession(untouched.orderId, untouched.amount, "open");

    expect(repairLocalPayments(ctx)).toBe(1);
    expect(orderState(db, broken.orderId)).toMatchObject({ order: { status: "paid", paymentReference: sessionId }, profileStatus: "pending", jobs: 1 });
    expect(orderState(db, untouched.orderId).order.status).toBe("pending");
    expect(ctx.log.lines.some((l) => l.includes(`repaired: local payment ${sessionId} was paid but order ${broken.orderId} was not`))).toBe(true);
    // Run again: nothing left to repair.
    expect(repairLocalPayments(ctx)).toBe(0);
  });
});
