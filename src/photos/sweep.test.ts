import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { photos, profiles } from "../db/schema.ts";
import { testContext } from "../testing/context.ts";
import { incomingDir } from "./pipeline.ts";
import { diskPhotoStore } from "./storage.ts";
import { sweepPhotos } from "./sweep.ts";

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
});
