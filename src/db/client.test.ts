import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { tempDir } from "../testing/context.ts";
import { openStore, writeTransaction } from "./client.ts";
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

describe("newId", () => {
  test("is 128 random bits in 26 base32 characters, never repeating", () => {
    const ids = new Set(Array.from({ length: 10_000 }, newId));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(ID_PATTERN);
  });
});
