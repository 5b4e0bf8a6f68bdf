import { Database } from "bun:sqlite";
import { join } from "node:path";

/**
 * Whether every job of `kind` in the database of a test server's `dir` (those whose payload names `about`, when given)
 * has ended, done or failed for good: nothing more can be sent for it. Read-only, from the test process.
 */
export function jobsEnded(dir: string, kind: string, about = ""): boolean {
  const db = new Database(join(dir, "app.sqlite"), { readonly: true });
  try {
    return (
      db
        .query<{ n: number }, [string, string]>("SELECT count(*) AS n FROM jobs WHERE kind = ? AND payload LIKE '%' || ? || '%' AND status IN ('queued', 'running')")
        .get(kind, about)!.n === 0
    );
  } finally {
    db.close();
  }
}
