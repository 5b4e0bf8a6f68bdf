/**
 * The deletion receipt's job: sends the e-mail of ../mail/deletion-receipt.tsx to the address held on the deletion's
 * row, then, in the transaction that marks the job done, clears that address (and records when the receipt went and
 * its Message-ID). A job that gives up clears it too: an address kept for a receipt that cannot be delivered would
 * outlive the deletion it reports. The Message-ID comes from the job's key, so a retry after a crash between "sent"
 * and "done" repeats the same message (the window every e-mail of this service has).
 *
 * Before an erasure's receipt goes out, the outbox folder is searched for the address again: the mail lane has one
 * worker, so an e-mail to the customer that was being sent while the erasure ran has been written by now.
 */
import { eq } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { deletions } from "../db/schema.ts";
import type { JobOf } from "../jobs/kind.ts";
import type { Completion } from "../jobs/loop.ts";
import type { Logger } from "../log.ts";
import { renderDeletionReceipt } from "../mail/deletion-receipt.tsx";
import { supportReplyTo, type Mailer } from "../mail/mailer.ts";
import type { DeletedItems, KeptOrder } from "./deletions.ts";
import { removeOutboxMail } from "./outbox.ts";
import { DAY_MS, type RetentionPeriods } from "../shared/privacy/periods.ts";
import type { DELETION_RECEIPT_MAIL } from "./receipt-kind.ts";

type Job = JobOf<typeof DELETION_RECEIPT_MAIL>;

export function sendDeletionReceipt(deps: { db: DB; mailer: Mailer; log: Logger; outboxDir: string; retention: RetentionPeriods; supportEmail: string }) {
  const { db } = deps;
  return async (job: Job): Promise<Completion | void> => {
    const row = db.select().from(deletions).where(eq(deletions.id, job.payload.deletionId)).get();
    if (!row?.receiptTo) return;
    const deleted = row.deleted as DeletedItems;
    if (row.reason !== "retention") removeOutboxMail(deps.outboxDir, [row.receiptTo]);
    const email = renderDeletionReceipt({
      reason: row.reason,
      at: row.at,
      deleted,
      keptOrders: row.keptOrders as KeptOrder[],
      textGoesAt: row.reason === "retention" && !deleted.text ? new Date(row.at.getTime() + deps.retention.profileDays * DAY_MS) : null,
      periods: deps.retention,
      supportEmail: deps.supportEmail,
    });
    const sent = await deps.mailer.send({
      key: job.idempotencyKey,
      to: row.receiptTo,
      replyTo: supportReplyTo(deps.supportEmail),
      ...email,
    });
    deps.log.info(`deletion ${row.id}: receipt accepted by the mail server (${sent.messageId})`);
    return (tx) => {
      tx.update(deletions).set({ receiptTo: null, receiptSentAt: new Date(), receiptMessageId: sent.messageId }).where(eq(deletions.id, row.id)).run();
    };
  };
}

/** The receipt could not be delivered after every retry: the address goes anyway. */
export function abandonDeletionReceipt(deps: { db: DB; log: Logger }) {
  return (job: Job): void => {
    writeTransaction(deps.db, (tx) => tx.update(deletions).set({ receiptTo: null }).where(eq(deletions.id, job.payload.deletionId)).run());
    deps.log.error(`deletion ${job.payload.deletionId}: its receipt could not be delivered; the address was cleared without it`);
  };
}
