/**
 * The restore drill: restores the latest Litestream replica of the database into a new folder, checks it and says
 * how much a failure now (or at --failed-at) would have lost. Run it with the service's environment (it reads
 * LITESTREAM_BUCKET, the S3_* settings and DATABASE_PATH as scripts/serve.sh does), while the service runs or after
 * the disk is gone; it never touches the live database.
 *
 *   bun scripts/restore-drill.ts [--dir <new folder>] [--failed-at <ISO time>]
 *
 * It prints: where the copy was restored and how long it took; `PRAGMA integrity_check`; the row counts; the newest
 * paid order; the last replicated write (the newest object of the replica in the bucket) and the data lost, the
 * time between that write and the failure (now, unless --failed-at says when the disk died); and, when the live
 * database is still there, the paid orders it has that the copy lacks. Exits 0 when the copy is sound, 1 when the
 * restore or a check fails, 2 on a usage error.
 */
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { litestreamBinary, litestreamConfig, LitestreamConfigError, litestreamSettings, mirrorReplica } from "../src/ops/litestream.ts";
import { argsOrUsage, fail } from "./cli.ts";

const USAGE = "usage: bun scripts/restore-drill.ts [--dir <new folder>] [--failed-at <ISO time>]";
const { values } = argsOrUsage({ options: { dir: { type: "string" }, "failed-at": { type: "string" } }, allowPositionals: false }, USAGE);
const failedAt = values["failed-at"] ? new Date(values["failed-at"]) : new Date();
if (Number.isNaN(failedAt.getTime())) fail(`--failed-at must be a time such as 2026-11-27T17:00:00Z\n${USAGE}`, 2);
const dir = resolve(values.dir ?? `restore-drill-${new Date().toISOString().replace(/[:.]/g, "").slice(0, 15)}Z`);
if (existsSync(dir) && readdirSync(dir).length > 0) fail(`${dir} is not empty: the drill restores into a new folder.\n${USAGE}`, 2);

let settings;
let binary: string;
try {
  settings = litestreamSettings();
  binary = litestreamBinary();
} catch (err) {
  if (err instanceof LitestreamConfigError) fail(err.message);
  throw err;
}
if (!settings) fail("LITESTREAM_BUCKET is not set: there is no replica to restore.");

const config = join(mkdtempSync(join(tmpdir(), "litestream-drill-")), "litestream.yml");
writeFileSync(config, litestreamConfig(settings), { mode: 0o600 });
mkdirSync(dir, { recursive: true });
const output = join(dir, "app.sqlite");

const started = performance.now();
const replica = join(dir, "replica");
const mirrored = await mirrorReplica(settings, { accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY }, replica).catch((err: unknown) =>
  fail(`Restore failed: the bucket ${settings.bucket} could not be read: ${err instanceof Error ? err.message : String(err)}`),
);
if (!mirrored) fail(`Restore failed: bucket ${settings.bucket} holds no replica under ${settings.path}/.`);
const restored = spawnSync(binary, ["restore", "-o", output, `file://${replica}`], { encoding: "utf8" });
const seconds = (performance.now() - started) / 1000;
if (restored.status !== 0 || !existsSync(output)) {
  fail(`Restore failed: litestream exited ${restored.status}: ${(restored.stderr || restored.stdout).trim().split("\n").slice(-3).join(" / ") || "no replica found"}`);
}
console.log(
  `Restored the latest replica of ${settings.databasePath} from bucket ${settings.bucket}/${settings.path} (generation ${mirrored.generation}, ${mirrored.objects} object(s), copied to ${replica}) into ${output} in ${seconds.toFixed(1)} s.`,
);

const copy = new Database(output, { readonly: true });
let sound = true;
try {
  const integrity = copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check).join("; ");
  sound = integrity === "ok";
  console.log(`Integrity check: ${integrity}`);
  const count = (sql: string) => copy.query<{ n: number }, []>(sql).get()!.n;
  console.log(
    `Rows: ${count("SELECT count(*) AS n FROM orders")} order(s), ${count("SELECT count(*) AS n FROM orders WHERE paid_at IS NOT NULL")} paid; ` +
      `${count("SELECT count(*) AS n FROM profiles")} profile(s); ${count("SELECT count(*) AS n FROM photos")} photo(s); ` +
      `${count("SELECT count(*) AS n FROM jobs")} job(s); ${count("SELECT count(*) AS n FROM users")} admin account(s).`,
  );
  const newest = copy.query<{ id: string; paid_at: number }, []>("SELECT id, paid_at FROM orders WHERE paid_at IS NOT NULL ORDER BY paid_at DESC, id DESC LIMIT 1").get();
  console.log(newest ? `Newest paid order: ${newest.id}, paid ${new Date(newest.paid_at).toISOString()}.` : "Newest paid order: none (no order was paid).");

  const lastWrite = mirrored.lastWrite;
  const lost = Math.max(0, failedAt.getTime() - lastWrite.getTime()) / 1000;
  console.log(`Last replicated write: ${lastWrite.toISOString()}; failure ${values["failed-at"] ? "at" : "now,"} ${failedAt.toISOString()}: data lost, at most ${lost.toFixed(1)} s of writes.`);

  if (existsSync(settings.databasePath)) {
    const live = new Database(settings.databasePath, { readonly: true });
    try {
      const restoredIds = new Set(copy.query<{ id: string }, []>("SELECT id FROM orders WHERE paid_at IS NOT NULL").all().map((r) => r.id));
      const missing = live.query<{ id: string }, []>("SELECT id FROM orders WHERE paid_at IS NOT NULL").all().filter((r) => !restoredIds.has(r.id));
      console.log(`Against the live database: ${missing.length} paid order(s) it has are not in the copy${missing.length ? ` (${missing.slice(0, 5).map((r) => r.id).join(", ")}${missing.length > 5 ? ", …" : ""})` : ""}.`);
    } finally {
      live.close();
    }
  }
} finally {
  copy.close();
}
if (!sound) fail("The restored copy fails its integrity check.");
