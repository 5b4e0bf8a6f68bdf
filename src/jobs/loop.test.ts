import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import { silentLogger } from "../log.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { until } from "../testing/wait.ts";
import { z } from "zod";
import { bindJobKind, defineJobKind, jobTable } from "./kind.ts";
import { createJobLoop, exponentialBackoff, type JobHandler } from "./loop.ts";
import { enqueueJob, insertJob } from "./queue.ts";

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
    insertJob(ctx.store.db, { kind: "echo", payload: { n: 1 }, idempotencyKey: "echo:1", runAt: new Date(c.now()) });

    expect(await loop.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(jobRow("echo:1")).toMatchObject({ status: "done", attempts: 1, leaseUntil: null });
    expect(await loop.runDue()).toBe(0);
  });

  test("a job is not run before its run_at", async () => {
    ctx = testContext();
    const c = clock();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { echo: async () => {} } });
    insertJob(ctx.store.db, { kind: "echo", payload: {}, idempotencyKey: "later", runAt: new Date(c.now() + 60_000) });
    expect(await loop.runDue()).toBe(0);
    c.advance(60_000);
    expect(await loop.runDue()).toBe(1);
  });

  test("the same idempotency key queues one job", async () => {
    ctx = testContext();
    expect(insertJob(ctx.store.db, { kind: "echo", payload: { a: 1 }, idempotencyKey: "k" })).toBe(true);
    expect(insertJob(ctx.store.db, { kind: "echo", payload: { a: 2 }, idempotencyKey: "k" })).toBe(false);
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
    insertJob(ctx.store.db, { kind: "flaky", payload: {}, idempotencyKey: "f", runAt: new Date(c.now()), maxAttempts: 3 });

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
    insertJob(ctx.store.db, { kind: "once", payload: {}, idempotencyKey: "o", runAt: new Date(c.now()) });
    await loop.runDue();
    c.advance(exponentialBackoff(1));
    await loop.runDue();
    expect(jobRow("o")).toMatchObject({ status: "done", attempts: 2, lastError: "first time fails" });
  });

  test("only kinds with a handler are claimed; others stay queued untouched", async () => {
    ctx = testContext();
    const c = clock();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { mine: async () => {} } });
    insertJob(ctx.store.db, { kind: "optimise-profile", payload: {}, idempotencyKey: "other", runAt: new Date(c.now()) });
    insertJob(ctx.store.db, { kind: "mine", payload: {}, idempotencyKey: "mine", runAt: new Date(c.now()) });
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
    insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "w", runAt: new Date(c.now()) });
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
    insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "w", runAt: new Date(c.now()), maxAttempts: 1 });
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
    insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "w", runAt: new Date(c.now()) });
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
    for (let i = 0; i < 60; i++) insertJob(ctx.store.db, { kind: "work", payload: { i }, idempotencyKey: `w${i}`, runAt: new Date(0) });
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
    for (let i = 0; i < 150; i++) insertJob(ctx.store.db, { kind: "work", payload: { i }, idempotencyKey: `p${i}`, runAt: new Date(0) });
    const runsPath = join(ctx.dir, "runs.txt");
    const workers = [0, 1].map(() =>
      Bun.spawn([process.execPath, join(import.meta.dir, "../testing/job-loop-worker.ts"), ctx.config.databasePath, runsPath], { stdout: "inherit", stderr: "inherit" }),
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
    insertJob(ctx.store.db, { kind: "slow", payload: {}, idempotencyKey: "s" });
    while (jobRow("s").status === "queued") await Bun.sleep(2);
    await loop.stop();
    expect(finished).toBe(true);
    expect(jobRow("s").status).toBe("done");
  });

  test("a job queued by this process is started at once, not at the next poll; a stopped loop is not woken", async () => {
    ctx = testContext();
    const ran: string[] = [];
    // A poll an hour away: only the wake can start the job within the wait below.
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, pollMs: 3_600_000, handlers: { echo: async (job) => void ran.push(job.idempotencyKey) } });
    loop.start();
    // Queued inside a transaction, as the app queues work: the wake comes once it has committed.
    ctx.store.db.transaction((tx) => {
      insertJob(tx, { kind: "echo", payload: {}, idempotencyKey: "now" });
    });
    await until(() => jobRow("now").status === "done", "the job queued after start to be done", { ms: 4_000, everyMs: 5 });
    // A rolled-back queueing wakes the loop, which finds nothing to do.
    expect(() =>
      ctx.store.db.transaction((tx) => {
        insertJob(tx, { kind: "echo", payload: {}, idempotencyKey: "rolled back" });
        throw new Error("changed my mind");
      }),
    ).toThrow("changed my mind");
    await loop.stop();
    insertJob(ctx.store.db, { kind: "echo", payload: {}, idempotencyKey: "after stop" });
    await Bun.sleep(20);
    expect(ran).toEqual(["now"]);
    expect(jobRow("after stop").status).toBe("queued");
  });

  test("an idle poll takes no write lock: with another connection writing, a loop with nothing due answers at once", async () => {
    ctx = testContext();
    const c = clock();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { echo: async () => {} } });
    insertJob(ctx.store.db, { kind: "echo", payload: {}, idempotencyKey: "later", runAt: new Date(c.now() + 60_000) });
    const writer = openStore(ctx.config.databasePath);
    try {
      writer.sqlite.run("BEGIN IMMEDIATE");
      // Through the write lock, this would wait out the 5 s busy timeout and throw "database is locked".
      expect(await loop.runDue()).toBe(0);
      writer.sqlite.run("COMMIT");
      c.advance(60_000);
      expect(await loop.runDue()).toBe(1);
    } finally {
      if (writer.sqlite.inTransaction) writer.sqlite.run("ROLLBACK");
      writer.close();
    }
  });

  test("lanes: a slow job in one lane and a mail job in another both finish in the time of the slower", async () => {
    ctx = testContext();
    const finishedAt: Record<string, number> = {};
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      pollMs: 5,
      lanes: { optimise: 1, mail: 1 },
      handlers: {
        slow: { lane: "optimise", run: async () => void (await Bun.sleep(400), (finishedAt.slow = performance.now())) },
        mail: { lane: "mail", run: async () => void (await Bun.sleep(50), (finishedAt.mail = performance.now())) },
      },
    });
    // The slow job is first in the queue: with one shared worker the mail would wait the whole 400 ms.
    insertJob(ctx.store.db, { kind: "slow", payload: {}, idempotencyKey: "slow", runAt: new Date(0) });
    insertJob(ctx.store.db, { kind: "mail", payload: {}, idempotencyKey: "mail", runAt: new Date(1) });
    const started = performance.now();
    loop.start();
    while (jobRow("slow").status !== "done" || jobRow("mail").status !== "done") await Bun.sleep(5);
    await loop.stop();
    expect(finishedAt.mail! - started).toBeLessThan(300);
    expect(finishedAt.slow! - started).toBeGreaterThanOrEqual(400);
    // Both in about the time of the slower one, not the sum.
    expect(Math.max(finishedAt.mail!, finishedAt.slow!) - started).toBeLessThan(400 + 250);
  });

  test("a lane runs as many jobs at once as its concurrency allows", async () => {
    ctx = testContext();
    let inFlight = 0;
    let peak = 0;
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      pollMs: 5,
      lanes: { optimise: 2 },
      handlers: {
        work: {
          lane: "optimise",
          run: async () => {
            peak = Math.max(peak, ++inFlight);
            await Bun.sleep(60);
            inFlight--;
          },
        },
      },
    });
    for (let i = 0; i < 6; i++) insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: `c${i}`, runAt: new Date(0) });
    loop.start();
    while (ctx.store.db.select().from(jobs).where(eq(jobs.status, "done")).all().length < 6) await Bun.sleep(5);
    await loop.stop();
    expect(peak).toBe(2);
  });

  test("a long job renews its lease while it runs, so a second runner does not take it over", async () => {
    ctx = testContext();
    // Both runners read one clock the test moves: a lease expires only when the test says so, however long a busy
    // machine keeps this process from running, and only the renewal (a timer every leaseMs / 3) can move it on.
    const leaseMs = 90;
    const { now, advance } = clock();
    let release!: () => void;
    let runs = 0;
    const first = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      leaseMs,
      now,
      handlers: { work: () => (runs++, new Promise<void>((resolve) => (release = resolve))) },
    });
    insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "long", runAt: new Date(0) });
    const firstRun = first.runOne();
    await until(() => runs === 1, "the first runner to start the job");
    const other = openStore(ctx.config.databasePath);
    const second = createJobLoop({ db: other.db, log: silentLogger, leaseMs, now, handlers: { work: async () => void runs++ } });
    // Four lease lengths later the job is still the first runner's: at each half lease, once its lease has been renewed.
    for (let i = 0; i < 8; i++) {
      const at = advance(leaseMs / 2);
      await until(() => jobRow("long").leaseUntil?.getTime() === at + leaseMs, `the lease renewed at ${at}`, { everyMs: 5 });
      expect(await second.runOne()).toBe(false);
    }
    release();
    await firstRun;
    expect(runs).toBe(1);
    expect(jobRow("long")).toMatchObject({ status: "done", attempts: 1 });
    other.close();
  });

  test("a job whose runner died is run again after its lease", async () => {
    ctx = testContext();
    const leaseMs = 100;
    insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "orphan", runAt: new Date(0) });
    // The dead runner: a process on another host that claimed the job and stopped renewing its lease.
    ctx.store.db
      .update(jobs)
      .set({ status: "running", attempts: 1, leaseOwner: "elsewhere:1", leaseUntil: new Date(Date.now() + leaseMs) })
      .where(eq(jobs.idempotencyKey, "orphan"))
      .run();
    let ran = 0;
    const rescuer = createJobLoop({ db: ctx.store.db, log: silentLogger, leaseMs, pollMs: 10, handlers: { work: async () => void ran++ } });
    expect(await rescuer.runOne()).toBe(false);
    const started = performance.now();
    rescuer.start();
    while (jobRow("orphan").status !== "done") await Bun.sleep(5);
    await rescuer.stop();
    expect(ran).toBe(1);
    expect(performance.now() - started).toBeGreaterThan(leaseMs / 2);
    expect(jobRow("orphan").attempts).toBe(2);
  });

  test("a restarted process takes back its own dead runner's jobs at once, not after the lease", async () => {
    ctx = testContext();
    const host = "this-host";
    // A child process that exits at once leaves a pid that is certainly dead.
    const child = Bun.spawn(["true"]);
    await child.exited;
    const crashed = createJobLoop({ db: ctx.store.db, log: silentLogger, owner: `${host}:${child.pid}`, handlers: { work: () => new Promise<void>(() => {}) } });
    insertJob(ctx.store.db, { kind: "work", payload: {}, idempotencyKey: "mine-dead", runAt: new Date(0) });
    // A job of a runner on this host that is still alive (this test process) stays with it.
    const alive = createJobLoop({ db: ctx.store.db, log: silentLogger, owner: `${host}:${process.pid}`, handlers: { other: () => new Promise<void>(() => {}) } });
    insertJob(ctx.store.db, { kind: "other", payload: {}, idempotencyKey: "alive", runAt: new Date(0) });
    void crashed.runOne();
    void alive.runOne();
    await Bun.sleep(10);
    expect(jobRow("mine-dead")).toMatchObject({ status: "running", leaseOwner: `${host}:${child.pid}` });

    let ran = 0;
    const restarted = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      pollMs: 5,
      owner: `${host}:${process.pid + 1_000_000}`,
      handlers: { work: async () => void ran++ },
    });
    const started = performance.now();
    restarted.start();
    while (jobRow("mine-dead").status !== "done") await Bun.sleep(5);
    await restarted.stop();
    // The default lease is 30 s: taking it back at start is what made this fast.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(ran).toBe(1);
    expect(jobRow("alive")).toMatchObject({ status: "running", leaseOwner: `${host}:${process.pid}` });
  });

  test("a payload that does not match its kind's schema fails the job at once, without running it", async () => {
    ctx = testContext();
    let ran = 0;
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      handlers: { typed: { lane: "mail", payload: z.object({ id: z.number() }), run: async () => void ran++ } },
    });
    insertJob(ctx.store.db, { kind: "typed", payload: { id: "not a number" }, idempotencyKey: "bad", runAt: new Date(0) });
    insertJob(ctx.store.db, { kind: "typed", payload: { id: 7 }, idempotencyKey: "good", runAt: new Date(0) });
    expect(await loop.runDue()).toBe(2);
    expect(ran).toBe(1);
    expect(jobRow("bad")).toMatchObject({ status: "failed", attempts: 1 });
    expect(jobRow("bad").lastError).toMatch(/invalid payload/);
    expect(jobRow("good").status).toBe("done");
  });

  test("enqueueJob checks the payload against its kind's schema before storing it, with the schema's defaults", () => {
    ctx = testContext();
    const kind = defineJobKind({ kind: "mail:test", lane: "mail", payload: z.object({ messageId: z.number().int().positive(), tone: z.string().default("plain") }) });
    expect(() => enqueueJob(ctx.store.db, kind, { payload: { messageId: "7" as unknown as number }, idempotencyKey: "x" })).toThrow();
    expect(ctx.store.db.select().from(jobs).all()).toHaveLength(0);
    expect(enqueueJob(ctx.store.db, kind, { payload: { messageId: 7 }, idempotencyKey: "x" })).toBe(true);
    expect(jobRow("x")).toMatchObject({ kind: "mail:test", payload: { messageId: 7, tone: "plain" } });
  });

  test("the wiring's list binds each kind to its lane, schema and handler, and refuses a kind bound twice", async () => {
    ctx = testContext();
    const kind = defineJobKind({ kind: "typed", lane: "mail", payload: z.object({ id: z.number() }) });
    const seen: number[] = [];
    const handlers = jobTable([bindJobKind(kind, async (job) => void seen.push(job.payload.id))]);
    expect(handlers).toMatchObject({ typed: { lane: "mail", payload: kind.payload } });
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, handlers });
    enqueueJob(ctx.store.db, kind, { payload: { id: 7 }, idempotencyKey: "good", runAt: new Date(0) });
    insertJob(ctx.store.db, { kind: "typed", payload: { id: "not a number" }, idempotencyKey: "bad", runAt: new Date(0) });
    expect(await loop.runDue()).toBe(2);
    expect(seen).toEqual([7]);
    expect(jobRow("bad").status).toBe("failed");
    expect(() => jobTable([bindJobKind(kind, async () => {}), bindJobKind(kind, async () => {})])).toThrow(/typed is bound twice/);
  });

  test("a completion step is written with 'done', and not at all when the run lost its job or the step fails", async () => {
    ctx = testContext();
    const c = clock();
    const marks: string[] = [];
    const mark = (name: string) => (tx: Parameters<Parameters<typeof ctx.store.db.transaction>[0]>[0]) => {
      tx.insert(jobs).values({ kind: "mark", payload: {}, idempotencyKey: name }).run();
      marks.push(name);
    };
    let release!: () => void;
    const loop = createJobLoop({
      db: ctx.store.db,
      log: silentLogger,
      now: c.now,
      leaseMs: 1000,
      handlers: {
        ok: async () => mark("ok-done"),
        late: () => new Promise((resolve) => (release = () => resolve(mark("late-done")))),
        broken: async () => () => {
          throw new Error("the completion failed");
        },
      },
    });
    insertJob(ctx.store.db, { kind: "ok", payload: {}, idempotencyKey: "ok", runAt: new Date(c.now()) });
    expect(await loop.runOne()).toBe(true);
    expect(jobRow("ok").status).toBe("done");
    expect(jobRow("ok-done")).toBeDefined();

    // A run whose lease was taken over writes neither its outcome nor its completion.
    insertJob(ctx.store.db, { kind: "late", payload: {}, idempotencyKey: "late", runAt: new Date(c.now()) });
    const lateRun = loop.runOne();
    await Bun.sleep(10);
    c.advance(1001);
    const other = createJobLoop({ db: ctx.store.db, log: silentLogger, now: c.now, handlers: { late: async () => {} } });
    expect(await other.runOne()).toBe(true);
    release();
    await lateRun;
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, "late-done")).get()).toBeUndefined();

    // A completion that throws rolls back: the job is not done, and is run again after its lease.
    insertJob(ctx.store.db, { kind: "broken", payload: {}, idempotencyKey: "broken", runAt: new Date(c.now()) });
    expect(await loop.runOne()).toBe(true);
    expect(jobRow("broken").status).toBe("running");
  });
});
