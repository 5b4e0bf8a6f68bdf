import type { DB } from "../db/client.ts";
import { jobs } from "../db/schema.ts";

type Writer = Pick<DB, "insert">;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** One job per logical piece of work: a second enqueue with the same key changes nothing. */
  idempotencyKey: string;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Queues a job; call it inside the transaction that makes the work necessary (an order paid, a message stored),
 * so the job exists exactly when that change does. Returns false when a job with this key already exists.
 */
export function enqueueJob(db: Writer, job: NewJob): boolean {
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
  return result.length > 0;
}
