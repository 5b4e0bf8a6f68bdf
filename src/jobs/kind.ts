/**
 * How a feature declares a job kind, beside the code that queues and runs it: the kind's name (stored in every queued
 * row, so it is never renamed), its lane and the schema of its payload. `enqueueJob` (./queue.ts) checks a payload
 * against the schema before it is stored, the loop (./loop.ts) again before the handler runs. The wiring
 * (src/background.ts) binds each kind to its handler with `bindJobKind`; nothing in src/jobs knows the product's kinds.
 */
import type { z, ZodType } from "zod";
import type { JobHandler, JobHandlers, JobKindHandler, RunningJob } from "./loop.ts";

/** Lanes have their own workers, so a two-minute optimisation never delays an e-mail. */
export const LANES = ["mail", "optimise", "housekeeping"] as const;
export type Lane = (typeof LANES)[number];

export interface JobKind<S extends ZodType = ZodType> {
  readonly kind: string;
  readonly lane: Lane;
  readonly payload: S;
}

export function defineJobKind<S extends ZodType>(kind: JobKind<S>): JobKind<S> {
  return Object.freeze({ ...kind });
}

/** What a job of this kind is queued with (before the schema's defaults) and what its handler receives (after). */
export type PayloadIn<K extends JobKind> = z.input<K["payload"]>;
export type PayloadOf<K extends JobKind> = z.output<K["payload"]>;
export type JobOf<K extends JobKind> = RunningJob<PayloadOf<K>>;

/** A kind with the code that runs it: one entry of the wiring's list. */
export interface BoundJobKind extends JobKindHandler {
  kind: string;
}

/** `giveUp` runs once when a job of the kind has failed for good (see `JobKindHandler`). */
export function bindJobKind<K extends JobKind>(
  kind: K,
  run: JobHandler<PayloadOf<K>>,
  giveUp?: (job: JobOf<K>, error: unknown) => void,
): BoundJobKind {
  return { kind: kind.kind, lane: kind.lane, payload: kind.payload, run, giveUp };
}

/** The loop's table (kind → handler) from the wiring's list; a kind listed twice is a mistake, found at start. */
export function jobTable(bound: readonly BoundJobKind[]): JobHandlers {
  const table: Record<string, JobKindHandler> = {};
  for (const { kind, ...handler } of bound) {
    if (table[kind]) throw new Error(`job kind ${kind} is bound twice`);
    table[kind] = handler;
  }
  return table;
}
