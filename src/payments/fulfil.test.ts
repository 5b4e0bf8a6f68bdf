import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { profiles } from "../db/schema.ts";
import { testContext } from "../testing/context.ts";
import { insertOrder, orderState } from "../testing/payment-fixtures.ts";
import { fulfil } from "./fulfil.ts";

const ctx = testContext();
const db = ctx.store.db;
afterAll(() => ctx.cleanup());

const paid = (orderId: string, amount: number, reference = `ref_${orderId}`) => ({ orderId, provider: "local" as const, reference, amount, currency: "usd" });

describe("fulfil", () => {
  test("marks the order paid, the profile pending and queues one job; a second call changes nothing", () => {
    const { orderId, amount } = insertOrder(db);
    expect(fulfil(db, paid(orderId, amount))).toEqual({ outcome: "fulfilled", jobQueued: true });
    const first = orderState(db, orderId);
    expect(first).toMatchObject({ order: { status: "paid", paymentReference: `ref_${orderId}` }, profileStatus: "pending", jobs: 1 });
    // The plan's revisions come with the payment (premium: one).
    expect(db.select().from(profiles).where(eq(profiles.id, first.order.profileId!)).get()!.revisionsAllowed).toBe(1);

    expect(fulfil(db, paid(orderId, amount, "another_ref"))).toEqual({ outcome: "already_paid", jobQueued: false });
    const second = orderState(db, orderId);
    expect(second.order.paymentReference).toBe(`ref_${orderId}`);
    expect(second.order.paidAt).toEqual(first.order.paidAt!);
    expect(second.jobs).toBe(1);
  });

  test("a charge that differs from the order's amount fulfils nothing", () => {
    const { orderId, amount } = insertOrder(db);
    expect(fulfil(db, paid(orderId, amount - 1)).outcome).toBe("amount_mismatch");
    expect(fulfil(db, { ...paid(orderId, amount), currency: "eur" }).outcome).toBe("amount_mismatch");
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "pending" }, profileStatus: "created", jobs: 0 });
  });

  test("an unknown order changes nothing", () => {
    expect(fulfil(db, paid("nosuchorder", 999)).outcome).toBe("unknown_order");
  });

  test("an order without a profile is paid with no job", () => {
    const { orderId, amount } = insertOrder(db, { withProfile: false });
    expect(fulfil(db, paid(orderId, amount))).toEqual({ outcome: "fulfilled", jobQueued: false });
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: null, jobs: 0 });
  });

  test("a profile already being worked on keeps its status", () => {
    const { orderId, profileId, amount } = insertOrder(db);
    db.update(profiles).set({ status: "processing" }).where(eq(profiles.id, profileId!)).run();
    fulfil(db, paid(orderId, amount));
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "processing", jobs: 1 });
  });

  test("four processes fulfilling the same order at once: exactly one fulfils, one job", async () => {
    const { orderId, amount } = insertOrder(db);
    const script = `
      import { openStore } from ${JSON.stringify(join(import.meta.dir, "../db/client.ts"))};
      import { fulfil } from ${JSON.stringify(join(import.meta.dir, "fulfil.ts"))};
      const store = openStore(process.env.DB_PATH);
      await Bun.sleep(Number(process.env.START_AT) - Date.now());
      console.log(fulfil(store.db, JSON.parse(process.env.PAYMENT)).outcome);
      store.close();
    `;
    const startAt = String(Date.now() + 1500);
    const procs = [1, 2, 3, 4].map((i) =>
      Bun.spawn([process.execPath, "-e", script], {
        env: { ...process.env, DB_PATH: ctx.config.databasePath, START_AT: startAt, PAYMENT: JSON.stringify(paid(orderId, amount, `ref_${i}_${orderId}`)) },
        stdout: "pipe",
        stderr: "inherit",
      }),
    );
    const outcomes = await Promise.all(procs.map(async (p) => (await new Response(p.stdout).text()).trim()));
    expect(outcomes.sort()).toEqual(["already_paid", "already_paid", "already_paid", "fulfilled"]);
    expect(orderState(db, orderId)).toMatchObject({ order: { status: "paid" }, profileStatus: "pending", jobs: 1 });
  }, 20_000);
});
