import { queueDeadlineAlerts } from "../admin/deadlines.tsx";
import type { AppContext } from "../context.ts";
import { jobHandlers } from "./handlers.ts";
import { createJobLoop } from "./loop.ts";

const DEADLINE_CHECK_MS = 60_000;

/**
 * Starts the in-process job loop, one set of workers per lane, and the minute-by-minute check that queues deadline
 * alerts; `stop()` lets the jobs in hand finish.
 */
export function startJobLoop(ctx: AppContext): { stop(): Promise<void> } {
  const loop = createJobLoop({ db: ctx.store.db, log: ctx.log, handlers: jobHandlers(ctx), lanes: { mail: 1, optimise: ctx.config.jobs.optimiseConcurrency } });
  loop.start();
  const checkDeadlines = () => {
    try {
      queueDeadlineAlerts(ctx);
    } catch (err) {
      ctx.log.error("deadline check", err);
    }
  };
  checkDeadlines();
  const timer = setInterval(checkDeadlines, DEADLINE_CHECK_MS);
  timer.unref();
  ctx.log.info(`job loop started (mail: ${ctx.services.mailer.description}; optimisations at once: ${ctx.config.jobs.optimiseConcurrency})`);
  return {
    async stop() {
      clearInterval(timer);
      await loop.stop();
    },
  };
}
