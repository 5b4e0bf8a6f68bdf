/**
 * A full database disk is ours to fix too: SQLite answers SQLITE_FULL ("database or disk is full") when its file
 * cannot grow. Shown on a real database file held at its size with `PRAGMA max_page_count`, SQLite's own way of
 * refusing to grow, so it fails exactly as on a full disk: the customer gets a 507 that does not blame them, the
 * transaction leaves no row and the upload no file, an error is logged, and the same server works once space is back.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { STORAGE_PROBLEM_GENERAL_MESSAGE, STORAGE_PROBLEM_MESSAGE, isStorageError } from "../errors.ts";
import { contactMessages, photos, profiles } from "../db/schema.ts";
import { testApp, testContext } from "../testing/context.ts";
import { plainJpeg } from "../testing/test-images.ts";

const ctx = testContext({ MIN_FREE_DISK_MB: "0" });
const app = testApp(ctx);
afterAll(() => ctx.cleanup());

function files(): string[] {
  const root = ctx.config.uploadsDir;
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).filter((p) => statSync(join(root, p)).isFile());
}
const count = (table: typeof profiles | typeof photos | typeof contactMessages) => ctx.store.db.select().from(table).all().length;

async function submit() {
  const jpeg = await plainJpeg(320, 240, "#4080c0");
  const form = new FormData();
  form.append("profile", JSON.stringify({ email: "full@example.com", dating_app: "tinder", bio: "Bread, climbing and bad puns." }));
  for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("photos", new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" }));
  return app.request("/api/profiles", { method: "POST", body: form });
}

const contact = () =>
  app.request("/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", subject: "Hello", message: "A question about my order, please." }),
  });

/** Holds the database file at its current size (SQLite then answers SQLITE_FULL), or lets it grow again. */
function databaseFull(full: boolean) {
  const pages = ctx.store.sqlite.query("PRAGMA page_count").get() as { page_count: number };
  ctx.store.sqlite.run(`PRAGMA max_page_count = ${full ? pages.page_count : 1_073_741_823}`);
}

describe("the database's disk is full", () => {
  test("an upload: 507 not blaming the photos, no row, no file, an error logged; then it works again", async () => {
    expect((await submit()).status).toBe(201);
    ctx.log.lines.length = 0;
    const before = { profiles: count(profiles), photos: count(photos), files: files().length };
    databaseFull(true);
    try {
      let res = await submit();
      // The free pages of the file may take one more; the next needs it to grow.
      for (let i = 0; i < 50 && res.status === 201; i++) res = await submit();
      expect(res.status).toBe(507);
      expect(await res.json()).toEqual({ message: STORAGE_PROBLEM_MESSAGE });
      const after = { profiles: count(profiles), photos: count(photos), files: files().length };
      // What was refused left nothing: the rows and files are those of the submissions that were answered 201.
      expect(after.files).toBe(after.photos * 2);
      expect(after.profiles - before.profiles).toBe((after.photos - before.photos) / 3);
      expect(ctx.log.lines.some((l) => l.startsWith("ERROR POST /api/profiles: storage") && /database or disk is full|SQLITE_FULL/.test(l))).toBe(true);

      // Any other write says the same, in its own words (after the free pages an upload may have left).
      let message = await contact();
      for (let i = 0; i < 50 && message.status === 201; i++) message = await contact();
      expect(message.status).toBe(507);
      expect(await message.json()).toEqual({ message: STORAGE_PROBLEM_GENERAL_MESSAGE });
    } finally {
      databaseFull(false);
    }
    expect((await submit()).status).toBe(201);
    expect((await contact()).status).toBe(201);
  }, 60_000);

  test("the system's and SQLite's storage errors are told from the data's", () => {
    const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code });
    for (const err of [coded("ENOSPC"), coded("EDQUOT"), coded("EIO"), coded("SQLITE_FULL"), coded("SQLITE_IOERR_WRITE"), new Error("write: No space left on device")]) {
      expect(isStorageError(err)).toBe(true);
    }
    for (const err of [coded("SQLITE_CONSTRAINT_UNIQUE"), coded("ENOENT"), new Error("VipsJpeg: Premature end of input file"), "ENOSPC"]) {
      expect(isStorageError(err)).toBe(false);
    }
  });
});
