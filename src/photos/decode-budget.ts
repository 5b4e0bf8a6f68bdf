/**
 * How much one photo may cost to decode, judged from its header before any pixel is read.
 *
 * The pixel cap (MAX_PHOTO_PIXELS) is not enough on its own: what a decode costs depends on the format. Baseline
 * JPEG and WebP are shrunk while they load (for a 2048-pixel photo libvips decodes a 50-megapixel JPEG at a quarter
 * of its pixels), but a PNG is inflated row by row at full size, 16-bit samples doubling the work; an interlaced
 * PNG, a progressive JPEG (its coefficients) and an AVIF/HEIF image (libheif and the AV1 decoder each keep frames,
 * about 18 bytes per pixel measured) are held whole in memory. A few hundred kilobytes of 16-bit PNG can ask for a
 * 300 MB frame and seconds of CPU. So every format gets a budget in bytes of pixel data held or produced at full
 * size; over it, the customer is asked for a standard JPEG or a smaller copy. The browser's uploader sends every
 * photo larger than 2048 pixels as a JPEG already (src/web/profile/downscale.ts), so only other clients meet this.
 */
import type { Metadata } from "sharp";

/**
 * Two decodes at the budget at once (each needs about 30 MB more than its estimate) keep the server under its memory
 * target of 400 MB (scripts/bench-upload.ts, hostile-at-cap: 370 MB, with the C library's allocator settings of the
 * Memory in docs/operations.md); a 2048 x 1536 AVIF still fits.
 */
export const MAX_DECODE_BYTES = 56 * 1024 * 1024;

/** AVIF/HEIF decoding holds the coded frame, the decoded planes and the RGB copy: measured 18 bytes per 8-bit RGB pixel. */
const HEIF_COPIES = 6;

export interface DecodeCost {
  /** Bytes of pixel data the decode holds or produces at full size, or 0 when the format shrinks while it loads. */
  bytes: number;
  /** How the image is described to the customer, with its article ("a 16-bit PNG", "an AVIF image"). */
  kind: string;
  /** The most megapixels this kind of image may have within the budget. */
  maxMegapixels: number;
}

type Header = Pick<Metadata, "format" | "width" | "height" | "channels" | "depth" | "isProgressive" | "chromaSubsampling" | "compression"> &
  Partial<Pick<Metadata, "bitsPerSample">>;

/** What decoding an image of this header costs; `bytes` is compared with MAX_DECODE_BYTES. */
export function decodeCost(meta: Header): DecodeCost {
  const pixels = meta.width * meta.height;
  const wide = meta.depth === "ushort" || (meta.bitsPerSample ?? 8) > 8;
  const sample = wide ? 2 : 1;
  const bits = wide ? "16-bit " : "";
  let perPixel: number;
  let kind: string;
  switch (meta.format) {
    case "png":
      // Palette images count as what they expand to: sharp reports their channels after expansion (3 or 4).
      perPixel = meta.channels * sample;
      kind = `${meta.isProgressive ? "interlaced " : ""}${bits}PNG`;
      break;
    case "jpeg":
      if (!meta.isProgressive) return { bytes: 0, kind: "a JPEG", maxMegapixels: Infinity };
      // 16-bit coefficients for every sample kept: all channels at 4:4:4, about half the chroma otherwise.
      perPixel = 2 * (meta.chromaSubsampling?.startsWith("4:4:4") ? meta.channels : 1 + (meta.channels - 1) / 2);
      kind = "progressive JPEG";
      break;
    case "heif":
      perPixel = meta.channels * sample * HEIF_COPIES;
      kind = `${bits}${meta.compression === "av1" ? "AVIF" : "HEIF"} image`;
      break;
    default:
      // WebP shrinks while it loads; anything else is refused before this is asked.
      return { bytes: 0, kind: withArticle(String(meta.format).toUpperCase()), maxMegapixels: Infinity };
  }
  return { bytes: pixels * perPixel, kind: withArticle(kind), maxMegapixels: Math.floor(MAX_DECODE_BYTES / perPixel / 100_000) / 10 };
}

/** "an AVIF image", "an HEIF image" (said "aitch"), "a 16-bit PNG". */
function withArticle(kind: string): string {
  return `${/^([aeiou]|HEIF)/i.test(kind) ? "an" : "a"} ${kind}`;
}
