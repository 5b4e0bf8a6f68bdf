import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { photos, profiles, resultReleases, resultVersions } from "../db/schema.ts";
import { adminCookie } from "../testing/admin.ts";
import { sampleResult } from "../testing/optimisation.ts";
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

describe("GET /api/photos/:id for those allowed", () => {
  const cookie = adminCookie(ctx.store.db);
  const profileId = newId();
  const photoId = newId();
  ctx.store.db.insert(profiles).values({ id: profileId, email: "a@example.com", datingApp: "tinder", status: "completed" }).run();
  ctx.store.db.insert(photos).values({ id: photoId, profileId, filePath: name, thumbPath: name, order: 0 }).run();
  /** A release of a version holding `value` as stored: only one that reads as a result opens the photos. */
  const release = (value: unknown) => {
    const { id } = ctx.store.db.insert(resultVersions).values({ profileId, kind: "machine", result: value, changed: [] }).returning({ id: resultVersions.id }).get();
    ctx.store.db.insert(resultReleases).values({ profileId, versionId: id, releasedAt: new Date() }).run();
  };

  test("a signed-in administrator gets the photo and its thumbnail, kept by no cache", async () => {
    for (const path of [`/api/photos/${photoId}`, `/api/photos/${photoId}/thumbnail`]) {
      const res = await app.request(path, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(new Uint8Array(await res.arrayBuffer()).length).toBe(jpeg.length);
    }
  });

  test("the profile's id opens its photos only once a result was released; another profile's id is a 404", async () => {
    expect((await app.request(`/api/photos/${photoId}/thumbnail?profile=${profileId}`)).status).toBe(404);
    release({ released: "stand-in" });
    // Not a valid released result: still closed.
    expect((await app.request(`/api/photos/${photoId}/thumbnail?profile=${profileId}`)).status).toBe(404);
    const result = sampleResult({ profileId, app: "tinder", plan: "basic", reason: "initial", revisionNotes: null, profile: { bio: null, lookingFor: null, interests: null, jobTitle: null, education: null, idealFirstDate: null, height: null, starSign: null, anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null, prompts: [] }, photos: [{ id: photoId, order: 0, path: name }] });
    release(result);
    const res = await app.request(`/api/photos/${photoId}/thumbnail?profile=${profileId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await app.request(`/api/photos/${photoId}?profile=${newId()}`)).status).toBe(404);
    expect((await app.request(`/api/photos/${newId()}?profile=${profileId}`)).status).toBe(404);
  });
});
