/**
 * Photos in an S3-compatible bucket (S3_BUCKET), against s3rver, an S3 implementation written by others, started
 * here: uploads land in the bucket and nowhere else, are read back through the authorised route, a failed upload
 * leaves no object and no row, and retention, erasure, export, backup, restore and the sweep work on the bucket as on
 * the disk.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { photos, profiles } from "../db/schema.ts";
import { createBackup } from "../ops/backup.ts";
import { applyRetention, retentionDeps } from "../privacy/retention.ts";
import { ROOT_DIR } from "../ssr/assets.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { releasedCustomer } from "../testing/privacy-fixtures.ts";
import { startS3Server, type TestBucket } from "../testing/s3-server.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { ORPHAN_GRACE_MS, sweepPhotos } from "./sweep.ts";

let s3: TestBucket;
let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let jpeg: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = testContext({ ...s3.env, PHOTO_RETENTION_DAYS: "30" });
  app = testApp(ctx);
  jpeg = await plainJpeg(640, 480);
});
afterAll(async () => {
  ctx.cleanup();
  await s3.close();
});

/** Photo files left on the local disk (the processing folder included). */
function localFiles(): string[] {
  const root = ctx.config.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" }).filter((p) => statSync(join(root, p)).isFile());
}

function upload(email = "sam@example.com") {
  const form = new FormData();
  form.append("profile", JSON.stringify({ email, dating_app: "tinder", bio: "I climb things and bake bread." }));
  for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("photos", new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" }));
  return app.request("/api/profiles", { method: "POST", body: form });
}

const photoCount = () => ctx.store.db.select().from(photos).all().length;
const profileCount = () => ctx.store.db.select().from(profiles).all().length;

describe("uploads into the bucket", () => {
  test("a submission's photos and thumbnails are objects in the bucket, read back whole through the authorised route", async () => {
    const res = await upload();
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const rows = ctx.store.db.select().from(photos).where(eq(photos.profileId, id)).all();
    expect(rows).toHaveLength(3);
    const keys = rows.flatMap((r) => [r.filePath, r.thumbPath!]).sort();
    expect(await s3.keys()).toEqual(keys);
    // Nothing of the photos stays on the local disk: it only processed them.
    expect(localFiles()).toEqual([]);

    const cookie = adminCookie(ctx.store.db);
    for (const row of rows) {
      const full = await app.request(`/api/photos/${row.id}`, { headers: { Cookie: cookie } });
      expect(full.status).toBe(200);
      expect(full.headers.get("cache-control")).toBe("private, no-store");
      expect(full.headers.get("content-type")).toBe("image/jpeg");
      const bytes = new Uint8Array(await full.arrayBuffer());
      expect(bytes).toEqual(new Uint8Array(await s3.client.file(row.filePath).arrayBuffer()));
      expect(bytes.length).toBe(row.bytes!);
      const thumb = await app.request(`/api/photos/${row.id}/thumbnail`, { headers: { Cookie: cookie } });
      expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(new Uint8Array(await s3.client.file(row.thumbPath!).arrayBuffer()));
    }
    // Still private: without a session or the profile's capability, nothing.
    expect((await app.request(`/api/photos/${rows[0]!.id}`)).status).toBe(401);
  });

  test("a photo whose object is gone answers 404, not an error", async () => {
    const row = ctx.store.db.select().from(photos).all()[0]!;
    await s3.client.delete(row.thumbPath!);
    const res = await app.request(`/api/photos/${row.id}/thumbnail`, { headers: { Cookie: adminCookie(ctx.store.db) } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Photo not found." });
  });

  test("a transaction that fails after the objects were written leaves no object and no row", async () => {
    const before = { keys: await s3.keys(), photos: photoCount(), profiles: profileCount() };
    // A real SQLite failure at the photos' insert, after every object of the submission went into the bucket.
    ctx.store.sqlite.run("CREATE TRIGGER refuse_photos BEFORE INSERT ON photos BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
    try {
      const res = await upload("late@example.com");
      expect(res.status).toBe(500);
    } finally {
      ctx.store.sqlite.run("DROP TRIGGER refuse_photos");
    }
    expect({ keys: await s3.keys(), photos: photoCount(), profiles: profileCount() }).toEqual(before);
    expect(localFiles()).toEqual([]);
  });

  test("a bucket that refuses the upload (unknown key) answers 507 blaming our storage, and keeps nothing", async () => {
    const wrong = testContext({ ...s3.env, S3_ACCESS_KEY_ID: "UNKNOWNKEY", S3_SECRET_ACCESS_KEY: "not-the-secret" });
    try {
      const before = await s3.keys();
      const form = new FormData();
      form.append("profile", JSON.stringify({ email: "x@example.com", dating_app: "tinder" }));
      for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("photos", new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" }));
      const res = await testApp(wrong).request("/api/profiles", { method: "POST", body: form });
      expect(res.status).toBe(507);
      expect(((await res.json()) as { message: string }).message).toContain("problem with our storage, not with your photos");
      expect(await s3.keys()).toEqual(before);
      expect(wrong.store.db.select().from(photos).all()).toEqual([]);
      expect(wrong.store.db.select().from(profiles).all()).toEqual([]);
      // /readyz says the bucket is the problem, and the log says why once; the secret is in neither.
      const ready = await testApp(wrong).request("/readyz");
      expect(ready.status).toBe(503);
      const answer = (await ready.json()) as { failing: string[]; message: string };
      expect(answer.failing).toContain("uploads");
      expect(answer.message).toContain("uploads (the photo bucket does not answer)");
      expect(JSON.stringify(answer)).not.toContain("not-the-secret");
      expect(wrong.log.lines.join("\n")).not.toContain("not-the-secret");
    } finally {
      wrong.cleanup();
    }
  });
});

test("the privacy policy names the storage provider and says where the photos are", async () => {
  const html = await (await app.request("/privacy-policy")).text();
  expect(html).toContain("<strong>Our storage provider, 127.0.0.1,</strong>");
  expect(html).toContain("keeps your photos for us in private storage that only our server can read");
  expect(html).toContain("Your photos are stored in private storage that only our server can read, outside the public website");
  const onDisk = testContext();
  try {
    const plain = await (await testApp(onDisk).request("/privacy-policy")).text();
    expect(plain).not.toContain("storage provider");
    expect(plain).toContain("Your photos are stored on our server outside the public website");
  } finally {
    onDisk.cleanup();
  }
});

describe("what deletes photos works on the bucket", () => {
  test("retention deletes the objects; the route then answers 410", async () => {
    const customer = await releasedCustomer(ctx);
    for (const key of customer.files) expect(await s3.client.exists(key)).toBe(true);
    const sentAt = ctx.store.db.select().from(profiles).where(eq(profiles.id, customer.profileId)).get()!.emailSentAt!.getTime();
    await applyRetention(retentionDeps(ctx), sentAt + 30 * 24 * 3600_000 - 1);
    for (const key of customer.files) expect(await s3.client.exists(key)).toBe(true);
    expect(await applyRetention(retentionDeps(ctx), sentAt + 30 * 24 * 3600_000)).toEqual({ photos: 1, text: 0 });
    for (const key of customer.files) expect(await s3.client.exists(key)).toBe(false);
    const row = ctx.store.db.select().from(photos).where(eq(photos.profileId, customer.profileId)).all()[0]!;
    expect((await app.request(`/api/photos/${row.id}`, { headers: { Cookie: adminCookie(ctx.store.db) } })).status).toBe(410);
  });

  test("the export holds the bucket's photos, byte for byte; the erasure deletes them", async () => {
    const customer = await releasedCustomer(ctx);
    const body = JSON.stringify({ email: customer.email });
    const headers = { "Content-Type": "application/json" };
    const exported = await app.request(`/api/profiles/${customer.profileId}/export`, { method: "POST", headers, body });
    expect(exported.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const document = JSON.parse(new TextDecoder().decode(zip["profileboost-data.json"])) as { photo_files: { photo_id: string; photo: string; thumbnail: string }[] };
    expect(document.photo_files).toHaveLength(3);
    const rows = ctx.store.db.select().from(photos).where(eq(photos.profileId, customer.profileId)).all();
    for (const files of document.photo_files) {
      const row = rows.find((r) => r.id === files.photo_id)!;
      expect(zip[files.photo]).toEqual(new Uint8Array(await s3.client.file(row.filePath).arrayBuffer()));
      expect(zip[files.thumbnail]).toEqual(new Uint8Array(await s3.client.file(row.thumbPath!).arrayBuffer()));
    }

    const erased = await app.request(`/api/profiles/${customer.profileId}`, { method: "DELETE", headers, body });
    expect(erased.status).toBe(200);
    for (const key of customer.files) expect(await s3.client.exists(key)).toBe(false);
    expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, customer.profileId)).get()).toBeUndefined();
  });

  test("the sweep deletes what a failed deletion left (photos marked deleted, objects no row names) once past the grace, never a live photo", async () => {
    const live = await releasedCustomer(ctx);
    const marked = await releasedCustomer(ctx);
    // Retention's transaction committed, but the deletion after it never happened (a crash, the bucket out of reach).
    ctx.store.db.update(profiles).set({ photosDeletedAt: new Date() }).where(eq(profiles.id, marked.profileId)).run();
    const orphan = `${newId()}.jpg`;
    await s3.client.write(orphan, jpeg);
    const foreign = "litestream/generations/notes.txt";
    await s3.client.write(foreign, "not a photo");

    // Within the grace an object no row names may be an upload about to commit: kept. A marked profile's go at once.
    const first = await sweepPhotos(ctx.store.db, ctx.services.photos, ctx.config.uploadsDir, ORPHAN_GRACE_MS);
    expect(first.orphans).toBe(marked.files.length);
    for (const key of marked.files) expect(await s3.client.exists(key)).toBe(false);
    expect(await s3.client.exists(orphan)).toBe(true);

    const later = await sweepPhotos(ctx.store.db, ctx.services.photos, ctx.config.uploadsDir, ORPHAN_GRACE_MS, Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(later.orphans).toBe(1);
    expect(await s3.client.exists(orphan)).toBe(false);
    for (const key of live.files) expect(await s3.client.exists(key)).toBe(true);
    expect(await s3.client.exists(foreign)).toBe(true);
    await s3.client.delete(foreign);
  });

  test("a backup archives the bucket's photos with their hashes", async () => {
    const customer = await releasedCustomer(ctx);
    const dir = join(ctx.dir, "backups");
    const { manifest } = await createBackup({ databasePath: ctx.config.databasePath, uploadsDir: ctx.config.uploadsDir, bucket: ctx.services.photos, dir, keep: 1 });
    const inBucket = (await s3.keys()).filter((k) => /^[a-z2-7]{26}(\.thumb)?\.jpg$/.test(k));
    expect(manifest.files.filter((f) => f.path.startsWith("uploads/")).map((f) => f.path.slice("uploads/".length)).sort()).toEqual(inBucket);
    for (const key of customer.files) {
      const entry = manifest.files.find((f) => f.path === `uploads/${key}`)!;
      const bytes = new Uint8Array(await s3.client.file(key).arrayBuffer());
      expect(entry.sha256).toBe(new Bun.CryptoHasher("sha256").update(bytes).digest("hex"));
    }
    expect(localFiles()).toEqual([]);
  });

  test("a restore with S3_BUCKET puts the archive's photos into an emptied bucket; each reads back byte for byte through the route", async () => {
    const customer = await releasedCustomer(ctx);
    const before = new Map<string, Uint8Array<ArrayBuffer>>();
    for (const key of await s3.keys()) before.set(key, new Uint8Array(await s3.client.file(key).arrayBuffer()));
    const { path: archive } = await createBackup({ databasePath: ctx.config.databasePath, uploadsDir: ctx.config.uploadsDir, bucket: ctx.services.photos, dir: join(ctx.dir, "restore-backups"), keep: 1 });

    // The bucket lost, the service restored on a new machine: an empty database folder and uploads folder.
    for (const key of before.keys()) await s3.client.delete(key);
    expect(await s3.keys()).toEqual([]);
    const target = join(ctx.dir, "new-machine");
    mkdirSync(target);
    const env = { ...s3.env, DATABASE_PATH: join(target, "app.sqlite"), UPLOADS_DIR: join(target, "uploads") };
    const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "scripts/restore.ts"), archive], {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toContain(`Photos put into bucket photos: ${before.size} copied and verified, 0 already there.`);
    // Every object back, the same bytes; the uploads folder only passed them on.
    expect(await s3.keys()).toEqual([...before.keys()].sort());
    for (const [key, bytes] of before) expect(new Uint8Array(await s3.client.file(key).arrayBuffer())).toEqual(bytes);
    expect(readdirSync(env.UPLOADS_DIR).filter((name) => !name.startsWith("."))).toEqual([]);

    const restored = testContext(env);
    try {
      const cookie = adminCookie(restored.store.db);
      const rows = restored.store.db.select().from(photos).where(eq(photos.profileId, customer.profileId)).all();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        const full = await testApp(restored).request(`/api/photos/${row.id}`, { headers: { Cookie: cookie } });
        expect(full.status).toBe(200);
        expect(new Uint8Array(await full.arrayBuffer())).toEqual(before.get(row.filePath)!);
        const thumb = await testApp(restored).request(`/api/photos/${row.id}/thumbnail`, { headers: { Cookie: cookie } });
        expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(before.get(row.thumbPath!)!);
      }
    } finally {
      restored.cleanup();
    }
  });
});
