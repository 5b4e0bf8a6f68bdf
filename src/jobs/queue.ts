import { and, eq } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import type { JobKind, PayloadIn } from "./kind.ts";
import { jobQueued } from "./queued.ts";

type Writer = Pick<DB, "insert">;

/** A job of kind `K` to queue. */
export interface NewJob<K extends JobKind = JobKind> {
  payload: PayloadIn<K>;
  /** One job per logical piece of work: a second enqueue with the same key changes nothing. */
  idempotencyKey: string;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Queues a job; call it inside the transaction that makes the work necessary (an order paid, a message stored),
 * so the job exists exactly when that change does. The payload is checked against its kind's schema first (a bad
 * one throws, rolling the transaction back). Returns false when a job with this key already exists.
 */
export function enqueueJob<K extends JobKind>(db: Writer, kind: K, job: NewJob<K>): boolean {
  return insertJob(db, { ...job, kind: kind.kind, payload: kind.payload.parse(job.payload) });
}

/** Queues a job of any kind without a schema check: for the job loop's own tests, which use made-up kinds. */
export function insertJob(db: Writer, job: { kind: string; payload: unknown; idempotencyKey: string; runAt?: Date; maxAttempts?: number }): boolean {
  const result = db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      idempotencyKey: job.idempotencyKey,
      runAt: job.runAt ?? new Date(),
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing({ target: jobs.idempotencyKey })
    .returning({ id: jobs.id })
    .all();
  if (result.length > 0) jobQueued();
  return result.length > 0;
}

/**
 * Moves a job that has not started yet (queued, never run) to `runAt`; answers whether one was moved. A job already
 * running, done or retried keeps its course.
 */
export function rescheduleJob(db: Pick<DB, "update">, idempotencyKey: string, runAt: Date): boolean {
  const moved = db
    .update(jobs)
    .set({ runAt, updatedAt: new Date() })
    .where(and(eq(jobs.idempotencyKey, idempotencyKey), eq(jobs.status, "queued"), eq(jobs.attempts, 0)))
    .returning({ id: jobs.id })
    .all();
  return moved.length > 0;
}
