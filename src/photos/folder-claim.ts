/**
 * Which live servers use an uploads folder (decision 152). Two servers may share one (docs/operations.md, Capacity):
 * then a server starting must not take the other's uploads in flight for a crash's leftovers. Each server holds a
 * shared lock on `UPLOADS_DIR/.servers.lock` from before it accepts uploads until it exits; a server starting takes
 * the lock exclusively first, which succeeds only when no other live server holds it. The lock is SQLite's (a POSIX
 * file lock, the one Bun reaches): the kernel drops it the moment its process ends, `kill -9` included, so a server
 * restarted after a crash finds itself alone at once. The file stays empty; the dot keeps it out of the store's
 * listing, backups and restores.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";

const LOCK_FILE = ".servers.lock";
/** How long `share` waits for a server that is sweeping alone (a listing and some deletions on the local disk). */
const SHARE_WAIT_MS = 60_000;

export interface FolderClaim {
  /**
   * No other live server uses the folder: everything in it that no row names is a dead process's leftover. Held
   * exclusively until `share`: a server starting meanwhile sees itself not alone.
   */
  readonly alone: boolean;
  /** From exclusive to shared: from now until `release` (or the process's end) other servers starting are not alone. */
  share(): void;
  release(): void;
}

/** Claims the uploads folder (created beforehand); never throws: a lock that cannot be taken counts as not alone. */
export function claimUploadsFolder(uploadsDir: string): FolderClaim {
  let db: Database;
  try {
    db = new Database(join(uploadsDir, LOCK_FILE), { create: true });
    db.exec("PRAGMA busy_timeout = 0");
  } catch {
    return { alone: false, share() {}, release() {} };
  }
  let alone = false;
  try {
    db.exec("BEGIN EXCLUSIVE");
    alone = true;
  } catch {
    // Another live server holds the lock (or is claiming it now).
  }
  return {
    alone,
    share() {
      if (alone) db.exec("COMMIT");
      db.exec(`PRAGMA busy_timeout = ${SHARE_WAIT_MS}`);
      // A read transaction holds SQLite's SHARED lock until it ends: other servers' BEGIN EXCLUSIVE fails meanwhile.
      db.exec("BEGIN");
      db.query("SELECT count(*) FROM sqlite_master").get();
    },
    release() {
      db.close();
    },
  };
}
