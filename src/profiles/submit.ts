/**
 * A customer's profile submission (spec sections 3 and 5, POST /api/profiles), once its form values passed the
 * schema (./submission.ts) and its photos were counted: the photos are decoded and stored, and in one transaction
 * the profile row, its photo rows, the link to the order it names and, when that order is already paid, what its
 * payment sets in motion (`orderPaid`: the optimisation and the confirmation e-mail). A failure at any step keeps
 * nothing: the transaction rolls back and every photo file or object goes.
 */
import { and, eq, isNull } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { orderPaid } from "../fulfilment/order-paid.ts";
import { attachableOrder, type OrderRow } from "../orders/orders.ts";
import type { UploadedFile } from "../photos/multipart.ts";
import { discardPhotoFiles, processPhoto, storePhotoFiles, type ProcessedPhoto } from "../photos/pipeline.ts";
import type { PhotoStore } from "../photos/storage.ts";
import type { Submission } from "../shared/profiles/submission.ts";
import { originalProfile, toProfileColumns } from "./submission.ts";

export interface SubmissionDeps {
  db: DB;
  uploadsDir: string;
  photos: PhotoStore;
}

export interface SubmittedProfile {
  profile: typeof profiles.$inferSelect;
  /** In upload order. */
  photos: { id: string; order: number }[];
  /** The order the submission named, as it was when the profile was linked to it. */
  order: OrderRow | null;
}

/**
 * Stores a checked submission and its photos; `client` is the sender's address (decodes take turns by client).
 * Refused: an order that is unknown (`not_found`), already has a profile or can no longer be used (`conflict`); a
 * photo that is damaged (`invalid`) or too large (`too_large`); a full disk (`storage_full`).
 */
export async function submitProfile(deps: SubmissionDeps, submission: Submission, files: readonly UploadedFile[], client: string): Promise<SubmittedProfile> {
  const { db, uploadsDir } = deps;
  // Checked before the photos are processed so a bad link fails fast, and again inside the transaction.
  if (submission.orderId) attachableOrder(db, submission.orderId);

  const processed: ProcessedPhoto[] = [];
  try {
    // One at a time: a submission never holds more than one decoded image.
    for (const [i, file] of files.entries()) processed.push(await processPhoto(uploadsDir, file, i, client));
    // Stored before the rows that name them: a crash in between leaves objects no row names, which the sweep removes.
    await storePhotoFiles(deps.photos, processed);

    return writeTransaction(db, (tx) => {
      const profileId = newId();
      const order = submission.orderId ? attachableOrder(tx, submission.orderId) : null;
      tx.insert(profiles)
        .values({ id: profileId, userId: null, ...toProfileColumns(submission), status: "created", originalProfile: originalProfile(submission) })
        .run();
      const photoRows = processed.map((p, i) => ({
        id: p.id,
        profileId,
        filePath: p.filePath,
        thumbPath: p.thumbPath,
        order: i,
        width: p.width,
        height: p.height,
        bytes: p.bytes,
      }));
      tx.insert(photos).values(photoRows).run();
      if (order) {
        const linked = tx
          .update(orders)
          .set({ profileId, updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), isNull(orders.profileId)))
          .returning({ id: orders.id })
          .all();
        if (linked.length !== 1) throw new DomainError("conflict", "This order already has a profile. Contact support if you need to change it.");
        // A paid order's profile goes straight to the queue; otherwise it waits for payment.
        if (order.status === "paid") orderPaid(tx, order, profileId);
      }
      const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get()!;
      return { profile, photos: photoRows.map((p) => ({ id: p.id, order: p.order })), order };
    });
  } catch (err) {
    await discardPhotoFiles(deps.photos, processed);
    throw err;
  }
}
