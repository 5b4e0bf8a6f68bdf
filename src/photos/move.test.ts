/**
 * scripts/move-photos.ts against s3rver (an S3 implementation written by others, started here): the uploads folder
 * to the bucket and back, each photo verified, resumable after a run that stopped midway (left as a cut-off run
 * leaves the bucket, and a run killed with -9 after three photos), and its bad inputs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  rmSync(dir, { recursive: true, force: true });
});

async function move(args: string[], env: Record<string, string> = s3.env, started?: (proc: Bun.Subprocess) => void) {
  const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "scripts/move-photos.ts"), ...args], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", UPLOADS_DIR: uploadsDir, DATABASE_PATH: join(dir, "app.sqlite"), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  started?.(proc);
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

test("disk to bucket, killed with -9 after three photos: the same command again finishes, every photo verified", async () => {
  // The state the previous test left: every photo on the disk, none in the bucket.
  expect((await s3.keys()).filter((key) => originals.has(key))).toEqual([]);
  let proc: Bun.Subprocess | undefined;
  let stored = 0;
  // s3rver calls this once it holds the object, before it answers: the script is waiting on its third PUT.
  const unsubscribe = s3.onStored(() => {
    if (++stored === 3) proc!.kill("SIGKILL");
  });
  const killed = await move(["--to", "bucket", "--delete"], s3.env, (p) => (proc = p)).finally(unsubscribe);
  expect(proc!.signalCode).toBe("SIGKILL");
  expect(killed.out).toBe("");
  // Two photos copied, verified and deleted from the disk; the third stored but never verified, so still on the disk.
  expect((await s3.keys()).filter((key) => originals.has(key))).toHaveLength(3);
  expect(photoKeys()).toHaveLength(originals.size - 2);

  const resumed = await move(["--to", "bucket", "--delete"]);
  expect(resumed.err).toBe("");
  expect(resumed.code).toBe(0);
  // The third is found in the bucket with the same bytes, verified, and its original deleted.
  expect(resumed.out).toContain(`${originals.size - 3} copied and verified`);
  expect(resumed.out).toContain(`1 already there, ${originals.size - 2} deleted from the source, 0 failed`);
  expect(photoKeys()).toEqual([]);
  expect((await s3.keys()).filter((key) => originals.has(key))).toEqual(sorted());
  for (const [key, bytes] of originals) expect(new Uint8Array(await s3.client.file(key).arrayBuffer())).toEqual(bytes);
  // The kill's one trace: the local copy of the photo whose PUT was cut off, which the server's sweep removes.
  expect(readdirSync(join(uploadsDir, ".incoming")).every((name) => name.startsWith("move-"))).toBe(true);
  expect(readdirSync(join(uploadsDir, ".incoming")).length).toBeLessThanOrEqual(1);
});
