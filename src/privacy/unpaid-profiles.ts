import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { writeTransaction } from "../db/client.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { deletePhotoFiles } from "./retention.ts";

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes the profiles nobody paid for: still `created` (a paid profile has moved on), older than
 * UNPAID_PROFILE_HOURS, with no paid or refunded order and no payment attempt or order started within that time
 * (a customer on the checkout page keeps theirs). Their unpaid orders go with them, their photo rows cascade, and
 * the photo files are removed after the commit (a crash in between leaves orphans that the sweep removes).
 * Answers how many profiles were deleted. Run at start and every hour (src/background.ts).
 */
export async function deleteUnpaidProfiles(ctx: AppContext, now = Date.now()): Promise<number> {
  const hours = ctx.config.unpaidProfileHours;
  const cutoff = now - hours * HOUR_MS;
  let deleted = 0;
  for (;;) {
    const { ids, files } = writeTransaction(ctx.store.db, (tx) => {
      const ids = tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            eq(profiles.status, "created"),
            lt(profiles.createdAt, new Date(cutoff)),
            sql`NOT EXISTS (SELECT 1 FROM orders o WHERE o.profile_id = ${profiles.id} AND (o.status IN ('paid', 'refunded') OR o.created_at >= ${cutoff}))`,
            sql`NOT EXISTS (SELECT 1 FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE o.profile_id = ${profiles.id} AND (s.status = 'paid' OR s.created_at >= ${cutoff}))`,
          ),
        )
        .limit(BATCH)
        .all()
        .map((row) => row.id);
      if (ids.length === 0) return { ids, files: [] };
      const files = tx
        .select({ file: photos.filePath, thumb: photos.thumbPath })
        .from(photos)
        .where(inArray(photos.profileId, ids))
        .all()
        .flatMap((row) => (row.thumb ? [row.file, row.thumb] : [row.file]));
      // Only unpaid orders are left on these profiles (checked above); without the profile they can never be used.
      tx.delete(orders).where(inArray(orders.profileId, ids)).run();
      tx.delete(profiles).where(inArray(profiles.id, ids)).run();
      return { ids, files };
    });
    if (files.length) await deletePhotoFiles({ photos: ctx.services.photos, log: ctx.log }, files);
    deleted += ids.length;
    if (ids.length < BATCH) break;
  }
  if (deleted > 0) ctx.log.info(`housekeeping: deleted ${deleted} profile(s) never paid for within ${hours} hours`);
  return deleted;
}
