/** The job loops of this process, told when a job is queued here (src/jobs/queue.ts tells, src/jobs/loop.ts listens). */
const listeners = new Set<() => void>();

/**
 * Calls `listener` after each job queued by this process, once the code that queued it has returned (so after the
 * transaction it was queued in has committed or rolled back: a listener must look for itself); returns the unsubscribe.
 * Jobs queued by another process on the same database file are found by the loops' polling instead.
 */
export function onJobQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the queue after it stored a job. */
export function jobQueued(): void {
  if (listeners.size > 0) queueMicrotask(() => listeners.forEach((listener) => listener()));
}
