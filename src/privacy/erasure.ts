/**
 * Erasure on request (GDPR article 17), from the results page (the customer) or the review dialog (an administrator):
 * at once, in one transaction, the profile and everything stored about it (./subject.ts) goes: the profile row with
 * its text and e-mail address, its photo rows, the jobs about it (queued ones included, so nothing more is made or
 * sent), the contact messages from its address, and its id wherever it stood (the audit trail is re-pointed to the
 * erasure, the orders lose their link). The orders stay, with their amounts and dates, for the accounts. The photo
 * files or objects and thumbnails (disk or bucket) and the mail about the customer in the outbox folder are removed
 * right after the commit.
 *
 * The receipt: the only copy of the address left is on the erasure's row, for its receipt job, and it is cleared in
 * the transaction that marks the receipt sent (or when the job gives up), so after that nothing in the database names
 * the customer or the profile. The row keeps SHA-256 of the profile id, so the results link can say what happened.
 */
import { eq, inArray } from "drizzle-orm";
import { audit } from "../admin/audit.ts";
import type { AppContext } from "../context.ts";
import { writeTransaction } from "../db/client.ts";
import { adminAudit, contactMessages, deletions, jobs, profiles } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { keptOrders, recordDeletion } from "./deletions.ts";
import { removeOutboxMail } from "./outbox.ts";
import { deletePhotoFiles } from "./retention.ts";
import { forgetFreedPages } from "./wal.ts";
import { subjectRows } from "./subject.ts";
import { hasAnswers } from "../outcomes/answers-held.ts";

export type ErasedBy = { by: "customer" } | { by: "admin"; admin: string };

export interface Erasure {
  deletionId: string;
  at: Date;
}

/** What an audit entry of an erased profile names instead of its id. */
export function erasedProfileRef(deletionId: string): string {
  return `erased:${deletionId}`;
}

/**
 * Erases the profile (already checked: it exists, was paid for, and the requester is its owner or an administrator).
 * A second request for the same profile finds nothing (`not_found`).
 */
export async function eraseProfile(ctx: AppContext, profileId: string, who: ErasedBy, now = new Date()): Promise<Erasure> {
  const { erasure, address, files } = writeTransaction(ctx.store.db, (tx) => {
    const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
    if (!profile) throw new DomainError("not_found", "Profile not found.");
    const rows = subjectRows(tx, profile);

    // An earlier receipt not yet sent (retention's) is superseded by this erasure's.
    const earlier = rows.deletions.map((d) => d.id);
    if (earlier.length) tx.update(deletions).set({ receiptTo: null }).where(inArray(deletions.id, earlier)).run();
    if (rows.jobs.length) tx.delete(jobs).where(inArray(jobs.id, rows.jobs.map((j) => j.id))).run();
    if (rows.contactMessages.length) tx.delete(contactMessages).where(inArray(contactMessages.id, rows.contactMessages.map((m) => m.id))).run();

    const deletionId = recordDeletion(tx, {
      profileId,
      reason: who.by,
      at: now,
      deleted: { photos: rows.photos.length, text: true, email: true, profile: true, contactMessages: rows.contactMessages.length, ...(rows.outcomes.some(hasAnswers) ? { answers: true } : {}) },
      keptOrders: keptOrders(rows.orders),
      receiptTo: profile.email,
    });
    const ref = erasedProfileRef(deletionId);
    // The trail stays whole, under the erasure's name; its entries never held the customer's text or address.
    tx.update(adminAudit).set({ profileId: ref }).where(eq(adminAudit.profileId, profileId)).run();
    audit(tx, {
      admin: who.by === "admin" ? who.admin : null,
      action: "erase",
      profileId: ref,
      detail: `${who.by === "admin" ? "erased by an administrator" : "erased at the customer's request"}; orders kept for accounting: ${rows.orders.map((o) => o.id).join(", ") || "none"}`,
    });
    // Photo rows, result versions, releases and the outcome's answers cascade, the orders' link is set null (src/db/schema.ts).
    tx.delete(profiles).where(eq(profiles.id, profileId)).run();
    const files = rows.photos.flatMap((p) => (p.thumbPath ? [p.filePath, p.thumbPath] : [p.filePath]));
    return { erasure: { deletionId, at: now }, address: profile.email, files };
  });
  // After the commit (a store cannot take part in the transaction): what fails here names no row any more, and the
  // hourly sweep deletes it (src/photos/sweep.ts).
  await deletePhotoFiles({ photos: ctx.services.photos, log: ctx.log }, files);

  const outbox = removeOutboxMail(ctx.config.outboxDir, [address, profileId]);
  forgetFreedPages(ctx);
  ctx.log.info(`erasure ${erasure.deletionId}: a profile was erased (${who.by})${outbox ? `; ${outbox} message(s) removed from the outbox` : ""}`);
  return erasure;
}
