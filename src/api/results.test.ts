import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { jobs, orders, photos, profiles } from "../db/schema.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import { addVersion, readVersion, recordRelease } from "../profiles/versions.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { sampleResult } from "../testing/optimisation.ts";
import type { ResultsAnswer } from "../shared/api/results.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
beforeAll(() => {
  ctx = testContext();
  app = testApp(ctx);
});
afterAll(() => ctx.cleanup());

const HOUR = 3600_000;

/** A profile in `status`, paid on `plan` unless `paid` is false; `result` stores a finished result, `released` releases it. */
function profileIn(status: ProfileStatus, options: { plan?: PlanId; paid?: boolean; result?: boolean; released?: boolean; revisionsUsed?: number } = {}) {
  const plan = options.plan ?? "premium";
  const id = newId();
  const paidAt = new Date(Date.now() - HOUR);
  const db = ctx.store.db;
  db.insert(profiles)
    .values({
      id,
      email: "ada@example.com",
      datingApp: "bumble",
      bio: "Nurse who bakes sourdough.",
      status,
      revisionsAllowed: plan === "basic" ? 0 : 1,
      revisionsUsed: options.revisionsUsed ?? 0,
      deadlineAt: options.paid === false ? null : new Date(paidAt.getTime() + (plan === "elite" ? 12 : plan === "premium" ? 24 : 48) * HOUR),
      needsRevision: status === "revision_requested",
    })
    .run();
  const photoIds = [0, 1, 2].map((order) => {
    const photoId = newId();
    db.insert(photos).values({ id: photoId, profileId: id, filePath: `${photoId}.jpg`, order }).run();
    return { id: photoId, order, path: `/x/${photoId}.jpg` };
  });
  db.insert(orders)
    .values({ id: newId(), planId: plan, amount: 999, profileId: id, status: options.paid === false ? "pending" : "paid", paidAt: options.paid === false ? null : paidAt })
    .run();
  if (options.result || options.released) {
    const result = sampleResult({ profileId: id, app: "bumble", plan, reason: "initial", revisionNotes: null, profile: { bio: "Nurse who bakes sourdough.", lookingFor: null, interests: null, jobTitle: null, education: null, idealFirstDate: null, height: null, starSign: null, anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null, prompts: [] }, photos: photoIds });
    const versionId = addVersion(db, { profileId: id, parentId: null, kind: "machine", author: null, result });
    db.update(profiles).set({ workingVersionId: versionId }).where(eq(profiles.id, id)).run();
    if (options.released) {
      const at = new Date();
      db.update(profiles).set({ emailSent: true, emailSentAt: at }).where(eq(profiles.id, id)).run();
      recordRelease(db, { profileId: id, versionId, releasedAt: at, messageId: `<${id}@results.test>` });
    }
  }
  return id;
}

async function results(id: string) {
  const res = await app.request(`/api/profiles/${id}/results`);
  return { res, body: (await res.json()) as ResultsAnswer & { message?: string } };
}

const RELEASED_FIELDS = ["optimized_profile", "recommendations", "optimization", "released_at", "photos", "outcome"];
const BASE_FIELDS = ["id", "dating_app", "status", "email_sent", "email_sent_at", "needs_revision", "revisions_allowed", "revisions_used", "created_at", "retention"];

describe("GET /api/profiles/:id/results, every state", () => {
  test("created (not paid): its raw status, no content, no estimate", async () => {
    const { res, body } = await results(profileIn("created", { paid: false }));
    expect(res.status).toBe(200);
    expect(Object.keys(body.profile).sort()).toEqual([...BASE_FIELDS].sort());
    expect(body.profile.status).toBe("created");
    expect(body.order).toMatchObject({ plan_id: "premium", plan: "Premium", status: "pending", paid_at: null });
    expect(body.estimated_delivery).toBeNull();
  });

  test.each([
    ["pending", {}, "pending"],
    ["processing", {}, "processing"],
    ["completed but not released: still in progress, whatever the optimiser finished", { result: true }, "processing"],
    ["failed (an admin recovers it): in progress", {}, "processing"],
  ] as const)("%s", async (label, options, expected) => {
    const status = label.split(" ")[0] as ProfileStatus;
    const { body } = await results(profileIn(status, { plan: "elite", ...options }));
    expect(Object.keys(body.profile).sort()).toEqual([...BASE_FIELDS].sort());
    expect(body.profile.status).toBe(expected);
    expect(body.estimated_delivery!.hours).toBe(12);
    expect(new Date(body.estimated_delivery!.by).getTime()).toBeGreaterThan(Date.now());
    expect(body.profile).not.toHaveProperty("optimized_profile");
    expect(JSON.stringify(body)).not.toContain("Opener number");
  });

  test("completed and released: the content, the recommendations and the photo analysis; no estimate", async () => {
    const { body } = await results(profileIn("completed", { plan: "premium", released: true }));
    expect(Object.keys(body.profile).sort()).toEqual([...BASE_FIELDS, ...RELEASED_FIELDS].sort());
    expect(body.profile.status).toBe("completed");
    expect(body.profile.email_sent).toBe(true);
    expect(body.profile.optimized_profile).toMatchObject({ conversationStarters: expect.stringContaining("Opener number 1?") });
    expect(body.profile.recommendations).toContain("<h3>");
    expect(body.profile.photos!.map((p) => p.order)).toEqual([0, 1, 2]);
    expect(body.profile.photos![0]!.analysis).toMatchObject({ score: expect.any(Number), rank: 1, keep: true });
    expect(body.estimated_delivery).toBeNull();
  });

  test("a newer result that is not released yet (regenerated) does not replace the released one", async () => {
    const id = profileIn("completed", { released: true });
    const db = ctx.store.db;
    const released = db.select().from(profiles).where(eq(profiles.id, id)).get()!.workingVersionId!;
    const result = readVersion(db, id, released)!.result!;
    const newer = addVersion(db, { profileId: id, parentId: released, kind: "rerun", author: null, result: { ...result, editorial: { edited: ["recommendations"], recommendations: "Unreviewed draft", editedAt: new Date().toISOString() } } });
    db.update(profiles).set({ workingVersionId: newer, emailSent: false }).where(eq(profiles.id, id)).run();
    const { body } = await results(id);
    expect(body.profile.recommendations).not.toContain("Unreviewed draft");
  });

  test("revision_requested: the released content stays, needs_revision is set, the estimate shows", async () => {
    const { body } = await results(profileIn("revision_requested", { released: true }));
    expect(body.profile.status).toBe("revision_requested");
    expect(body.profile.needs_revision).toBe(true);
    expect(body.profile).toHaveProperty("optimized_profile");
    expect(body.estimated_delivery!.hours).toBe(24);
  });

  test("refunded: the order says so and no delivery is promised, whatever the profile's status (the page reads 'Refunded')", async () => {
    for (const id of [profileIn("processing"), profileIn("revision_requested", { released: true })]) {
      ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.profileId, id)).run();
      const { body } = await results(id);
      expect(body.order?.status).toBe("refunded");
      expect(body.estimated_delivery).toBeNull();
    }
  });

  test("an unknown or malformed id is a 404 with a message; results are never cached", async () => {
    for (const id of [newId(), "NOT-AN-ID", "x".repeat(300), "%3Cscript%3E"]) {
      const { res, body } = await results(id);
      expect(res.status).toBe(404);
      expect(body.message).toBe("Profile not found");
    }
    const { res } = await results(profileIn("pending"));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("POST /api/profiles/:id/revision-request", () => {
  const ask = (id: string, body: unknown) =>
    app.request(`/api/profiles/${id}/revision-request`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const mailJobs = (id: string) => ctx.store.db.select().from(jobs).all().filter((j) => j.kind === "mail:revision-request" && (j.payload as { profileId: string }).profileId === id);

  test("premium, released, a revision left: accepted once; the profile waits for it with the notes; support is told", async () => {
    const id = profileIn("completed", { plan: "premium", released: true });
    const res = await ask(id, { notes: "  Please make the bio funnier and mention my cello.  " });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toMatch(/received/);
    const row = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
    expect(row).toMatchObject({ status: "revision_requested", needsRevision: true, revisionNotes: "Please make the bio funnier and mention my cello." });
    expect(mailJobs(id)).toHaveLength(1);

    const second = await ask(id, { notes: "And one more change, please." });
    expect(second.status).toBe(409);
    expect((await second.json()).message).toMatch(/in progress/);
    expect(mailJobs(id)).toHaveLength(1);
  });

  test("the revision gets the plan's own delivery time from the request; the customer's acknowledgement is queued; the estimate shows it", async () => {
    for (const [plan, hours] of [["elite", 12], ["premium", 24]] as const) {
      const id = profileIn("completed", { plan, released: true });
      const asked = Date.now();
      expect((await ask(id, { notes: "Please mention my cello in the bio." })).status).toBe(200);
      const deadline = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!.deadlineAt!.getTime();
      expect(deadline).toBeGreaterThanOrEqual(asked + hours * HOUR);
      expect(deadline).toBeLessThanOrEqual(Date.now() + hours * HOUR);
      const acks = ctx.store.db.select().from(jobs).all().filter((j) => j.kind === "mail:revision-received" && (j.payload as { profileId: string }).profileId === id);
      expect(acks.map((j) => j.payload)).toEqual([{ profileId: id, revision: 1 }]);
      const { body } = await results(id);
      expect(body.estimated_delivery).toEqual({ hours, by: new Date(deadline).toISOString() });
    }
  });

  test("refused with a 409 and a message: basic, no revisions left, not released yet, refunded", async () => {
    const refunded = profileIn("completed", { plan: "premium", released: true });
    ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.profileId, refunded)).run();
    const cases = [
      [refunded, /order was refunded, so a revision can no longer be requested/],
      [profileIn("completed", { plan: "basic", released: true }), /does not include revisions/],
      [profileIn("completed", { plan: "premium", released: true, revisionsUsed: 1 }), /used the revisions/],
      [profileIn("completed", { plan: "premium", result: true }), /once your results have been sent/],
      [profileIn("processing", { plan: "elite" }), /once your results have been sent/],
    ] as const;
    for (const [id, message] of cases) {
      const before = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get();
      const res = await ask(id, { notes: "Please change the first line." });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(message);
      expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()).toEqual(before!);
      expect(mailJobs(id)).toHaveLength(0);
    }
  });

  test("notes too short, too long, missing or not text: a 400 with a message, nothing changes", async () => {
    const id = profileIn("completed", { plan: "elite", released: true });
    for (const body of [{ notes: "short" }, { notes: "x".repeat(2001) }, {}, { notes: 42 }, { notes: "          a" }]) {
      const res = await ask(id, body);
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
    expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!.status).toBe("completed");
  });

  test("an unknown profile is a 404", async () => {
    expect((await ask(newId(), { notes: "Please change the first line." })).status).toBe(404);
  });
});
