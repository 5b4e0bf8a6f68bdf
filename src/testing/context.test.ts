import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../db/client.ts";
import { migratedDatabase, tempDir, testContext } from "./context.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = tempDir("context-test-");
  dirs.push(dir);
  return dir;
}

/** What a database holds apart from its rows of data: its tables, indexes and triggers, and the migrations recorded. */
function shapeOf(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    return {
      schema: db.query("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all(),
      migrations: db.query("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id").all(),
      journal: db.query("PRAGMA journal_mode").get(),
    };
  } finally {
    db.close();
  }
}

describe("migratedDatabase: the tests' databases are copies of one migrated once", () => {
  test("a copy has the schema and the recorded migrations of a database migrated from nothing, in WAL mode, and opening it applies none", () => {
    const dir = scratch();
    const fromNothing = join(dir, "from-nothing.sqlite");
    const fresh = openStore(fromNothing);
    expect(fresh.migrationsApplied).toBeGreaterThan(0);
    fresh.close();
    const copied = join(dir, "nested", "copied.sqlite");
    migratedDatabase(copied);
    expect(shapeOf(copied)).toEqual(shapeOf(fromNothing));
    expect(shapeOf(copied).journal).toEqual({ journal_mode: "wal" });
    const store = openStore(copied);
    expect(store.migrationsApplied).toBe(0);
    store.close();
  });

  test("a file already at the path is left as it is, and so is an in-memory database", () => {
    const path = join(scratch(), "mine.sqlite");
    writeFileSync(path, "not a copy");
    migratedDatabase(path);
    expect(readFileSync(path, "utf8")).toBe("not a copy");
    migratedDatabase(":memory:");
    expect(existsSync(":memory:")).toBe(false);
  });

  test("each test context has a database of its own: a row written in one is not in another", () => {
    const a = testContext();
    const b = testContext();
    try {
      a.store.sqlite.run("INSERT INTO settings (key, value) VALUES ('marker', 'a')");
      expect(b.store.sqlite.query("SELECT value FROM settings WHERE key = 'marker'").get()).toBeNull();
      expect(a.config.databasePath).not.toBe(b.config.databasePath);
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });
});
