/**
 * Claims (issue 29, item 2): "Next" gives the most urgent profile nobody holds (deadline, then plan) and claims it,
 * two writers at once getting two profiles; a claim is seen in the list and the detail, refuses others' writes with a
 * 409 naming its writer, is taken over only on purpose (and recorded), lapses, is renewed by the claimer's writes and
 * ends when the profile is sent.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAudit, claims, orders, paymentSessions, photos, profiles } from "../db/schema.ts";
import { newId } from "../db/ids.ts";
import { fulfil } from "../payments/fulfil.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import type { AdminListAnswer, AdminProfileDetail } from "../shared/api/admin-profiles.ts";
import type { ThroughputAnswer } from "../shared/api/team.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";
import { runJobs } from "../testing/privacy-fixtures.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let sam: string;
let kim: string;
afterEach(() => ctx?.cleanup());

const ORIGIN = "http://localhost:3000";
const HOUR = 3_600_000;

function setup(env: Record<string, string> = {}) {
  ctx = testContext(env, { optimiser: scriptedOptimiser() });
  app = testApp(ctx);
  adminCookie(ctx.store.db, "olive");
  sam = adminCookie(ctx.store.db, "sam", { role: "writer" });
  kim = adminCookie(ctx.store.db, "kim", { role: "writer" });
}

function call(cookie: string, method: string, path: string, body?: unknown) {
  return app.request(`/api/admin${path}`, {
    method,
    headers: { Cookie: cookie, Origin: ORIGIN, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
async function json<T = Record<string, any>>(res: Response | Promise<Response>): Promise<{ status: number; body: T }> {
  const r = await res;
  return { status: r.status, body: (await r.json()) as T };
}
const next = (cookie: string) => json<{ message: string; profile: AdminProfileDetail | null }>(call(cookie, "POST", "/queue/next"));
const claimsOn = (profileId: string) => ctx.store.db.select().from(claims).where(eq(claims.profileId, profileId)).all();

/** A paid profile waiting for review (written directly: no result), its deadline `hours` away (null: none). */
function waiting(plan: PlanId, hours: number | null): string {
  const paid = insertOrder(ctx.store.db, { plan });
  ctx.store.db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, paid.orderId)).run();
  const deadlineAt = hours === null ? null : new Date(Date.now() + hours * HOUR);
  ctx.store.db.update(profiles).set({ status: "completed", deadlineAt }).where(eq(profiles.id, paid.profileId!)).run();
  return paid.profileId!;
}

/** A paid profile optimised by the job loop: a result to edit and send. */
async function optimised(plan: PlanId = "premium"): Promise<string> {
  const paid = insertOrder(ctx.store.db, { plan });
  const profileId = paid.profileId!;
  ctx.store.db.insert(photos).values({ id: newId(), profileId, filePath: `${newId()}.jpg`, order: 0 }).run();
  const reference = newId();
  ctx.store.db.insert(paymentSessions).values({ id: reference, provider: "local", kind: "hosted", orderId: paid.orderId, amount: paid.amount, status: "paid" }).run();
  fulfil(ctx.store.db, { orderId: paid.orderId, provider: "local", reference, amount: paid.amount, currency: "usd" });
  await runJobs(ctx);
  return profileId;
}

describe("POST /api/admin/queue/next", () => {
  test("the nearest deadline first, then elite, premium, basic; claimed for the writer; what is held, sent or unpaid is skipped", async () => {
    setup();
    const soonBasic = waiting("basic", 1);
    const laterPremium = waiting("premium", 3);
    const laterElite = waiting("elite", 3);
    // The same deadline to the millisecond for the plan to decide, the premium one the older.
    const at = ctx.store.db.select().from(profiles).where(eq(profiles.id, laterElite)).get()!.deadlineAt;
    ctx.store.db.update(profiles).set({ deadlineAt: at, createdAt: new Date(Date.now() - HOUR) }).where(eq(profiles.id, laterPremium)).run();
    const noDeadline = waiting("elite", null);
    const sent = waiting("elite", 0.5);
    ctx.store.db.update(profiles).set({ emailSent: true }).where(eq(profiles.id, sent)).run();
    insertOrder(ctx.store.db, { plan: "elite" });

    const first = await next(sam);
    expect(first.status).toBe(200);
    expect(first.body.profile?.id).toBe(soonBasic);
    expect(first.body.profile?.claim).toMatchObject({ by: "sam" });
    const { since, lapsesAt } = first.body.profile!.claim!;
    expect(Date.parse(lapsesAt) - Date.parse(since)).toBe(20 * 60_000);

    expect((await next(kim)).body.profile?.id).toBe(laterElite);
    // Sam moves on: the next is theirs, the one before is free again.
    expect((await next(sam)).body.profile?.id).toBe(laterPremium);
    expect(claimsOn(soonBasic).map((c) => c.endReason)).toEqual(["released"]);
    // Kim moves on to it, freeing the elite one, which is now the most urgent free profile.
    expect((await next(kim)).body.profile?.id).toBe(soonBasic);
    expect((await next(sam)).body.profile?.id).toBe(laterElite);
    expect(claimsOn(laterElite).map((c) => [c.admin, c.endReason])).toEqual([
      ["kim", "released"],
      ["sam", null],
    ]);
    expect((await next(sam)).body.profile?.id).toBe(laterPremium);
    expect((await next(sam)).body.profile?.id).toBe(laterElite);
    // Without a deadline, last.
    ctx.store.db.update(profiles).set({ emailSent: true }).where(eq(profiles.id, laterPremium)).run();
    expect((await next(sam)).body.profile?.id).toBe(noDeadline);
    expect(claimsOn(sent)).toEqual([]);
  });

  test("an empty queue: profile null, and the writer keeps what they hold", async () => {
    setup();
    const only = waiting("premium", 1);
    expect((await next(kim)).body.profile?.id).toBe(only);
    expect(await next(sam)).toEqual({ status: 200, body: { message: "Nothing is waiting for a writer.", profile: null } });
    expect((await next(kim)).body.profile).toBeNull();
    expect(claimsOn(only).map((c) => [c.admin, c.endReason])).toEqual([["kim", null]]);
  });

  test("two writers pressing Next at once get two different profiles", async () => {
    setup();
    const ids = [waiting("premium", 1), waiting("premium", 2), waiting("premium", 3)];
    const writers = [sam, kim, adminCookie(ctx.store.db, "lee", { role: "writer" })];
    const answers = await Promise.all(writers.map((w) => next(w)));
    const got = answers.map((a) => a.body.profile?.id);
    expect(new Set(got).size).toBe(3);
    expect([...got].sort()).toEqual([...ids].sort());
    expect(ctx.store.db.select().from(claims).all()).toHaveLength(3);
  });
});

describe("claims on a profile", () => {
  test("another writer is refused 409 naming who; taking over is explicit and recorded; the first writer's writes are then refused", async () => {
    setup();
    const id = await optimised();
    expect((await json(call(sam, "POST", `/profiles/${id}/claim`, {}))).body.claim).toMatchObject({ by: "sam" });

    const refused = await json(call(kim, "POST", `/profiles/${id}/claim`, {}));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^sam is writing this profile \(since \d\d:\d\d UTC\)\. Take it over to write it yourself\.$/);
    const detail = (await json<AdminProfileDetail>(call(kim, "GET", `/profiles/${id}`))).body;
    const save = await json(call(kim, "PUT", `/profiles/${id}/parts`, { version: detail.version, parts: { recommendations: "Kim's words." } }));
    expect(save.status).toBe(409);
    expect(save.body.message).toMatch(/^sam is writing this profile/);
    expect((await json(call(kim, "POST", `/profiles/${id}/send-email`))).status).toBe(409);
    expect((await json(call(kim, "DELETE", `/profiles/${id}/claim`))).body.message).toBe("sam holds this claim: only they can release it.");

    const taken = await json(call(kim, "POST", `/profiles/${id}/claim`, { takeOver: true }));
    expect(taken.body.claim).toMatchObject({ by: "kim" });
    expect(ctx.store.db.select().from(adminAudit).where(eq(adminAudit.profileId, id)).all().at(-1)).toMatchObject({ admin: "kim", action: "took over", detail: "took over from sam" });
    expect(claimsOn(id).map((c) => [c.admin, c.endReason])).toEqual([
      ["sam", "taken_over"],
      ["kim", null],
    ]);
    const samSave = await json(call(sam, "PUT", `/profiles/${id}/parts`, { version: detail.version, parts: { recommendations: "Sam's words." } }));
    expect(samSave.body.message).toMatch(/^kim is writing this profile/);
    expect((await json(call(kim, "PUT", `/profiles/${id}/parts`, { version: detail.version, parts: { recommendations: "Kim's words." } }))).status).toBe(200);
  });

  test("a write renews the claimer's claim; a save claims nothing; sending ends the claim as sent", async () => {
    setup();
    const id = await optimised();
    const detail = (await json<AdminProfileDetail>(call(sam, "GET", `/profiles/${id}`))).body;
    expect(detail.claim).toBeNull();
    const unclaimed = await json<AdminProfileDetail>(call(sam, "PUT", `/profiles/${id}/parts`, { version: detail.version, parts: { recommendations: "Sam's first words." } }));
    expect(unclaimed.status).toBe(200);
    expect(claimsOn(id)).toEqual([]);
    await call(sam, "POST", `/profiles/${id}/claim`, {});
    const saved = await json<AdminProfileDetail>(call(sam, "PUT", `/profiles/${id}/parts`, { version: unclaimed.body.version, parts: { recommendations: "Sam's words." } }));
    expect(saved.status).toBe(200);
    expect(claimsOn(id)).toHaveLength(1);
    const claim = claimsOn(id)[0]!;
    // Pushed back as if the last write was 10 minutes ago: the next write renews it.
    ctx.store.db.update(claims).set({ activeAt: new Date(Date.now() - 600_000), lapsesAt: new Date(Date.now() + 600_000) }).where(eq(claims.id, claim.id)).run();
    const again = await json<AdminProfileDetail>(call(sam, "PUT", `/profiles/${id}/parts`, { version: saved.body.version, parts: { recommendations: "Sam's better words." } }));
    expect(again.status).toBe(200);
    expect(claimsOn(id)[0]!.lapsesAt.getTime()).toBeGreaterThan(Date.now() + 19 * 60_000);
    expect(again.body.claim).toMatchObject({ by: "sam" });

    expect((await json(call(sam, "POST", `/profiles/${id}/send-email`))).status).toBe(200);
    expect(claimsOn(id).map((c) => [c.admin, c.endReason])).toEqual([["sam", "sent"]]);
    expect((await json<AdminProfileDetail>(call(sam, "GET", `/profiles/${id}`))).body.claim).toBeNull();

    // The throughput counts it, for a writer too; the queue left is estimated with sam active today.
    waiting("elite", -1);
    const stats = await json<ThroughputAnswer>(call(kim, "GET", "/throughput"));
    expect(stats.status).toBe(200);
    expect(stats.body.writers).toEqual([{ writer: "sam", plan: "premium", sentToday: 1, sentThisWeek: 1, medianMinutes: expect.any(Number) }]);
    expect(stats.body.estimate).toMatchObject({ activeWriters: ["sam"], queued: 1, atRisk: [{ plan: "elite", writer: "sam" }] });
    expect(stats.body.estimate.method).toMatch(/^Each profile waiting for a person/);
  });

  test("a send nobody claimed counts, untimed; an erasure leaves the rows without the profile's id", async () => {
    setup();
    const olive = adminCookie(ctx.store.db, "olive");
    const id = await optimised("basic");
    expect((await json(call(olive, "POST", `/profiles/${id}/send-email`))).status).toBe(200);
    expect(claimsOn(id).map((c) => [c.admin, c.claimedAt, c.endReason, c.planId])).toEqual([["olive", null, "sent", "basic"]]);
    const stats = (await json<ThroughputAnswer>(call(olive, "GET", "/throughput"))).body;
    expect(stats.writers).toEqual([{ writer: "olive", plan: "basic", sentToday: 1, sentThisWeek: 1, medianMinutes: null }]);

    const email = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!.email;
    expect((await json(call(olive, "DELETE", `/profiles/${id}`, { email }))).status).toBe(200);
    expect(ctx.store.db.select().from(claims).all().map((c) => [c.profileId, c.admin, c.endReason])).toEqual([[null, "olive", "sent"]]);
    expect((await json<ThroughputAnswer>(call(olive, "GET", "/throughput"))).body.writers).toEqual(stats.writers);
  });

  test("a lapsed claim holds nothing: shown as free, claimed by another without a take-over, ended as lapsed; CLAIM_LAPSE_MINUTES sets the lapse", async () => {
    setup({ CLAIM_LAPSE_MINUTES: "5" });
    const id = waiting("premium", 2);
    const mine = await json(call(sam, "POST", `/profiles/${id}/claim`, {}));
    expect(Date.parse(mine.body.claim.lapsesAt) - Date.parse(mine.body.claim.since)).toBe(5 * 60_000);
    ctx.store.db.update(claims).set({ lapsesAt: new Date(Date.now() - 1000) }).run();
    expect((await json<AdminProfileDetail>(call(kim, "GET", `/profiles/${id}`))).body.claim).toBeNull();
    expect((await json(call(kim, "POST", `/profiles/${id}/claim`, {}))).status).toBe(200);
    expect(claimsOn(id).map((c) => [c.admin, c.endReason])).toEqual([
      ["sam", "lapsed"],
      ["kim", null],
    ]);
    expect(ctx.store.db.select().from(adminAudit).all().filter((a) => a.action === "took over")).toEqual([]);
  });

  test("release, and the list: each row's claim and the filter mine", async () => {
    setup();
    const a = waiting("premium", 1);
    const b = waiting("basic", 2);
    await call(sam, "POST", `/profiles/${a}/claim`, {});
    await call(kim, "POST", `/profiles/${b}/claim`, {});
    const list = (await json<AdminListAnswer>(call(sam, "GET", "/profiles"))).body;
    expect(Object.fromEntries(list.profiles.map((p) => [p.id, p.claim?.by ?? null]))).toEqual({ [a]: "sam", [b]: "kim" });
    expect((await json<AdminListAnswer>(call(sam, "GET", "/profiles?mine=true"))).body.profiles.map((p) => p.id)).toEqual([a]);
    expect((await json<AdminListAnswer>(call(kim, "GET", "/profiles?mine=true&state=awaiting_review"))).body.profiles.map((p) => p.id)).toEqual([b]);
    expect((await json<AdminListAnswer>(call(sam, "GET", "/profiles?mine=false"))).body.total).toBe(2);
    expect(await json(call(sam, "GET", "/profiles?mine=yes"))).toEqual({ status: 400, body: { message: "mine must be true or false" } });

    expect((await json(call(sam, "DELETE", `/profiles/${a}/claim`))).body).toEqual({ message: "The profile is free for anyone to take.", claim: null });
    expect((await json<AdminListAnswer>(call(sam, "GET", "/profiles?mine=true"))).body.profiles).toEqual([]);
    // Releasing what one does not hold changes nothing.
    expect((await json(call(sam, "DELETE", `/profiles/${a}/claim`))).status).toBe(200);
  });

  test("bad input: wrong types, unknown and hostile ids, closed profiles; nothing written", async () => {
    setup();
    const id = waiting("premium", 1);
    const sent = waiting("premium", 1);
    ctx.store.db.update(profiles).set({ emailSent: true }).where(eq(profiles.id, sent)).run();
    const cases: [method: string, path: string, body: unknown, status: number, message: RegExp][] = [
      ["POST", `/profiles/${id}/claim`, { takeOver: "yes" }, 400, /takeOver must be true or false/],
      ["POST", `/profiles/${id}/claim`, { takeOver: 1 }, 400, /takeOver must be true or false/],
      ["POST", `/profiles/nope/claim`, {}, 404, /Profile not found/],
      ["POST", `/profiles/${encodeURIComponent("' or 1=1 --")}/claim`, {}, 404, /Profile not found/],
      ["POST", `/profiles/${"x".repeat(5000)}/claim`, {}, 404, /Profile not found/],
      ["DELETE", `/profiles/nope/claim`, undefined, 404, /Profile not found/],
      ["POST", `/profiles/%E0%A4%A/send-email`, undefined, 404, /./],
      ["POST", `/profiles/%E0%A4%A/claim`, {}, 404, /./],
      ["POST", `/profiles/${sent}/claim`, {}, 409, /nothing to write on this profile/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await json(call(sam, method, path, body));
      expect({ path: path.slice(0, 60), status: res.status }).toEqual({ path: path.slice(0, 60), status });
      expect(res.body.message).toMatch(message);
    }
    expect(ctx.store.db.select().from(claims).all()).toEqual([]);
    const bad = await app.request(`/api/admin/profiles/${id}/claim`, { method: "POST", headers: { Cookie: sam, Origin: ORIGIN, "Content-Type": "application/json" }, body: "{not json" });
    expect(bad.status).toBe(400);
    expect(ctx.store.db.select().from(claims).all()).toEqual([]);
  });
});
