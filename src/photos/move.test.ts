/**
 * scripts/move-photos.ts against s3rver (an S3 implementation written by others, started here): the uploads folder
 * to the bucket and back, each photo verified, resumable after a run that stopped midway, and its bad inputs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { ROOT_DIR } from "../ssr/assets.ts";
import { tempDir } from "../testing/context.ts";
import { startS3Server, type TestBucket } from "../testing/s3-server.ts";

let s3: TestBucket;
const dir = tempDir("move-photos-");
const uploadsDir = join(dir, "uploads");
/** Ten photo files of distinct random bytes, as the pipeline names them. */
const originals = new Map<string, Uint8Array<ArrayBuffer>>();

beforeAll(async () => {
  s3 = await startS3Server();
  mkdirSync(uploadsDir, { recursive: true });
  for (let i = 0; i < 5; i++) {
    const id = newId();
    for (const key of [`${id}.jpg`, `${id}.thumb.jpg`]) {
      const bytes = crypto.getRandomValues(new Uint8Array(20_000 + i * 1000));
      originals.set(key, bytes);
      writeFileSync(join(uploadsDir, key), bytes);
    }
  }
  writeFileSync(join(uploadsDir, "notes.txt"), "not a photo: never moved");
});
afterAll(async () => {
  await s3.close();
});

async function move(args: string[], env: Record<string, string> = s3.env) {
  const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "scripts/move-photos.ts"), ...args], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", UPLOADS_DIR: uploadsDir, DATABASE_PATH: join(dir, "app.sqlite"), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

const photoKeys = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).filter((n) => n.endsWith(".jpg")).sort() : []);
const sorted = () => [...originals.keys()].sort();

test("bad input: an unknown direction is a usage error, a missing bucket a clear refusal; nothing moves", async () => {
  const usage = await move(["--to", "cloud"]);
  expect(usage.code).toBe(2);
  expect(usage.err).toContain("--to must be bucket or disk");
  const noBucket = await move(["--to", "bucket"], {});
  expect(noBucket.code).toBe(1);
  expect(noBucket.err).toContain("S3_BUCKET is not set");
  const badSecret = await move(["--to", "bucket"], { ...s3.env, S3_ACCESS_KEY_ID: "UNKNOWNKEY", S3_SECRET_ACCESS_KEY: "wrong-secret" });
  expect(badSecret.code).toBe(1);
  expect(badSecret.err).toContain("Move stopped");
  expect(badSecret.err + badSecret.out).not.toContain("wrong-secret");
  expect(await s3.keys()).toEqual([]);
  expect(photoKeys()).toEqual(sorted());
});

test("disk to bucket: resumes a run that stopped midway, copies the rest, re-copies a damaged copy, verifies each", async () => {
  // What an interrupted run left: one photo copied whole, one cut short.
  const [whole, damaged] = sorted();
  await s3.client.write(whole!, originals.get(whole!)!);
  await s3.client.write(damaged!, originals.get(damaged!)!.slice(0, 100));

  const first = await move(["--to", "bucket"]);
  expect(first.err).toBe("");
  expect(first.code).toBe(0);
  expect(first.out).toContain(`${originals.size - 1} copied and verified`);
  expect(first.out).toContain("1 already there, 0 deleted from the source, 0 failed");
  expect(await s3.keys()).toEqual(sorted());
  for (const [key, bytes] of originals) expect(new Uint8Array(await s3.client.file(key).arrayBuffer())).toEqual(bytes);
  // Without --delete the folder keeps its photos (the service may still be serving them).
  expect(photoKeys()).toEqual(sorted());

  const second = await move(["--to", "bucket", "--delete"]);
  expect(second.code).toBe(0);
  expect(second.out).toContain(`0 copied and verified (0.0 MB), ${originals.size} already there, ${originals.size} deleted from the source`);
  expect(photoKeys()).toEqual([]);
  expect(readFileSync(join(uploadsDir, "notes.txt"), "utf8")).toContain("never moved");
});

test("bucket to disk, with --delete: every photo back on the disk byte for byte, the bucket emptied of them", async () => {
  const foreign = "litestream/db/generations.txt";
  await s3.client.write(foreign, "not a photo");
  const back = await move(["--to", "disk", "--delete"]);
  expect(back.code).toBe(0);
  expect(back.out).toContain(`${originals.size} copied and verified`);
  expect(photoKeys()).toEqual(sorted());
  for (const [key, bytes] of originals) expect(new Uint8Array(readFileSync(join(uploadsDir, key)))).toEqual(bytes);
  expect(await s3.keys()).toEqual([foreign]);
  expect(readdirSync(join(uploadsDir, ".incoming"))).toEqual([]);
});
