/**
 * Owner and writer (issue 29, item 1): every route under /api/admin, read from the app's own route table, is asked by
 * a writer and by an owner. A writer gets 403 on exactly the owner-only routes, with "Only an owner can …"; an owner
 * never does. A route added later is walked too, so it is either in OWNER_ONLY below or open to writers on purpose.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAudit, orders, profiles, users } from "../db/schema.ts";
import { ownerOnlyMessage, type OwnerOnlyAction } from "../shared/admin/roles.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";

/** The owner-only routes, as `METHOD path` in the app's route table, each with the action its 403 names. */
const OWNER_ONLY: Record<string, OwnerOnlyAction> = {
  "POST /api/admin/profiles/:id/refund": "refund",
  "DELETE /api/admin/profiles/:id": "erase",
  "POST /api/admin/profiles/:id/export": "export",
  "GET /api/admin/accounts": "accounts",
  "POST /api/admin/accounts": "accounts",
  "PATCH /api/admin/accounts/:id": "accounts",
  "POST /api/admin/accounts/:id/password": "accounts",
};

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let profileId: string;
let writerId: number;
const ORIGIN = "http://localhost:3000";

beforeAll(() => {
  ctx = testContext();
  app = testApp(ctx);
  const paid = insertOrder(ctx.store.db, { plan: "premium" });
  profileId = paid.profileId!;
  ctx.store.db.update(profiles).set({ status: "completed" }).where(eq(profiles.id, profileId)).run();
  ctx.store.db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, paid.orderId)).run();
  adminCookie(ctx.store.db, "olive");
  adminCookie(ctx.store.db, "sam", { role: "writer" });
  writerId = ctx.store.db.select().from(users).where(eq(users.username, "sam")).get()!.id;
});
afterAll(() => ctx.cleanup());

/** Every admin route but the middleware, as the app registered it. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL")
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

async function ask(route: { method: string; path: string }, username: string) {
  // A fresh session for each request: the walk signs out too.
  const cookie = adminCookie(ctx.store.db, username);
  const path = route.path.replace(":id", route.path.includes("/accounts/") ? String(writerId) : profileId).replace(":versionId", "1");
  const res = await app.request(path, {
    method: route.method,
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
    body: route.method === "GET" ? undefined : "{}",
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { message?: string } };
}

describe("a writer and an owner on every admin route", () => {
  test("the table has every owner-only route, and more routes besides", () => {
    const names = adminRoutes().map((r) => `${r.method} ${r.path}`);
    for (const route of Object.keys(OWNER_ONLY)) expect(names).toContain(route);
    expect(names.length).toBeGreaterThan(Object.keys(OWNER_ONLY).length + 10);
  });

  test("a writer gets 403 with its message on exactly the owner-only routes; nothing of the customer's is touched", async () => {
    const refused: string[] = [];
    for (const route of adminRoutes()) {
      const name = `${route.method} ${route.path}`;
      const { status, body } = await ask(route, "sam");
      if (status === 403) {
        refused.push(name);
        expect({ name, message: body.message }).toEqual({ name, message: OWNER_ONLY[name] ? ownerOnlyMessage(OWNER_ONLY[name]) : "(not owner-only)" });
      } else {
        // Reached the route itself: a 401 would mean the walk lost its session and proved nothing.
        expect({ name, status }).not.toEqual({ name, status: 401 });
      }
    }
    expect(refused.sort()).toEqual(Object.keys(OWNER_ONLY).sort());
    expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, profileId)).get()).toBeDefined();
    expect(ctx.store.db.select().from(orders).where(eq(orders.profileId, profileId)).get()!.status).toBe("paid");
    expect(ctx.store.db.select().from(adminAudit).all().filter((a) => a.action === "export")).toEqual([]);
  });

  test("an owner is never refused for their role", async () => {
    for (const route of adminRoutes()) {
      const { status, body } = await ask(route, "olive");
      expect({ route: `${route.method} ${route.path}`, message: status === 403 ? body.message : "allowed" }).toMatchObject({ message: expect.not.stringMatching(/^Only an owner/) });
    }
  });

  test("every audit row the two walks wrote names its author", () => {
    const rows = ctx.store.db.select().from(adminAudit).all();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.admin !== "sam" && r.admin !== "olive")).toEqual([]);
    // The writer's own work is theirs: at least their sign-outs, and whatever the walk's empty bodies let through.
    expect(rows.some((r) => r.admin === "sam")).toBe(true);
  });
});
