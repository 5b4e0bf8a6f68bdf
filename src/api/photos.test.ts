import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { ROOT_DIR } from "../ssr/assets.ts";
import { testApp, testContext } from "../testing/context.ts";
import { plainJpeg } from "../testing/test-images.ts";

const ctx = testContext();
const app = testApp(ctx);
// A real photo where a customer's would be: the configured folder, and `uploads/` under the working directory
// (the default UPLOADS_DIR of every deployment).
const name = `${newId()}.jpg`;
const defaultUploads = join(ROOT_DIR, "uploads");
const written = [join(ctx.config.uploadsDir, name), join(defaultUploads, name)];
const jpeg = await plainJpeg();
mkdirSync(ctx.config.uploadsDir, { recursive: true });
mkdirSync(defaultUploads, { recursive: true });
for (const path of written) writeFileSync(path, jpeg);
afterAll(() => {
  for (const path of written) rmSync(path, { force: true });
  ctx.cleanup();
});

test("GET /api/photos/:id refuses everyone with a 401 JSON message", async () => {
  const res = await app.request(`/api/photos/${newId()}`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ message: "Sign in as an administrator to view customer photos." });
});

test("a stored photo is not reachable as a static file, by any path", async () => {
  for (const path of [`/uploads/${name}`, `/${name}`, `/uploads/../uploads/${name}`, `/%2e%2e/uploads/${name}`, `/assets/../../uploads/${name}`]) {
    const res = await app.request(path);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get("content-type") ?? "").not.toStartWith("image/");
    // Not the photo's bytes under any content type.
    expect(body.length === jpeg.length && body.every((b, i) => b === jpeg[i])).toBe(false);
  }
});
