/**
 * Moves the stored photos between the uploads folder and the bucket, either way, verifying each one.
 *
 *   bun scripts/move-photos.ts --to bucket|disk [--delete]
 *
 * Reads UPLOADS_DIR and the S3_* settings as the server does (S3_BUCKET is needed both ways). Each photo is copied,
 * read back and compared by SHA-256 with the original; with --delete the original goes once its copy is verified.
 * Resumable: a photo already in the target with the same bytes is skipped, so an interrupted run is run again.
 * Switching a running service to the bucket: run it once while the service runs (copies), stop the service, run it
 * again with --delete (copies what came meanwhile, empties the folder), set S3_BUCKET, start (docs/operations.md).
 * Prints one line per 100 photos and a summary; exits 0 when every photo is in the target, 1 otherwise, 2 on a
 * usage error.
 */
import { join } from "node:path";
import { movePhotos } from "../src/photos/move.ts";
import { diskPhotoStore, s3PhotoStore } from "../src/photos/storage.ts";
import { argsOrUsage, configOrFail, fail } from "./cli.ts";

const USAGE = "usage: bun scripts/move-photos.ts --to bucket|disk [--delete]";

const { values } = argsOrUsage({ options: { to: { type: "string" }, delete: { type: "boolean", default: false } }, allowPositionals: false }, USAGE);
if (values.to !== "bucket" && values.to !== "disk") fail(`--to must be bucket or disk\n${USAGE}`, 2);

const config = configOrFail();
if (!config.s3) fail("S3_BUCKET is not set: set it and the bucket's S3_* settings (README, Configuration) to move photos to or from a bucket.");

const disk = diskPhotoStore(config.uploadsDir);
const bucket = s3PhotoStore(config.s3, config.uploadsDir);
const [from, to] = values.to === "bucket" ? [disk, bucket] : [bucket, disk];

const started = performance.now();
let seen = 0;
try {
  const report = await movePhotos(from, to, {
    workDir: join(config.uploadsDir, ".incoming"),
    deleteSource: values.delete,
    onProgress(key, outcome) {
      seen++;
      if (outcome === "failed") console.error(`${key}: the copy in ${to.description} does not read back the same; the original is kept`);
      if (seen % 100 === 0) console.log(`${seen} photo file(s) done`);
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Moved from ${from.description} to ${to.description} in ${seconds} s: ${report.copied} copied and verified (${(report.bytes / 2 ** 20).toFixed(1)} MB), ` +
      `${report.alreadyThere} already there, ${report.deleted} deleted from the source, ${report.failed.length} failed.`,
  );
  if (report.failed.length > 0) process.exit(1);
} catch (err) {
  fail(`Move stopped: ${err instanceof Error ? err.message : String(err)}. What was copied is kept; run the same command again to go on.`);
}
