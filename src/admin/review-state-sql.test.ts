import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { jobs, orders, profiles, resultVersions } from "../db/schema.ts";
import { RESULTS_MAIL, resultsMailKey } from "../delivery/results.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { PROFILE_STATUSES } from "../shared/profiles/statuses.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { reviewState, resultSignals, type ReviewFacts } from "../shared/admin/review-state.ts";
import { reviewStateSql, toWriteSql } from "./review-state-sql.ts";
import { toWrite } from "../shared/admin/desk.ts";
import { PART_KEYS, VERSION_KEYS, type PartKey } from "../shared/optimiser/part-keys.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import { DATING_APPS } from "../shared/profiles/options.ts";
import { PLAN_IDS } from "../shared/orders/plans.ts";
import { sampleInput, sampleResult } from "../testing/optimisation.ts";

let ctx: TestContext;
beforeAll(() => {
  ctx = testContext();
});
afterAll(() => ctx.cleanup());

const FLAGS = ["emailSent", "needsRevision", "refunded", "mailQueued", "needsWriter", "flagged", "fellBack"] as const;
/** A working version holding `result` as stored (any shape: the SQL must read what is there), the profile pointing at it. */
function storeWorking(profileId: string, result: unknown): number {
  const db = ctx.store.db;
  const { id } = db.insert(resultVersions).values({ profileId, kind: "machine", result, changed: [] }).returning({ id: resultVersions.id }).get();
  db.update(profiles).set({ workingVersionId: id }).where(eq(profiles.id, profileId)).run();
  return id;
}

/**
 * A premium result drafted by the local analyser: its bio waits for a writer unless every part was written. A fallback
 * nobody worked on is untouched: premium when a part waits, basic (nothing held for a writer) when none does.
 */
function resultFor(facts: Pick<ReviewFacts, "needsWriter" | "flagged" | "fellBack">): OptimisationResult {
  const checks = { checks: { flagged: facts.flagged, problems: [] } };
  if (facts.fellBack) return sampleResult(sampleInput(facts.needsWriter ? "premium" : "basic"), { ...checks, fallback: { reason: "The AI service failed." } });
  const result = sampleResult(sampleInput("premium"), checks);
  return facts.needsWriter ? result : { ...result, editorial: { edited: [...PART_KEYS], recommendations: null, editedAt: new Date().toISOString() } };
}

/** Stores a profile whose facts are `facts`, the way the app stores each: columns, a refunded order, a queued job, the result's JSON. */
function store(facts: ReviewFacts): string {
  const db = ctx.store.db;
  const id = newId();
  db.insert(profiles)
    .values({
      id,
      email: `${id}@example.com`,
      datingApp: "hinge",
      status: facts.status,
      emailSent: facts.emailSent,
      needsRevision: facts.needsRevision,
    })
    .run();
  const version = storeWorking(id, resultFor(facts));
  db.insert(orders).values({ id: newId(), planId: "premium", amount: 999, profileId: id, status: facts.refunded ? "refunded" : "paid" }).run();
  if (facts.mailQueued) enqueueJob(db, RESULTS_MAIL, { payload: { profileId: id, versionId: version }, idempotencyKey: resultsMailKey(id, version, 0) });
  return id;
}

const stateOf = (ids: string[]) =>
  new Map(
    ctx.store.db
      .select({ id: profiles.id, state: reviewStateSql })
      .from(profiles)
      .where(inArray(profiles.id, ids))
      .all()
      .map((r) => [r.id, r.state]),
  );

describe("reviewStateSql", () => {
  test("agrees with reviewState on every combination of facts, each stored as the app stores it", () => {
    const cases: [string, ReviewFacts][] = [];
    // One transaction for the 768 profiles: a commit each (synchronous=FULL) would be most of the test's time.
    ctx.store.db.transaction(() => {
      for (const status of PROFILE_STATUSES) {
        for (let bits = 0; bits < 1 << FLAGS.length; bits++) {
          const facts = { status } as ReviewFacts;
          FLAGS.forEach((f, i) => (facts[f] = (bits & (1 << i)) !== 0));
          cases.push([store(facts), facts]);
        }
      }
    });
    const fromSql = stateOf(cases.map(([id]) => id));
    const disagreements = cases.filter(([id, facts]) => fromSql.get(id) !== reviewState(facts)).map(([id, facts]) => ({ facts, sql: fromSql.get(id), ts: reviewState(facts) }));
    expect(disagreements).toEqual([]);
    expect(cases).toHaveLength(PROFILE_STATUSES.length * 128);
  });

  test("a stored row read back through resultSignals gives the facts the SQL used", () => {
    const id = store({ status: "completed", emailSent: false, needsRevision: false, refunded: false, mailQueued: false, needsWriter: true, flagged: true, fellBack: false });
    const row = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
    const stored = ctx.store.db.select().from(resultVersions).where(eq(resultVersions.id, row.workingVersionId!)).get()!;
    expect(resultSignals(stored.result)).toEqual({ needsWriter: true, flagged: true, fellBack: false });
    expect(stateOf([id]).get(id)).toBe("needs_attention");
    for (const needsWriter of [true, false]) {
      const fell = store({ status: "completed", emailSent: false, needsRevision: false, refunded: false, mailQueued: false, needsWriter, flagged: false, fellBack: true });
      const working = ctx.store.db.select().from(profiles).where(eq(profiles.id, fell)).get()!.workingVersionId!;
      expect(resultSignals(ctx.store.db.select().from(resultVersions).where(eq(resultVersions.id, working)).get()!.result)).toEqual({ needsWriter, flagged: false, fellBack: true });
      expect(stateOf([fell]).get(fell)).toBe("ai_failed");
    }
  });

  test("toWriteSql agrees with toWrite on results of every plan, app and engine, written, kept or not", () => {
    const db = ctx.store.db;
    const ai = { kind: "ai", model: "m" } as const;
    const cases: [string, OptimisationResult][] = [];
    const prompts = [
      { prompt: "My simple pleasures", response: "Coffee and a walk.  " },
      { prompt: "Two truths and a lie", response: "I can juggle." },
    ];
    let n = 0;
    for (const plan of PLAN_IDS) {
      for (const app of DATING_APPS) {
        for (const variant of ["local", "ai", "flagged", "fallback", "ai-photos"] as const) {
          for (const settle of ["none", "some", "stands", "all"] as const) {
            n++;
            const base = sampleResult(sampleInput(plan, app, prompts));
            const engines = variant === "local" ? base.engines : { ...base.engines, analysis: ai, bio: ai, prompts: ai, ...(variant === "ai-photos" && { photos: ai }) };
            const result: OptimisationResult = {
              ...base,
              engines,
              // A bio marked for a writer (on basic, a text in another language: decision 151) every fourth case.
              bio: base.bio && { ...base.bio, needsWriter: n % 4 === 0 ? { reason: "Written in German." } : null },
              // The second answer changed by the machine; the first only lost its trailing spaces (not a change).
              prompts: base.prompts.map((p, i) => (i === 1 ? { ...p, optimised: `${p.optimised} Really.`, needsWriter: n % 3 === 0 ? { reason: "x" } : null } : p)),
              checks: variant === "flagged" ? { flagged: true, problems: ["A link."] } : null,
              fallback: variant === "fallback" ? { reason: "timeout" } : null,
            };
            const parts: PartKey[] = settle === "all" ? [...PART_KEYS] : settle === "some" ? ["bio", VERSION_KEYS[n % 3]!] : [];
            const at = new Date().toISOString();
            const stands = settle === "stands" ? [{ part: "photoPlan" as const, reason: "Already strong.", by: "admin", at }, { part: "bio" as const, reason: "Already strong.", by: "admin", at }] : undefined;
            const editorial = parts.length > 0 || stands ? { edited: parts, recommendations: null, editedAt: at, ...(stands && { stands }) } : null;
            const id = newId();
            db.insert(profiles).values({ id, email: `${id}@example.com`, datingApp: app, status: "completed" }).run();
            storeWorking(id, { ...result, editorial });
            cases.push([id, { ...result, editorial }]);
          }
        }
      }
    }
    const fromSql = new Map(db.select({ id: profiles.id, needs: toWriteSql() }).from(profiles).where(inArray(profiles.id, cases.map(([id]) => id))).all().map((r) => [r.id, Boolean(r.needs)]));
    const disagreements = cases.filter(([id, r]) => fromSql.get(id) !== toWrite(r).length > 0).map(([, r]) => ({ plan: r.plan, app: r.app, engines: r.engines.bio.kind, editorial: r.editorial, ts: toWrite(r).map((p) => p.part) }));
    expect(disagreements).toEqual([]);
    // Both answers: some need a writer, some do not.
    const needs = cases.filter(([id]) => fromSql.get(id)).length;
    expect(needs).toBeGreaterThan(20);
    expect(needs).toBeLessThan(cases.length - 20);
  });

  test("only a queued or running e-mail of the working version is 'sending'; a done, failed or older one is not", () => {
    const db = ctx.store.db;
    const plain = { status: "completed", emailSent: false, needsRevision: false, refunded: false, mailQueued: false, needsWriter: false, flagged: false, fellBack: false } as const;
    const [running, done, failed, older] = [store(plain), store(plain), store(plain), store(plain)] as const;
    const working = (id: string) => db.select().from(profiles).where(eq(profiles.id, id)).get()!.workingVersionId!;
    // `older`'s e-mail was queued for the version before its working one.
    const olderVersion = working(older);
    storeWorking(older, { summary: "newer" });
    const key = (id: string) => resultsMailKey(id, id === older ? olderVersion : working(id), 0);
    for (const id of [running, done, failed, older]) {
      enqueueJob(db, RESULTS_MAIL, { payload: { profileId: id, versionId: id === older ? olderVersion : working(id) }, idempotencyKey: key(id) });
    }
    db.update(jobs).set({ status: "running" }).where(eq(jobs.idempotencyKey, key(running))).run();
    db.update(jobs).set({ status: "done" }).where(eq(jobs.idempotencyKey, key(done))).run();
    db.update(jobs).set({ status: "failed" }).where(eq(jobs.idempotencyKey, key(failed))).run();
    const states = stateOf([running, done, failed, older]);
    expect([running, done, failed, older].map((id) => states.get(id))).toEqual(["sending", "awaiting_review", "awaiting_review", "awaiting_review"]);
  });

  test("a result that is not JSON, or no result at all, reads as nothing flagged instead of failing the list", () => {
    const db = ctx.store.db;
    const id = newId();
    db.insert(profiles).values({ id, email: "odd@example.com", datingApp: "tinder", status: "completed" }).run();
    const version = storeWorking(id, null);
    ctx.store.sqlite.run("update result_versions set result = 'not json {' where id = ?", [version]);
    const none = newId();
    db.insert(profiles).values({ id: none, email: "none@example.com", datingApp: "tinder", status: "completed" }).run();
    const states = stateOf([id, none]);
    expect([states.get(id), states.get(none)]).toEqual(["awaiting_review", "awaiting_review"]);
  });
});
