/**
 * Litestream, the binary npm installed, replicating the real server's database to s3rver (an S3 implementation
 * written by others, started here) through scripts/serve.sh: paid orders written, the whole service killed with
 * SIGKILL and its disk lost, then scripts/restore-drill.ts restores the replica into a new folder with the newest
 * paid order in it, and serve.sh brings a service back on an empty disk from the replica.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openStore, writeTransaction } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, profiles } from "../db/schema.ts";
import { fulfil } from "../payments/fulfil.ts";
import { PLANS } from "../shared/orders/plans.ts";
import { ROOT_DIR } from "../ssr/assets.ts";
import { tempDir } from "../testing/context.ts";
import { startS3Server, type TestBucket } from "../testing/s3-server.ts";
import { freePort } from "../testing/server.ts";
import { litestreamBinary, litestreamConfig, litestreamSettings, mirrorReplica } from "./litestream.ts";

describe("settings", () => {
  test("unset LITESTREAM_BUCKET: no replication; a bad value names its variable", () => {
    expect(litestreamSettings({})).toBeNull();
    expect(() => litestreamSettings({ LITESTREAM_BUCKET: "Not A Bucket" })).toThrow("Invalid configuration: LITESTREAM_BUCKET must be a bucket name");
    expect(() => litestreamSettings({ LITESTREAM_BUCKET: "replica", LITESTREAM_PATH: "db/../photos" })).toThrow("LITESTREAM_PATH must not contain ..");
    expect(() => litestreamSettings({ LITESTREAM_BUCKET: "replica", LITESTREAM_SYNC_SECONDS: "0" })).toThrow("LITESTREAM_SYNC_SECONDS must be a whole number of seconds from 1 to 60");
    expect(() => litestreamSettings({ LITESTREAM_BUCKET: "replica", DATABASE_PATH: ":memory:" })).toThrow("DATABASE_PATH is :memory:");
  });

  test("the configuration file names the keys only as variables Litestream expands: no secret is written", () => {
    const settings = litestreamSettings({ LITESTREAM_BUCKET: "replica", S3_ENDPOINT: "http://127.0.0.1:9000", S3_SECRET_ACCESS_KEY: "s3cr3t-value", DATABASE_PATH: "db/app.sqlite" }, "/srv/app")!;
    const yaml = litestreamConfig(settings);
    expect(yaml).toContain('path: "/srv/app/db/app.sqlite"');
    expect(yaml).toContain("secret-access-key: ${S3_SECRET_ACCESS_KEY}");
    expect(yaml).toContain("force-path-style: true");
    expect(yaml).not.toContain("s3cr3t-value");
  });
});

describe("replicate, kill, restore (Litestream and s3rver)", () => {
  let s3: TestBucket;
  const dir = tempDir("litestream-");
  const databasePath = join(dir, "db", "app.sqlite");
  let env: Record<string, string>;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    s3 = await startS3Server("replica");
    env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dir, "uploads"),
      OUTBOX_DIR: join(dir, "outbox"),
      BUN: process.execPath,
      LITESTREAM_BUCKET: "replica",
      LITESTREAM_PATH: "db/profileboost",
      S3_ENDPOINT: s3.env.S3_ENDPOINT,
      S3_REGION: s3.env.S3_REGION,
      S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
    };
  });
  afterAll(async () => {
    for (const proc of running) if (proc.exitCode === null && proc.pid) killGroup(proc.pid, "SIGKILL");
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** scripts/serve.sh in its own process group (Litestream and, as its child, the server), up once /healthz answers. */
  async function serve(): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
    const port = freePort();
    const proc = spawn("sh", [join(ROOT_DIR, "scripts/serve.sh")], { cwd: ROOT_DIR, env: { ...env, PORT: String(port) }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    running.push(proc);
    let text = "";
    proc.stdout!.on("data", (chunk) => (text += chunk));
    proc.stderr!.on("data", (chunk) => (text += chunk));
    const url = `http://127.0.0.1:${port}`;
    for (const started = Date.now(); ; await Bun.sleep(100)) {
      if (proc.exitCode !== null) throw new Error(`serve.sh exited ${proc.exitCode}:\n${text}`);
      if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
      if (Date.now() - started > 30_000) throw new Error(`serve.sh did not come up in 30 s:\n${text}`);
    }
    return { proc, url, output: () => text };
  }

  function killGroup(pid: number, signal: NodeJS.Signals) {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  }

  /** Paid orders written as the service writes them, on the same database file (another connection). */
  function payOrders(count: number): string[] {
    const store = openStore(databasePath);
    const ids: string[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const plan = PLANS.basic;
        const profileId = newId();
        const orderId = newId();
        writeTransaction(store.db, (tx) => {
          tx.insert(profiles).values({ id: profileId, email: `drill${i}@example.com`, datingApp: "tinder", status: "created" }).run();
          tx.insert(orders).values({ id: orderId, planId: plan.id, amount: plan.priceCents, profileId }).run();
        });
        fulfil(store.db, { orderId, provider: "local", reference: newId(), amount: plan.priceCents, currency: "usd" });
        ids.push(orderId);
      }
    } finally {
      store.close();
    }
    return ids;
  }

  /** A command run to its end without blocking this process, which serves the bucket (s3rver runs in it). */
  async function run(command: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
    const proc = Bun.spawn(command, { cwd: ROOT_DIR, env, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, status] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { status, stdout, stderr };
  }

  /** Whether the replica holds `orderId`: restored from the bucket into a scratch folder, as the drill does. */
  async function replicaHas(orderId: string): Promise<boolean> {
    const scratch = tempDir("litestream-probe-");
    try {
      const mirrored = await mirrorReplica(litestreamSettings(env)!, { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }, join(scratch, "replica"));
      if (!mirrored) return false;
      const result = await run([litestreamBinary(), "restore", "-o", join(scratch, "probe.sqlite"), `file://${join(scratch, "replica")}`]);
      if (result.status !== 0 || !existsSync(join(scratch, "probe.sqlite"))) return false;
      const db = new Database(join(scratch, "probe.sqlite"), { readonly: true });
      try {
        return db.query("SELECT 1 FROM orders WHERE id = ? AND paid_at IS NOT NULL").get(orderId) !== null;
      } finally {
        db.close();
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** Every object of the replica with its size and time, as one string: equal when nothing was uploaded between two reads. */
  async function bucketState(): Promise<string> {
    const objects: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await s3.client.list({ prefix: "db/profileboost/", continuationToken });
      objects.push(...(page.contents ?? []).map((o) => `${o.key} ${o.size} ${o.lastModified}`));
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
    return objects.sort().join("\n");
  }

  test("paid orders reach the bucket; after SIGKILL and a lost disk the drill restores them, the newest included", async () => {
    const service = await serve();
    expect(service.output()).not.toContain("S3RVER");
    const paid = payOrders(25);
    const newest = paid.at(-1)!;
    // Litestream syncs every second: wait until the replica holds the newest order (bounded), then fail the machine.
    for (const started = Date.now(); !(await replicaHas(newest)); await Bun.sleep(500)) {
      if (Date.now() - started > 20_000) throw new Error(`the newest order never reached the replica:\n${service.output()}`);
    }
    // s3rver writes an object as its body arrives, so an upload cut off by the kill would stay in the bucket cut short
    // (the drill then reads "cannot download wal …: EOF", seen once with a core kept busy); S3 itself keeps no object of
    // an unfinished upload. So the machine fails between uploads: once the bucket has not changed for 1.5 s (the server
    // is still running and writing its jobs), bounded.
    for (let before = await bucketState(), started = Date.now(); Date.now() - started < 20_000; ) {
      await Bun.sleep(1_500);
      const now = await bucketState();
      if (now === before) break;
      before = now;
    }
    killGroup(service.proc.pid!, "SIGKILL");
    await new Promise((done) => (service.proc.exitCode !== null ? done(null) : service.proc.once("exit", done)));
    const failedAt = new Date().toISOString();
    rmSync(join(dir, "db"), { recursive: true, force: true });
    expect((await s3.keys("db/profileboost/")).length).toBeGreaterThan(0);

    const drillDir = join(dir, "drill");
    const drill = await run([process.execPath, join(ROOT_DIR, "scripts/restore-drill.ts"), "--dir", drillDir, "--failed-at", failedAt]);
    expect(drill.stderr).toBe("");
    expect(drill.status).toBe(0);
    expect(drill.stdout).toContain(`into ${join(drillDir, "app.sqlite")}`);
    expect(drill.stdout).toContain("Integrity check: ok");
    expect(drill.stdout).toContain("25 order(s), 25 paid; 25 profile(s)");
    expect(drill.stdout).toContain(`Newest paid order: ${newest}`);
    expect(drill.stdout).toMatch(/Last replicated write: \S+; failure at \S+: data lost, at most \d+\.\d s of writes\./);
    const restored = new Database(join(drillDir, "app.sqlite"), { readonly: true });
    try {
      const ids = restored.query<{ id: string }, []>("SELECT id FROM orders WHERE paid_at IS NOT NULL").all().map((r) => r.id);
      expect(ids.sort()).toEqual([...paid].sort());
    } finally {
      restored.close();
    }
    // A drill never writes into a folder that holds something.
    const again = await run([process.execPath, join(ROOT_DIR, "scripts/restore-drill.ts"), "--dir", drillDir]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("is not empty");

    // The service started on the empty disk comes back from the replica, and stops cleanly on SIGTERM.
    const back = await serve();
    expect(back.output()).toContain("was missing; restored it from bucket replica/db/profileboost");
    const live = new Database(databasePath, { readonly: true });
    try {
      expect(live.query("SELECT count(*) AS n FROM orders WHERE paid_at IS NOT NULL").get()).toEqual({ n: 25 });
    } finally {
      live.close();
    }
    killGroup(back.proc.pid!, "SIGTERM");
    const code = await new Promise((done) => (back.proc.exitCode !== null ? done(back.proc.exitCode) : back.proc.once("exit", done)));
    expect(code).toBe(0);
    expect(back.output()).toContain("stopped");
    expect(readdirSync(join(dir, "db")).sort()).toContain("app.sqlite");
  }, 60_000);
});
