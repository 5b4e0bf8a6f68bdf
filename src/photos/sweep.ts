import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { DB } from "../db/client.ts";
import { photos } from "../db/schema.ts";
import { incomingDir } from "./pipeline.ts";

/** The names the pipeline gives photos and thumbnails; any other file in the folder is not ours to delete. */
const PHOTO_FILE = /^[a-z2-7]{26}(\.thumb)?\.jpg$/;

/**
 * Run at start, before the server accepts uploads: nothing is in flight, so every file in `.incoming/` was left by a
 * crash mid-upload, and a photo file that no row names was renamed by a transaction that never committed.
 * Both hold a customer's photo that nobody can reach; keeping them would only keep personal data for no purpose.
 */
export function sweepUploads(db: DB, uploadsDir: string): { incoming: number; orphans: number } {
  let incoming = 0;
  const pending = incomingDir(uploadsDir);
  if (existsSync(pending)) {
    for (const name of readdirSync(pending)) {
      rmSync(join(pending, name), { force: true, recursive: true });
      incoming++;
    }
  }

  let orphans = 0;
  if (existsSync(uploadsDir)) {
    const known = new Set<string>();
    for (const row of db.select({ file: photos.filePath, thumb: photos.thumbPath }).from(photos).all()) {
      known.add(row.file);
      if (row.thumb) known.add(row.thumb);
    }
    for (const name of readdirSync(uploadsDir)) {
      if (PHOTO_FILE.test(name) && !known.has(name)) {
        rmSync(join(uploadsDir, name), { force: true });
        orphans++;
      }
    }
  }
  return { incoming, orphans };
}
