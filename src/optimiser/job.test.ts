import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { jobs, photos, profiles, resultVersions } from "../db/schema.ts";
import { addVersion, setWorking, workingVersion } from "../profiles/versions.ts";
import { regenerate, sendEmail } from "../admin/actions.ts";
import { memoryLogger } from "../log.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../testing/openai-server.ts";
import { dataOf, engine, type GoodAnswer, good, systemOf } from "./ai-test-helpers.ts";
import { specFields } from "../shared/optimiser/render.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { fulfil } from "../payments/fulfil.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { OPTIMISE_PROFILE } from "./job.ts";
import { optimisationResultSchema } from "../shared/optimiser/result.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

/** A Tinder profile with three photos on disk, its order paid (so its job is queued), as the payment path leaves it. */
async function paidProfile(plan: PlanId = "premium", fields: Partial<typeof profiles.$inferInsert> = {}) {
  const { orderId, profileId, amount } = insertOrder(ctx.store.db, { plan });
  ctx.store.db
    .update(profiles)
    .set({ datingApp: "tinder", bio: "Nurse who bakes sourdough and hikes on Sundays.", interests: "Not provided", ...fields })
    .where(eq(profiles.id, profileId!))
    .run();
  mkdirSync(ctx.config.uploadsDir, { recursive: true });
  for (let i = 0; i < 3; i++) {
    const file = `${newId()}.jpg`;
    writeFileSync(join(ctx.config.uploadsDir, file), await plainJpeg());
    ctx.store.db.insert(photos).values({ id: newId(), profileId: profileId!, filePath: file, order: i }).run();
  }
  expect(fulfil(ctx.store.db, { orderId, provider: "local", reference: newId(), amount, currency: "usd" }).jobQueued).toBe(true);
  return { orderId, profileId: profileId! };
}

const profileRow = (id: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
/** The working version's result and the spec's fields rendered from it (null before the first result). */
function working(id: string) {
  const version = workingVersion(ctx.store.db, profileRow(id));
  const fields = version?.result ? specFields(version.result) : null;
  return { version, result: version?.result ?? null, optimizedProfile: fields?.optimizedProfile, recommendations: fields?.recommendations };
}

/** The optimisation jobs only (a paid order also queues its confirmation e-mail). */
function loop(now?: () => number) {
  return createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: { [OPTIMISE_PROFILE.kind]: jobHandlers(ctx)[OPTIMISE_PROFILE.kind]! }, now });
}

describe("the optimise-profile job", () => {
  test("pending → completed: the result, the spec's rendered fields and each photo's analysis are stored together", async () => {
    const optimiser = scriptedOptimiser();
    ctx = testContext({}, { optimiser });
    const { profileId } = await paidProfile("premium");
    expect(profileRow(profileId).status).toBe("pending");

    expect(await loop().runDue()).toBe(1);
    expect(profileRow(profileId).status).toBe("completed");
    const row = working(profileId);
    expect(row.version).toMatchObject({ kind: "machine", parentId: null, author: null });
    const result = optimisationResultSchema.parse(row.result);
    expect(result.plan).toBe("premium");
    expect(result.conversationStarters).toHaveLength(3);
    // Premium content: an object carrying the HTML, the starters as Markdown and the guide.
    expect(row.optimizedProfile).toMatchObject({ conversationStarters: expect.stringContaining("1. Opener number 1?") });
    expect(typeof row.recommendations).toBe("string");
    const analyses = ctx.store.db.select().from(photos).where(eq(photos.profileId, profileId)).all();
    for (const p of analyses) expect(JSON.parse(p.analysis!)).toMatchObject({ score: expect.any(Number), rank: expect.any(Number), keep: expect.any(Boolean), faces: 1 });

    // The optimiser saw the customer's words, not the stored defaults, and the photos as absolute paths.
    const [input] = optimiser.inputs;
    expect(input!.profile.interests).toBeNull();
    expect(input!.profile.bio).toBe("Nurse who bakes sourdough and hikes on Sundays.");
    expect(input!.photos.every((p) => p.path.startsWith(ctx.config.uploadsDir))).toBe(true);
  });

  test("basic: optimized_profile is HTML text, not the premium object", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser() });
    const { profileId } = await paidProfile("basic");
    await loop().runDue();
    expect(typeof working(profileId).optimizedProfile).toBe("string");
  });

  test("run again (a crash after the result was stored, before 'done'): still one result, unchanged", async () => {
    const optimiser = scriptedOptimiser();
    ctx = testContext({}, { optimiser });
    const { profileId } = await paidProfile();
    await loop().runDue();
    const first = profileRow(profileId);
    ctx.store.db.update(jobs).set({ status: "queued", runAt: new Date(0) }).where(eq(jobs.kind, OPTIMISE_PROFILE.kind)).run();
    expect(await loop().runDue()).toBe(1);
    const again = profileRow(profileId);
    expect(optimiser.inputs).toHaveLength(1);
    expect(again.workingVersionId).toBe(first.workingVersionId);
    expect(ctx.store.db.select().from(resultVersions).where(eq(resultVersions.profileId, profileId)).all()).toHaveLength(1);
  });

  test("a crash mid-run (profile left processing, nothing stored): the next run makes the one result", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser() });
    const { profileId } = await paidProfile();
    // As a killed process leaves it: started, no result.
    ctx.store.db.update(profiles).set({ status: "processing" }).where(eq(profiles.id, profileId)).run();
    await loop().runDue();
    expect(profileRow(profileId)).toMatchObject({ status: "completed" });
  });

  test("a failing optimiser is retried, then the profile is failed with the job", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser(["fail", "fail", "fail", "fail"]) });
    const { profileId } = await paidProfile();
    let t = Date.now();
    const l = loop(() => t);
    for (let i = 0; i < 4; i++) {
      expect(await l.runDue()).toBe(1);
      t += 60 * 60 * 1000;
    }
    expect(profileRow(profileId).status).toBe("failed");
    expect(profileRow(profileId).workingVersionId).toBeNull();
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.kind, OPTIMISE_PROFILE.kind)).get()).toMatchObject({ status: "failed", attempts: 4 });
  });

  test("a failure then a success ends completed, not failed", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser(["fail"]) });
    const { profileId } = await paidProfile();
    let t = Date.now();
    const l = loop(() => t);
    await l.runDue();
    expect(profileRow(profileId).status).toBe("processing");
    t += 60_000;
    await l.runDue();
    expect(profileRow(profileId).status).toBe("completed");
  });

  test("a result whose profile moved on meanwhile (an admin acted) is discarded, not written over the new state", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser([{ waitMs: 100 }]) });
    const { profileId } = await paidProfile();
    const run = loop().runDue();
    await Bun.sleep(30);
    // As if the profile failed and was recovered while the optimiser was busy.
    ctx.store.db.update(profiles).set({ status: "failed" }).where(eq(profiles.id, profileId)).run();
    await run;
    expect(profileRow(profileId)).toMatchObject({ status: "failed", workingVersionId: null });
    expect(ctx.store.db.select().from(resultVersions).where(eq(resultVersions.profileId, profileId)).all()).toEqual([]);
  });

  test("a customer's hostile text reaches the HTML fields only escaped", async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    ctx = testContext({}, { optimiser: scriptedOptimiser([], { analysis: { summary: hostile, strengths: [], problems: [{ title: "Cliché", reason: hostile, phrase: hostile }] } }) });
    const { profileId } = await paidProfile();
    await loop().runDue();
    const row = working(profileId);
    const html = `${row.recommendations} ${(row.optimizedProfile as { html: string }).html}`;
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(row.recommendations).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("a rerun's current text is only what a person released or edited (the AI engine through the test server)", () => {
  let server: FakeOpenAI;
  afterEach(async () => {
    await server?.stop();
  });
  /** Every job kind: the results e-mail too. */
  const all = () => createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) });
  const withBio = (bio: string) => (a: GoodAnswer) => ({ ...a, bio: { ...a.bio, optimised: bio } });
  const FAULTS = [{ kind: "error", status: 503 }, { kind: "error", status: 503 }, { kind: "error", status: 503 }] as const;

  test("a rerun after a fallback sends no currentText: the local text nobody released is not kept", async () => {
    server = startFakeOpenAI();
    ctx = testContext({}, { optimiser: engine(server, memoryLogger()) });
    const { profileId } = await paidProfile("premium");
    server.enqueue(...FAULTS);
    await loop().runDue();
    expect(working(profileId).result!.fallback!.reason).toContain("HTTP 503");

    server.enqueue(good());
    regenerate(ctx, "admin", profileId);
    await loop().runDue();
    expect(server.requests).toHaveLength(4);
    const rerun = server.requests[3]!.body;
    expect(dataOf(rerun).data.currentText).toBeUndefined();
    expect(systemOf(rerun)).not.toContain("currentText");
    expect(systemOf(rerun)).toContain("Bio: a complete rewrite");
    expect(working(profileId).result).toMatchObject({ fallback: null, reason: "regenerate" });
  });

  test("a released text is the current text, and a person's edit; a rerun's draft nobody released is not", async () => {
    server = startFakeOpenAI();
    ctx = testContext({}, { optimiser: engine(server, memoryLogger()) });
    const { profileId } = await paidProfile("basic");
    server.enqueue(good("basic"));
    await loop().runDue();
    const released = working(profileId).result!.bio!.optimised;
    sendEmail(ctx, "admin", profileId);
    await all().runDue();
    expect(profileRow(profileId).emailSent).toBe(true);

    // Released: sent as the current text, with the regeneration's wording.
    server.enqueue(good("basic", withBio("Nurse who bakes sourdough at dawn and hikes on Sundays.")));
    regenerate(ctx, "admin", profileId);
    await loop().runDue();
    const afterRelease = server.requests[1]!.body;
    expect(dataOf(afterRelease).data.currentText).toEqual({ bio: released, prompts: {} });
    expect(systemOf(afterRelease)).toContain("There are no notes");

    // The rerun's own bio was released by no one: not sent.
    server.enqueue(good("basic"));
    regenerate(ctx, "admin", profileId);
    await loop().runDue();
    expect(dataOf(server.requests[2]!.body).data.currentText).toBeUndefined();

    // A person's edit of the bio is.
    const current = workingVersion(ctx.store.db, profileRow(profileId))!;
    const edited = "Nurse, sourdough baker, Sunday hiker: ask me about bread.";
    const at = new Date().toISOString();
    ctx.store.db.transaction((tx) => {
      const id = addVersion(tx, { profileId, parentId: current.id, kind: "edit", author: "ann", result: { ...current.result!, bio: { ...current.result!.bio!, optimised: edited, notes: [] }, editorial: { edited: ["bio"], recommendations: null, editedAt: at } } });
      setWorking(tx, profileId, id);
    });
    server.enqueue(good("basic"));
    regenerate(ctx, "admin", profileId);
    await loop().runDue();
    expect(dataOf(server.requests[3]!.body).data.currentText).toEqual({ bio: edited, prompts: {} });
  });
});
