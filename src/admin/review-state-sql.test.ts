import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { jobs, orders, profiles, resultVersions } from "../db/schema.ts";
import { RESULTS_MAIL, resultsMailKey } from "../delivery/results.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { PROFILE_STATUSES } from "../shared/profiles/statuses.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { reviewState, resultSignals, type ReviewFacts } from "../shared/admin/review-state.ts";
import { reviewStateSql } from "./review-state-sql.ts";

let ctx: TestContext;
beforeAll(() => {
  ctx = testContext();
});
afterAll(() => ctx.cleanup());

const FLAGS = ["emailSent", "needsRevision", "refunded", "mailQueued", "needsWriter", "flagged"] as const;
/** A working version holding `result` as stored (any shape: the SQL must read what is there), the profile pointing at it. */
function storeWorking(profileId: string, result: unknown): number {
  const db = ctx.store.db;
  const { id } = db.insert(resultVersions).values({ profileId, kind: "machine", result, changed: [] }).returning({ id: resultVersions.id }).get();
  db.update(profiles).set({ workingVersionId: id }).where(eq(profiles.id, profileId)).run();
  return id;
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
  const version = storeWorking(id, { summary: "x", needsWriter: facts.needsWriter ? { reason: "The bio needs a writer." } : null, checks: { flagged: facts.flagged, problems: [] } });
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
    for (const status of PROFILE_STATUSES) {
      for (let bits = 0; bits < 1 << FLAGS.length; bits++) {
        const facts = { status } as ReviewFacts;
        FLAGS.forEach((f, i) => (facts[f] = (bits & (1 << i)) !== 0));
        cases.push([store(facts), facts]);
      }
    }
    const fromSql = stateOf(cases.map(([id]) => id));
    const disagreements = cases.filter(([id, facts]) => fromSql.get(id) !== reviewState(facts)).map(([id, facts]) => ({ facts, sql: fromSql.get(id), ts: reviewState(facts) }));
    expect(disagreements).toEqual([]);
    expect(cases).toHaveLength(PROFILE_STATUSES.length * 64);
  });

  test("a stored row read back through resultSignals gives the facts the SQL used", () => {
    const id = store({ status: "completed", emailSent: false, needsRevision: false, refunded: false, mailQueued: false, needsWriter: true, flagged: true });
    const row = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
    const stored = ctx.store.db.select().from(resultVersions).where(eq(resultVersions.id, row.workingVersionId!)).get()!;
    expect(resultSignals(stored.result)).toEqual({ needsWriter: true, flagged: true });
    expect(stateOf([id]).get(id)).toBe("needs_attention");
  });

  test("only a queued or running e-mail of the working version is 'sending'; a done, failed or older one is not", () => {
    const db = ctx.store.db;
    const plain = { status: "completed", emailSent: false, needsRevision: false, refunded: false, mailQueued: false, needsWriter: false, flagged: false } as const;
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
