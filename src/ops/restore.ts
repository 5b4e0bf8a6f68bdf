/**
 * Restores an archive of ./backup.ts into the configured DATABASE_PATH and UPLOADS_DIR (`scripts/restore.ts`).
 *
 * Nothing is touched until the whole archive has been read and checked: every file is extracted to a staging
 * place beside its target (same file system, so moving it in is a rename), its size and SHA-256 compared with the
 * manifest, and the database copy passes `PRAGMA integrity_check`. Only then is the current database (with any
 * `-wal`/`-shm` beside it, which must never meet another database file) renamed to `<name>.replaced-<time>` and
 * the current photos moved into `<uploads>/.replaced-<time>/`, and the restored ones moved in. What was replaced
 * is kept, so a restore of the wrong archive can be undone; the operator deletes it once the service is checked.
 *
 * A database that another process has open (the service) is refused unless `force` is set: its writes would go to
 * the replaced file and be lost. SQLite answers that question itself: no other connection may be open for ours to
 * take an exclusive lock.
 */
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, chownSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createGunzip } from "node:zlib";
import { newId } from "../db/ids.ts";
import { BACKUP_FORMAT, BackupError, DATABASE_ENTRY, MANIFEST_ENTRY, UPLOADS_ENTRY, type BackupManifest } from "./backup.ts";
import { readTar, TarError } from "./tar.ts";

export interface RestoreOptions {
  archive: string;
  databasePath: string;
  uploadsDir: string;
  /** Restore even though another process has the database open (the service must be restarted right after). */
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the replaced database and photos were put aside, when there were any. */
  replaced: { database?: string; uploads?: string };
}

/** The manifest lists every file: 100,000 photos take about 15 MB of it. */
const MAX_MANIFEST_BYTES = 64 * 2 ** 20;
/** One path segment of an uploads entry: no separators, no dot-names (`.`, `..`, the restore's own folders). */
const SAFE_SEGMENT = /^[^/\\\0.][^/\\\0]{0,254}$/;

/** Whether another process has the SQLite file open: only then is the exclusive lock refused. */
export function databaseInUse(path: string): boolean {
  if (!existsSync(path)) return false;
  let db: Database | undefined;
  try {
    db = new Database(path, { readwrite: true, create: false });
    db.run("PRAGMA busy_timeout = 0");
    db.run("PRAGMA locking_mode = EXCLUSIVE");
    db.run("BEGIN EXCLUSIVE");
    db.run("COMMIT");
    return false;
  } catch (err) {
    // A damaged file (a likely reason to restore) cannot be locked either; only "locked" and "busy" mean a user.
    return /locked|busy/i.test(err instanceof Error ? err.message : String(err));
  } finally {
    db?.close();
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { archive, databasePath, uploadsDir } = options;
  if (databasePath === ":memory:") throw new BackupError("DATABASE_PATH is :memory:; there is no database file to restore into.");
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new BackupError(`There is no backup at ${archive}.`);
  const refuseIfInUse = () => {
    if (!options.force && databaseInUse(databasePath)) {
      throw new BackupError(
        `The database ${databasePath} is open in another process: stop the service first (or pass --force and restart it right after; its writes since the backup are lost).`,
      );
    }
  };
  refuseIfInUse();

  mkdirSync(dirname(databasePath), { recursive: true });
  mkdirSync(uploadsDir, { recursive: true });
  const id = newId();
  const stagedDatabase = join(dirname(databasePath), `.restore-${id}.sqlite`);
  const stagedUploads = join(uploadsDir, `.restore-${id}`);
  try {
    const manifest = await extract(archive, stagedDatabase, stagedUploads);
    checkDatabase(stagedDatabase);
    if (process.getuid?.() === 0) giveToOwner(stagedDatabase, stagedUploads, databasePath, uploadsDir);
    // The service may have been started while the archive was read.
    refuseIfInUse();
    const replaced = swapIn({ databasePath, uploadsDir, stagedDatabase, stagedUploads, stamp: stampOf(options.now ?? new Date()) });
    return { manifest, replaced };
  } finally {
    rmSync(stagedDatabase, { force: true });
    rmSync(stagedUploads, { recursive: true, force: true });
  }
}

/** Writes every entry to its staging place and checks the set against the manifest; throws before anything is swapped. */
async function extract(archive: string, stagedDatabase: string, stagedUploads: string): Promise<BackupManifest> {
  const written = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  await mkdir(stagedUploads);
  try {
    for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
      if (written.has(entry.name) || (entry.name === MANIFEST_ENTRY && manifestText !== undefined)) {
        throw new BackupError(`The archive holds ${entry.name} twice.`);
      }
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.size > MAX_MANIFEST_BYTES) throw new BackupError("The archive's manifest is implausibly large.");
        const chunks: Uint8Array[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      written.set(entry.name, await writeEntry(entry.body, targetOf(entry.name, stagedDatabase, stagedUploads)));
    }
  } catch (err) {
    if (err instanceof TarError) throw new BackupError(`The archive is damaged: ${err.message}.`);
    // zlib's words for a file that is not gzip, or that was cut short.
    if (err instanceof Error && /header check|unexpected end|incorrect|invalid/i.test(err.message)) {
      throw new BackupError(`The archive is not a complete .tar.gz backup: ${err.message}.`);
    }
    throw err;
  }

  if (manifestText === undefined) throw new BackupError(`The archive has no ${MANIFEST_ENTRY}: it is not a complete backup.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupError(`The archive's ${MANIFEST_ENTRY} is not JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError(`The archive's format (${JSON.stringify(manifest.format)}) is not one this version restores (${BACKUP_FORMAT}).`);
  }
  if (!written.has(DATABASE_ENTRY)) throw new BackupError(`The archive has no ${DATABASE_ENTRY}.`);
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const [name, file] of written) {
    const expected = listed.get(name);
    if (!expected) throw new BackupError(`The archive holds ${name}, which its manifest does not list.`);
    if (expected.bytes !== file.bytes || expected.sha256 !== file.sha256) throw new BackupError(`${name} in the archive does not match its manifest (damaged).`);
  }
  const absent = manifest.files.filter((f) => !written.has(f.path));
  if (absent.length > 0) throw new BackupError(`${absent.length} file(s) of the manifest are not in the archive, ${absent[0]!.path} first.`);
  return manifest;
}

/** Where an entry is staged; any name this backup never writes is refused, so nothing lands outside the staging places. */
function targetOf(name: string, stagedDatabase: string, stagedUploads: string): string {
  if (name === DATABASE_ENTRY) return stagedDatabase;
  if (name.startsWith(UPLOADS_ENTRY)) {
    const segments = name.slice(UPLOADS_ENTRY.length).split("/");
    if (segments.every((segment) => SAFE_SEGMENT.test(segment))) return join(stagedUploads, ...segments);
  }
  throw new BackupError(`The archive holds ${JSON.stringify(name)}, which no backup writes; nothing was restored.`);
}

async function writeEntry(body: AsyncIterable<Uint8Array>, path: string): Promise<{ bytes: number; sha256: string }> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, "wx");
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest("hex") };
}

function checkDatabase(path: string): void {
  const db = new Database(path, { readonly: true });
  try {
    const problems = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((row) => row.integrity_check);
    if (problems.join() !== "ok") throw new BackupError(`The archive's database fails its integrity check: ${problems.slice(0, 3).join("; ")}`);
    const migrated = db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    if (!migrated) throw new BackupError("The archive's database is not this service's (it has no migrations table).");
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`The archive's database cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    db.close();
  }
}

/** Run as root (a systemd host), the restored files get the owner of the folders they go to, so the service can write them. */
function giveToOwner(stagedDatabase: string, stagedUploads: string, databasePath: string, uploadsDir: string): void {
  const dbOwner = statSync(dirname(databasePath));
  chownSync(stagedDatabase, dbOwner.uid, dbOwner.gid);
  const uploadsOwner = statSync(uploadsDir);
  for (const entry of readdirSync(stagedUploads, { recursive: true }) as string[]) {
    chownSync(join(stagedUploads, entry), uploadsOwner.uid, uploadsOwner.gid);
  }
}

function swapIn(paths: { databasePath: string; uploadsDir: string; stagedDatabase: string; stagedUploads: string; stamp: string }) {
  const { databasePath, uploadsDir, stagedDatabase, stagedUploads, stamp } = paths;
  const replaced: RestoreResult["replaced"] = {};
  if (existsSync(databasePath)) {
    replaced.database = `${databasePath}.replaced-${stamp}`;
    renameSync(databasePath, replaced.database);
    // Moved with their database (the names still pair up): a WAL left beside another database file would be replayed into it.
    for (const suffix of ["-wal", "-shm", "-journal"]) {
      if (existsSync(databasePath + suffix)) renameSync(databasePath + suffix, replaced.database + suffix);
    }
  }
  renameSync(stagedDatabase, databasePath);

  const current = readdirSync(uploadsDir).filter((name) => !name.startsWith("."));
  if (current.length > 0) {
    replaced.uploads = join(uploadsDir, `.replaced-${stamp}`);
    mkdirSync(replaced.uploads);
    for (const name of current) renameSync(join(uploadsDir, name), join(replaced.uploads, name));
  }
  for (const name of readdirSync(stagedUploads)) renameSync(join(stagedUploads, name), join(uploadsDir, name));
  return replaced;
}

function stampOf(at: Date): string {
  return at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}
