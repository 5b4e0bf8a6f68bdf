import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { DomainError } from "../errors.ts";
import { tempDir } from "../testing/context.ts";
import { pixelFloodPng } from "../testing/test-images.ts";
import { decodeCost, MAX_DECODE_BYTES } from "./decode-budget.ts";
import { processPhoto } from "./pipeline.ts";

const header = (h: Partial<Parameters<typeof decodeCost>[0]>) =>
  decodeCost({ format: "png", width: 1000, height: 1000, channels: 3, depth: "uchar", isProgressive: false, ...h } as Parameters<typeof decodeCost>[0]);
const over = (h: Partial<Parameters<typeof decodeCost>[0]>) => header(h).bytes > MAX_DECODE_BYTES;

describe("decodeCost: the work a header asks for, by format", () => {
  test("PNG counts every sample at full size: 16-bit doubles it, palette images count as what they expand to", () => {
    expect(over({ width: 7071, height: 7071, depth: "ushort", bitsPerSample: 16 })).toBe(true);
    expect(header({ width: 7071, height: 7071, depth: "ushort", bitsPerSample: 16 })).toMatchObject({ kind: "a 16-bit PNG", maxMegapixels: 9.7 });
    expect(over({ width: 3000, height: 3000, depth: "ushort", bitsPerSample: 16 })).toBe(false);
    expect(over({ width: 4000, height: 4000 })).toBe(false);
    expect(over({ width: 4000, height: 4000, channels: 4 })).toBe(true);
    // A 50 MP palette PNG is a few kilobytes on disk and 150 MB of RGB once expanded (sharp reports 3 channels).
    expect(over({ width: 7071, height: 7071, channels: 3, bitsPerSample: 8 })).toBe(true);
    expect(header({ width: 100, height: 100, isProgressive: true }).kind).toBe("an interlaced PNG");
  });

  test("baseline JPEG and WebP shrink while they load: only the pixel cap applies", () => {
    expect(header({ format: "jpeg", width: 7071, height: 7071 })).toMatchObject({ bytes: 0, maxMegapixels: Infinity });
    expect(header({ format: "webp", width: 7071, height: 7071, channels: 4 })).toMatchObject({ bytes: 0 });
  });

  test("a progressive JPEG holds its coefficients: a phone photo passes, 50 megapixels do not", () => {
    expect(over({ format: "jpeg", width: 4000, height: 3000, isProgressive: true, chromaSubsampling: "4:2:0" })).toBe(false);
    expect(over({ format: "jpeg", width: 7071, height: 7071, isProgressive: true, chromaSubsampling: "4:2:0" })).toBe(true);
    expect(header({ format: "jpeg", width: 4000, height: 3000, isProgressive: true, chromaSubsampling: "4:4:4" }).bytes).toBe(4000 * 3000 * 6);
  });

  test("AVIF/HEIF is held whole, several times over: a 2048-pixel photo passes, 12 megapixels do not", () => {
    expect(over({ format: "heif", compression: "av1", width: 2048, height: 1536 })).toBe(false);
    expect(header({ format: "heif", compression: "av1", width: 4000, height: 3000 })).toMatchObject({ kind: "an AVIF image" });
    expect(header({ format: "heif", compression: "hevc", width: 100, height: 100 }).kind).toBe("an HEIF image");
    expect(over({ format: "heif", compression: "av1", width: 4000, height: 3000 })).toBe(true);
  });
});

describe("processPhoto refuses what is over the budget before decoding it", () => {
  const dir = tempDir("decode-budget-");
  const uploads = join(dir, "uploads");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let n = 0;
  async function process(data: Buffer, filename: string) {
    const path = join(dir, `upload-${n++}`);
    writeFileSync(path, data);
    return await processPhoto(uploads, { path, size: data.length, filename }, 0, "192.0.2.1");
  }
  async function refusal(data: Buffer, filename: string): Promise<DomainError> {
    try {
      await process(data, filename);
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      return err as DomainError;
    }
    throw new Error("the photo was accepted");
  }
  const leftovers = () => (existsSync(join(uploads, ".incoming")) ? readdirSync(join(uploads, ".incoming")) : []);

  /** A PNG header declaring a 16-bit RGB image of `width` x `height` (50 MP by default) with a few bytes of data. */
  function sixteenBitBomb(width = 7071, height = 7071): Buffer {
    const png = pixelFloodPng(width, height);
    // IHDR's data starts at byte 16: width, height, then bit depth and colour type; its CRC follows the 13 bytes.
    png[24] = 16;
    png[25] = 2;
    png.writeUInt32BE(Bun.hash.crc32(png.subarray(12, 29)) >>> 0, 29);
    return png;
  }

  test("a 16-bit 50 MP PNG bomb: a clear 400 naming the problem, not 'damaged', and nothing written", async () => {
    const bomb = sixteenBitBomb();
    expect(bomb.length).toBeLessThan(2000);
    const err = await refusal(bomb, "bomb.png");
    expect(err.kind).toBe("invalid");
    expect(err.message).toBe(
      "Photo 1 (bomb.png) is a 16-bit PNG of 7071 x 7071 pixels, too large for us to process in that format. Please send a standard JPEG, or a copy of at most 9.7 megapixels.",
    );
    expect(leftovers()).toEqual([]);
  });

  test("a palette PNG is counted as the RGB it expands to", async () => {
    const palette = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png({ palette: true }).toBuffer();
    expect(await sharp(palette).metadata()).toMatchObject({ isPalette: true, channels: 3 });
  });

  test("a real, highly compressible 16-bit PNG over the budget is refused the same way", async () => {
    const png = await sharp({ create: { width: 5000, height: 3000, channels: 3, background: "#3366cc" } }).toColourspace("rgb16").png().toBuffer();
    expect((await sharp(png).metadata()).depth).toBe("ushort");
    expect((await refusal(png, "big16.png")).message).toMatch(/^Photo 1 \(big16\.png\) is a 16-bit PNG of 5000 x 3000 pixels, too large/);
    expect(leftovers()).toEqual([]);
  });

  test("a 16-bit PNG within the budget is still accepted, shrunk to the stored size", async () => {
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#3366cc" } }).toColourspace("rgb16").png().toBuffer();
    const photo = await process(png, "fine16.png");
    expect([photo.width, photo.height]).toEqual([2048, 1365]);
    rmSync(photo.tempFile);
    rmSync(photo.tempThumb);
  });

  test("an AVIF of 12 megapixels is refused; one of a browser-shrunk size is accepted", async () => {
    const avif = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#884422" } }).avif({ effort: 0 }).toBuffer();
    expect((await refusal(await avif(4000, 3000), "big.avif")).message).toMatch(/^Photo 1 \(big\.avif\) is an AVIF image of 4000 x 3000 pixels, too large/);
    const photo = await process(await avif(2048, 1536), "ok.avif");
    expect([photo.width, photo.height]).toEqual([2048, 1536]);
    rmSync(photo.tempFile);
    rmSync(photo.tempThumb);
    expect(leftovers()).toEqual([]);
  });
});
