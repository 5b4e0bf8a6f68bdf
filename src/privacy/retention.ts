/**
 * Retention of paid profiles, the privacy policy's promise (PHOTO_RETENTION_DAYS, PROFILE_RETENTION_DAYS): the photo
 * files and thumbnails are deleted `photoDays` after the results e-mail was sent, and `profileDays` after that the
 * free text and the e-mail address are cleared, leaving what accounting needs (the orders with their amounts and
 * dates) and the profile's own dates, choices and counters. Each deletion is recorded, with its receipt e-mail
 * (./deletions.ts), in the transaction that makes it.
 *
 * The pass runs at start and every hour (src/background.ts), and as a job right after each results e-mail
 * (`withRetentionPass`), so 0 days means at once. The clock starts at the latest results e-mail (a revision's
 * release starts it again) or, for an order refunded before anything was released, at the refund. A result being
 * remade (regenerated, revised) keeps its photos: its clock waits for the release. Once the photos are gone a
 * profile cannot be optimised again, so revisions and regeneration end with them (src/delivery/revision.ts,
 * src/admin/actions.ts).
 */
import { and, eq, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { writeTransaction, type DB } from "../db/client.ts";
import { orders, outcomes, photos, profiles, resultVersions } from "../db/schema.ts";
import { hasAnswers } from "../outcomes/answers-held.ts";
import { defineJobKind } from "../jobs/kind.ts";
import type { Completion, RunningJob } from "../jobs/loop.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { Logger } from "../log.ts";
import type { PhotoStore } from "../photos/storage.ts";
import { keptOrders, recordDeletion } from "./deletions.ts";
import type { RetentionDates } from "../shared/api/results.ts";
import { DAY_MS, type RetentionPeriods } from "../shared/privacy/periods.ts";
import { forgetFreedPages } from "./wal.ts";

export const RETENTION_PASS = defineJobKind({
  kind: "housekeeping:retention",
  lane: "housekeeping",
  /** The profile whose results e-mail was just sent; the pass deletes whatever is due, this profile's and any other. */
  payload: z.object({ profileId: z.string().min(1).max(64) }),
});

/** What a retention pass reads and writes. */
export interface RetentionDeps {
  db: DB;
  log: Logger;
  photos: PhotoStore;
  periods: RetentionPeriods;
}

export function retentionDeps(ctx: AppContext): RetentionDeps {
  return { db: ctx.store.db, log: ctx.log, photos: ctx.services.photos, periods: ctx.config.retention };
}

type ProfileColumn = keyof typeof profiles.$inferSelect;

/**
 * Free text: everything the customer wrote (the form's fields, the submission as sent, revision notes) and everything
 * made from it (every version of the result, which quote it: `result_versions.result`, cleared in the same
 * transaction). Cleared, with the e-mail address, after PROFILE_RETENTION_DAYS. Every column of `profiles` is in this
 * list, in KEPT_COLUMNS, or is `email` (a test checks).
 */
export const FREE_TEXT_COLUMNS = [
  "bio",
  "lookingFor",
  "interests",
  "jobTitle",
  "education",
  "prompt1",
  "prompt2",
  "prompt3",
  "response1",
  "response2",
  "response3",
  "idealFirstDate",
  "height",
  "starSign",
  "anthem",
  "spotifyArtists",
  "school",
  "industry",
  "vibes",
  "originalProfile",
  "revisionNotes",
  "emailMessageId",
] as const satisfies readonly ProfileColumn[];

/**
 * What stays: the id (the orders' link), the app and plan choices, the counters, the status, every date, and the
 * pointers to the versions (whose text is cleared: their authors and dates stay, like the audit trail).
 */
export const KEPT_COLUMNS = [
  "id",
  "userId",
  "datingApp",
  "status",
  "emailSent",
  "emailSentAt",
  "workingVersionId",
  "draftVersionId",
  "revisionsUsed",
  "revisionsAllowed",
  "needsRevision",
  "deadlineAt",
  "photosDeletedAt",
  "textClearedAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly ProfileColumn[];

const CLEARED_TEXT = Object.fromEntries(FREE_TEXT_COLUMNS.map((column) => [column, null])) as { [K in (typeof FREE_TEXT_COLUMNS)[number]]: null };

/** Photos still on disk whose clock ran out at `cutoff`: released (or refunded) and not being remade. */
function photosDue(cutoff: Date): SQL {
  return and(
    isNull(profiles.photosDeletedAt),
    isNull(profiles.textClearedAt),
    ne(profiles.status, "processing"),
    or(
      and(eq(profiles.status, "completed"), eq(profiles.emailSent, true), lte(profiles.emailSentAt, cutoff)),
      sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.profileId} = ${profiles.id} AND ${orders.status} = 'refunded' AND ${orders.refundedAt} <= ${cutoff.getTime()})`,
    ),
  )!;
}

/** Text whose photos went at least PROFILE_RETENTION_DAYS ago. */
function textDue(cutoff: Date): SQL {
  return and(isNull(profiles.textClearedAt), isNotNull(profiles.photosDeletedAt), lte(profiles.photosDeletedAt, cutoff))!;
}

/**
 * Deletes whatever is due at `now`, one profile per transaction; answers how many profiles lost their photos and
 * how many their text. When both are due at once (PROFILE_RETENTION_DAYS=0) it is one deletion with one receipt.
 * The photo files or objects go right after the transaction that marks them deleted (a store cannot take part in
 * it): should that fail or the process die in between, they name a profile whose photos are marked deleted, and the
 * hourly sweep (src/photos/sweep.ts) deletes them.
 */
export async function applyRetention(deps: RetentionDeps, now = Date.now()): Promise<{ photos: number; text: number }> {
  const { photoDays, profileDays } = deps.periods;
  const photoCutoff = new Date(now - photoDays * DAY_MS);
  const textCutoff = new Date(now - profileDays * DAY_MS);
  const db = deps.db;
  const candidates = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(or(photosDue(photoCutoff), textDue(textCutoff)))
    .all();
  const done = { photos: 0, text: 0 };
  for (const { id } of candidates) {
    const outcome = writeTransaction(db, (tx) => {
      const is = (due: SQL) => tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, id), due)).get() !== undefined;
      // Checked again under the write lock: a revision request or an erasure may have come first.
      const photosNow = is(photosDue(photoCutoff));
      const textNow = is(textDue(textCutoff)) || (photosNow && profileDays === 0);
      if (!photosNow && !textNow) return null;
      const files: string[] = [];
      const profile = tx.select().from(profiles).where(eq(profiles.id, id)).get()!;
      const photoRows = tx.select().from(photos).where(eq(photos.profileId, id)).all();
      const at = new Date(now);
      if (photosNow) {
        for (const p of photoRows) for (const file of [p.filePath, p.thumbPath]) if (file) files.push(file);
        tx.update(profiles).set({ photosDeletedAt: at, updatedAt: at }).where(eq(profiles.id, id)).run();
      }
      // The outcome's answers are kept as long as the text, and go with it (the row, opt-out and dates included).
      const outcome = textNow ? tx.select().from(outcomes).where(eq(outcomes.profileId, id)).get() : undefined;
      if (textNow) {
        tx.update(profiles).set({ ...CLEARED_TEXT, email: "", textClearedAt: at, updatedAt: at }).where(eq(profiles.id, id)).run();
        tx.delete(outcomes).where(eq(outcomes.profileId, id)).run();
        tx.update(resultVersions).set({ result: null }).where(eq(resultVersions.profileId, id)).run();
        // The files went with the photos; the rows held only their analysis and sizes.
        tx.delete(photos).where(eq(photos.profileId, id)).run();
      }
      recordDeletion(tx, {
        profileId: id,
        reason: "retention",
        at,
        deleted: { photos: photosNow ? photoRows.length : 0, text: textNow, email: textNow, profile: false, contactMessages: 0, ...(outcome && hasAnswers(outcome) ? { answers: true } : {}) },
        keptOrders: keptOrders(tx.select().from(orders).where(eq(orders.profileId, id)).all()),
        receiptTo: profile.email,
      });
      return { photosNow, textNow, files };
    });
    if (outcome?.files.length) await deletePhotoFiles(deps, outcome.files);
    if (outcome?.photosNow) done.photos++;
    if (outcome?.textNow) done.text++;
  }
  if (done.photos || done.text) {
    deps.log.info(`retention: deleted the photos of ${done.photos} profile(s) (${photoDays} days after the results e-mail) and cleared the text of ${done.text} (${profileDays} days after that)`);
  }
  return done;
}

/** Deletes stored photos after the commit that marked them deleted; what fails is the sweep's (src/photos/sweep.ts). */
export async function deletePhotoFiles(deps: { photos: PhotoStore; log: Logger }, files: readonly string[]): Promise<void> {
  try {
    await deps.photos.remove(files);
  } catch (err) {
    deps.log.error(`photos: could not delete ${files.length} file(s) from ${deps.photos.description}; the hourly sweep tries again`, err);
  }
}

/**
 * The hourly housekeeping's part (and at start): what retention makes due, then the WAL truncated, so what the hour
 * deleted (receipts' addresses included, once sent) leaves the disk and not only the tables (./wal.ts).
 */
export async function retentionHousekeeping(ctx: AppContext, now = Date.now()): Promise<void> {
  try {
    await applyRetention(retentionDeps(ctx), now);
  } catch (err) {
    ctx.log.error("housekeeping: retention", err);
  }
  forgetFreedPages(ctx);
}

/**
 * The results e-mail job, followed by a retention pass queued in the transaction that records the release, so
 * PHOTO_RETENTION_DAYS=0 deletes the photos right after the e-mail went.
 */
export function withRetentionPass<P extends { profileId: string }>(send: (job: RunningJob<P>) => Promise<Completion | void>) {
  return async (job: RunningJob<P>): Promise<Completion | void> => {
    const completion = await send(job);
    if (!completion) return;
    return (tx) => {
      completion(tx);
      enqueueJob(tx, RETENTION_PASS, { payload: { profileId: job.payload.profileId }, idempotencyKey: `retention:after:${job.idempotencyKey}`, maxAttempts: 5 });
    };
  };
}

/** The retention pass as a job (queued after each results e-mail). */
export function retentionPassJob(deps: RetentionDeps) {
  return async (): Promise<void> => {
    await applyRetention(deps);
  };
}

export function retentionDates(profile: typeof profiles.$inferSelect, periods: RetentionPeriods): RetentionDates {
  const at = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const photosGo =
    profile.photosDeletedAt === null && profile.status === "completed" && profile.emailSent && profile.emailSentAt ? profile.emailSentAt.getTime() + periods.photoDays * DAY_MS : null;
  const photosWent = profile.photosDeletedAt?.getTime() ?? null;
  const from = photosWent ?? photosGo;
  return { photos_deleted_at: at(photosWent), photos_delete_at: at(photosGo), text_delete_at: at(from === null ? null : from + periods.profileDays * DAY_MS) };
}
