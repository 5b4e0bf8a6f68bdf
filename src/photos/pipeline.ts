/**
 * The photo pipeline (OWASP file-upload rules): the format is what sharp decodes, never the name or declared type;
 * files, pixel counts and the decoding work each format needs (./decode-budget.ts) are capped before decoding, and
 * decodes take turns by client (./decode-queue.ts); the image is turned upright and re-encoded as JPEG, which
 * drops EXIF, GPS and every other piece of metadata; the long edge is capped; a thumbnail is made; names are random.
 * Output goes to temporary files first: the caller moves them into the photo store (the uploads folder or a bucket)
 * before the transaction that names them, or discards them, so a failed submission leaves no file or object behind.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { newId } from "../db/ids.ts";
import { asStorageProblem, DomainError, isStorageError, STORAGE_PROBLEM_MESSAGE } from "../errors.ts";
import {
  ACCEPTED_PHOTO_FORMATS,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  PHOTO_LONG_EDGE,
  PHOTO_SIZE_HINT,
  THUMB_LONG_EDGE,
} from "../shared/profiles/limits.ts";
import { decodeCost, MAX_DECODE_BYTES } from "./decode-budget.ts";
import { FairQueue } from "./decode-queue.ts";
import type { PhotoStore } from "./storage.ts";

// libvips' operation cache keeps decoded images around between requests; uploads are never reprocessed, so it only
// costs memory. One libvips thread per image: requests already run side by side, and the box has few cores.
sharp.cache(false);
sharp.concurrency(1);

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
const INCOMING_DIR = ".incoming";

/** A processed photo, written under temporary names until `storePhotoFiles` moves it into the photo store. */
export interface ProcessedPhoto {
  id: string;
  /** The store's keys (what the photos table stores). */
  filePath: string;
  thumbPath: string;
  width: number;
  height: number;
  bytes: number;
  tempFile: string;
  tempThumb: string;
}

/**
 * Two decodes at once across all requests (the box has two cores; more would only pile up memory), and no client
 * may hold both: a client uploading many large photos waits its turn while others' photos go ahead.
 */
const DECODE_SLOTS = 2;
const decodeQueue = new FairQueue({ slots: DECODE_SLOTS, perClient: DECODE_SLOTS - 1 });

export function describe(index: number, name: string): string {
  // The customer's file name is echoed only as a label, cut short and without path parts.
  const base = name.split(/[\\/]/).pop()?.slice(0, 80) ?? "";
  return base ? `Photo ${index + 1} (${base})` : `Photo ${index + 1}`;
}

/**
 * Checks, decodes and re-encodes one uploaded file (already on disk, see ./multipart.ts) into temporary files
 * under `uploadsDir`. libvips reads the upload from disk, so no JavaScript copy of it is ever made. `client` is the
 * sender's address (src/http/client-address.ts): decodes take turns by client.
 */
export async function processPhoto(
  uploadsDir: string,
  upload: { path: string; size: number; filename: string },
  index: number,
  client: string,
): Promise<ProcessedPhoto> {
  const label = describe(index, upload.filename);
  if (upload.size === 0) throw new DomainError("invalid", `${label} is empty.`);
  if (upload.size > MAX_PHOTO_BYTES) throw new DomainError("too_large", `${label} is larger than ${PHOTO_SIZE_HINT}.`);
  try {
    mkdirSync(join(uploadsDir, INCOMING_DIR), { recursive: true });
    // One turn of the queue per photo: its header, its decode and its thumbnail. sharp's work runs on a small pool
    // of worker threads, and work left outside the queue would wait there behind other clients' decodes anyway.
    return await decodeQueue.run(client, () => convert(uploadsDir, upload.path, newId(), label));
  } catch (err) {
    // A full or failing disk is ours to fix, never "your photo looks damaged".
    throw asStorageProblem(err);
  }
}

/** Where uploads wait while being checked: a folder of the uploads volume, so the final rename never copies. */
export function incomingDir(uploadsDir: string): string {
  return join(uploadsDir, INCOMING_DIR);
}

async function convert(uploadsDir: string, upload: string, id: string, label: string): Promise<ProcessedPhoto> {
  let meta: Metadata;
  try {
    // Reads the header only; the pixel cap is checked below with a clearer message than libvips' own.
    meta = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch (err) {
    if (isStorageError(err)) throw err;
    throw new DomainError("invalid", `${label} is not an image we can read. Please send ${ACCEPTED_PHOTO_FORMATS} photos.`);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new DomainError("invalid", `${label} is not a ${ACCEPTED_PHOTO_FORMATS} image.`);
  }
  // iPhone HEIC photos are HEIF with HEVC inside, which sharp's libvips cannot decode: say so, rather than "damaged".
  if (meta.format === "heif" && meta.compression === "hevc") {
    throw new DomainError("invalid", `${label} is an HEIC photo, which we cannot read. Please send it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).`);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PHOTO_PIXELS) {
    throw new DomainError("invalid",
      `${label} has too many pixels (${meta.width ?? "?"} x ${meta.height ?? "?"}); the limit is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
    );
  }
  const cost = decodeCost(meta);
  if (cost.bytes > MAX_DECODE_BYTES) {
    throw new DomainError("invalid",
      `${label} is ${cost.kind} of ${meta.width} x ${meta.height} pixels, too large for us to process in that format. Please send a standard JPEG, or a copy of at most ${cost.maxMegapixels} megapixels.`,
    );
  }

  const tempFile = join(uploadsDir, INCOMING_DIR, `${id}.jpg`);
  const tempThumb = join(uploadsDir, INCOMING_DIR, `${id}.thumb.jpg`);
  let info: OutputInfo;
  try {
    // Sequential: libvips reads rows top to bottom and drops them once shrunk (the default, said here on purpose).
    info = await sharp(upload, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "truncated", sequentialRead: true })
      .rotate()
      .resize(PHOTO_LONG_EDGE, PHOTO_LONG_EDGE, { fit: "inside", withoutEnlargement: true })
      // Transparent PNG/WebP areas become white rather than JPEG's black.
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toFile(tempFile);
  } catch (err) {
    rmSync(tempFile, { force: true });
    if (isStorageError(err)) throw err;
    // The header was fine but the pixels were not: truncated data, corrupt markers, an undecodable codec.
    throw new DomainError("invalid", `${label} could not be read: the file looks damaged or incomplete.`);
  }

  const photo: ProcessedPhoto = {
    id,
    filePath: `${id}.jpg`,
    thumbPath: `${id}.thumb.jpg`,
    width: info.width,
    height: info.height,
    bytes: info.size,
    tempFile,
    tempThumb,
  };
  try {
    await sharp(tempFile)
      .resize(THUMB_LONG_EDGE, THUMB_LONG_EDGE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toFile(tempThumb);
    return photo;
  } catch (err) {
    for (const path of [tempFile, tempThumb]) rmSync(path, { force: true });
    throw err;
  }
}

/**
 * Moves processed photos into the store (./storage.ts) under their final names: call before the transaction that
 * inserts their rows, and `discardPhotoFiles` if anything fails after, so a failed submission keeps no object.
 */
export async function storePhotoFiles(store: PhotoStore, photos: readonly ProcessedPhoto[]): Promise<void> {
  try {
    for (const p of photos) {
      await store.put(p.filePath, p.tempFile);
      await store.put(p.thumbPath, p.tempThumb);
    }
  } catch (err) {
    // A bucket that refuses or does not answer is our storage failing, like a full disk: never the photos' fault.
    throw store.kind === "s3" ? new DomainError("storage_full", STORAGE_PROBLEM_MESSAGE, { cause: err }) : asStorageProblem(err);
  }
}

/**
 * Deletes every file of these photos, temporary or stored: used when a submission fails at any step. An object the
 * store could not delete now (a bucket out of reach) names no row, and the hourly sweep removes it (./sweep.ts).
 */
export async function discardPhotoFiles(store: PhotoStore, photos: readonly ProcessedPhoto[]): Promise<void> {
  for (const p of photos) for (const path of [p.tempFile, p.tempThumb]) rmSync(path, { force: true });
  await store.remove(photos.flatMap((p) => [p.filePath, p.thumbPath])).catch(() => {});
}
