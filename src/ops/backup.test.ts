import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { openStore } from "../db/client.ts";
import { ROOT_DIR } from "../ssr/assets.ts";
import { tempDir } from "../testing/context.ts";
import { photoBytes } from "../testing/paid-order-writer.ts";
import { BackupError, backupFileName, createBackup, type BackupManifest } from "./backup.ts";
import { databaseInUse, restoreBackup } from "./restore.ts";
import { readTar, TAR_END, tarHeader, tarPadding } from "./tar.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function scratch(prefix: string): string {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
}

/** Runs one of the operator's scripts in its own process, on the given database and uploads folder. */
async function script(name: "backup.ts" | "restore.ts", args: string[], paths: { databasePath: string; uploadsDir: string }) {
  const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "scripts", name), ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_PATH: paths.databasePath, UPLOADS_DIR: paths.uploadsDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

/** A live installation: a migrated database with a marker row, and photo files. */
function installation(prefix: string, marker = "original") {
  const dir = scratch(prefix);
  const paths = { databasePath: join(dir, "db", "app.sqlite"), uploadsDir: join(dir, "uploads") };
  const store = openStore(paths.databasePath);
  store.sqlite.run("INSERT INTO settings (key, value) VALUES ('marker', ?)", [marker]);
  // Folded into the file and the WAL emptied first: a connection the collector has not finalized yet (see closeNow)
  // then holds no frames a test's own "-wal" could be read as (SQLITE_IOERR_SHORT_READ, once in about ten busy runs).
  store.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  closeNow(store);
  mkdirSync(paths.uploadsDir, { recursive: true });
  writeFileSync(join(paths.uploadsDir, `${marker}.jpg`), `${marker} photo`);
  return { dir, ...paths };
}

/**
 * Closes a store for good: a connection of this very process would count as "the database is open" for an in-process
 * restore. The store finalizes the statements it kept (src/db/client.ts); a statement made elsewhere on the connection
 * keeps it open until the collector finalizes it.
 */
function closeNow(store: ReturnType<typeof openStore>): void {
  store.close();
  // The last connection to close removes the WAL: until then, collect again (a busy worker's collector may keep a
  // statement alive through the first one).
  const wal = `${store.sqlite.filename}-wal`;
  for (let i = 0; i < 100; i++) {
    Bun.gc(true);
    if (!existsSync(wal)) return;
    Bun.sleepSync(10);
  }
}

const markerOf = (databasePath: string) => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.query<{ value: string }, []>("SELECT value FROM settings WHERE key = 'marker'").get()?.value;
  } finally {
    db.close();
  }
};

/** Nothing a refused restore may leave: staging files beside the database or in the uploads folder. */
const leftovers = (paths: { databasePath: string; uploadsDir: string }) =>
  [...readdirSync(join(paths.databasePath, "..")), ...readdirSync(paths.uploadsDir)].filter((name) => name.includes("restore") || name.includes("replaced"));

const linesOf = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter((line) => line.length === 26) : []);

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

describe("backup and restore while the service writes", () => {
  test("a backup taken while another process pays orders restores every order paid before it started, with its photos", async () => {
    const live = installation("backup-live-");
    const progress = join(live.dir, "paid.txt");
    const writer = Bun.spawn([process.execPath, join(ROOT_DIR, "src/testing/paid-order-writer.ts"), live.databasePath, live.uploadsDir, progress], {
      stdout: "ignore",
      stderr: "pipe",
    });
    let paidBefore: string[];
    try {
      await waitFor(() => linesOf(progress).length >= 20, "the writer's first orders");
      paidBefore = linesOf(progress);
      const backup = await script("backup.ts", ["--dir", join(live.dir, "backups"), "--keep", "3"], live);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^Backup written: .*profileboost-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz \([\d.]+ MB in [\d.]+ s\): \d+ order\(s\), \d+ paid/);
      // The writer was never held up: it goes on paying orders after the backup too.
      const atEnd = linesOf(progress).length;
      await waitFor(() => linesOf(progress).length >= atEnd + 5, "orders after the backup");
    } finally {
      writer.kill("SIGTERM");
      expect(await writer.exited).toBe(0);
    }
    const writtenInAll = linesOf(progress).length;
    const [archive] = readdirSync(join(live.dir, "backups"));

    const fresh = scratch("backup-fresh-");
    const target = { databasePath: join(fresh, "db", "app.sqlite"), uploadsDir: join(fresh, "uploads") };
    const restore = await script("restore.ts", [join(live.dir, "backups", archive!)], target);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into ${target.databasePath} and ${target.uploadsDir}`);
    expect(restore.stdout).not.toContain("replaced");

    const db = new Database(target.databasePath, { readonly: true });
    try {
      expect(db.query("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      const paid = db.query<{ id: string; jobs: number; file: string; photoId: string }, []>(
        `SELECT o.id, (SELECT count(*) FROM jobs WHERE idempotency_key = 'optimise:' || o.id) AS jobs, p.file_path AS file, p.id AS photoId
         FROM orders o JOIN photos p ON p.profile_id = o.profile_id WHERE o.status = 'paid' AND o.paid_at IS NOT NULL`,
      ).all();
      const restored = new Set(paid.map((row) => row.id));
      expect(paidBefore.filter((id) => !restored.has(id))).toEqual([]);
      expect(restored.size).toBeGreaterThanOrEqual(paidBefore.length);
      expect(restored.size).toBeLessThanOrEqual(writtenInAll);
      // Each payment and its optimisation job were one transaction; the copy never splits one.
      expect(paid.filter((row) => row.jobs !== 1)).toEqual([]);
      // Every photo of the restored database is there, with the bytes that were written.
      for (const row of paid) expect(readFileSync(join(target.uploadsDir, row.file), "utf8")).toBe(photoBytes(row.photoId));
      expect(markerOf(target.databasePath)).toBe("original");
    } finally {
      db.close();
    }
    // The restored database is the service's: it opens, and has nothing left to migrate.
    const reopened = openStore(target.databasePath);
    expect(reopened.migrationsApplied).toBe(0);
    reopened.close();
  }, 60_000);

  test("restore refuses a database another process has open, and --force restores anyway", async () => {
    const source = installation("backup-source-", "from-backup");
    const { path: archive } = await createBackup({ ...source, dir: join(source.dir, "backups"), keep: 7 });
    const live = installation("backup-running-", "running");
    const service = new Database(live.databasePath);
    service.run("PRAGMA journal_mode = WAL");
    service.query("SELECT count(*) FROM settings").get();
    try {
      expect(databaseInUse(live.databasePath)).toBe(true);
      const refused = await script("restore.ts", [archive], live);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Restore failed: The database ${live.databasePath} is open in another process: stop the service first`);
      expect(markerOf(live.databasePath)).toBe("running");
      expect(leftovers(live)).toEqual([]);

      const forced = await script("restore.ts", [archive, "--force"], live);
      expect(forced.stderr).toBe("");
      expect(forced.code).toBe(0);
      expect(markerOf(live.databasePath)).toBe("from-backup");
    } finally {
      service.close();
    }
    expect(databaseInUse(live.databasePath)).toBe(false);
  }, 30_000);

  test("the scripts refuse bad arguments with their usage and exit 2", async () => {
    const live = installation("backup-args-");
    const backupArgs = [["--keep", "0"], ["--keep", "abc"], ["--keep", "1.5"], ["--keep", "1001"], ["--dir"], ["--frobnicate"], ["stray"]];
    const restoreArgs = [[], ["a.tar.gz", "b.tar.gz"], ["a.tar.gz", "--frobnicate"]];
    const runs = await Promise.all([
      ...backupArgs.map(async (args) => ({ args, usage: "usage: bun scripts/backup.ts [--dir <folder>] [--keep <count>]", ...(await script("backup.ts", args, live)) })),
      ...restoreArgs.map(async (args) => ({ args, usage: "usage: bun scripts/restore.ts <archive> [--force]", ...(await script("restore.ts", args, live)) })),
    ]);
    for (const { args, usage, code, stderr } of runs) {
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stderr).toContain(usage);
    }
    expect(runs.find((r) => r.args[1] === "0")!.stderr).toStartWith("--keep must be a whole number from 1 to 1000\n");
    expect(existsSync(join(live.dir, "backups"))).toBe(false);
    expect(existsSync(join(ROOT_DIR, "backups", "stray"))).toBe(false);
  }, 60_000);
});

describe("createBackup", () => {
  test("keeps the newest N archives and never touches another file", async () => {
    const live = installation("backup-keep-");
    const dir = join(live.dir, "backups");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    writeFileSync(join(dir, "profileboost-old.tar.gz"), "not one of ours by name");
    const stale = join(dir, ".profileboost-2020-01-01T000000Z.tar.gz.partial");
    writeFileSync(stale, "a crash left this");
    utimesSync(stale, new Date("2020-01-01"), new Date("2020-01-01"));
    const times = ["2026-01-01T03:00:00Z", "2026-01-02T03:00:00Z", "2026-01-03T03:00:00Z"].map((t) => new Date(t));
    const results = [];
    for (const now of times) results.push(await createBackup({ ...live, dir, keep: 2, now }));
    expect(results.map((r) => r.removed.length)).toEqual([0, 0, 1]);
    expect(readdirSync(dir).sort()).toEqual(
      ["notes.txt", "profileboost-old.tar.gz", backupFileName(times[1]!), backupFileName(times[2]!)].sort(),
    );
    expect(backupFileName(times[2]!)).toBe("profileboost-2026-01-03T030000Z.tar.gz");
    await expect(createBackup({ ...live, dir, keep: 2, now: times[2] })).rejects.toThrow(/exists already/);
  });

  test("the archive opens with tar, lists the database, the photos and the manifest, and counts a photo the database names but the disk lacks", async () => {
    const live = installation("backup-contents-");
    const store = openStore(live.databasePath);
    store.sqlite.run("INSERT INTO profiles (id, email, dating_app, status) VALUES ('p1', 'a@example.com', 'tinder', 'created')");
    store.sqlite.run("INSERT INTO photos (id, profile_id, file_path, thumb_path, \"order\") VALUES ('f1', 'p1', 'gone.jpg', 'original.jpg', 0)");
    closeNow(store);
    mkdirSync(join(live.uploadsDir, ".incoming"));
    writeFileSync(join(live.uploadsDir, ".incoming", "half-uploaded"), "x");
    const { path, manifest } = await createBackup({ ...live, dir: join(live.dir, "backups"), keep: 1 });
    expect(manifest.uploads).toEqual({ files: 1, bytes: "original photo".length, missing: 1, vanished: 0 });
    expect(manifest.database).toEqual({ orders: 0, paidOrders: 0, profiles: 1, photos: 1 });
    expect(manifest.files.map((f) => f.path)).toEqual(["database.sqlite", "uploads/original.jpg"]);
    const tar = spawnSync("tar", ["-tzf", path], { encoding: "utf8" });
    if (tar.status === null) return; // no tar on this machine
    expect(tar.stdout.trim().split("\n")).toEqual(["database.sqlite", "uploads/original.jpg", "backup.json"]);
  });

  test("no database at DATABASE_PATH: a clear error and no archive", async () => {
    const dir = scratch("backup-nodb-");
    const attempt = createBackup({ databasePath: join(dir, "missing.sqlite"), uploadsDir: join(dir, "uploads"), dir: join(dir, "b"), keep: 1 });
    await expect(attempt).rejects.toThrow(new BackupError(`There is no database at ${join(dir, "missing.sqlite")} (check DATABASE_PATH).`));
    expect(existsSync(join(dir, "missing.sqlite"))).toBe(false);
    expect(existsSync(join(dir, "b")) ? readdirSync(join(dir, "b")) : []).toEqual([]);
  });
});

describe("restoreBackup", () => {
  test("over an existing installation: the replaced database (with its WAL) and photos are put aside, not lost", async () => {
    const source = installation("restore-source-", "from-backup");
    const { path: archive } = await createBackup({ ...source, dir: join(source.dir, "backups"), keep: 1 });
    const live = installation("restore-live-", "current");
    writeFileSync(`${live.databasePath}-wal`, "a WAL a crash left");
    const now = new Date("2026-05-01T12:00:00Z");
    // Forced, so the in-use check (which opens the database, and so would fold a WAL into it) leaves the file as it is.
    const { replaced, manifest } = await restoreBackup({ archive, ...live, now, force: true });
    expect(manifest.uploads.files).toBe(1);
    expect(replaced).toEqual({ database: `${live.databasePath}.replaced-20260501T120000Z`, uploads: join(live.uploadsDir, ".replaced-20260501T120000Z") });
    expect(markerOf(live.databasePath)).toBe("from-backup");
    expect(existsSync(`${live.databasePath}-wal`)).toBe(false);
    expect(readFileSync(`${replaced.database}-wal`, "utf8")).toBe("a WAL a crash left");
    expect(markerOf(replaced.database!)).toBe("current");
    expect(readdirSync(live.uploadsDir).sort()).toEqual([".replaced-20260501T120000Z", "from-backup.jpg"]);
    expect(readdirSync(replaced.uploads!)).toEqual(["current.jpg"]);
  });

  /** A gzip'd tar of the given entries; `type` overrides the header's type flag (with its checksum). */
  function archiveOf(dir: string, entries: { name: string; data: string; type?: string }[], manifest?: Partial<BackupManifest> | null): string {
    const parts: Uint8Array[] = [];
    const add = (name: string, data: Uint8Array, type?: string) => {
      const header = tarHeader({ name, size: data.length, mtime: 0 });
      if (type) {
        header[156] = type.charCodeAt(0);
        header.fill(0x20, 148, 156);
        header.set(new TextEncoder().encode(`${header.reduce((a, b) => a + b, 0).toString(8).padStart(6, "0")}\0 `), 148);
      }
      parts.push(header, data, tarPadding(data.length));
    };
    for (const entry of entries) add(entry.name, new TextEncoder().encode(entry.data), entry.type);
    if (manifest !== null) {
      const files = entries.map((e) => ({ path: e.name, bytes: Buffer.byteLength(e.data), sha256: new Bun.CryptoHasher("sha256").update(e.data).digest("hex") }));
      add("backup.json", new TextEncoder().encode(JSON.stringify({ format: 1, files, ...manifest })));
    }
    parts.push(TAR_END);
    const path = join(dir, `hostile-${crypto.randomUUID()}.tar.gz`);
    writeFileSync(path, gzipSync(Buffer.concat(parts)));
    return path;
  }

  test("damaged, foreign and hostile archives are refused whole: nothing replaced, nothing written anywhere", async () => {
    const source = installation("restore-good-", "from-backup");
    const { path: good } = await createBackup({ ...source, dir: join(source.dir, "backups"), keep: 1 });
    const goodBytes = readFileSync(good);
    const live = installation("restore-target-", "current");
    const dir = scratch("restore-hostile-");
    const db = readFileSync(source.databasePath, "latin1");
    const tampered = Buffer.from(goodBytes);

    const cases: [string, string, RegExp][] = [
      ["a text file", (writeFileSync(join(dir, "text.tar.gz"), "hello\n"), join(dir, "text.tar.gz")), /not a complete \.tar\.gz backup/],
      ["a truncated archive", (writeFileSync(join(dir, "cut.tar.gz"), goodBytes.subarray(0, goodBytes.length - 200)), join(dir, "cut.tar.gz")), /not a complete|damaged/],
      ["a corrupted byte", (tampered.writeUInt8(tampered[200]! ^ 0xff, 200), writeFileSync(join(dir, "bit.tar.gz"), tampered), join(dir, "bit.tar.gz")), /not a complete|damaged/],
      ["a path out of the folder", archiveOf(dir, [{ name: "uploads/../../evil.sh", data: "x" }]), /holds "uploads\/\.\.\/\.\.\/evil\.sh", which no backup writes/],
      ["an absolute path", archiveOf(dir, [{ name: "/tmp/evil.sh", data: "x" }]), /which no backup writes/],
      ["a dot-folder in uploads", archiveOf(dir, [{ name: "uploads/.incoming/x.jpg", data: "x" }]), /which no backup writes/],
      ["a symbolic link", archiveOf(dir, [{ name: "uploads/link.jpg", data: "", type: "2" }]), /not a regular file/],
      ["no manifest", archiveOf(dir, [{ name: "database.sqlite", data: db }], null), /has no backup\.json/],
      ["an unknown format", archiveOf(dir, [{ name: "database.sqlite", data: db }], { format: 99 }), /format \(99\) is not one this version restores/],
      ["no database", archiveOf(dir, [{ name: "uploads/a.jpg", data: "x" }]), /has no database\.sqlite/],
      ["a file the manifest does not list", archiveOf(dir, [{ name: "database.sqlite", data: db }, { name: "uploads/a.jpg", data: "x" }], { files: [] }), /which its manifest does not list/],
      ["a file that differs from its manifest", archiveOf(dir, [{ name: "database.sqlite", data: db }], { files: [{ path: "database.sqlite", bytes: 1, sha256: "0" }] }), /does not match its manifest/],
      ["a database twice", archiveOf(dir, [{ name: "database.sqlite", data: db }, { name: "database.sqlite", data: db }]), /holds database\.sqlite twice/],
      ["a database that is not one", archiveOf(dir, [{ name: "database.sqlite", data: "not sqlite at all ".repeat(100) }]), /database cannot be read|integrity/],
      ["a missing file", join(dir, "absent.tar.gz"), /There is no backup at/],
    ];
    for (const [what, archive, message] of cases) {
      const attempt = restoreBackup({ archive, ...live });
      await expect(attempt, what).rejects.toThrow(message);
      await attempt.catch((err: unknown) => expect(err, what).toBeInstanceOf(BackupError));
      expect(markerOf(live.databasePath), what).toBe("current");
      expect(readdirSync(live.uploadsDir), what).toEqual(["current.jpg"]);
      expect(leftovers(live), what).toEqual([]);
    }
    expect(existsSync("/tmp/evil.sh")).toBe(false);
    expect(existsSync(join(live.dir, "evil.sh"))).toBe(false);
  });
});

describe("tar", () => {
  test("names up to the ustar limit, empty files and chunked reading come back as written", async () => {
    const long = `uploads/${"d".repeat(120)}/${"f".repeat(90)}.jpg`;
    const files = [
      { name: "a", data: new Uint8Array(0) },
      { name: long, data: new Uint8Array(1500).map((_, i) => i % 251) },
    ];
    const parts = files.flatMap((f) => [tarHeader({ name: f.name, size: f.data.length, mtime: 1 }), f.data, tarPadding(f.data.length)]);
    const bytes = Buffer.concat([...parts, TAR_END]);
    // Fed in 7-byte pieces, so headers and data straddle every boundary.
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const read: { name: string; data: Buffer }[] = [];
    for await (const entry of readTar(pieces())) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      read.push({ name: entry.name, data: Buffer.concat(chunks) });
    }
    expect(read.map((r) => r.name)).toEqual(["a", long]);
    expect(read[1]!.data.equals(Buffer.from(files[1]!.data))).toBe(true);
    expect(() => tarHeader({ name: "x".repeat(101), size: 0, mtime: 0 })).toThrow(/too long/);
  });
});
