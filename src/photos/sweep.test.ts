import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { photos, profiles } from "../db/schema.ts";
import { testContext } from "../testing/context.ts";
import { claimUploadsFolder } from "./folder-claim.ts";
import { incomingDir } from "./pipeline.ts";
import { diskPhotoStore } from "./storage.ts";
import { ORPHAN_GRACE_MS, startGraceMs, sweepPhotos } from "./sweep.ts";

const ctx = testContext();
afterAll(() => ctx.cleanup());

describe("sweepPhotos", () => {
  test("removes crash leftovers and unreferenced photo files, keeps stored photos and foreign files", async () => {
    const dir = ctx.config.uploadsDir;
    mkdirSync(incomingDir(dir), { recursive: true });
    writeFileSync(join(incomingDir(dir), "upload-1.part"), "half an upload");
    writeFileSync(join(incomingDir(dir), `${newId()}.jpg`), "x");

    const profileId = newId();
    const kept = newId();
    ctx.store.db.insert(profiles).values({ id: profileId, email: "a@example.com", datingApp: "tinder", status: "created" }).run();
    ctx.store.db.insert(photos).values({ id: kept, profileId, filePath: `${kept}.jpg`, thumbPath: `${kept}.thumb.jpg`, order: 0 }).run();
    writeFileSync(join(dir, `${kept}.jpg`), "stored photo");
    writeFileSync(join(dir, `${kept}.thumb.jpg`), "stored thumb");
    const orphan = newId();
    writeFileSync(join(dir, `${orphan}.jpg`), "renamed, never committed");
    writeFileSync(join(dir, `${orphan}.thumb.jpg`), "renamed, never committed");
    writeFileSync(join(dir, ".gitkeep"), "");
    writeFileSync(join(dir, "notes.txt"), "not ours");

    expect(await sweepPhotos(ctx.store.db, ctx.services.photos, dir, 0)).toEqual({ incoming: 2, orphans: 2 });
    expect(readdirSync(incomingDir(dir))).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual([".gitkeep", ".incoming", `${kept}.jpg`, `${kept}.thumb.jpg`, "notes.txt"].sort());
    expect(await sweepPhotos(ctx.store.db, ctx.services.photos, dir, 0)).toEqual({ incoming: 0, orphans: 0 });
  });

  test("a missing uploads folder is not an error", async () => {
    const missing = join(ctx.dir, "never-created");
    expect(await sweepPhotos(ctx.store.db, diskPhotoStore(missing), missing, 0)).toEqual({ incoming: 0, orphans: 0 });
    expect(existsSync(missing)).toBe(false);
  });

  test("at start beside another server: its upload in flight survives, leftovers older than the grace go", async () => {
    const dir = join(ctx.dir, "shared-uploads");
    const pending = incomingDir(dir);
    mkdirSync(pending, { recursive: true });
    const other = claimUploadsFolder(dir);
    other.share();
    const claim = claimUploadsFolder(dir);
    try {
      expect(claim.alone).toBe(false);
      const store = diskPhotoStore(dir);
      const graceMs = startGraceMs(store, claim.alone);
      expect(graceMs).toBe(ORPHAN_GRACE_MS);

      // The other server's upload: its part still arriving, and a photo renamed in whose row is not committed yet.
      const inFlight = newId();
      writeFileSync(join(pending, "upload-7.part"), "arriving");
      writeFileSync(join(dir, `${inFlight}.jpg`), "renamed, commit to come");
      writeFileSync(join(dir, `${inFlight}.thumb.jpg`), "renamed, commit to come");
      // What a crash left two hours ago.
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
      const orphan = newId();
      for (const path of [join(pending, "upload-3.part"), join(dir, `${orphan}.jpg`), join(dir, `${orphan}.thumb.jpg`)]) {
        writeFileSync(path, "left by a crash");
        utimesSync(path, twoHoursAgo, twoHoursAgo);
      }

      expect(await sweepPhotos(ctx.store.db, store, dir, graceMs)).toEqual({ incoming: 1, orphans: 2 });
      expect(readdirSync(pending)).toEqual(["upload-7.part"]);
      expect(readdirSync(dir).filter((name) => !name.startsWith(".")).sort()).toEqual([`${inFlight}.jpg`, `${inFlight}.thumb.jpg`]);
    } finally {
      claim.release();
      other.release();
    }
  });

  test("alone on the folder, what a crash left goes at once, however young; a killed server's claim is gone with it", async () => {
    const dir = join(ctx.dir, "own-uploads");
    mkdirSync(dir, { recursive: true });
    // A server killed with -9 while holding its claim: the kernel drops its lock with the process.
    const holder = Bun.spawn(
      [process.execPath, "-e", `const c = (await import(${JSON.stringify(join(import.meta.dir, "folder-claim.ts"))})).claimUploadsFolder(${JSON.stringify(dir)}); c.share(); console.log("held"); setInterval(() => c, 1000);`],
      { stdout: "pipe", stderr: "inherit" },
    );
    const reader = holder.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("held\n");
    const whileHeld = claimUploadsFolder(dir);
    expect(whileHeld.alone).toBe(false);
    whileHeld.release();
    holder.kill("SIGKILL");
    await holder.exited;

    const claim = claimUploadsFolder(dir);
    try {
      expect(claim.alone).toBe(true);
      // Held exclusively until shared: a server starting meanwhile is not alone either.
      const meanwhile = claimUploadsFolder(dir);
      expect(meanwhile.alone).toBe(false);
      meanwhile.release();
      const store = diskPhotoStore(dir);
      expect(startGraceMs(store, claim.alone)).toBe(0);
      mkdirSync(incomingDir(dir), { recursive: true });
      writeFileSync(join(incomingDir(dir), "upload-1.part"), "half an upload");
      const orphan = newId();
      writeFileSync(join(dir, `${orphan}.jpg`), "renamed, never committed");
      expect(await sweepPhotos(ctx.store.db, store, dir, startGraceMs(store, claim.alone))).toEqual({ incoming: 1, orphans: 1 });
      claim.share();
      const next = claimUploadsFolder(dir);
      expect(next.alone).toBe(false);
      next.release();
    } finally {
      claim.release();
    }
    const afterExit = claimUploadsFolder(dir);
    expect(afterExit.alone).toBe(true);
    afterExit.release();
  });

  test("a bucket keeps the grace at start even alone: servers on other machines share it", () => {
    expect(startGraceMs({ ...diskPhotoStore(ctx.dir), kind: "s3" }, true)).toBe(ORPHAN_GRACE_MS);
  });
});
