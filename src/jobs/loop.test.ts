import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import { silentLogger } from "../log.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { createJobLoop, exponentialBackoff, type JobHandler } from "./loop.ts";
import { enqueueJob } from "./queue.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

function clock(start = Date.UTC(2025, 4, 15)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function jobRow(key: string) {
  return ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, key)).get()!;
}

describe("job loop", () => {
  test("runs a due job once and marks it done", async () => {
    ctx = testContext();
    const c = clock();
    const seen: unknown[] = [];
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { echo: async (job) => void seen.push(job.payload) } });
    enqueueJob(ctx.store.db, { kind: "echo", payload: { n: 1 }, idempotencyKey: "echo:1", runAt: new Date(c.now()) });

    expect(await loop.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(jobRow("echo:1")).toMatchObject({ status: "done", attempts: 1, leaseUntil: null });
    expect(await loop.runDue()).toBe(0);
  });

  test("a job is not run before its run_at", async () => {
    ctx = testContext();
    const c = clock();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { echo: async () => {} } });
    enqueueJob(ctx.store.db, { kind: "echo", payload: {}, idempotencyKey: "later", runAt: new Date(c.now() + 60_000) });
    expect(await loop.runDue()).toBe(0);
    c.advance(60_000);
    expect(await loop.runDue()).toBe(1);
  });

  test("the same idempotency key queues one job", async () => {
    ctx = testContext();
    expect(enqueueJob(ctx.store.db, { kind: "echo", payload: { a: 1 }, idempotencyKey: "k" })).toBe(true);
    expect(enqueueJob(ctx.store.db, { kind: "echo", payload: { a: 2 }, idempotencyKey: "k" })).toBe(false);
    expect(ctx.store.db.select().from(jobs).all()).toHaveLength(1);
    expect(jobRow("k").payload).toEqual({ a: 1 });
  });

  test("failures back off exponentially, then the job is failed with the last error", async () => {
    ctx = testContext();
    const c = clock();
    let calls = 0;
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      now: c.now,
      handlers: {
        flaky: async (job) => {
          calls++;
          throw new Error(`boom ${job.attempt}`);
        },
      },
    });
    enqueueJob(ctx.store.db, { kind: "flaky", payload: {}, idempotencyKey: "f", runAt: new Date(c.now()), maxAttempts: 3 });

    expect(await loop.runDue()).toBe(1);
    let row = jobRow("f");
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "boom 1" });
    expect(row.runAt.getTime()).toBe(c.now() + exponentialBackoff(1));

    c.advance(exponentialBackoff(1) - 1);
    expect(await loop.runDue()).toBe(0); // not yet
    c.advance(1);
    expect(await loop.runDue()).toBe(1);
    row = jobRow("f");
    expect(row).toMatchObject({ status: "queued", attempts: 2, lastError: "boom 2" });
    expect(row.runAt.getTime()).toBe(c.now() + exponentialBackoff(2));
    expect(exponentialBackoff(2)).toBe(2 * exponentialBackoff(1));

    c.advance(exponentialBackoff(2));
    expect(await loop.runDue()).toBe(1);
    expect(jobRow("f")).toMatchObject({ status: "failed", attempts: 3, lastError: "boom 3" });

    c.advance(24 * 3600_000);
    expect(await loop.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  test("a job that fails once and then succeeds ends done", async () => {
    ctx = testContext();
    const c = clock();
    let calls = 0;
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      now: c.now,
      handlers: {
        once: async () => {
          if (++calls === 1) throw new Error("first time fails");
        },
      },
    });
    enqueueJob(ctx.store.db, { kind: "once", payload: {}, idempotencyKey: "o", runAt: new Date(c.now()) });
    await loop.runDue();
    c.advance(exponentialBackoff(1));
    await loop.runDue();
    expect(jobRow("o")).toMatchObject({ status: "done", attempts: 2, lastError: "first time fails" });
  });

  test("only kinds with a handler are claimed; others stay queued untouched", async () => {
    ctx = testContext();
    const c = clock();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { mine: async () => {} } });
    enqueueJob(ctx.store.db, { kind: "optimise-profile", payload: {}, idempotencyKey: "other", runAt: new Date(c.now()) });
    enqueueJob(ctx.store.db, { kind: "mine", payload: {}, idempotencyKey: "mine", runAt: new Date(c.now()) });
    expect(await loop.runDue()).toBe(1);
    expect(jobRow("other")).toMatchObject({ status: "queued", attempts: 0, leaseUntil: null });
    expect(jobRow("mine").status).toBe("done");
  });

  test("a crash mid-job leaves a lease that another loop takes over once it expires", async () => {
    ctx = testContext();
    const c = clock();
    const leaseMs = 60_000;
    // The "crashed" loop: its handler never returns, as if the process died while running it.
    const crashed = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, leaseMs, handlers: { work: () => new Promise<void>(() => {}) } });
    enqueueJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "w", runAt: new Date(c.now()) });
    void crashed.runOne();
    await Bun.sleep(10);
    expect(jobRow("w")).toMatchObject({ status: "running", attempts: 1 });

    const other = openStore(ctx.config.databasePath);
    let ran = 0;
    const rescuer = createJobLoop({ db: other.db, log: silentLogger, now: c.now, leaseMs, handlers: { work: async () => void ran++ } });
    expect(await rescuer.runDue()).toBe(0); // lease still held
    c.advance(leaseMs + 1);
    expect(await rescuer.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(jobRow("w")).toMatchObject({ status: "done", attempts: 2 });
    other.close();
  });

  test("a job whose last allowed attempt was cut short by a crash is failed, not run again", async () => {
    ctx = testContext();
    const c = clock();
    const leaseMs = 1000;
    const crashed = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, leaseMs, handlers: { work: () => new Promise<void>(() => {}) } });
    enqueueJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "w", runAt: new Date(c.now()), maxAttempts: 1 });
    void crashed.runOne();
    await Bun.sleep(10);
    c.advance(leaseMs + 1);
    let ran = 0;
    const rescuer = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, leaseMs, handlers: { work: async () => void ran++ } });
    expect(await rescuer.runDue()).toBe(0);
    expect(ran).toBe(0);
    expect(jobRow("w")).toMatchObject({ status: "failed", lastError: "the lease expired during the last attempt" });
  });

  test("a loop whose lease was taken over does not overwrite the newer run's outcome", async () => {
    ctx = testContext();
    const c = clock();
    let release!: () => void;
    const slow = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      now: c.now,
      leaseMs: 1000,
      handlers: { work: () => new Promise<void>((_, reject) => (release = () => reject(new Error("late failure")))) },
    });
    enqueueJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "w", runAt: new Date(c.now()) });
    const slowRun = slow.runOne();
    await Bun.sleep(10);
    c.advance(1001);
    const fast = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { work: async () => {} } });
    await fast.runDue();
    release();
    await slowRun;
    expect(jobRow("w")).toMatchObject({ status: "done", attempts: 2, lastError: null });
  });

  test("two loops on the same file never run one job twice", async () => {
    ctx = testContext();
    const second = openStore(ctx.config.databasePath);
    const runs = new Map<number, number>();
    const handler: JobHandler = async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await Bun.sleep(Math.random() * 3);
    };
    for (let i = 0; i < 60; i++) enqueueJob(ctx.store.db, { kind: "work", payload: { i }, idempotencyKey: `w${i}`, runAt: new Date(0) });
    const a = createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: { work: handler } });
    const b = createJobLoop({ db: second.db, log: silentLogger, handlers: { work: handler } });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(60);
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.status, "done")).all()).toHaveLength(60);
    second.close();
  });

  test("two processes on the same file never run one job twice", async () => {
    ctx = testContext();
    for (let i = 0; i < 150; i++) enqueueJob(ctx.store.db, { kind: "work", payload: { i }, idempotencyKey: `p${i}`, runAt: new Date(0) });
    const runsPath = join(ctx.dir, "runs.txt");
    const workers = [0, 1].map(() =>
      Bun.spawn([process.execPath, join(import.meta.dir, "loop-worker.fixture.ts"), ctx.config.databasePath, runsPath], { stdout: "inherit", stderr: "inherit" }),
    );
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
    const runs = readFileSync(runsPath, "utf8").trim().split("\n").map((line) => line.split(" "));
    const jobIds = runs.map(([, id]) => id);
    expect(jobIds).toHaveLength(150);
    expect(new Set(jobIds).size).toBe(150);
    // Both processes did work, so the claims really competed.
    expect(new Set(runs.map(([pid]) => pid)).size).toBe(2);
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.status, "done")).all()).toHaveLength(150);
  }, 30_000);

  test("start polls for due jobs and stop waits for the job in hand", async () => {
    ctx = testContext();
    let finished = false;
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      pollMs: 5,
      handlers: {
        slow: async () => {
          await Bun.sleep(50);
          finished = true;
        },
      },
    });
    loop.start();
    enqueueJob(ctx.store.db, { kind: "slow", payload: {}, idempotencyKey: "s" });
    while (jobRow("s").status === "queued") await Bun.sleep(2);
    await loop.stop();
    expect(finished).toBe(true);
    expect(jobRow("s").status).toBe("done");
  });
});
