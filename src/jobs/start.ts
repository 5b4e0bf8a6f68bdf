import type { AppContext } from "../context.ts";
import { jobHandlers } from "./handlers.ts";
import { createJobLoop } from "./loop.ts";

/** Starts the in-process job loop, one set of workers per lane; `stop()` lets the jobs in hand finish. */
export function startJobLoop(ctx: AppContext): { stop(): Promise<void> } {
  const loop = createJobLoop({ db: ctx.store.db, log: ctx.log, handlers: jobHandlers(ctx), lanes: { mail: 1, optimise: ctx.config.jobs.optimiseConcurrency } });
  loop.start();
  ctx.log.info(`job loop started (mail: ${ctx.services.mailer.description}; optimisations at once: ${ctx.config.jobs.optimiseConcurrency})`);
  return { stop: () => loop.stop() };
}
