import type { AppContext } from "../context.ts";
import { sendContactMessage } from "../mail/contact-message.tsx";
import { optimiseProfileJob } from "../optimiser/job.ts";
import { sendOrderConfirmation } from "../delivery/confirmation.ts";
import { sendResultsEmail } from "../delivery/results.ts";
import { sendRevisionReceivedMail, sendRevisionRequestMail } from "../delivery/revision.tsx";
import { sendDeadlineAlert } from "../admin/deadlines.tsx";
import { sendRefundEmail } from "../orders/refund.tsx";
import { abandonDeletionReceipt, sendDeletionReceipt } from "../privacy/receipt.ts";
import { retentionPassJob, withRetentionPass } from "../privacy/retention.ts";
import {
  CONTACT_MAIL,
  DEADLINE_ALERT_MAIL,
  DELETION_RECEIPT_MAIL,
  JOB_KINDS,
  OPTIMISE_PROFILE,
  ORDER_CONFIRMATION_MAIL,
  REFUND_MAIL,
  RESULTS_MAIL,
  RETENTION_PASS,
  REVISION_RECEIVED_MAIL,
  REVISION_REQUEST_MAIL,
} from "./kinds.ts";
import type { JobHandlers } from "./loop.ts";

/**
 * Every job kind this process runs, each with its lane and payload schema from ./kinds.ts. Kinds not listed (for
 * example ones a later version adds) stay queued untouched.
 */
export function jobHandlers(ctx: AppContext): JobHandlers {
  const optimise = optimiseProfileJob(ctx);
  return {
    [OPTIMISE_PROFILE]: { ...JOB_KINDS[OPTIMISE_PROFILE], run: optimise.run, giveUp: optimise.giveUp },
    [CONTACT_MAIL]: {
      ...JOB_KINDS[CONTACT_MAIL],
      run: sendContactMessage({ db: ctx.store.db, mailer: ctx.services.mailer, supportEmail: ctx.config.mail.supportEmail }),
    },
    [ORDER_CONFIRMATION_MAIL]: { ...JOB_KINDS[ORDER_CONFIRMATION_MAIL], run: sendOrderConfirmation(ctx) },
    // Each release is followed by a retention pass: with PHOTO_RETENTION_DAYS=0 the photos go right after.
    [RESULTS_MAIL]: { ...JOB_KINDS[RESULTS_MAIL], run: withRetentionPass(sendResultsEmail(ctx)) },
    [REVISION_REQUEST_MAIL]: { ...JOB_KINDS[REVISION_REQUEST_MAIL], run: sendRevisionRequestMail(ctx) },
    [REVISION_RECEIVED_MAIL]: { ...JOB_KINDS[REVISION_RECEIVED_MAIL], run: sendRevisionReceivedMail(ctx) },
    [REFUND_MAIL]: { ...JOB_KINDS[REFUND_MAIL], run: sendRefundEmail(ctx) },
    [DEADLINE_ALERT_MAIL]: { ...JOB_KINDS[DEADLINE_ALERT_MAIL], run: sendDeadlineAlert(ctx) },
    [DELETION_RECEIPT_MAIL]: { ...JOB_KINDS[DELETION_RECEIPT_MAIL], run: sendDeletionReceipt(ctx), giveUp: abandonDeletionReceipt(ctx) },
    [RETENTION_PASS]: { ...JOB_KINDS[RETENTION_PASS], run: retentionPassJob(ctx) },
  };
}
