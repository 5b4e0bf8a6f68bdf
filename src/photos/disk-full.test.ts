/**
 * A full disk is not a damaged photo: on a real, tiny file system (tmpfs; needs root to mount, skipped otherwise)
 * the writes fail with ENOSPC, the customer gets a 507 that does not blame the photo, an error is logged and no
 * partial file is left.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DomainError } from "../errors.ts";
import { testApp, testContext, tempDir } from "../testing/context.ts";
import { noisyJpeg } from "../testing/test-images.ts";
import { processPhoto } from "./pipeline.ts";

const mounts: string[] = [];
function tinyDisk(size: string): string | null {
  const dir = tempDir("disk-full-");
  if (spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]).status !== 0) return null;
  mounts.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of mounts) {
    spawnSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Every file left anywhere under `dir`, except the filler. */
const filesUnder = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => !f.endsWith("filler") && !f.endsWith(".incoming"));

const canMount = tinyDisk("64k") !== null;

describe.skipIf(!canMount)("a full disk under UPLOADS_DIR", () => {
  test("while the upload is being received: 507, not the customer's fault, an error logged, nothing left", async () => {
    const disk = tinyDisk("512k")!;
    const ctx = testContext({ UPLOADS_DIR: disk, MIN_FREE_DISK_MB: "0" });
    try {
      const form = new FormData();
      form.append("profile", JSON.stringify({ app: "tinder" }));
      const photo = await noisyJpeg(800, 800, { amplitude: 90, quality: 98 });
      for (let i = 0; i < 4; i++) form.append("photos", new File([new Uint8Array(photo)], `p${i}.jpg`, { type: "image/jpeg" }));
      const res = await testApp(ctx).request("/api/profiles", { method: "POST", body: form });
      expect(res.status).toBe(507);
      const { message } = (await res.json()) as { message: string };
      expect(message).toMatch(/problem with our storage, not with your photos/);
      expect(message).not.toMatch(/damaged/);
      expect(ctx.log.lines.some((l) => l.startsWith("ERROR POST /api/profiles: storage") && /ENOSPC|no space/i.test(l))).toBe(true);
      expect(filesUnder(disk)).toEqual([]);
    } finally {
      ctx.cleanup();
    }
  });

  test("while a photo is re-encoded: a storage error, not 'damaged', and no partial file", async () => {
    const disk = tinyDisk("256k")!;
    mkdirSync(join(disk, ".incoming"));
    // The upload itself sits elsewhere; the disk that receives the re-encoded photo is full to the last byte.
    const sourceDir = tempDir("disk-full-src-");
    const source = join(sourceDir, "upload.jpg");
    const photo = await noisyJpeg(1200, 1200, { amplitude: 90 });
    writeFileSync(source, photo);
    try {
      writeFileSync(join(disk, "filler"), Buffer.alloc(1024 * 1024));
    } catch {
      // ENOSPC: the filler took every block it could
    }
    let err: unknown;
    try {
      await processPhoto(disk, { path: source, size: photo.length, filename: "me.jpg" }, 0, "test-client");
    } catch (e) {
      err = e;
    }
    rmSync(sourceDir, { recursive: true, force: true });
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe("storage_full");
    expect(filesUnder(disk)).toEqual([]);
  });
});
