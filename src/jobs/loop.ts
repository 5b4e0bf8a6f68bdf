import { and, asc, eq, inArray, lte, or, lt, sql } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import type { Logger } from "../log.ts";

/** What a handler learns about the job it runs. */
export interface RunningJob {
  id: number;
  kind: string;
  payload: unknown;
  /** 1 on the first run; counts runs started, including one cut short by a crash. */
  attempt: number;
  idempotencyKey: string;
}

/**
 * Does the work of one job kind. It may run more than once for one job (a crash after the work but before
 * "done" is written), so it must be safe to repeat: mail carries a Message-ID derived from the job's key.
 * Throwing schedules a retry.
 */
export type JobHandler = (job: RunningJob) => Promise<void>;

/** kind → handler. Adding a job kind is one entry here (see ./handlers.ts). */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobLoopOptions {
  db: DB;
  handlers: JobHandlers;
  log: Logger;
  /** Injectable for tests; milliseconds since the epoch. */
  now?: () => number;
  /** How long a claim protects a job; a loop that dies mid-job loses its claim after this. */
  leaseMs?: number;
  /** How often an idle loop looks for due jobs. */
  pollMs?: number;
  /** Delay before retry number `attempt` (1-based count of runs that failed). */
  backoffMs?: (attempt: number) => number;
}

export const DEFAULT_LEASE_MS = 5 * 60 * 1000;
const DEFAULT_POLL_MS = 1000;

/** 5 s, 10 s, 20 s … capped at one hour: a mail server down for an afternoon loses nothing. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 60 * 60 * 1000);
}

export interface JobLoop {
  /** Claims and runs due jobs one after another until none is due; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Claims and runs at most one due job; resolves with whether one ran. */
  runOne(): Promise<boolean>;
  start(): void;
  /** Stops polling and waits for the job in hand to finish (its result is written before this resolves). */
  stop(): Promise<void>;
}

export function createJobLoop(options: JobLoopOptions): JobLoop {
  const { db, handlers, log } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const backoffMs = options.backoffMs ?? exponentialBackoff;
  const kinds = Object.keys(handlers);

  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let current: Promise<unknown> = Promise.resolve();

  /**
   * One IMMEDIATE transaction takes the write lock before reading, so two loops (threads or processes) on the same
   * file can never both see a job as free and both claim it.
   */
  function claim(): RunningJob | null {
    if (kinds.length === 0) return null;
    return writeTransaction(db, (tx) => {
      const at = new Date(now());
      const due = or(and(eq(jobs.status, "queued"), lte(jobs.runAt, at)), and(eq(jobs.status, "running"), lt(jobs.leaseUntil, at)));
      for (;;) {
        const row = tx
          .select()
          .from(jobs)
          .where(and(inArray(jobs.kind, kinds), due))
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(1)
          .get();
        if (!row) return null;
        if (row.status === "running" && row.attempts >= row.maxAttempts) {
          // Its last allowed run was cut short (the process died mid-job): give up rather than loop on a job that kills us.
          tx.update(jobs)
            .set({ status: "failed", leaseUntil: null, lastError: "the lease expired during the last attempt", updatedAt: at })
            .where(eq(jobs.id, row.id))
            .run();
          log.error(`job ${row.id} (${row.kind}) failed: its lease expired during the last attempt`);
          continue;
        }
        tx.update(jobs)
          .set({ status: "running", attempts: row.attempts + 1, leaseUntil: new Date(at.getTime() + leaseMs), updatedAt: at })
          .where(eq(jobs.id, row.id))
          .run();
        return { id: row.id, kind: row.kind, payload: row.payload, attempt: row.attempts + 1, idempotencyKey: row.idempotencyKey };
      }
    });
  }

  /**
   * Writes the outcome only if this loop still owns the job (same attempt, still running): a loop whose lease
   * expired and whose job was taken over must not overwrite the newer run's state.
   */
  function finish(job: RunningJob, error: unknown): void {
    writeTransaction(db, (tx) => {
      const at = new Date(now());
      const mine = and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempt));
      if (error === undefined) {
        tx.update(jobs).set({ status: "done", leaseUntil: null, updatedAt: at }).where(mine).run();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      tx.update(jobs)
        .set({
          status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
          runAt: new Date(at.getTime() + backoffMs(job.attempt)),
          leaseUntil: null,
          lastError: message.slice(0, 2000),
          updatedAt: at,
        })
        .where(mine)
        .run();
    });
  }

  async function runOne(): Promise<boolean> {
    const job = claim();
    if (!job) return false;
    const handler = handlers[job.kind]!;
    let error: unknown;
    try {
      await handler(job);
    } catch (err) {
      error = err ?? new Error("job failed");
      log.error(`job ${job.id} (${job.kind}) attempt ${job.attempt} failed`, err);
    }
    finish(job, error);
    return true;
  }

  async function runDue(): Promise<number> {
    let n = 0;
    while (await runOne()) n++;
    return n;
  }

  /** Like runDue, but stops between jobs once stop() was called. */
  async function drain(): Promise<void> {
    while (running && (await runOne()));
  }

  function schedule(): void {
    timer = setTimeout(() => {
      current = drain()
        .catch((err) => log.error("job loop", err))
        .finally(() => {
          if (running) schedule();
        });
    }, pollMs);
  }

  return {
    runDue,
    runOne,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
