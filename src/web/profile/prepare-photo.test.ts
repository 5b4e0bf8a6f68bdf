import { describe, expect, test } from "bun:test";
import { MAX_PHOTO_BYTES } from "../../shared/profiles/limits.ts";
import { hevcHeic, plainJpeg, plainPng } from "../../testing/test-images.ts";
import { preparePhoto, refusal, shownName, sniffPhotoFormat, type Decode } from "./prepare-photo.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

/** An ISO-BMFF file type box: size, "ftyp", the major brand, a version, the compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], ...compatible);

/** A decoder that opens everything: a small bitmap, so nothing is shrunk and no canvas is needed. */
const opens: Decode = async () => ({ width: 64, height: 48, close() {} }) as ImageBitmap;
const refuses: Decode = async () => {
  throw new DOMException("The source image could not be decoded.", "InvalidStateError");
};

describe("sniffPhotoFormat", () => {
  test("reads the formats the server keeps from their first bytes", async () => {
    expect(sniffPhotoFormat(await plainJpeg())).toBe("jpeg");
    expect(sniffPhotoFormat(await plainPng())).toBe("png");
    expect(sniffPhotoFormat(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
    expect(sniffPhotoFormat(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    expect(sniffPhotoFormat(ftyp("mif1", "avif"))).toBe("avif");
    expect(sniffPhotoFormat(hevcHeic().subarray(0, 64))).toBe("heic");
    expect(sniffPhotoFormat(ftyp("mif1", "heic"))).toBe("heic");
    expect(sniffPhotoFormat(ftyp("mif1", "miaf"))).toBe("heif");
  });

  test("anything else is no photo: text, GIF, SVG, PDF, an MP4, an empty file, a truncated header", () => {
    for (const head of [
      bytes("this is not a photo"),
      bytes("GIF89a"),
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("%PDF-1.7"),
      ftyp("isom", "mp41"),
      new Uint8Array(0),
      bytes([0xff, 0xd8]),
      bytes([0, 0, 0, 0xff], "ftyp"),
    ]) {
      expect(sniffPhotoFormat(head)).toBeNull();
    }
  });
});

describe("preparePhoto", () => {
  const file = (content: Uint8Array | string, name: string, type: string) => new File([typeof content === "string" ? content : new Uint8Array(content)], name, { type });

  test("a photo the browser opens is kept as it is when it is small enough", async () => {
    const jpeg = file(await plainJpeg(), "me.jpg", "image/jpeg");
    expect(await preparePhoto(jpeg, opens)).toEqual({ ok: true, file: jpeg });
  });

  test("a file that is not an image keeps its own message", async () => {
    expect(await preparePhoto(file("Dear diary", "notes.txt", "text/plain"), opens)).toEqual({ ok: false, reason: refusal.notAPhoto("notes.txt") });
    expect(refusal.notAPhoto("notes.txt")).toBe("notes.txt is not a photo. Please choose JPEG, PNG, WebP, AVIF or HEIF images.");
  });

  test("a text file named .jpg is refused by its bytes, whatever its name and type say", async () => {
    const verdict = await preparePhoto(file("this is not a photo", "holiday.jpg", "image/jpeg"), opens);
    expect(verdict).toEqual({ ok: false, reason: "holiday.jpg is not a JPEG, PNG, WebP, AVIF or HEIF image, so it cannot be used." });
  });

  test("a photo the browser cannot open is refused as damaged; an HEIC one gets the way out", async () => {
    const jpeg = file(await plainJpeg(), "broken.jpg", "image/jpeg");
    expect(await preparePhoto(jpeg, refuses)).toEqual({ ok: false, reason: refusal.unreadable("broken.jpg") });
    const heic = file(hevcHeic(), "IMG_0001.HEIC", "image/heic");
    expect(await preparePhoto(heic, refuses)).toEqual({ ok: false, reason: refusal.heic("IMG_0001.HEIC") });
  });

  test("without a decoder, right bytes are sent as they are and the server decides", async () => {
    const heic = file(hevcHeic(), "IMG_0002.HEIC", "");
    expect(await preparePhoto(heic, undefined)).toEqual({ ok: true, file: heic });
  });

  test("over the size limit after shrinking: refused with the limit", async () => {
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await preparePhoto(file(big, "huge.jpg", "image/jpeg"), undefined)).toEqual({ ok: false, reason: "huge.jpg is larger than 10MB." });
  });

  test("the name shown is the file's own, without folders, cut short", () => {
    expect(shownName("C:\\Users\\sam\\Pictures\\me.jpg")).toBe("me.jpg");
    expect(shownName("../../etc/passwd")).toBe("passwd");
    expect(shownName("x".repeat(300))).toHaveLength(80);
    expect(shownName("")).toBe("This file");
  });
});
