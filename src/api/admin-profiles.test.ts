import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { photos, profiles } from "../db/schema.ts";
import { jobHandlers } from "../jobs/handlers.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { fulfil } from "../payments/fulfil.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let cookie: string;
let completedId: string;
let createdId: string;

beforeAll(async () => {
  ctx = testContext({}, { optimiser: scriptedOptimiser() });
  app = testApp(ctx);
  cookie = adminCookie(ctx.store.db);
  const paid = insertOrder(ctx.store.db, { plan: "elite" });
  completedId = paid.profileId!;
  for (let i = 0; i < 3; i++) ctx.store.db.insert(photos).values({ id: newId(), profileId: completedId, filePath: `${newId()}.jpg`, order: i }).run();
  fulfil(ctx.store.db, { orderId: paid.orderId, provider: "local", reference: newId(), amount: paid.amount, currency: "usd" });
  await createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) }).runDue();
  createdId = insertOrder(ctx.store.db, { plan: "basic" }).profileId!;
});
afterAll(() => ctx.cleanup());

const get = (path: string, headers: Record<string, string> = { Cookie: cookie }) => app.request(path, { headers });

describe("GET /api/admin/profiles", () => {
  test("401 with a message without a session, and with a forged cookie", async () => {
    for (const headers of [{}, { Cookie: "admin_session=abc.def" }] as Record<string, string>[]) {
      const res = await get("/api/admin/profiles", headers);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(/Sign in/);
    }
  });

  test("lists every profile, newest first, with the spec's fields, its plan and the total count", async () => {
    const res = await get("/api/admin/profiles");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    const list = (await res.json()) as { id: string; status: string; plan_id: string; email_sent: boolean; deadline_at: string | null }[];
    expect(list.map((p) => p.id)).toEqual([createdId, completedId]);
    expect(list[1]).toMatchObject({ status: "completed", plan_id: "elite", email_sent: false, dating_app: "hinge", email: "sam@example.com" });
    expect(list[1]!.deadline_at).not.toBeNull();
    expect(list[0]).toMatchObject({ status: "created", plan_id: "basic", deadline_at: null });
  });

  test("?status= filters; a bad status or paging value is a 400 with a message", async () => {
    const res = await get("/api/admin/profiles?status=completed");
    expect(((await res.json()) as { id: string }[]).map((p) => p.id)).toEqual([completedId]);
    for (const query of ["status=done", "limit=0", "limit=abc", "offset=-1"]) {
      const bad = await get(`/api/admin/profiles?${query}`);
      expect(bad.status).toBe(400);
      expect(typeof (await bad.json()).message).toBe("string");
    }
  });
});

describe("GET /api/admin/profiles/:id", () => {
  test("one profile: spec fields, plan_id, photos with id, order and analysis, and the result as optimization", async () => {
    const res = await get(`/api/admin/profiles/${completedId}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: completedId, status: "completed", plan_id: "elite", revisions_allowed: 1, needs_revision: false });
    expect(body.photos).toHaveLength(3);
    expect(body.photos[0]).toMatchObject({ id: expect.any(String), order: 0, analysis: { score: expect.any(Number), rank: expect.any(Number), keep: expect.any(Boolean), faces: 1, reasons: expect.any(Array) } });
    expect(body.optimization.conversationStarters).toHaveLength(5);
    expect(body.optimization.plan).toBe("elite");
    expect(body.optimized_profile).toMatchObject({ html: expect.any(String), conversationStarters: expect.any(String), strategyGuide: expect.any(String) });
  });

  test("a profile not yet optimised has no optimization; an unknown id is a 404; no session is a 401", async () => {
    expect((await (await get(`/api/admin/profiles/${createdId}`)).json()).optimization).toBeNull();
    const missing = await get(`/api/admin/profiles/${newId()}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Profile not found.");
    expect((await get(`/api/admin/profiles/${completedId}`, {})).status).toBe(401);
  });

  test("the answer is never cached", async () => {
    expect((await get(`/api/admin/profiles/${completedId}`)).headers.get("cache-control")).toBe("no-store");
    expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, completedId)).get()!.status).toBe("completed");
  });
});
