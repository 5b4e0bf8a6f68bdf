/**
 * Moves the stored photos from one store to another (the uploads folder to a bucket, or back): `scripts/move-photos.ts`,
 * and a restore into a bucket (src/ops/restore.ts). Each photo is copied, then read back from the target and its
 * SHA-256 compared with the source's; only a verified copy counts, and only then (with `deleteSource`) is the
 * source's deleted. Resumable: a photo already in the target with the same bytes is not copied again, so a run that
 * stopped midway (a lost connection, Ctrl+C) is simply run again.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import type { PhotoStore } from "./storage.ts";

/** The names the pipeline gives photos and thumbnails: nothing else in either store is moved. */
const PHOTO_FILE = /^[a-z2-7]{26}(\.thumb)?\.jpg$/;

export interface MoveReport {
  /** Copied and verified in this run. */
  copied: number;
  /** Already in the target with the same bytes (an earlier run's). */
  alreadyThere: number;
  /** Deleted from the source after their copy was verified. */
  deleted: number;
  bytes: number;
  /** Keys whose copy did not read back the same: left in the source, reported. */
  failed: string[];
}

export class MoveError extends Error {
  override name = "MoveError";
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export async function movePhotos(
  from: PhotoStore,
  to: PhotoStore,
  options: { workDir: string; deleteSource?: boolean; onProgress?: (key: string, outcome: "copied" | "already there" | "failed") => void },
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, deleted: 0, bytes: 0, failed: [] };
  mkdirSync(options.workDir, { recursive: true });
  // The listing first: deleting from the source while a bucket's listing pages through it would skip keys.
  const keys: string[] = [];
  for await (const object of from.list()) if (PHOTO_FILE.test(object.key)) keys.push(object.key);

  for (const key of keys) {
    const bytes = await from.read(key);
    if (!bytes) continue; // deleted meanwhile (retention, erasure)
    const hash = sha256(bytes);
    const existing = await to.read(key);
    let outcome: "copied" | "already there" | "failed";
    if (existing && sha256(existing) === hash) {
      outcome = "already there";
      report.alreadyThere++;
    } else {
      const temp = join(options.workDir, `move-${newId()}-${key}`);
      writeFileSync(temp, bytes);
      await to.put(key, temp);
      const back = await to.read(key);
      if (back && sha256(back) === hash) {
        outcome = "copied";
        report.copied++;
        report.bytes += bytes.length;
      } else {
        outcome = "failed";
        report.failed.push(key);
      }
    }
    if (outcome !== "failed" && options.deleteSource) {
      await from.remove([key]);
      report.deleted++;
    }
    options.onProgress?.(key, outcome);
  }
  return report;
}
