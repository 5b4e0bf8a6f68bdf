/**
 * Deleted data must leave the database file, not only its tables. The connection runs with `secure_delete` on
 * (src/db/client.ts), so SQLite overwrites what it deletes with zeros; but in WAL mode the pages as they were before
 * stay in the `-wal` file until a checkpoint copies the new ones into the database and truncates the log. After an
 * erasure, and after each hourly housekeeping pass (a receipt sent since clears its address), this checkpoints.
 */
import type { AppContext } from "../context.ts";

/**
 * Checkpoints and truncates the WAL, answering whether it could. It does not wait: a reader in another process (a
 * backup) makes it give up at once, rather than stall every request of this one, and the next hour's call does it.
 */
export function forgetFreedPages(ctx: Pick<AppContext, "store" | "log">): boolean {
  const sqlite = ctx.store.sqlite;
  const timeout = sqlite.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()?.timeout ?? 0;
  try {
    sqlite.run("PRAGMA busy_timeout = 0");
    return sqlite.query<{ busy: number }, []>("PRAGMA wal_checkpoint(TRUNCATE)").get()?.busy === 0;
  } catch (err) {
    ctx.log.error("checkpoint after a deletion", err);
    return false;
  } finally {
    sqlite.run(`PRAGMA busy_timeout = ${timeout}`);
  }
}
