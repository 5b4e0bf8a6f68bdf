/**
 * A streaming multipart/form-data reader for the photo upload. Text parts are kept in memory up to a small cap;
 * file parts go straight to disk as they arrive, so a 60 MB upload never sits whole in memory (Request.formData()
 * would buffer the body and then copy each file out of it, and that garbage waits for the collector).
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { asStorageProblem, DomainError, isStorageError } from "../errors.ts";

export interface UploadedFile {
  field: string;
  /** The name the browser gave; used only as a label in messages. */
  filename: string;
  path: string;
  size: number;
}

export interface MultipartLimits {
  /** Where file parts are written (created if needed). */
  dir: string;
  /** File parts with this field name go to disk; every other part is text, kept in memory up to maxFieldBytes. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  maxFieldBytes: number;
  /** Parts of any kind: with maxFieldBytes, bounds what text parts can hold in memory. */
  maxParts: number;
  /** The whole body, counted as it is read (a chunked body declares no length to check up front). */
  maxBodyBytes: number;
  /** Messages for the limits, in the words of the form. */
  tooManyFiles: string;
  bodyTooLarge: string;
  fileTooLarge: (index: number, filename: string) => string;
  fieldTooLarge: (name: string) => string;
  /**
   * The slowest upload accepted: fewer than `minBytes` arriving in any window of `windowMs` (tumbling, from the first
   * read) fails it with UploadStalled. Without it a client could hold the request open forever.
   */
  minRate?: { windowMs: number; minBytes: number };
}

/** The client sent less than `MultipartLimits.minRate` asks for: it stalled, or trickles like a slowloris. */
export class UploadStalled extends Error {
  constructor(readonly received: number) {
    super(`The upload stalled after ${received} bytes.`);
    this.name = "UploadStalled";
  }
}

export interface Multipart {
  fields: Map<string, string>;
  files: UploadedFile[];
  /** A part named `fileField` that was not a file (a plain text value). */
  textInFileField: boolean;
  /** Deletes every file written; call when done with them, whatever happened. */
  cleanup(): void;
}

const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Every chunk of a body is garbage once written, but JavaScriptCore paces its collections by the size of the JS heap,
 * not by these buffers: eight clients uploading at loopback speed took the server from 110 MB to 400 MB of RSS.
 * A collection is asked for (without waiting for it) after each body at least this large: 290 MB instead.
 */
const COLLECT_AFTER_BYTES = 1024 * 1024;
const UNREADABLE = "The upload could not be read as multipart/form-data.";
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

interface OpenPart {
  name: string;
  filename: string | null;
  file?: { fd: number; info: UploadedFile };
  text?: Buffer[];
  bytes: number;
}

export async function readMultipart(body: ReadableStream<Uint8Array> | null, contentType: string, limits: MultipartLimits): Promise<Multipart> {
  const boundary = boundaryOf(contentType);
  if (!body || !boundary) throw new DomainError("invalid", UNREADABLE);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const result: Multipart = {
    fields: new Map(),
    files: [],
    textInFileField: false,
    cleanup: () => result.files.forEach((f) => rmSync(f.path, { force: true })),
  };
  mkdirSync(limits.dir, { recursive: true });

  // Cast, not annotated: the phase changes inside consume(), which the compiler's narrowing does not follow.
  let phase = "preamble" as "preamble" | "after-delimiter" | "headers" | "body" | "done";
  // The body begins with "--boundary"; a leading CRLF lets the first delimiter be found like all the others.
  let buf: Buffer = Buffer.from(CRLF);
  let part: OpenPart | null = null;
  let parts = 0;

  const startPart = (headers: string) => {
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new DomainError("invalid", UNREADABLE);
    if (++parts > limits.maxParts) throw new DomainError("invalid", "The upload has too many parts.");
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    part = { name, filename, bytes: 0 };
    // Every part except the photos is read as text: a JSON part sent as a Blob arrives with a file name too.
    if (filename === null || name !== limits.fileField) {
      part.text = [];
      if (name === limits.fileField) result.textInFileField = true;
      return;
    }
    if (result.files.length >= limits.maxFiles) throw new DomainError("invalid", limits.tooManyFiles);
    const info: UploadedFile = { field: name, filename, path: join(limits.dir, `${newId()}.upload`), size: 0 };
    result.files.push(info);
    part.file = { fd: openSync(info.path, "wx"), info };
  };

  const writePart = (data: Buffer) => {
    if (!part || data.length === 0) return;
    part.bytes += data.length;
    if (part.file) {
      if (part.bytes > limits.maxFileBytes) throw new DomainError("too_large", limits.fileTooLarge(result.files.length - 1, part.filename ?? ""));
      writeAll(part.file.fd, data);
      part.file.info.size = part.bytes;
    } else {
      if (part.bytes > limits.maxFieldBytes) throw new DomainError("too_large", limits.fieldTooLarge(part.name));
      part.text!.push(Buffer.from(data));
    }
  };

  const endPart = () => {
    if (!part) return;
    if (part.file) closeSync(part.file.fd);
    else if (part.text && part.name !== limits.fileField) {
      // Two values for one name: which one the customer meant is a guess, so neither is taken.
      if (result.fields.has(part.name)) throw new DomainError("invalid", `The ${part.name} part was sent more than once.`);
      result.fields.set(part.name, Buffer.concat(part.text).toString("utf8"));
    }
    part = null;
  };

  const consume = () => {
    for (;;) {
      if (phase === "preamble" || phase === "body") {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          // Keep enough bytes to find a delimiter split across chunks; the rest is part data (or preamble).
          const keep = Math.min(buf.length, delimiter.length - 1);
          if (phase === "body") writePart(buf.subarray(0, buf.length - keep));
          buf = buf.subarray(buf.length - keep);
          return;
        }
        if (phase === "body") {
          writePart(buf.subarray(0, at));
          endPart();
        }
        buf = buf.subarray(at + delimiter.length);
        phase = "after-delimiter";
      } else if (phase === "after-delimiter") {
        if (buf.length < 2) return;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          phase = "done";
          return;
        }
        if (buf[0] !== 0x0d || buf[1] !== 0x0a) throw new DomainError("invalid", UNREADABLE);
        buf = buf.subarray(2);
        phase = "headers";
      } else if (phase === "headers") {
        const end = buf.indexOf(HEADER_END);
        // Checked whether or not the end was found: one large chunk can hold a whole over-long header block.
        if ((end < 0 ? buf.length : end) > MAX_HEADER_BYTES) throw new DomainError("invalid", UNREADABLE);
        if (end < 0) return;
        startPart(buf.subarray(0, end).toString("utf8"));
        buf = buf.subarray(end + HEADER_END.length);
        phase = "body";
      } else {
        return;
      }
    }
  };

  const reader = body.getReader();
  let received = 0;
  const read = rateGuardedReader(reader, limits.minRate, () => received);
  const tooLarge = () => received > limits.maxBodyBytes;
  try {
    for (;;) {
      const { done, value } = await read();
      if (done) break;
      received += value.length;
      if (tooLarge()) throw new DomainError("too_large", limits.bodyTooLarge);
      if (phase === "done") continue; // epilogue: ignored
      // Always a copy: the stream may reuse a chunk's memory for its next read, and `buf` keeps a tail of it.
      buf = Buffer.concat([buf, value]);
      consume();
    }
    if (phase !== "done") throw new DomainError("invalid", UNREADABLE);
    return result;
  } catch (err) {
    const current = part as OpenPart | null;
    if (current?.file) {
      try {
        closeSync(current.file.fd);
      } catch {
        // already closed, or the disk failed: the file is removed below either way
      }
    }
    result.cleanup();
    // A refused upload is still read to its end (up to the body limit, never kept), so the browser receives the
    // answer instead of a reset connection.
    if (err instanceof DomainError || isStorageError(err)) {
      try {
        for (;;) {
          if (tooLarge()) break;
          const { done, value } = await read();
          if (done) break;
          received += value.length;
        }
      } catch {
        // the body itself failed (too large, client gone, stalled): nothing more to read
      }
    }
    // A stalled client's body is never read to its end: the answer goes out and the connection closes.
    if (err instanceof UploadStalled) await reader.cancel().catch(() => {});
    throw asStorageProblem(err);
  } finally {
    reader.releaseLock();
    if (received >= COLLECT_AFTER_BYTES) Bun.gc(false);
  }
}

/**
 * `reader.read()` watched against `minRate`: each window must bring `minBytes`. A read still pending when a window
 * ends stays pending (its data is not lost) and is awaited again in the next window, if the window was good enough.
 */
type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>;

function rateGuardedReader(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  minRate: MultipartLimits["minRate"],
  received: () => number,
): () => Promise<ReadResult> {
  if (!minRate) return () => reader.read();
  let windowEnds = Date.now() + minRate.windowMs;
  let atWindowStart = 0;
  let pending: Promise<ReadResult> | null = null;
  return async () => {
    for (;;) {
      const read: Promise<ReadResult> = (pending ??= reader.read());
      const left = windowEnds - Date.now();
      // A window that is over still takes what had already arrived (what came while this process was held up: a
      // collection, a busy core), within one turn of the event loop, before it is judged on the next call.
      const result = await within(read, Math.max(left, 0));
      if (result) {
        pending = null;
        return result;
      }
      // The window is over: did it bring enough?
      if (received() - atWindowStart < minRate.minBytes) {
        // The read left pending is given up with the body; its rejection, if any, is nobody's concern now.
        read.catch(() => {});
        throw new UploadStalled(received());
      }
      atWindowStart = received();
      windowEnds = Date.now() + minRate.windowMs;
    }
  };
}

/** `promise`'s value, or null when it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Writes all of `data` at once, synchronously: a write of one chunk to the page cache takes microseconds, while an
 * asynchronous write waits for a worker thread that sharp's decodes may all be holding (under load that made a
 * 24 MB upload take 3 s to receive instead of 40 ms).
 */
function writeAll(fd: number, data: Buffer): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
}

