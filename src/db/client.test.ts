import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { tempDir } from "../testing/context.ts";
import { openStore, preparedOnce, writeTransaction } from "./client.ts";
import { ID_PATTERN, newId } from "./ids.ts";
import { jobs, orders, profiles } from "./schema.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dbPath(): string {
  const d = tempDir("db-test-");
  dirs.push(d);
  return join(d, "nested", "app.sqlite");
}

describe("openStore", () => {
  test("creates the file and folder, applies the migrations once, and a second open applies nothing and loses nothing", () => {
    const path = dbPath();
    const first = openStore(path);
    expect(first.migrationsApplied).toBeGreaterThan(0);
    const id = newId();
    first.db.insert(profiles).values({ id, email: "a@example.com", datingApp: "hinge", status: "created" }).run();
    first.close();

    const second = openStore(path);
    expect(second.migrationsApplied).toBe(0);
    const row = second.db.select().from(profiles).where(eq(profiles.id, id)).get();
    expect(row?.email).toBe("a@example.com");
    expect(row?.status).toBe("created");
    expect(row?.emailSent).toBe(false);
    expect(row?.createdAt).toBeInstanceOf(Date);
    second.close();
  });

  test("sets the pragmas openStore promises", () => {
    const store = openStore(dbPath());
    const pragma = (name: string) => Object.values(store.sqlite.query(`PRAGMA ${name}`).get() as object)[0];
    expect(pragma("journal_mode")).toBe("wal");
    expect(pragma("busy_timeout")).toBe(5000);
    expect(pragma("foreign_keys")).toBe(1);
    expect(pragma("synchronous")).toBe(2); // FULL
    store.close();
  });

  test("foreign keys are enforced: a photo cannot point at a missing profile", () => {
    const store = openStore(dbPath());
    expect(() =>
      store.sqlite.run("INSERT INTO photos (id, profile_id, file_path, \"order\") VALUES ('p', 'missing', 'x.jpg', 0)"),
    ).toThrow(/FOREIGN KEY/);
    store.close();
  });

  test("a job's idempotency key is unique", () => {
    const store = openStore(dbPath());
    store.db.insert(jobs).values({ kind: "mail", payload: {}, idempotencyKey: "k1" }).run();
    expect(() => store.db.insert(jobs).values({ kind: "mail", payload: {}, idempotencyKey: "k1" }).run()).toThrow(/UNIQUE/);
    store.close();
  });

  test("writeTransaction rolls back everything when the function throws", () => {
    const store = openStore(dbPath());
    const id = newId();
    expect(() =>
      writeTransaction(store.db, (tx) => {
        tx.insert(orders).values({ id, planId: "basic", amount: 699 }).run();
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(store.db.select().from(orders).all()).toHaveLength(0);
    store.close();
  });
});

describe("statements kept prepared (preparedOnce)", () => {
  test("a query's statement is prepared once and serves every call, each with its own values", () => {
    const sqlite = new Database(":memory:", { strict: true });
    let prepared = 0;
    const counting = new Proxy(sqlite, {
      get: (target, key) => {
        if (key === "prepare") return (query: string) => (prepared++, target.prepare(query));
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { client } = preparedOnce(counting);
    client.run("CREATE TABLE t (k TEXT, v INTEGER)");
    for (let i = 0; i < 50; i++) client.prepare("INSERT INTO t (k, v) VALUES (?, ?)").run(`k${i}`, i);
    const read = (k: string) => client.prepare("SELECT v FROM t WHERE k = ?").get(k) as { v: number } | null;
    expect([read("k0"), read("k7"), read("k49"), read("nothing")]).toEqual([{ v: 0 }, { v: 7 }, { v: 49 }, null]);
    expect(prepared).toBe(2);
    sqlite.close();
  });

  test("beyond its size the least recently used is dropped and prepared again when asked for; the rest stay", () => {
    const sqlite = new Database(":memory:", { strict: true });
    const kept = preparedOnce(sqlite, 3);
    const first = kept.client.prepare("SELECT 1");
    kept.client.prepare("SELECT 2");
    kept.client.prepare("SELECT 3");
    expect(kept.client.prepare("SELECT 1")).toBe(first); // used again: now the most recent
    kept.client.prepare("SELECT 4"); // drops "SELECT 2"
    expect(kept.size()).toBe(3);
    expect(kept.client.prepare("SELECT 1")).toBe(first);
    const two = kept.client.prepare("SELECT 2");
    expect(two.get()).toEqual({ 2: 2 });
    expect(kept.size()).toBe(3);
    kept.finalize();
    expect(kept.size()).toBe(0);
    sqlite.close();
  });

  test("a kept statement holds no read snapshot between calls: another connection's checkpoint is never kept waiting", () => {
    const path = dbPath();
    const store = openStore(path);
    for (let i = 0; i < 5; i++) store.db.insert(profiles).values({ id: newId(), email: `p${i}@example.com`, datingApp: "hinge", status: "created" }).run();
    // One row read of several: the statement is stepped once and kept; it must have been reset.
    expect(store.db.select().from(profiles).get()).toBeDefined();
    const other = new Database(path);
    try {
      other.run("INSERT INTO settings (key, value) VALUES ('marker', 'x')");
      expect(other.query("PRAGMA wal_checkpoint(TRUNCATE)").get()).toEqual({ busy: 0, log: 0, checkpointed: 0 });
    } finally {
      other.close();
      store.close();
    }
  });

  test("drizzle's queries go through it; a close releases the file at once: the WAL is folded in and removed, no collection needed", () => {
    const path = dbPath();
    const store = openStore(path);
    const id = newId();
    for (let i = 0; i < 3; i++) {
      store.db.insert(profiles).values({ id: i === 0 ? id : newId(), email: `p${i}@example.com`, datingApp: "hinge", status: "created" }).run();
      expect(store.db.select().from(profiles).where(eq(profiles.id, id)).get()?.email).toBe("p0@example.com");
    }
    expect(existsSync(`${path}-wal`)).toBe(true);
    store.close();
    // A connection left open by a statement nobody finalized keeps the WAL (and its index) until the collector runs.
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
    const again = openStore(path);
    expect(again.db.select().from(profiles).all()).toHaveLength(3);
    again.close();
  });
});

describe("newId", () => {
  test("is 128 random bits in 26 base32 characters, never repeating", () => {
    const ids = new Set(Array.from({ length: 10_000 }, newId));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(ID_PATTERN);
  });
});
