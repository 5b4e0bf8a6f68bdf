import { ACCEPTED_PHOTO_FORMATS, MAX_PHOTO_BYTES, PHOTO_SIZE_HINT } from "../../shared/profiles/limits.ts";
import { downscaleForUpload } from "./downscale.ts";

/**
 * The browser's verdict on one chosen file, given at once on its tile instead of at submit: the file must be a
 * photo in a format the server keeps (read from its first bytes, not its name), the browser must be able to open
 * it, and once shrunk it must fit the size limit. The server checks everything again (src/photos/pipeline.ts).
 */

export type PhotoFormat = "jpeg" | "png" | "webp" | "avif" | "heic" | "heif";
export type PreparedPhoto = { ok: true; file: File } | { ok: false; reason: string };

/** How the browser opens an image; injectable so the rules can be tested without a real decoder. */
export type Decode = (file: File) => Promise<ImageBitmap>;

const HEVC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The format the first bytes announce, or null for anything the server would refuse (text, PDF, GIF, SVG…). */
export function sniffPhotoFormat(head: Uint8Array): PhotoFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") {
    // The major brand, then the compatible brands up to the box's end: an HEIF file names its codec there.
    const boxEnd = Math.min(head.length, (head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return "avif";
    if (brands.some((b) => HEVC_BRANDS.has(b))) return "heic";
    if (brands.includes("mif1") || brands.includes("msf1")) return "heif";
  }
  return null;
}

/** The file's own name as the customer knows it, cut short (it is shown on the page and read out). */
export function shownName(name: string): string {
  return name.split(/[\\/]/).pop()?.slice(0, 80) || "This file";
}

export const refusal = {
  notAPhoto: (name: string) => `${name} is not a photo. Please choose ${ACCEPTED_PHOTO_FORMATS} images.`,
  wrongFormat: (name: string) => `${name} is not a ${ACCEPTED_PHOTO_FORMATS} image, so it cannot be used.`,
  unreadable: (name: string) => `${name} could not be opened: the file looks damaged or incomplete.`,
  heic: (name: string) =>
    `${name} is an HEIC photo, which we cannot read. Please send it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).`,
  tooLarge: (name: string) => `${name} is larger than ${PHOTO_SIZE_HINT}.`,
};

const browserDecode: Decode | undefined =
  typeof createImageBitmap === "function" ? (file) => createImageBitmap(file, { imageOrientation: "from-image" }) : undefined;

/**
 * Checks one file and shrinks it for upload. Without a decoder (a very old browser) a file whose bytes are right is
 * sent as it is and the server gives the verdict.
 */
export async function preparePhoto(original: File, decode: Decode | undefined = browserDecode): Promise<PreparedPhoto> {
  const name = shownName(original.name);
  const format = sniffPhotoFormat(new Uint8Array(await original.slice(0, 64).arrayBuffer()));
  if (!format) {
    // A file that says it is an image but is not one (a text file named .jpg) gets told so, not "not a photo".
    return { ok: false, reason: original.type.startsWith("image/") || original.type === "" ? refusal.wrongFormat(name) : refusal.notAPhoto(name) };
  }
  let file = original;
  if (decode) {
    let bitmap: ImageBitmap;
    try {
      bitmap = await decode(original);
    } catch {
      return { ok: false, reason: format === "heic" ? refusal.heic(name) : refusal.unreadable(name) };
    }
    // The server cannot decode HEVC: a browser that can (Safari) sends the photo as JPEG.
    file = await downscaleForUpload(original, bitmap, { reencode: format === "heic" });
  }
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, reason: refusal.tooLarge(name) };
  return { ok: true, file };
}
