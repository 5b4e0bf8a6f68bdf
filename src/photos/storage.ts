/**
 * Where finished photos and thumbnails live, behind one interface: the local disk (UPLOADS_DIR, the default) or an
 * S3-compatible bucket (S3_BUCKET and its settings, through Bun's built-in S3 client). Keys are the names the
 * photos table stores (`<id>.jpg`, `<id>.thumb.jpg`). Processing always happens on the local disk first
 * (`UPLOADS_DIR/.incoming`, ./pipeline.ts); `put` then moves a finished file in, whole or not at all: a rename on
 * the same disk, or one PUT to the bucket (S3 makes an object visible only once all of it arrived, so a failed
 * upload leaves no object). Photos are never public: the bucket is read only by this process, and served through
 * the authorised route (src/api/photos.ts).
 */
import { S3Client } from "bun";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { newId } from "../db/ids.ts";

/** One stored object, as a listing sees it. */
export interface StoredPhoto {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface PhotoStore {
  /** For the log: "the disk (uploads)" or "bucket photos at http://…"; never a secret. */
  readonly description: string;
  readonly kind: "disk" | "s3";
  /** Moves a finished local file in under `key`; the local file is gone afterwards, whether it succeeded or not. */
  put(key: string, localFile: string): Promise<void>;
  /** The object as a body for a Response (streamed, never read whole), or null when it is not there. */
  open(key: string): Promise<Blob | ReadableStream<Uint8Array> | null>;
  /** The whole object, or null when it is not there (exports, checks). */
  read(key: string): Promise<Uint8Array | null>;
  /**
   * A file on the local disk with the object's bytes, for tools that read files (sharp, the optimiser); `release`
   * removes it when it was a copy. Null when the object is not there.
   */
  localCopy(key: string): Promise<{ path: string; release(): void } | null>;
  /** Deletes these keys; a key already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object at the top level (not `.incoming/`, not other prefixes), in key order. */
  list(): AsyncIterable<StoredPhoto>;
  /** Throws when the store cannot be reached (/readyz); the disk's own check is the uploads folder's. */
  reachable(): Promise<void>;
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Where local copies wait (inside the uploads folder, which the start-up sweep cleans). */
function scratchDir(uploadsDir: string): string {
  return join(uploadsDir, ".incoming");
}

/** The local disk: the uploads folder itself. */
export function diskPhotoStore(uploadsDir: string): PhotoStore {
  const pathOf = (key: string) => join(uploadsDir, key);
  return {
    kind: "disk",
    description: `the disk (${uploadsDir})`,
    async put(key, localFile) {
      try {
        mkdirSync(uploadsDir, { recursive: true });
        // Same file system (.incoming is inside the uploads folder): a rename, atomic.
        renameSync(localFile, pathOf(key));
      } catch (err) {
        rmSync(localFile, { force: true });
        throw err;
      }
    },
    async open(key) {
      const file = Bun.file(pathOf(key));
      return (await file.exists()) ? file : null;
    },
    async read(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async localCopy(key) {
      const path = pathOf(key);
      return existsSync(path) ? { path, release() {} } : null;
    },
    async remove(keys) {
      for (const key of keys) rmSync(pathOf(key), { force: true });
    },
    async *list() {
      if (!existsSync(uploadsDir)) return;
      for (const name of readdirSync(uploadsDir).sort()) {
        if (name.startsWith(".")) continue;
        let info;
        try {
          info = statSync(pathOf(name));
        } catch {
          continue; // deleted since the listing
        }
        if (info.isFile()) yield { key: name, size: info.size, modifiedAt: info.mtime };
      }
    },
    async reachable() {},
  };
}

/** An S3-compatible bucket; `uploadsDir` is still where uploads are processed and local copies wait. */
export function s3PhotoStore(settings: S3Settings, uploadsDir: string): PhotoStore {
  const client = new S3Client({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  });
  return {
    kind: "s3",
    description: `bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    async put(key, localFile) {
      try {
        await client.write(key, Bun.file(localFile), { type: "image/jpeg" });
      } catch (err) {
        // A PUT that failed left no object; a multipart one that failed midway is aborted by the client. Deleting
        // is for the one case where the answer was lost after the object was stored.
        await client.delete(key).catch(() => {});
        throw err;
      } finally {
        rmSync(localFile, { force: true });
      }
    },
    async open(key) {
      const file = client.file(key);
      return (await file.exists()) ? file.stream() : null;
    },
    async read(key) {
      const file = client.file(key);
      if (!(await file.exists())) return null;
      return new Uint8Array(await file.arrayBuffer());
    },
    async localCopy(key) {
      const bytes = await this.read(key);
      if (!bytes) return null;
      const dir = scratchDir(uploadsDir);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `copy-${newId()}-${key}`);
      await Bun.write(path, bytes);
      return { path, release: () => rmSync(path, { force: true }) };
    },
    async remove(keys) {
      for (const key of keys) await client.delete(key);
    },
    async *list() {
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ delimiter: "/", continuationToken });
        for (const object of page.contents ?? []) {
          if (object.key.startsWith(".")) continue;
          yield { key: object.key, size: object.size ?? 0, modifiedAt: new Date(object.lastModified ?? 0) };
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
    },
    async reachable() {
      await client.list({ maxKeys: 1 });
    },
  };
}

/** The store the configuration asks for: the bucket when S3_BUCKET is set, else the uploads folder. */
export function createPhotoStore(config: { uploadsDir: string; s3?: S3Settings }): PhotoStore {
  return config.s3 ? s3PhotoStore(config.s3, config.uploadsDir) : diskPhotoStore(config.uploadsDir);
}
