/**
 * Just enough of the POSIX tar format (ustar) for the backup archives: regular files only, written and read as
 * streams, so an uploads folder of any size passes through in chunks and never sits in memory. The archives open
 * with any tar (`tar -xzf profileboost-….tar.gz`), which is why this format and not zip: an operator can always
 * get at a backup without this code.
 *
 * Names longer than 100 bytes use ustar's 155-byte prefix field; sizes of 8 GiB and more use the base-256 form
 * GNU tar and libarchive read. Reading checks every header's checksum and refuses what this writer never makes
 * (links, devices, PAX headers), so a hostile archive can only be refused.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

export class TarError extends Error {
  override name = "TarError";
}

export interface TarEntry {
  name: string;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

/** The 512-byte header of a regular file. */
export function tarHeader(entry: TarEntry): Uint8Array {
  const header = new Uint8Array(BLOCK);
  const { prefix, name } = splitName(entry.name);
  header.set(name, 0);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (entry.size <= MAX_OCTAL_SIZE) writeOctal(header, 124, 12, entry.size);
  else writeBase256(header, 124, 12, entry.size);
  writeOctal(header, 136, 12, Math.max(0, Math.floor(entry.mtime)));
  header[156] = 0x30; // "0": a regular file
  header.set(encoder.encode("ustar\0"), 257);
  header.set(encoder.encode("00"), 263);
  header.set(prefix, 345);
  // The checksum is counted with its own field as spaces, then written as six octal digits, NUL, space.
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(encoder.encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
  return header;
}

/** Zero bytes that fill a file's data up to the next block. */
export function tarPadding(size: number): Uint8Array {
  return new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end an archive. */
export const TAR_END = new Uint8Array(2 * BLOCK);

function splitName(full: string): { prefix: Uint8Array; name: Uint8Array } {
  const bytes = encoder.encode(full);
  if (bytes.length <= 100) return { prefix: new Uint8Array(0), name: bytes };
  // The prefix ends at a slash, which is not stored: prefix + "/" + name.
  for (let cut = full.lastIndexOf("/"); cut > 0; cut = full.lastIndexOf("/", cut - 1)) {
    const prefix = encoder.encode(full.slice(0, cut));
    const name = encoder.encode(full.slice(cut + 1));
    if (prefix.length <= 155 && name.length <= 100 && name.length > 0) return { prefix, name };
  }
  throw new TarError(`the name ${JSON.stringify(full)} is too long for a tar archive`);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  header.set(encoder.encode(`${value.toString(8).padStart(length - 1, "0")}\0`), offset);
}

function writeBase256(header: Uint8Array, offset: number, length: number, value: number): void {
  let rest = BigInt(value);
  for (let i = offset + length - 1; i > offset; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[offset] = 0x80;
}

function readNumber(header: Uint8Array, offset: number, length: number, what: string): number {
  const field = header.subarray(offset, offset + length);
  if (field[0]! & 0x80) {
    let value = BigInt(field[0]! & 0x7f);
    for (let i = 1; i < length; i++) value = (value << 8n) | BigInt(field[i]!);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TarError(`a header's ${what} is out of range`);
    return Number(value);
  }
  const text = new TextDecoder().decode(field).replace(/[\0 ]+$/, "").replace(/^ +/, "");
  if (!/^[0-7]*$/.test(text)) throw new TarError(`a header's ${what} is not a number`);
  return text === "" ? 0 : parseInt(text, 8);
}

function readString(header: Uint8Array, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  try {
    return decoder.decode(end === -1 ? field : field.subarray(0, end));
  } catch {
    throw new TarError("a file name in the archive is not UTF-8");
  }
}

/** A regular file of an archive being read; `body` must be read to its end (or abandoned) before the next entry. */
export interface TarReadEntry extends TarEntry {
  body: AsyncIterable<Uint8Array>;
}

/**
 * The regular files of a tar stream, one after another. Throws a TarError on a damaged or truncated archive and on
 * any entry that is not a regular file; stops at the end marker.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarReadEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (header === null) throw new TarError("the archive ends without its end marker (truncated?)");
    if (header.every((byte) => byte === 0)) return;
    const stored = readNumber(header, 148, 8, "checksum");
    const counted = header.reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 0x20 : byte), 0);
    if (stored !== counted) throw new TarError("a header's checksum does not match (the archive is damaged)");
    const type = header[156];
    if (type !== 0x30 && type !== 0) throw new TarError(`the archive holds an entry that is not a regular file (type ${JSON.stringify(String.fromCharCode(type!))})`);
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const entry = {
      name: prefix ? `${prefix}/${base}` : base,
      size: readNumber(header, 124, 12, "size"),
      mtime: readNumber(header, 136, 12, "time"),
    };
    let remaining = entry.size;
    const body = (async function* () {
      while (remaining > 0) {
        const part = await reader.upTo(remaining);
        remaining -= part.length;
        yield part;
      }
    })();
    yield { ...entry, body };
    // Whatever the caller left unread is skipped, then the padding.
    while (remaining > 0) remaining -= (await reader.upTo(remaining)).length;
    const padding = tarPadding(entry.size).length;
    if (padding > 0 && (await reader.exactly(padding)) === null) throw new TarError("the archive ends inside a file (truncated?)");
  }
}

/** Reads exact byte counts from a stream of chunks of any size. */
class ByteReader {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(n: number): Promise<void> {
    while (this.buffered < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  private shift(n: number): Uint8Array {
    const first = this.chunks[0]!;
    if (first.length <= n) {
      this.chunks.shift();
      this.buffered -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(n);
    this.buffered -= n;
    return first.subarray(0, n);
  }

  /** Exactly `n` bytes; null when the stream ended before the first of them; a TarError when it ends in between. */
  async exactly(n: number): Promise<Uint8Array | null> {
    if (n === 0) return new Uint8Array(0);
    await this.fill(n);
    if (this.buffered === 0) return null;
    if (this.buffered < n) throw new TarError("the archive ends inside a header (truncated?)");
    const out = new Uint8Array(n);
    for (let at = 0; at < n; ) {
      const part = this.shift(n - at);
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** The next bytes, at most `n` of them; a TarError when the stream has ended. */
  async upTo(n: number): Promise<Uint8Array> {
    if (this.buffered === 0) await this.fill(1);
    if (this.buffered === 0) throw new TarError("the archive ends inside a file (truncated?)");
    return this.shift(n);
  }
}
