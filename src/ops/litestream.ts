/**
 * Continuous replication of the SQLite file with Litestream (https://litestream.io, Apache-2.0), to an
 * S3-compatible bucket, when LITESTREAM_BUCKET is set. The binary comes from npm (`@flydotio/litestream-linux-x64`, an
 * optional dependency pinned in package.json: the only platform package the registry here serves), so `npm ci` brings
 * it and nothing is downloaded at run time. The server itself knows nothing of it: `scripts/serve.sh` (the Docker
 * image's and the systemd unit's command) runs `litestream replicate -exec "bun src/server.ts"` when it is
 * configured, and the server alone otherwise; `npm start` never needs it. The restore drill is
 * `scripts/restore-drill.ts`.
 *
 * The configuration file is written at start from the environment; it names the secrets only as `${S3_…}`, which
 * Litestream expands from its own environment, so no key is ever written to disk.
 */
import { S3Client } from "bun";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { z } from "zod";

const SETTINGS = z.object({
  LITESTREAM_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)"),
  LITESTREAM_PATH: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/, "must be a path inside the bucket, such as db/profileboost")
    .refine((p) => !p.split("/").includes(".."), "must not contain ..")
    .default("db"),
  LITESTREAM_SYNC_SECONDS: z
    .string()
    .regex(/^\d+$/, "must be a whole number of seconds from 1 to 60")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 60, "must be a whole number of seconds from 1 to 60")
    .default(1),
  LITESTREAM_RETENTION_HOURS: z
    .string()
    .regex(/^\d+$/, "must be a whole number of hours from 1 to 720")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 720, "must be a whole number of hours from 1 to 720")
    .default(24),
  S3_ENDPOINT: z.string().url("must be a URL such as https://s3.example.com").optional(),
  S3_REGION: z.string().optional(),
  DATABASE_PATH: z.string().min(1).default("db/app.sqlite"),
});

export interface LitestreamSettings {
  bucket: string;
  path: string;
  syncSeconds: number;
  retentionHours: number;
  endpoint?: string;
  region?: string;
  /** Absolute: Litestream finds a database's replica by its path. */
  databasePath: string;
}

export class LitestreamConfigError extends Error {
  override name = "LitestreamConfigError";
}

/** The replication settings, or null when LITESTREAM_BUCKET is unset; a bad value throws one line naming it. */
export function litestreamSettings(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): LitestreamSettings | null {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(SETTINGS.shape)) {
    const value = env[key]?.trim();
    if (value) raw[key] = value;
  }
  if (!raw.LITESTREAM_BUCKET) return null;
  const parsed = SETTINGS.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new LitestreamConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const s = parsed.data;
  if (s.DATABASE_PATH === ":memory:") throw new LitestreamConfigError("Invalid configuration: LITESTREAM_BUCKET needs a database file, and DATABASE_PATH is :memory:");
  return {
    bucket: s.LITESTREAM_BUCKET,
    path: s.LITESTREAM_PATH.replace(/\/+$/, ""),
    syncSeconds: s.LITESTREAM_SYNC_SECONDS,
    retentionHours: s.LITESTREAM_RETENTION_HOURS,
    endpoint: s.S3_ENDPOINT,
    region: s.S3_REGION,
    databasePath: resolve(cwd, s.DATABASE_PATH),
  };
}

/** Litestream's configuration file (YAML; every value JSON-quoted, which YAML reads as the same string). */
export function litestreamConfig(s: LitestreamSettings): string {
  const q = (v: string) => JSON.stringify(v);
  const lines = [
    "# Written at start by scripts/serve.sh (src/ops/litestream.ts); the keys are expanded by Litestream from its environment.",
    "dbs:",
    `  - path: ${q(s.databasePath)}`,
    "    replicas:",
    "      - type: s3",
    `        bucket: ${q(s.bucket)}`,
    `        path: ${q(s.path)}`,
    ...(s.endpoint ? [`        endpoint: ${q(s.endpoint)}`, "        force-path-style: true"] : []),
    ...(s.region ? [`        region: ${q(s.region)}`] : []),
    "        access-key-id: ${S3_ACCESS_KEY_ID}",
    "        secret-access-key: ${S3_SECRET_ACCESS_KEY}",
    `        sync-interval: ${s.syncSeconds}s`,
    // A new snapshot daily; what is older than the retention (snapshots and WAL) is deleted from the bucket.
    `        retention: ${s.retentionHours}h`,
    "        snapshot-interval: 24h",
  ];
  return `${lines.join("\n")}\n`;
}

/** The Litestream binary npm installed for this platform (`@flydotio/litestream-<os>-<arch>`). */
export function litestreamBinary(root = join(import.meta.dir, "..", "..")): string {
  const path = join(root, "node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");
  if (!existsSync(path)) {
    throw new LitestreamConfigError(`Litestream is not installed for ${process.platform}-${process.arch} (expected ${path}; run npm ci).`);
  }
  return path;
}

/**
 * Copies the replica's newest generation (the one with the most recent object) from the bucket into `intoDir`, in
 * Litestream's own layout, so `litestream restore file://<intoDir>` rebuilds the database from it; answers the
 * generation, how many objects and the newest one's time, or null when the bucket holds no replica. Litestream would list the bucket by
 * folders itself, which some S3-compatible servers answer incompletely (s3rver, which the tests run, returns no
 * folder deeper than one level, and Litestream then finds "no matching backups"); a flat listing works on all of
 * them, and the drill gets a local copy of the replica to look at besides.
 */
export async function mirrorReplica(
  s: LitestreamSettings,
  keys: { accessKeyId?: string; secretAccessKey?: string },
  intoDir: string,
): Promise<{ generation: string; objects: number; lastWrite: Date } | null> {
  const client = new S3Client({ bucket: s.bucket, endpoint: s.endpoint, region: s.region, accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey });
  const prefix = `${s.path}/generations/`;
  const objects: { key: string; generation: string; at: number }[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await client.list({ prefix, continuationToken });
    for (const object of page.contents ?? []) {
      const generation = object.key.slice(prefix.length).split("/")[0];
      if (generation) objects.push({ key: object.key, generation, at: new Date(object.lastModified ?? 0).getTime() });
    }
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
  if (objects.length === 0) return null;
  const newest = objects.reduce((a, b) => (b.at > a.at ? b : a)).generation;
  const mine = objects.filter((o) => o.generation === newest);
  for (const object of mine) {
    const target = join(intoDir, object.key.slice(s.path.length + 1));
    if (!target.startsWith(intoDir + sep)) continue;
    mkdirSync(dirname(target), { recursive: true });
    await Bun.write(target, await client.file(object.key).arrayBuffer());
  }
  // The newest object's time in the bucket: the last write that reached the replica.
  return { generation: newest, objects: mine.length, lastWrite: new Date(Math.max(...mine.map((o) => o.at))) };
}
