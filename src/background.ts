/**
 * What the process does in the background, listed in one place: every job kind the product queues, bound to its
 * handler and the few dependencies that handler uses, and the periodic tasks (the deadline check every minute, the
 * hourly housekeeping). Each kind is declared beside its feature's code; adding one means declaring it there and
 * binding it here. src/jobs holds only the loop and the queue, and knows none of this.
 */
import { DEADLINE_ALERT_MAIL, queueDeadlineAlerts, sendDeadlineAlert } from "./admin/deadlines.ts";
import { CONTACT_MAIL, sendContactMessage } from "./contact/job.ts";
import type { AppContext } from "./context.ts";
import { ORDER_CONFIRMATION_MAIL, sendOrderConfirmation } from "./delivery/confirmation.ts";
import { RESULTS_MAIL, sendResultsEmail } from "./delivery/results.ts";
import { REVISION_RECEIVED_MAIL, REVISION_REQUEST_MAIL, sendRevisionReceivedMail, sendRevisionRequestMail } from "./delivery/revision.ts";
import { bindJobKind, jobTable } from "./jobs/kind.ts";
import { createJobLoop, type JobHandlers } from "./jobs/loop.ts";
import { OPTIMISE_PROFILE, optimiseProfileJob } from "./optimiser/job.ts";
import { OUTCOME_FOLLOW_UP_MAIL, sendOutcomeFollowUp, withOutcomeFollowUp } from "./outcomes/outcomes.ts";
import { REFUND_MAIL, sendRefundEmail } from "./payments/refund.ts";
import { abandonDeletionReceipt, sendDeletionReceipt } from "./privacy/receipt.ts";
import { DELETION_RECEIPT_MAIL } from "./privacy/receipt-kind.ts";
import { RETENTION_PASS, retentionDeps, retentionHousekeeping, retentionPassJob, withRetentionPass } from "./privacy/retention.ts";
import { deleteUnpaidProfiles } from "./privacy/unpaid-profiles.ts";
import { ORPHAN_GRACE_MS, sweepPhotos } from "./photos/sweep.ts";

/**
 * Every job kind this process runs. Kinds not listed (for example ones a later version adds) stay queued untouched;
 * a kind's name, lane and payload schema never change, so jobs queued by an earlier version still run.
 */
export function jobHandlers(ctx: AppContext): JobHandlers {
  const { config, log } = ctx;
  const db = ctx.store.db;
  const { mailer, optimiser } = ctx.services;
  const mail = { db, mailer, publicUrl: config.publicUrl, supportEmail: config.mail.supportEmail };
  const optimise = optimiseProfileJob({ db, log, optimiser, photos: ctx.services.photos });
  return jobTable([
    bindJobKind(OPTIMISE_PROFILE, optimise.run, optimise.giveUp),
    bindJobKind(CONTACT_MAIL, sendContactMessage(mail)),
    bindJobKind(ORDER_CONFIRMATION_MAIL, sendOrderConfirmation(mail)),
    // Each release is followed by a retention pass (with PHOTO_RETENTION_DAYS=0 the photos go right after) and, the
    // first time, by the outcome follow-up, queued for OUTCOME_FOLLOW_UP_DAYS later.
    bindJobKind(RESULTS_MAIL, withRetentionPass(withOutcomeFollowUp(sendResultsEmail({ ...mail, log }), config.outcomes.followUpMs))),
    bindJobKind(OUTCOME_FOLLOW_UP_MAIL, sendOutcomeFollowUp({ ...mail, log })),
    bindJobKind(REVISION_REQUEST_MAIL, sendRevisionRequestMail(mail)),
    bindJobKind(REVISION_RECEIVED_MAIL, sendRevisionReceivedMail(mail)),
    bindJobKind(REFUND_MAIL, sendRefundEmail(mail)),
    bindJobKind(DEADLINE_ALERT_MAIL, sendDeadlineAlert(mail)),
    bindJobKind(
      DELETION_RECEIPT_MAIL,
      sendDeletionReceipt({ ...mail, log, outboxDir: config.outboxDir, retention: config.retention }),
      abandonDeletionReceipt({ db, log }),
    ),
    bindJobKind(RETENTION_PASS, retentionPassJob(retentionDeps(ctx))),
  ]);
}

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
      queueDeadlineAlerts(ctx.store.db);
    } catch (err) {
      ctx.log.error("deadline check", err);
    }
  };
  checkDeadlines();
  const timer = setInterval(checkDeadlines, DEADLINE_CHECK_MS);
  timer.unref();
  const housekeeping = async () => {
    try {
      await deleteUnpaidProfiles(ctx);
    } catch (err) {
      ctx.log.error("housekeeping: deleting unpaid profiles", err);
    }
    await retentionHousekeeping(ctx);
    // What a failed deletion or a crash left in the store (src/photos/sweep.ts).
    try {
      const swept = await sweepPhotos(ctx.store.db, ctx.services.photos, ctx.config.uploadsDir, ORPHAN_GRACE_MS);
      if (swept.incoming + swept.orphans > 0) ctx.log.info(`housekeeping: removed ${swept.incoming} stale upload(s) and ${swept.orphans} photo file(s) no profile keeps`);
    } catch (err) {
      ctx.log.error(`housekeeping: sweeping ${ctx.services.photos.description}`, err);
    }
  };
  void housekeeping();
  const housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
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
