/**
 * Backups: the database and the photos (the uploads folder, or the bucket when S3_BUCKET is set) in one dated
 * archive, taken while the service runs
 * (`scripts/backup.ts`; restored by ./restore.ts).
 *
 * The database is copied with SQLite's `VACUUM INTO`, which reads one snapshot inside one read transaction: in WAL
 * mode the service keeps writing meanwhile, and the copy holds every transaction committed before the snapshot
 * and none after. It is checked (`PRAGMA integrity_check`) before it goes into the archive, so a damaged database
 * never pushes a good backup out of the last N. The photos are copied after the snapshot: a photo uploaded
 * meanwhile is in the archive but not in the database (the server's start-up sweep removes it after a restore), and
 * a photo deleted meanwhile (retention, erasure) is missing for a row that still names it, which the manifest
 * counts as `missing`.
 *
 * The archive is a gzip'd tar (./tar.ts), written as a stream, file by file, in 64 KB chunks: memory stays flat
 * whatever the size of the uploads folder; the disk needs room for the database copy and the archive. Its
 * entries: `database.sqlite`, `uploads/<file>` for each photo and thumbnail, and last `backup.json`, the manifest
 * (counts, and each file's size and SHA-256, which the restore checks). It is written under a temporary name,
 * synced to disk and only then renamed, so a backup that fails midway leaves no archive that looks complete.
 */
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { PhotoStore } from "../photos/storage.ts";
import { TAR_END, tarHeader, tarPadding } from "./tar.ts";

export const BACKUP_FORMAT = 1;
/** `profileboost-2026-11-23T193012Z.tar.gz`: sorts by time as text. */
export const BACKUP_NAME = /^profileboost-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz$/;
export const DEFAULT_KEEP = 7;
export const MAX_KEEP = 1000;

/** The archive's entry names, whatever the configured paths are called. */
export const DATABASE_ENTRY = "database.sqlite";
export const UPLOADS_ENTRY = "uploads/";
export const MANIFEST_ENTRY = "backup.json";

/** What `backup.json` says. */
export interface BackupManifest {
  format: number;
  createdAt: string;
  database: { orders: number; paidOrders: number; profiles: number; photos: number };
  /** Photo files archived; `missing`: files the database names that were not there; `vanished`: deleted while being archived. */
  uploads: { files: number; bytes: number; missing: number; vanished: number };
  files: { path: string; bytes: number; sha256: string }[];
}

/** A problem an operator must fix, in words for them; the scripts print it and exit non-zero. */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface BackupOptions {
  databasePath: string;
  uploadsDir: string;
  /** The photos' bucket, when they are kept in one (S3_BUCKET): the archive takes them from there. */
  bucket?: PhotoStore;
  /** Where the archives are kept. */
  dir: string;
  /** How many archives to keep, this one included. */
  keep: number;
  now?: Date;
}

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: BackupManifest;
  /** Older archives removed to keep the last `keep`. */
  removed: string[];
}

export function backupFileName(at: Date): string {
  const iso = at.toISOString();
  return `profileboost-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.tar.gz`;
}

const CHUNK = 64 * 1024;

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { databasePath, uploadsDir, dir, keep } = options;
  if (databasePath === ":memory:") throw new BackupError("DATABASE_PATH is :memory:; there is no database file to back up.");
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath} (check DATABASE_PATH).`);
  mkdirSync(dir, { recursive: true });
  const now = options.now ?? new Date();
  const name = backupFileName(now);
  const path = join(dir, name);
  if (existsSync(path)) throw new BackupError(`${path} exists already; one backup a second is the most this names apart.`);
  const snapshot = join(dir, `.${name}.sqlite.partial`);
  const partial = join(dir, `.${name}.partial`);

  try {
    const database = snapshotDatabase(databasePath, snapshot);
    const files: BackupManifest["files"] = [];
    let vanished = 0;
    let manifest: BackupManifest | undefined;
    const mtime = Math.floor(now.getTime() / 1000);

    async function* entries(): AsyncGenerator<Uint8Array> {
      const db = await archiveFile(snapshot, DATABASE_ENTRY, mtime);
      if (!db) throw new BackupError("The database copy disappeared while being archived.");
      yield* db;
      if (options.bucket) {
        // Each object through a local copy (one at a time), so the archive's entry has a known size and hash.
        for await (const object of options.bucket.list()) {
          const copy = await options.bucket.localCopy(object.key);
          if (!copy) {
            vanished++;
            continue;
          }
          try {
            const entry = await archiveFile(copy.path, `${UPLOADS_ENTRY}${object.key}`, Math.floor(object.modifiedAt.getTime() / 1000));
            if (entry) yield* entry;
          } finally {
            copy.release();
          }
        }
      }
      for (const file of options.bucket ? [] : listUploads(uploadsDir)) {
        const entry = await archiveFile(join(uploadsDir, file), `${UPLOADS_ENTRY}${file}`);
        if (!entry) {
          vanished++;
          continue;
        }
        yield* entry;
      }
      const uploaded = files.filter((f) => f.path.startsWith(UPLOADS_ENTRY));
      const archived = new Set(uploaded.map((f) => f.path.slice(UPLOADS_ENTRY.length)));
      manifest = {
        format: BACKUP_FORMAT,
        createdAt: now.toISOString(),
        database: database.counts,
        uploads: {
          files: uploaded.length,
          bytes: uploaded.reduce((sum, f) => sum + f.bytes, 0),
          missing: database.photoFiles.filter((file) => !archived.has(file)).length,
          vanished,
        },
        files,
      };
      const text = new TextEncoder().encode(`${JSON.stringify(manifest, null, 1)}\n`);
      yield tarHeader({ name: MANIFEST_ENTRY, size: text.length, mtime });
      yield text;
      yield tarPadding(text.length);
      yield TAR_END;
    }

    /**
     * One file's header, data and padding. The file is opened first and its size read from the open handle, so a
     * photo deleted between the listing and now is skipped (null) rather than failing the backup.
     */
    async function archiveFile(source: string, entryName: string, fixedMtime?: number): Promise<AsyncGenerator<Uint8Array> | null> {
      let handle;
      try {
        handle = await open(source, "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      const info = await handle.stat();
      return (async function* () {
        const hash = createHash("sha256");
        let read = 0;
        try {
          yield tarHeader({ name: entryName, size: info.size, mtime: fixedMtime ?? Math.floor(info.mtimeMs / 1000) });
          for await (const chunk of handle.createReadStream({ highWaterMark: CHUNK, autoClose: false })) {
            const bytes = chunk as Buffer;
            read += bytes.length;
            if (read > info.size) break;
            hash.update(bytes);
            yield bytes;
          }
        } finally {
          await handle.close();
        }
        // Photos are never rewritten in place; a size that changed means something else is writing there.
        if (read !== info.size) throw new BackupError(`${source} changed size while it was archived; run the backup again.`);
        yield tarPadding(info.size);
        files.push({ path: entryName, bytes: info.size, sha256: hash.digest("hex") });
      })();
    }

    await pipeline(entries, createGzip({ level: 6 }), createWriteStream(partial, { flags: "wx" }));
    await syncFile(partial);
    await rename(partial, path);
    await syncFile(dir);
    const removed = pruneBackups(dir, keep);
    return { path, bytes: statSync(path).size, manifest: manifest!, removed };
  } finally {
    rmSync(snapshot, { force: true });
    rmSync(partial, { force: true });
  }
}

/**
 * The database as one consistent file, checked, with the counts the manifest shows and the photo files it names.
 * A second connection of our own: the service's connections are never touched, and the read transaction of
 * VACUUM INTO lets them go on writing.
 */
function snapshotDatabase(databasePath: string, snapshot: string) {
  const live = new Database(databasePath, { readwrite: true, create: false });
  try {
    live.run("PRAGMA busy_timeout = 5000");
    live.query("VACUUM INTO ?").run(snapshot);
  } finally {
    live.close();
  }
  const copy = new Database(snapshot, { readonly: true });
  try {
    const problems = copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((row) => row.integrity_check);
    if (problems.join() !== "ok") {
      throw new BackupError(`The database fails its integrity check, so no backup was written (older backups are kept): ${problems.slice(0, 3).join("; ")}`);
    }
    const count = (sql: string) => copy.query<{ n: number }, []>(sql).get()!.n;
    const counts = {
      orders: count("SELECT count(*) AS n FROM orders"),
      paidOrders: count("SELECT count(*) AS n FROM orders WHERE paid_at IS NOT NULL"),
      profiles: count("SELECT count(*) AS n FROM profiles"),
      photos: count("SELECT count(*) AS n FROM photos"),
    };
    const photoFiles = copy
      .query<{ file: string | null }, []>("SELECT file_path AS file FROM photos UNION SELECT thumb_path FROM photos")
      .all()
      .map((row) => row.file)
      .filter((file): file is string => !!file);
    return { counts, photoFiles };
  } finally {
    copy.close();
  }
}

/**
 * Every regular file under the uploads folder, relative to it, in a stable order; not the dot-folders at its top
 * (`.incoming/`: uploads in flight; `.restore-…`, `.replaced-…`: a restore's work and what it put aside).
 */
function listUploads(uploadsDir: string): string[] {
  if (!existsSync(uploadsDir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(uploadsDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = relative(uploadsDir, join(entry.parentPath, entry.name));
    if (path.startsWith(".") || path.split(sep).some((part) => part === "..")) continue;
    found.push(path.split(sep).join("/"));
  }
  return found.sort();
}

/** Removes all but the newest `keep` archives of this naming (never any other file), and partial files a crash left. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = readdirSync(dir);
  const removed = names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .slice(keep)
    .map((name) => join(dir, name));
  for (const path of removed) rmSync(path, { force: true });
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of names) {
    const path = join(dir, name);
    if (/^\.profileboost-.*\.partial$/.test(name) && statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
  }
  return removed;
}

/** fsync, so a backup reported as written survives a power cut; a folder is synced for the rename within it. */
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
