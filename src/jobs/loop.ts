import { and, asc, eq, inArray, like, or, sql, type Placeholder } from "drizzle-orm";
import { hostname } from "node:os";
import type { ZodType } from "zod";
import { writeTransaction, type DB } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import { errorMessage } from "../shared/error-message.ts";
import type { Logger } from "../log.ts";
import { onJobQueued } from "./queued.ts";

/** What a handler learns about the job it runs. */
export interface RunningJob<P = unknown> {
  id: number;
  kind: string;
  /** Already checked against the kind's payload schema when it has one. */
  payload: P;
  /** 1 on the first run; counts runs started, including one cut short by a crash. */
  attempt: number;
  maxAttempts: number;
  idempotencyKey: string;
}

/**
 * Does the work of one job kind. It may run more than once for one job (a crash after the work but before
 * "done" is written), so it must be safe to repeat: mail carries a Message-ID derived from the job's key.
 * Throwing schedules a retry. It may answer a completion step, which runs inside the transaction that marks the job
 * done (and only if this run still owns the job), so what the work changed and "done" are written together.
 */
export type JobHandler<P = unknown> = (job: RunningJob<P>) => Promise<void | Completion>;
export type Completion = (tx: Parameters<Parameters<DB["transaction"]>[0]>[0]) => void;

/** A kind's handler with its lane (which workers run it) and the schema its payload must match. */
export interface JobKindHandler {
  lane: string;
  payload?: ZodType;
  run: JobHandler<never>;
  /** Called once when the job is failed for good (its last attempt failed, or was cut short by a crash). */
  giveUp?: (job: RunningJob<never>, error: unknown) => void;
}

/** kind → handler. A bare function runs in the "default" lane. The product's kinds are bound in src/background.ts. */
export type JobHandlers = Readonly<Record<string, JobHandler | JobKindHandler>>;

export interface JobLoopOptions {
  db: DB;
  handlers: JobHandlers;
  log: Logger;
  /** Workers per lane; a lane not named here gets one. */
  lanes?: Readonly<Record<string, number>>;
  /** Injectable for tests; milliseconds since the epoch. */
  now?: () => number;
  /** How long a claim protects a job; renewed every `leaseMs / 3` while the job runs. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Delay before retry number `attempt` (1-based count of runs that failed). */
  backoffMs?: (attempt: number) => number;
  /** `<host>:<pid>` written on every claim; injectable so a test can play a process that died. */
  owner?: string;
}

/**
 * Short, because the lease is renewed while a job runs: a process killed mid-job loses its jobs after 30 s at most,
 * and a restarted process takes back its own dead runner's jobs at once (see `reclaimOwnJobs`).
 */
export const DEFAULT_LEASE_MS = 30 * 1000;
const DEFAULT_POLL_MS = 1000;
const DEFAULT_LANE = "default";

/** 5 s, 10 s, 20 s … capped at one hour: a mail server down for an afternoon loses nothing. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 60 * 60 * 1000);
}

export interface JobLoop {
  /** Claims and runs due jobs (any lane) one after another until none is due; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Claims and runs at most one due job (any lane); resolves with whether one ran. */
  runOne(): Promise<boolean>;
  /** Takes back this host's jobs left running by a dead process, then starts every lane's workers. */
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish (their results are written before this resolves). */
  stop(): Promise<void>;
  /** Whether the workers are polling: true from `start()` until `stop()` (the readiness check reads it). */
  readonly running: boolean;
}

export function createJobLoop(options: JobLoopOptions): JobLoop {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const backoffMs = options.backoffMs ?? exponentialBackoff;
  const owner = options.owner ?? `${hostname()}:${process.pid}`;

  const kinds = new Map<string, JobKindHandler>();
  for (const [kind, handler] of Object.entries(options.handlers)) {
    kinds.set(kind, typeof handler === "function" ? { lane: DEFAULT_LANE, run: handler } : handler);
  }
  const allKinds = [...kinds.keys()];
  const lanes = new Map<string, string[]>();
  for (const [kind, { lane }] of kinds) lanes.set(lane, [...(lanes.get(lane) ?? []), kind]);

  let running = false;
  let workers: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  let unsubscribe = () => {};
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };

  /** A job waiting for its time, or running on a lease that has run out, at `at` (milliseconds since the epoch). */
  const dueAt = (at: number | Placeholder) => or(and(eq(jobs.status, "queued"), sql`${jobs.runAt} <= ${at}`), and(eq(jobs.status, "running"), sql`${jobs.leaseUntil} < ${at}`));

  /**
   * Whether a job of these kinds is due, read without a lock: an idle worker asks this every poll, and only a yes
   * takes the write lock (the claim reads again under it). One statement per set of kinds, kept prepared; the
   * claim's conditions with the time as a parameter.
   */
  const dueChecks = new Map<string, { get(values: { at: number }): unknown }>();
  function anyDue(ofKinds: string[]): boolean {
    const key = ofKinds.join("\n");
    let check = dueChecks.get(key);
    if (!check) {
      check = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.kind, ofKinds), dueAt(sql.placeholder("at"))))
        .limit(1)
        .prepare();
      dueChecks.set(key, check);
    }
    return check.get({ at: now() }) !== undefined;
  }

  /**
   * One IMMEDIATE transaction takes the write lock before reading, so two loops (threads or processes) on the same
   * file can never both see a job as free and both claim it.
   */
  function claim(ofKinds: string[]): RunningJob | null {
    if (ofKinds.length === 0 || !anyDue(ofKinds)) return null;
    const abandoned: RunningJob[] = [];
    const claimed = writeTransaction(db, (tx) => {
      const at = new Date(now());
      const due = dueAt(at.getTime());
      for (;;) {
        const row = tx
          .select()
          .from(jobs)
          .where(and(inArray(jobs.kind, ofKinds), due))
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(1)
          .get();
        if (!row) return null;
        if (row.status === "running" && row.attempts >= row.maxAttempts) {
          // Its last allowed run was cut short (the process died mid-job): give up rather than loop on a job that kills us.
          tx.update(jobs)
            .set({ status: "failed", leaseUntil: null, leaseOwner: null, lastError: "the lease expired during the last attempt", updatedAt: at })
            .where(eq(jobs.id, row.id))
            .run();
          log.error(`job ${row.id} (${row.kind}) failed: its lease expired during the last attempt`);
          abandoned.push(runningJob(row, row.attempts));
          continue;
        }
        tx.update(jobs)
          .set({ status: "running", attempts: row.attempts + 1, leaseUntil: new Date(at.getTime() + leaseMs), leaseOwner: owner, updatedAt: at })
          .where(eq(jobs.id, row.id))
          .run();
        return runningJob(row, row.attempts + 1);
      }
    });
    for (const job of abandoned) giveUp(job, new Error("the lease expired during the last attempt"));
    return claimed;
  }

  function runningJob(row: typeof jobs.$inferSelect, attempt: number): RunningJob {
    return { id: row.id, kind: row.kind, payload: row.payload, attempt, maxAttempts: row.maxAttempts, idempotencyKey: row.idempotencyKey };
  }

  /** The kind's last word on a job failed for good; its payload is parsed again, and a hook that throws is logged. */
  function giveUp(job: RunningJob, error: unknown): void {
    const handler = kinds.get(job.kind);
    if (!handler?.giveUp) return;
    const parsed = handler.payload ? handler.payload.safeParse(job.payload) : { success: true as const, data: job.payload };
    if (!parsed.success) return;
    try {
      (handler.giveUp as (job: RunningJob, error: unknown) => void)({ ...job, payload: parsed.data }, error);
    } catch (err) {
      log.error(`job ${job.id} (${job.kind}): its give-up step failed`, err);
    }
  }

  const mine = (job: RunningJob) => and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempt));

  /** Pushes the lease out while the job still belongs to this run; a slow job is never taken over by a second runner. */
  function renew(job: RunningJob): void {
    try {
      writeTransaction(db, (tx) => {
        tx.update(jobs).set({ leaseUntil: new Date(now() + leaseMs) }).where(mine(job)).run();
      });
    } catch (err) {
      log.error(`job ${job.id} (${job.kind}): could not renew its lease`, err);
    }
  }

  /**
   * Writes the outcome only if this run still owns the job (same attempt, still running): a run whose lease
   * expired and whose job was taken over must not overwrite the newer run's state. `final` fails the job at once.
   */
  function finish(job: RunningJob, error: unknown, final = false, completion?: Completion): void {
    writeTransaction(db, (tx) => {
      const at = new Date(now());
      if (error === undefined) {
        const owned = tx.update(jobs).set({ status: "done", leaseUntil: null, leaseOwner: null, updatedAt: at }).where(mine(job)).returning({ id: jobs.id }).all();
        if (owned.length === 1) completion?.(tx);
        return;
      }
      tx.update(jobs)
        .set({
          status: final ? "failed" : sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
          runAt: new Date(at.getTime() + backoffMs(job.attempt)),
          leaseUntil: null,
          leaseOwner: null,
          lastError: errorMessage(error, "job failed").slice(0, 2000),
          updatedAt: at,
        })
        .where(mine(job))
        .run();
    });
  }

  async function run(job: RunningJob): Promise<void> {
    const handler = kinds.get(job.kind)!;
    const parsed = handler.payload ? handler.payload.safeParse(job.payload) : { success: true as const, data: job.payload };
    if (!parsed.success) {
      // A payload that does not match its kind will not match on a retry either.
      log.error(`job ${job.id} (${job.kind}) has an invalid payload: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      finish(job, new Error(`invalid payload: ${parsed.error.issues[0]?.message ?? "invalid"}`), true);
      return;
    }
    const renewal = setInterval(() => renew(job), Math.max(10, Math.floor(leaseMs / 3)));
    let error: unknown;
    let completion: void | Completion = undefined;
    try {
      completion = await (handler.run as JobHandler)({ ...job, payload: parsed.data });
    } catch (err) {
      error = err ?? new Error("job failed");
      log.error(`job ${job.id} (${job.kind}) attempt ${job.attempt} of ${job.maxAttempts} failed`, err);
    } finally {
      clearInterval(renewal);
    }
    try {
      finish(job, error, false, completion || undefined);
    } catch (err) {
      // The completion step failed: its transaction rolled back, so the job is still running and is retried after its lease.
      log.error(`job ${job.id} (${job.kind}): recording its outcome failed`, err);
      return;
    }
    if (error !== undefined && job.attempt >= job.maxAttempts) giveUp({ ...job, payload: parsed.data }, error);
  }

  async function runOne(): Promise<boolean> {
    const job = claim(allKinds);
    if (!job) return false;
    await run(job);
    return true;
  }

  async function runDue(): Promise<number> {
    let n = 0;
    while (await runOne()) n++;
    return n;
  }

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      sleepers.add(wake);
    });
  }

  /** One worker of a lane: claims a job of the lane's kinds, runs it, and polls again when there is none. */
  async function worker(laneKinds: string[]): Promise<void> {
    while (running) {
      let job: RunningJob | null = null;
      try {
        job = claim(laneKinds);
        if (job) await run(job);
      } catch (err) {
        log.error("job loop", err);
      }
      if (!job && running) await idle();
    }
  }

  /**
   * Jobs this host's runners held when their process died (same host, a pid no longer alive, or this very pid left
   * over from before a restart, since nothing runs yet) go back to the queue now instead of after their lease.
   */
  function reclaimOwnJobs(): void {
    const host = owner.slice(0, owner.lastIndexOf(":"));
    writeTransaction(db, (tx) => {
      const stale = tx
        .select({ id: jobs.id, leaseOwner: jobs.leaseOwner })
        .from(jobs)
        .where(and(eq(jobs.status, "running"), like(jobs.leaseOwner, `${host}:%`)))
        .all()
        .filter((row) => {
          const pid = Number(row.leaseOwner!.slice(host.length + 1));
          return row.leaseOwner === owner || !processAlive(pid);
        });
      if (stale.length === 0) return;
      tx.update(jobs)
        .set({ status: "queued", leaseUntil: null, leaseOwner: null, runAt: new Date(now()), updatedAt: new Date(now()) })
        .where(inArray(jobs.id, stale.map((row) => row.id)))
        .run();
      log.info(`job loop: took back ${stale.length} job(s) left running by a process that died`);
    });
  }

  return {
    runDue,
    runOne,
    start() {
      if (running) return;
      running = true;
      reclaimOwnJobs();
      // A job queued by this process is looked for at once, not at the next poll.
      unsubscribe = onJobQueued(wakeAll);
      workers = [];
      for (const [lane, laneKinds] of lanes) {
        const count = Math.max(1, options.lanes?.[lane] ?? 1);
        for (let i = 0; i < count; i++) workers.push(worker(laneKinds));
      }
    },
    async stop() {
      running = false;
      unsubscribe();
      wakeAll();
      await Promise.all(workers);
    },
    get running() {
      return running;
    },
  };
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
