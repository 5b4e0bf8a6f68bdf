import { queueDeadlineAlerts } from "../admin/deadlines.tsx";
import type { AppContext } from "../context.ts";
import { deleteUnpaidProfiles } from "../payments/unpaid-profiles.ts";
import { retentionHousekeeping } from "../privacy/retention.ts";
import { jobHandlers } from "./handlers.ts";
import { createJobLoop } from "./loop.ts";

const DEADLINE_CHECK_MS = 60_000;
/** Unpaid profiles are counted in hours, so an hourly pass keeps them at most an hour past their time. */
const HOUSEKEEPING_MS = 60 * 60_000;

/**
 * Starts the in-process job loop, one set of workers per lane, the minute-by-minute check that queues deadline
 * alerts and the hourly housekeeping (profiles never paid for are deleted, retention deletes paid profiles' photos
 * and text when due: src/privacy/retention.ts); `stop()` lets the jobs in hand finish.
 */
export function startJobLoop(ctx: AppContext): { stop(): Promise<void>; readonly running: boolean } {
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
  const housekeeping = () => {
    try {
      deleteUnpaidProfiles(ctx);
    } catch (err) {
      ctx.log.error("housekeeping: deleting unpaid profiles", err);
    }
    retentionHousekeeping(ctx);
  };
  housekeeping();
  const housekeepingTimer = setInterval(housekeeping, HOUSEKEEPING_MS);
  housekeepingTimer.unref();
  ctx.log.info(`job loop started (mail: ${ctx.services.mailer.description}; optimisations at once: ${ctx.config.jobs.optimiseConcurrency})`);
  return {
    async stop() {
      clearInterval(timer);
      clearInterval(housekeepingTimer);
      await loop.stop();
    },
    get running() {
      return loop.running;
    },
  };
}
