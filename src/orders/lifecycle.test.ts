import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { orders } from "../db/schema.ts";
import { ORDER_STATUSES, type OrderStatus } from "../shared/orders/statuses.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { refusal } from "../testing/refusal.ts";
import { assertPayable, isFinal, NOT_PAYABLE, ORDER_TRANSITIONS, orderTransitionsFrom, transitionOrder, type OrderTransition } from "./lifecycle.ts";

let ctx: TestContext;
beforeAll(() => (ctx = testContext()));
afterAll(() => ctx.cleanup());

/** The order lifecycle's table, written out independently of the module's own. */
const ALLOWED: Record<OrderStatus, Partial<Record<OrderTransition, OrderStatus>>> = {
  pending: { pay: "paid", fail: "failed" },
  failed: { pay: "paid" },
  paid: { refund: "refunded" },
  refunded: {},
  cancelled: {},
};

const PAST = new Date(Date.UTC(2025, 0, 1));

function orderIn(status: OrderStatus): string {
  const id = newId();
  ctx.store.db.insert(orders).values({ id, planId: "premium", amount: 999, status, updatedAt: PAST }).run();
  return id;
}

const row = (id: string) => ctx.store.db.select().from(orders).where(eq(orders.id, id)).get()!;

describe("the order lifecycle, every status × every transition", () => {
  for (const status of ORDER_STATUSES) {
    for (const name of Object.keys(ORDER_TRANSITIONS) as OrderTransition[]) {
      const to = ALLOWED[status][name];
      if (to) {
        test(`${status} --${name}--> ${to}, once`, () => {
          const id = orderIn(status);
          expect(transitionOrder(ctx.store.db, id, name, { paymentReference: `ref_${id}` })).toBe(true);
          expect(row(id)).toMatchObject({ status: to, paymentReference: `ref_${id}` });
          expect(row(id).updatedAt.getTime()).toBeGreaterThan(PAST.getTime());
          // The same transition again is refused: no status it leads to allows it again.
          expect(transitionOrder(ctx.store.db, id, name)).toBe(false);
          expect(row(id).status).toBe(to);
        });
      } else {
        test(`${status} --${name}--> refused, nothing written`, () => {
          const id = orderIn(status);
          expect(transitionOrder(ctx.store.db, id, name, { paymentReference: `ref_${id}`, refundReason: "no" })).toBe(false);
          expect(row(id)).toMatchObject({ status, paymentReference: null, refundReason: null, updatedAt: PAST });
        });
      }
    }
  }

  test("the module's table is the one written out here", () => {
    for (const status of ORDER_STATUSES) expect([status, orderTransitionsFrom(status)]).toEqual([status, Object.keys(ALLOWED[status]) as OrderTransition[]]);
  });

  test("refunded and cancelled are final; nothing else is", () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(["cancelled", "refunded"]);
  });

  test("an unknown order: refused, nothing written", () => {
    expect(transitionOrder(ctx.store.db, "no-such-order", "pay")).toBe(false);
  });
});

describe("assertPayable: the lifecycle's `pay`, asked before any provider is called", () => {
  test("pending and failed orders may be paid", () => {
    expect(() => assertPayable({ status: "pending" })).not.toThrow();
    expect(() => assertPayable({ status: "failed" })).not.toThrow();
  });

  test("paid, refunded and cancelled orders are a conflict, each with its own message", () => {
    for (const status of ["paid", "refunded", "cancelled"] as const) {
      const error = refusal(() => assertPayable({ status }));
      expect([status, error.kind, error.message]).toEqual([status, "conflict", NOT_PAYABLE[status]]);
    }
    expect(NOT_PAYABLE.refunded).toBe("This order was refunded, so it cannot be paid again. Please start a new order from the pricing page.");
  });
});
