import { afterAll, describe, expect, test } from "bun:test";
import { testContext } from "../testing/context.ts";
import { insertOrder, orderState } from "../testing/payment-fixtures.ts";
import type { PaymentSnapshot } from "./provider.ts";
import { settle } from "./service.ts";

const ctx = testContext();
afterAll(() => ctx.cleanup());

const paidSnapshot = (orderId: string, reference: string, amount: number): PaymentSnapshot => ({
  provider: "stripe",
  reference,
  orderId,
  amount,
  currency: "usd",
  paid: true,
  open: false,
  failed: false,
  processing: false,
  status: "paid",
  url: null,
  clientSecret: null,
});

describe("settle", () => {
  test("a second paid attempt for an order fulfils nothing more and is logged as a charge to refund", () => {
    const { orderId, amount } = insertOrder(ctx.store.db);
    expect(settle(ctx, paidSnapshot(orderId, "cs_first", amount))).toBe("fulfilled");
    expect(settle(ctx, paidSnapshot(orderId, "cs_first", amount))).toBe("already_paid");
    expect(ctx.log.lines.filter((l) => l.startsWith("ERROR"))).toEqual([]);

    expect(settle(ctx, paidSnapshot(orderId, "pi_second", amount))).toBe("already_paid");
    expect(orderState(ctx.store.db, orderId)).toMatchObject({ order: { status: "paid", paymentReference: "cs_first" }, jobs: 1 });
    expect(ctx.log.lines.filter((l) => l.startsWith("ERROR"))).toEqual([
      `ERROR order ${orderId} was paid twice: pi_second after cs_first; refund pi_second `,
    ]);
  });
});
