/** Image files for tests and the upload benchmark, made with sharp (never shipped to the browser). */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * A photo-sized JPEG: colour gradients plus random noise of ±`amplitude`, so it does not compress to nothing
 * (12 megapixels at amplitude 28, quality 85 is about 4 MB, like a phone photo).
 */
export async function noisyJpeg(width: number, height: number, { amplitude = 28, quality = 85 } = {}): Promise<Buffer> {
  // Clamped, so noise near 0 or 255 saturates instead of wrapping into sharp edges.
  const pixels = new Uint8ClampedArray(width * height * 3);
  // xorshift32: fast, and random enough that JPEG cannot shrink it much.
  let x = (Math.random() * 0xffffffff) | 1;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const noise = ((x >>> 0) % (2 * amplitude)) - amplitude;
      const o = (row * width + col) * 3;
      pixels[o] = (col * 255) / width + noise;
      pixels[o + 1] = (row * 255) / height + noise;
      pixels[o + 2] = 128 + noise;
    }
  }
  return await sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** A small plain-colour JPEG. */
export async function plainJpeg(width = 64, height = 48, colour = "#c04080"): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();
}

export async function plainPng(width = 64, height = 48): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } }).png().toBuffer();
}

/**
 * A JPEG stored sideways with EXIF orientation 6 (display rotated 90° clockwise) and a GPS position.
 * Stored pixels are 300 x 200: left half red, right half blue; shown upright it is 200 x 300, red on top.
 */
export async function sidewaysJpegWithGps(): Promise<Buffer> {
  const left = await sharp({ create: { width: 150, height: 200, channels: 3, background: "#ff0000" } }).png().toBuffer();
  return await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0000ff" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: "TestCam", Model: "Pocket 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A valid PNG header that declares `width` x `height` pixels, with a few bytes of data: a pixel-flood probe. */
export function pixelFloodPng(width = 30_000, height = 30_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * An iPhone-style HEIC container (HEIF, item type hvc1, an hvcC configuration) declaring `width` x `height`, whose
 * coded data is a few junk bytes: its header reads like a real HEIC photo's, and decoding needs an HEVC decoder.
 */
export function hevcHeic(width = 4032, height = 3024): Buffer {
  const u8 = (n: number) => Buffer.from([n]);
  const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    return Buffer.concat([u32(body.length + 8), Buffer.from(type, "latin1"), body]);
  };
  const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);
  // HEVC Main profile, level 3.0, 4:2:0, 8 bits, 4-byte NAL lengths, no parameter sets.
  const hvcC = box("hvcC", u8(1), u8(1), u32(0x60000000), Buffer.from([0x90, 0, 0, 0, 0, 0]), u8(90), u16(0xf000), Buffer.from([0xfc, 0xfd, 0xf8, 0xf8]), u16(0), u8(0x0f), u8(0));
  const iprp = box("iprp", box("ipco", hvcC, fullBox("ispe", 0, u32(width), u32(height))), fullBox("ipma", 0, u32(1), u16(1), u8(2), u8(0x81), u8(0x02)));
  const data = Buffer.concat([u32(8), Buffer.alloc(8, 0x26)]);
  const meta = (dataOffset: number) =>
    fullBox(
      "meta",
      0,
      fullBox("hdlr", 0, u32(0), Buffer.from("pict"), Buffer.alloc(12), u8(0)),
      fullBox("pitm", 0, u16(1)),
      fullBox("iloc", 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(dataOffset), u32(data.length)),
      fullBox("iinf", 0, u16(1), fullBox("infe", 2, u16(1), u16(0), Buffer.from("hvc1"), u8(0))),
      iprp,
    );
  const ftyp = box("ftyp", Buffer.from("heic"), u32(0), Buffer.from("mif1heic"));
  return Buffer.concat([ftyp, meta(ftyp.length + meta(0).length + 8), box("mdat", data)]);
}
