/**
 * Writes a backup of the database and the photos (the uploads folder, or the bucket when S3_BUCKET is set) into one
 * dated archive, and keeps the newest N.
 *
 *   bun scripts/backup.ts [--dir backups] [--keep 7]
 *
 * Safe while the service runs (see src/ops/backup.ts for how). Works on the service's files, DATABASE_PATH and
 * UPLOADS_DIR, read as the server reads them, so run it with the service's environment and as its user. Prints one
 * line and exits 0; on any problem prints it and exits 1 (cron mails that), keeping every older archive.
 * Restore with scripts/restore.ts.
 */
import { z } from "zod";
import { BackupError, createBackup, DEFAULT_KEEP, MAX_KEEP } from "../src/ops/backup.ts";
import { s3PhotoStore } from "../src/photos/storage.ts";
import { argsOrUsage, configOrFail, fail } from "./cli.ts";

const USAGE = "usage: bun scripts/backup.ts [--dir <folder>] [--keep <count>]";

const argsSchema = z.object({
  dir: z.string().trim().min(1, "--dir needs a folder").default("backups"),
  keep: z
    .string()
    .regex(/^\d+$/, `--keep must be a whole number from 1 to ${MAX_KEEP}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_KEEP, `--keep must be a whole number from 1 to ${MAX_KEEP}`)
    .default(DEFAULT_KEEP),
});

const { values } = argsOrUsage({ options: { dir: { type: "string" }, keep: { type: "string" } }, allowPositionals: false }, USAGE);
const args = argsSchema.safeParse(values);
if (!args.success) fail(`${args.error.issues[0]!.message}\n${USAGE}`, 2);

const config = configOrFail();

const started = performance.now();
try {
  const { path, bytes, manifest, removed } = await createBackup({
    databasePath: config.databasePath,
    uploadsDir: config.uploadsDir,
    bucket: config.s3 ? s3PhotoStore(config.s3, config.uploadsDir) : undefined,
    dir: args.data.dir,
    keep: args.data.keep,
  });
  const { database: db, uploads } = manifest;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup written: ${path} (${megabytes(bytes)} in ${seconds} s): ${db.orders} order(s), ${db.paidOrders} paid, ${db.profiles} profile(s), ` +
      `${uploads.files} photo file(s) (${megabytes(uploads.bytes)}); ${removed.length} older backup(s) removed, the newest ${args.data.keep} kept.`,
  );
  if (uploads.missing > 0 || uploads.vanished > 0) {
    console.log(`Note: ${uploads.missing} photo file(s) the database names were not there, ${uploads.vanished} deleted while the backup ran.`);
  }
} catch (err) {
  if (err instanceof BackupError) fail(`Backup failed: ${err.message}`);
  fail(`Backup failed: ${err instanceof Error ? `${err.message}${"code" in err ? ` (${String(err.code)})` : ""}` : String(err)}`);
}

function megabytes(n: number): string {
  return `${(n / 2 ** 20).toFixed(1)} MB`;
}
