/**
 * Restores a backup written by scripts/backup.ts into the service's DATABASE_PATH and UPLOADS_DIR (and, when
 * S3_BUCKET is set, moves the archive's photos from there into the bucket, each verified).
 *
 *   bun scripts/restore.ts <archive> [--force]
 *
 * Stop the service first: a database another process has open is refused, unless --force (then restart the
 * service right after; whatever it wrote since the backup is lost). The archive is checked whole before anything
 * is replaced; the replaced database and photos are put aside (the paths are printed) for the operator to delete
 * once the restored service is checked. Run it as the service's user (as root, the restored files are given to
 * the owner of their folders). Exits 0 when restored, 1 on any problem (nothing replaced), 2 on a usage error.
 */
import { BackupError } from "../src/ops/backup.ts";
import { restoreBackup } from "../src/ops/restore.ts";
import { movePhotos } from "../src/photos/move.ts";
import { diskPhotoStore, s3PhotoStore } from "../src/photos/storage.ts";
import { join } from "node:path";
import { argsOrUsage, configOrFail, fail } from "./cli.ts";

const USAGE = "usage: bun scripts/restore.ts <archive> [--force]";

const parsed = argsOrUsage({ options: { force: { type: "boolean", default: false } }, allowPositionals: true }, USAGE);
if (parsed.positionals.length !== 1 || parsed.positionals[0]!.trim() === "") fail(USAGE, 2);
const archive = parsed.positionals[0]!;

const config = configOrFail();

try {
  const { manifest, replaced } = await restoreBackup({
    archive,
    databasePath: config.databasePath,
    uploadsDir: config.uploadsDir,
    force: parsed.values.force,
  });
  const { database: db, uploads } = manifest;
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.databasePath} and ${config.uploadsDir}: ` +
      `${db.orders} order(s), ${db.paidOrders} paid, ${db.profiles} profile(s), ${uploads.files} photo file(s).`,
  );
  if (config.s3) {
    // The archive's photos were restored into the uploads folder; the service reads them from the bucket.
    const moved = await movePhotos(diskPhotoStore(config.uploadsDir), s3PhotoStore(config.s3, config.uploadsDir), {
      workDir: join(config.uploadsDir, ".incoming"),
      deleteSource: true,
    });
    if (moved.failed.length) fail(`Restore incomplete: ${moved.failed.length} photo file(s) did not read back the same from the bucket; run bun scripts/move-photos.ts --to bucket --delete.`);
    console.log(`Photos put into bucket ${config.s3.bucket}: ${moved.copied} copied and verified, ${moved.alreadyThere} already there.`);
  }
  if (replaced.database) console.log(`The replaced database is at ${replaced.database}; delete it once the service is checked.`);
  if (replaced.uploads) console.log(`The replaced photos are in ${replaced.uploads}; delete them once the service is checked.`);
  console.log("Start the service now; it applies any newer migrations at start.");
} catch (err) {
  if (err instanceof BackupError) fail(`Restore failed: ${err.message}`);
  fail(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
}
