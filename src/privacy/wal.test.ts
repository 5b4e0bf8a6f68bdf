/** The checkpoint after a deletion: it truncates the WAL, and gives up at once (keeping the busy timeout) while another connection reads. */
import { afterEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { openStore } from "../db/client.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { forgetFreedPages } from "./wal.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

test("truncates the WAL; with a reader in another connection it answers false without waiting, and the next call does it", () => {
  ctx = testContext();
  const db = ctx.store.sqlite;
  const wal = () => statSync(`${ctx.config.databasePath}-wal`).size;
  db.run("CREATE TABLE scratch (x TEXT)");
  db.run("INSERT INTO scratch VALUES ('a')");
  expect(wal()).toBeGreaterThan(0);
  expect(forgetFreedPages(ctx)).toBe(true);
  expect(wal()).toBe(0);

  const reader = openStore(ctx.config.databasePath);
  db.run("INSERT INTO scratch VALUES ('b')");
  reader.sqlite.run("BEGIN");
  reader.sqlite.query("SELECT * FROM scratch").all();
  expect(forgetFreedPages(ctx)).toBe(false);
  expect(db.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
  reader.sqlite.run("COMMIT");
  reader.close();
  expect(forgetFreedPages(ctx)).toBe(true);
  expect(wal()).toBe(0);
});
