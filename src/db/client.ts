import { Database, type Statement } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "./schema.ts";

export type DB = BunSQLiteDatabase<typeof schema>;

export interface Store {
  db: DB;
  sqlite: Database;
  /** How many migrations this open applied (0 on every start after the first). */
  migrationsApplied: number;
  close(): void;
}

export const DEFAULT_MIGRATIONS_DIR = join(import.meta.dir, "..", "..", "db", "migrations");

/**
 * Opens (creating if needed) the SQLite file, sets its pragmas and applies pending migrations. Why each pragma: the
 * comments below, docs/operations.md (the 5 s `busy_timeout`), docs/decisions/062-privacy-deleted-gone-from-file.md
 * (`secure_delete`) and docs/decisions/065-backups-vacuum-into-tar-gz.md (WAL mode).
 */
export function openStore(path: string, migrationsDir = DEFAULT_MIGRATIONS_DIR): Store {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.run("PRAGMA journal_mode = WAL");
  sqlite.run("PRAGMA busy_timeout = 5000");
  sqlite.run("PRAGMA foreign_keys = ON");
  // Payment state must survive power loss: FULL syncs the WAL on every commit.
  sqlite.run("PRAGMA synchronous = FULL");
  // Deleted rows are overwritten with zeros, so erased personal data leaves the file (src/privacy/wal.ts).
  sqlite.run("PRAGMA secure_delete = ON");

  const statements = preparedOnce(sqlite);
  const db = drizzle({ client: statements.client, schema });
  const before = countMigrations(sqlite);
  migrate(db, { migrationsFolder: migrationsDir });
  const migrationsApplied = countMigrations(sqlite) - before;
  // The migrations' statements run once: not kept.
  statements.finalize();

  let closed = false;
  return {
    db,
    sqlite,
    migrationsApplied,
    close() {
      if (closed) return;
      closed = true;
      statements.finalize();
      sqlite.close();
    },
  };
}

/** How many statements a connection keeps prepared: the app's queries number about a hundred, the list's filters a few dozen. */
export const PREPARED_STATEMENTS = 256;

/**
 * The connection as drizzle sees it, its statements kept prepared by their SQL. Drizzle asks for a new statement on
 * every query, and SQLite parsed and planned the admin list's state expression (src/admin/review-state-sql.ts) again
 * on every request: most of a list request's time on a small database. Drizzle binds the values, so the SQL names a
 * query's shape, and one statement serves every call of it; bun:sqlite runs a statement to its end before returning,
 * so no two calls share one at once. Beyond `size`, the least recently used is dropped (not finalized: drizzle may
 * still hold it; the collector finalizes it). `finalize()` finalizes what is kept, so a close releases the file at once.
 */
export function preparedOnce(sqlite: Database, size = PREPARED_STATEMENTS): { client: Database; finalize(): void; size(): number } {
  const kept = new Map<string, Statement>();
  const prepare = (query: string): Statement => {
    let statement = kept.get(query);
    if (statement) kept.delete(query);
    else statement = sqlite.prepare(query);
    kept.set(query, statement);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return statement;
  };
  const client = new Proxy(sqlite, {
    get(target, key) {
      if (key === "prepare") return prepare;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    client,
    finalize() {
      for (const statement of kept.values()) statement.finalize();
      kept.clear();
    },
    size: () => kept.size,
  };
}

function countMigrations(sqlite: Database): number {
  const table = sqlite
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  return sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n;
}

/** Runs `fn` in a write transaction that takes the write lock at BEGIN (BEGIN IMMEDIATE), so readers never deadlock-upgrade. */
export function writeTransaction<T>(db: DB, fn: (tx: Parameters<Parameters<DB["transaction"]>[0]>[0]) => T): T {
  return db.transaction(fn, { behavior: "immediate" });
}
