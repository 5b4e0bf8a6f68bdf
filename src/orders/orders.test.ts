import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { orders, profiles } from "../db/schema.ts";
import type { OrderStatus } from "../shared/orders/statuses.ts";
import { testContext } from "../testing/context.ts";
import { refusal } from "../testing/refusal.ts";
import { countingOrder, createOrder } from "./orders.ts";
import { PLANS, type PlanId } from "../shared/orders/plans.ts";

const ctx = testContext();
const db = ctx.store.db;
afterAll(() => ctx.cleanup());

function profile(): string {
  const id = newId();
  db.insert(profiles).values({ id, email: "a@example.com", datingApp: "tinder", status: "created" }).run();
  return id;
}

function order(profileId: string, status: OrderStatus, at: number, planId: PlanId = "basic") {
  const id = newId();
  db.insert(orders).values({ id, planId, amount: PLANS[planId].priceCents, profileId, status, createdAt: new Date(at) }).run();
  return id;
}

const ordersOf = (profileId: string) => db.select().from(orders).where(eq(orders.profileId, profileId)).all();


describe("createOrder: one payable order per profile", () => {
  test("a new order is pending at the plan table's price", () => {
    const profileId = profile();
    const { order, created } = createOrder(db, PLANS.premium, profileId);
    expect(created).toBe(true);
    expect(order).toMatchObject({ planId: "premium", amount: 999, status: "pending", profileId });
  });

  test("an order without a profile is allowed (the customer pays first)", () => {
    expect(createOrder(db, PLANS.basic, null).order.profileId).toBeNull();
  });

  test("the same plan again answers the unpaid order; a failed one counts as unpaid", () => {
    const profileId = profile();
    const failed = order(profileId, "failed", 1000, "elite");
    expect(createOrder(db, PLANS.elite, profileId)).toMatchObject({ created: false, order: { id: failed } });
    expect(ordersOf(profileId)).toHaveLength(1);
  });

  test("another plan beside an unpaid order is a conflict naming its plan, and writes nothing", () => {
    const profileId = profile();
    order(profileId, "pending", 1000, "premium");
    const err = refusal(() => createOrder(db, PLANS.basic, profileId));
    expect([err.kind, err.message]).toEqual(["conflict", "This profile already has an order for the Premium plan."]);
    expect(ordersOf(profileId)).toHaveLength(1);
  });

  test("a profile already paid for is a conflict, and writes nothing", () => {
    const profileId = profile();
    order(profileId, "paid", 1000);
    const err = refusal(() => createOrder(db, PLANS.basic, profileId));
    expect([err.kind, err.message]).toEqual(["conflict", "This profile has already been paid for."]);
    expect(ordersOf(profileId)).toHaveLength(1);
  });

  test("an unknown profile is not_found, and writes nothing", () => {
    const before = db.select().from(orders).all().length;
    const err = refusal(() => createOrder(db, PLANS.basic, "no-such-profile"));
    expect([err.kind, err.message]).toEqual(["not_found", "That profile was not found. Please submit your profile again."]);
    expect(db.select().from(orders).all()).toHaveLength(before);
  });
});

describe("countingOrder: the paid order, else the latest one", () => {
  test("the paid order wins over a later one", () => {
    const profileId = profile();
    const paid = order(profileId, "paid", 1000);
    order(profileId, "pending", 2000);
    expect(countingOrder(db, profileId)?.id).toBe(paid);
  });

  test("without a paid order, the latest (a refunded one is not paid)", () => {
    const profileId = profile();
    order(profileId, "refunded", 1000);
    const latest = order(profileId, "cancelled", 3000);
    order(profileId, "failed", 2000);
    expect(countingOrder(db, profileId)?.id).toBe(latest);
  });

  test("none for a profile without orders", () => {
    expect(countingOrder(db, profile())).toBeUndefined();
  });
});
