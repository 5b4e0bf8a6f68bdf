import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { orders, profiles } from "../db/schema.ts";
import { testApp, testContext } from "../testing/context.ts";

const ctx = testContext();
const app = testApp(ctx);
afterAll(() => ctx.cleanup());

function profile(): string {
  const id = newId();
  ctx.store.db.insert(profiles).values({ id, email: "a@example.com", datingApp: "tinder", status: "created" }).run();
  return id;
}

const post = (body: unknown) =>
  app.request("/api/orders", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

const orderCount = () => ctx.store.db.select().from(orders).all().length;

describe("POST /api/orders", () => {
  test("creates a pending order for a profile at the plan table's price", async () => {
    const profileId = profile();
    const res = await post({ profile_id: profileId, plan: "premium", price: 9.99 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ plan_id: "premium", plan: "Premium", amount: 999, price: 9.99, status: "pending", profile_id: profileId });
    expect(body.id).toMatch(/^[a-z2-7]{26}$/);
    expect(Object.keys(body).sort()).toEqual(["amount", "created_at", "currency", "id", "plan", "plan_id", "price", "profile_id", "status"]);
    const row = ctx.store.db.select().from(orders).where(eq(orders.id, body.id as string)).get()!;
    expect(row.amount).toBe(999);
    expect(row.profileId).toBe(profileId);
  });

  test("a tampered price (0.01) still produces the canonical amount", async () => {
    const res = await post({ profile_id: profile(), plan: "elite", price: 0.01 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; amount: number; price: number };
    expect(body.amount).toBe(4999);
    expect(body.price).toBe(49.99);
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, body.id)).get()!.amount).toBe(4999);
  });

  test("the { user_id, plan, amount } variant ignores user_id and amount, and accepts a plan title in any case", async () => {
    const res = await post({ user_id: 1, plan: "PREMIUM", amount: 1 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; amount: number; profile_id: string | null };
    expect(body.amount).toBe(999);
    expect(body.profile_id).toBeNull();
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, body.id)).get()!.userId).toBeNull();
  });

  test("an unknown plan is a 400 that names the plans, and writes nothing", async () => {
    const before = orderCount();
    const res = await post({ profile_id: profile(), plan: "gold", price: 1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Unknown plan "gold". Choose basic, premium or elite.' });
    expect(orderCount()).toBe(before);
  });

  test("a missing plan is a 400", async () => {
    const res = await post({ profile_id: profile() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "plan is required" });
  });

  test("an unknown profile is a 404 and writes nothing", async () => {
    const before = orderCount();
    const res = await post({ profile_id: newId(), plan: "basic", price: 6.99 });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/profile was not found/);
    expect(orderCount()).toBe(before);
  });

  test("a profile that has already been paid for cannot be ordered again", async () => {
    const profileId = profile();
    ctx.store.db.insert(orders).values({ id: newId(), planId: "basic", amount: 699, profileId, status: "paid" }).run();
    const before = orderCount();
    const res = await post({ profile_id: profileId, plan: "basic" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/already been paid/);
    expect(orderCount()).toBe(before);
  });

  test("a profile with an unpaid order gets that order back, never a second one to pay", async () => {
    const profileId = profile();
    const first = (await (await post({ profile_id: profileId, plan: "premium" })).json()) as { id: string };
    const before = orderCount();
    const again = await post({ profile_id: profileId, plan: "Premium", price: 0.01 });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: first.id, amount: 999, status: "pending" });
    const otherPlan = await post({ profile_id: profileId, plan: "elite" });
    expect(otherPlan.status).toBe(409);
    expect(await otherPlan.json()).toEqual({ message: "This profile already has an order for the Premium plan." });
    expect(orderCount()).toBe(before);
  });

  test("a profile_id or plan of the wrong kind is a 400 that says what is wrong, and writes nothing", async () => {
    const before = orderCount();
    const cases: Array<[unknown, string]> = [
      [{ plan: "basic", profile_id: "" }, "profile_id must not be empty"],
      [{ plan: "basic", profile_id: "x".repeat(65) }, "profile_id is not valid"],
      [{ plan: "basic", profile_id: 7 }, "profile_id: Invalid input: expected string, received number"],
      [{ plan: 5 }, "plan: Invalid input: expected string, received number"],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    expect(orderCount()).toBe(before);
  });

  test("malformed JSON is a 400", async () => {
    const res = await app.request("/api/orders", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/JSON/);
  });
});
