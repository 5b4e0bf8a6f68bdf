import { eq } from "drizzle-orm";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { DB } from "../db/client.ts";
import { photos, profiles } from "../db/schema.ts";
import { incomingDir } from "./pipeline.ts";
import type { PhotoStore } from "./storage.ts";

/** The names the pipeline gives photos and thumbnails; any other file or object is not ours to delete. */
const PHOTO_FILE = /^[a-z2-7]{26}(\.thumb)?\.jpg$/;

/**
 * An object no row names may be an upload between its PUT and its transaction's commit (src/profiles/submit.ts):
 * the hourly sweep leaves it alone this long, and so does the one at start (`startGraceMs`) unless nothing can be in
 * flight: on the disk when no other live server uses the uploads folder (./folder-claim.ts), so what a crash left
 * goes at once. A bucket may be shared by servers on other machines, which no local lock sees: there the grace holds.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export function startGraceMs(store: PhotoStore, aloneOnFolder: boolean): number {
  return store.kind === "disk" && aloneOnFolder ? 0 : ORPHAN_GRACE_MS;
}

/**
 * Removes photos nobody can reach any more, which would only keep personal data for no purpose:
 * - files in `.incoming/` (uploads being processed): once older than `graceMs` (with 0, every one: left by a crash);
 * - stored photos (disk or bucket) of a profile whose photos were deleted (retention) when the deletion after the
 *   commit failed or the process died before it: at once;
 * - stored photos no row names (an erasure, an unpaid profile or a failed upload whose deletion failed, a
 *   transaction that never committed): once older than `graceMs`.
 */
export async function sweepPhotos(db: DB, store: PhotoStore, uploadsDir: string, graceMs: number, now = Date.now()): Promise<{ incoming: number; orphans: number }> {
  let incoming = 0;
  const pending = incomingDir(uploadsDir);
  if (existsSync(pending)) {
    for (const name of readdirSync(pending)) {
      const path = join(pending, name);
      try {
        if (graceMs > 0 && now - statSync(path).mtimeMs < graceMs) continue;
      } catch {
        continue;
      }
      rmSync(path, { force: true, recursive: true });
      incoming++;
    }
  }

  const { live, named } = photoKeys(db);
  const doomed: string[] = [];
  for await (const object of store.list()) {
    if (!PHOTO_FILE.test(object.key) || live.has(object.key)) continue;
    if (named.has(object.key) || now - object.modifiedAt.getTime() >= graceMs) doomed.push(object.key);
  }
  // Read once more just before deleting: a row committed since the first read keeps its photo.
  const current = photoKeys(db).live;
  const orphans = doomed.filter((key) => !current.has(key));
  await store.remove(orphans);
  return { incoming, orphans: orphans.length };
}

/** Every key a photo row names (`named`), and those of profiles whose photos are not deleted (`live`). */
function photoKeys(db: DB): { live: Set<string>; named: Set<string> } {
  const live = new Set<string>();
  const named = new Set<string>();
  const rows = db
    .select({ file: photos.filePath, thumb: photos.thumbPath, deletedAt: profiles.photosDeletedAt })
    .from(photos)
    .innerJoin(profiles, eq(photos.profileId, profiles.id))
    .all();
  for (const row of rows) {
    for (const key of row.thumb ? [row.file, row.thumb] : [row.file]) {
      named.add(key);
      if (row.deletedAt === null) live.add(key);
    }
  }
  return { live, named };
}
