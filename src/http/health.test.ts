import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { DEFAULT_MIGRATIONS_DIR } from "../db/client.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { readManifest } from "../ssr/assets.ts";
import { tempDir, testContext, type TestContext } from "../testing/context.ts";
import { startServer } from "../testing/server.ts";
import { healthRouter, READY_CHECKS, READY_PROBE_KEY, type HealthOptions, type ReadyCheck } from "./health.ts";

let ctx: TestContext | undefined;
const cleanups: (() => void)[] = [];
afterEach(() => {
  ctx?.cleanup();
  ctx = undefined;
});
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

interface Readiness {
  status: string;
  message?: string;
  failing?: string[];
  checks: Record<string, ReadyCheck>;
}

/** A readiness answer, checked afresh for every request unless the test says otherwise. */
async function readyz(c: TestContext, options: HealthOptions = {}) {
  const res = await healthRouter(c, { jobLoopRunning: () => true, cacheMs: 0, ...options }).request("/readyz");
  return { status: res.status, body: (await res.json()) as Readiness, cacheControl: res.headers.get("cache-control") };
}

describe("GET /readyz", () => {
  test("every check passes: 200 with each check named, and the database took a write", async () => {
    ctx = testContext();
    const { status, body, cacheControl } = await readyz(ctx);
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-store");
    expect(body.status).toBe("ready");
    expect(Object.keys(body.checks).sort()).toEqual([...READY_CHECKS].sort());
    expect(Object.values(body.checks).every((check) => check.ok)).toBe(true);
    expect(body.checks.migrations).toMatchObject({ ok: true, applied: readdirSync(DEFAULT_MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).length });
    expect(body.checks.disk!.freeMb).toBeGreaterThan(0);
    const row = ctx.store.sqlite.query<{ value: string }, [string]>("SELECT value FROM settings WHERE key = ?").get(READY_PROBE_KEY);
    expect(Date.now() - Date.parse(row!.value)).toBeLessThan(60_000);
    // The probe file is gone again.
    expect(readdirSync(join(ctx.config.uploadsDir, ".incoming"))).toEqual([]);
  });

  test("a database that refuses writes: 503 naming it; logged once, and once more when it recovers", async () => {
    ctx = testContext();
    const router = healthRouter(ctx, { jobLoopRunning: () => true, cacheMs: 0 });
    ctx.store.sqlite.run("PRAGMA query_only = ON");
    for (let i = 0; i < 2; i++) {
      const res = await router.request("/readyz");
      expect(res.status).toBe(503);
      const body = (await res.json()) as Readiness;
      expect(body.failing).toEqual(["database"]);
      expect(body.message).toBe("Not ready: database (the database does not take writes).");
      expect(body.checks.database).toEqual({ ok: false, problem: "the database does not take writes" });
    }
    const failures = ctx.log.lines.filter((l) => l.startsWith("ERROR readyz: database failing"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/readonly/i);

    ctx.store.sqlite.run("PRAGMA query_only = OFF");
    expect((await router.request("/readyz")).status).toBe(200);
    expect(ctx.log.lines).toContain("readyz: database recovered");
  });

  test("a migration in the folder that the database has not applied: 503 naming it", async () => {
    const migrations = tempDir("health-migrations-");
    cleanups.push(() => rmSync(migrations, { recursive: true, force: true }));
    cpSync(DEFAULT_MIGRATIONS_DIR, migrations, { recursive: true });
    const journalPath = join(migrations, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; when: number; tag: string }[] };
    const newest = journal.entries.at(-1)!;
    journal.entries.push({ ...newest, idx: newest.idx + 1, when: newest.when + 1000, tag: "9999_not_yet" });
    writeFileSync(journalPath, JSON.stringify(journal));
    writeFileSync(join(migrations, "9999_not_yet.sql"), "CREATE TABLE not_yet (id integer);");

    // The database was migrated from the shipped folder; the configured folder has one more.
    ctx = testContext({ MIGRATIONS_DIR: migrations });
    const { status, body } = await readyz(ctx);
    expect(status).toBe(503);
    expect(body.failing).toEqual(["migrations"]);
    expect(body.checks.migrations).toEqual({ ok: false, problem: "1 migration(s) not applied; a restart applies them", pending: ["9999_not_yet"] });
  });

  test("a migrations folder that cannot be read fails the check without showing where it looked", async () => {
    const dir = tempDir("health-none-");
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    ctx = testContext({ MIGRATIONS_DIR: join(dir, "missing") });
    const { status, body } = await readyz(ctx);
    expect(status).toBe(503);
    expect(body.checks.migrations).toEqual({ ok: false, problem: "the migrations could not be compared" });
    expect(JSON.stringify(body)).not.toContain(ctx.config.migrationsDir!);
    expect(ctx.log.lines.some((l) => l.startsWith("ERROR readyz: migrations failing") && l.includes("ENOENT"))).toBe(true);
  });

  test("the job loop: ready while it runs, 503 once it stops, 503 when the app has none", async () => {
    ctx = testContext();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: {} });
    expect((await readyz(ctx, { jobLoopRunning: () => loop.running })).status).toBe(503);
    loop.start();
    expect((await readyz(ctx, { jobLoopRunning: () => loop.running })).status).toBe(200);
    await loop.stop();
    const stopped = await readyz(ctx, { jobLoopRunning: () => loop.running });
    expect(stopped.status).toBe(503);
    expect(stopped.body.failing).toEqual(["jobLoop"]);
    expect(stopped.body.message).toBe("Not ready: jobLoop (the job loop is not running).");
    expect((await readyz(ctx, { jobLoopRunning: undefined })).body.failing).toEqual(["jobLoop"]);
  });

  test("an uploads path that is not a folder: 503 naming the uploads check", async () => {
    const dir = tempDir("health-uploads-");
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "uploads"), "a file where the folder should be");
    ctx = testContext({ UPLOADS_DIR: join(dir, "uploads") });
    const { status, body } = await readyz(ctx);
    expect(status).toBe(503);
    expect(body.failing).toContain("uploads");
    expect(body.checks.uploads).toEqual({ ok: false, problem: "the uploads folder does not take files" });
  });

  // A read-only folder stops only an unprivileged process; as root the test mounts a read-only file system instead.
  const readOnlyDir = (): string | null => {
    const dir = tempDir("health-ro-");
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (process.getuid?.() !== 0) {
      spawnSync("chmod", ["555", dir]);
      cleanups.push(() => spawnSync("chmod", ["755", dir]));
      return dir;
    }
    if (spawnSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", dir]).status !== 0) return null;
    cleanups.push(() => spawnSync("umount", [dir]));
    return dir;
  };
  const readOnly = readOnlyDir();

  test.skipIf(readOnly === null)("a read-only uploads folder: 503 naming the uploads check, the others still pass", async () => {
    ctx = testContext({ UPLOADS_DIR: readOnly!, MIN_FREE_DISK_MB: "0" });
    const { status, body } = await readyz(ctx);
    expect(status).toBe(503);
    expect(body.failing).toEqual(["uploads"]);
    expect(body.message).toBe("Not ready: uploads (the uploads folder does not take files).");
    expect(ctx.log.lines.some((l) => l.startsWith("ERROR readyz: uploads failing") && /EROFS|EACCES|read-only|permission/i.test(l))).toBe(true);
  });

  test("less free disk than MIN_FREE_DISK_MB: 503 with the free and the minimum megabytes", async () => {
    ctx = testContext({ MIN_FREE_DISK_MB: "1000000000" });
    const { status, body } = await readyz(ctx);
    expect(status).toBe(503);
    expect(body.failing).toEqual(["disk"]);
    const disk = body.checks.disk!;
    expect(disk.ok).toBe(false);
    expect(disk.minFreeMb).toBe(1_000_000_000);
    expect(disk.problem).toBe(`${disk.freeMb} MB free, below the 1000000000 MB minimum`);
  });

  test("several failures are all named", async () => {
    ctx = testContext({ MIN_FREE_DISK_MB: "1000000000" });
    const { body } = await readyz(ctx, { jobLoopRunning: () => false });
    expect(body.failing).toEqual(["jobLoop", "disk"]);
    expect(body.message).toStartWith("Not ready: jobLoop (the job loop is not running); disk (");
  });

  test("one run of the checks answers the requests of the next second", async () => {
    ctx = testContext();
    let running = true;
    const router = healthRouter(ctx, { jobLoopRunning: () => running, cacheMs: 60_000 });
    expect((await router.request("/readyz")).status).toBe(200);
    running = false;
    expect((await router.request("/readyz")).status).toBe(200);
    expect((await healthRouter(ctx, { jobLoopRunning: () => running, cacheMs: 0 }).request("/readyz")).status).toBe(503);
  });
});

describe("GET /healthz beside /readyz", () => {
  test("alive while not ready; probes are logged only when they fail", async () => {
    ctx = testContext();
    const app = createApp(ctx, { assets: readManifest, jobLoopRunning: () => false });
    const alive = await app.request("/healthz");
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
    expect(alive.headers.get("cache-control")).toBe("no-store");
    expect((await app.request("/readyz")).status).toBe(503);
    expect(ctx.log.lines.some((l) => l.startsWith("GET /healthz"))).toBe(false);
    expect(ctx.log.lines.some((l) => /^GET \/readyz 503 /.test(l))).toBe(true);
  });
});

describe("the real server in production", () => {
  test("/readyz is 200 once it listens, and every line it writes is one JSON object", async () => {
    const dir = tempDir("health-prod-");
    mkdirSync(join(dir, "uploads"));
    const server = await startServer({ NODE_ENV: "production", PAYMENT_PROVIDER: "local", MIN_FREE_DISK_MB: "1" }, dir);
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as Readiness).status).toBe("ready");
      // A path with a line break in it is refused, and its log entry is still one line.
      expect((await fetch(`${server.url}/nope%0d%0aforged`)).status).toBe(400);
    } finally {
      expect(await server.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
    const lines = server.output().split("\n").filter((line) => line !== "");
    expect(lines.length).toBeGreaterThan(3);
    const entries = lines.map((line) => JSON.parse(line) as { time: string; level: string; msg: string });
    for (const entry of entries) {
      expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
      expect(["info", "error"]).toContain(entry.level);
      expect(typeof entry.msg).toBe("string");
    }
    expect(entries.some((e) => /^GET \/nope\r\nforged 400 \d+\.\dms$/.test(e.msg))).toBe(true);
    expect(entries.at(-1)!.msg).toBe("stopped");
  });
});
