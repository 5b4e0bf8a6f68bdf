import { Database } from "bun:sqlite";
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

  const db = drizzle({ client: sqlite, schema });
  const before = countMigrations(sqlite);
  migrate(db, { migrationsFolder: migrationsDir });
  const migrationsApplied = countMigrations(sqlite) - before;

  let closed = false;
  return {
    db,
    sqlite,
    migrationsApplied,
    close() {
      if (closed) return;
      closed = true;
      sqlite.close();
    },
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
