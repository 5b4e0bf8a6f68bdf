/**
 * Image measurements with sharp: each photo is decoded once, shrunk, and everything else works on that copy.
 * Sharpness and exposure are read from a greyscale copy of a fixed size, so two photos of different resolutions
 * compare on the same scale.
 */
import sharp from "sharp";

// As in the upload pipeline (these settings are process-wide): each photo is read once, so libvips' cache only
// costs memory, and one libvips thread per image leaves the other core to the second optimisation.
sharp.cache(false);
sharp.concurrency(1);

/** Long edge of the colour copy faces are searched in: a face a tenth of a group photo's width is still 100 px. */
const ANALYSIS_LONG_EDGE = 1024;
/** Long edge of the greyscale copy for sharpness and light; fixed, so the Laplacian's variance is size-independent. */
const QUALITY_LONG_EDGE = 512;
/** Contrast (std dev of luminance) under which a frame counts as plain, so sharpness is not divided by almost zero. */
const MIN_CONTRAST_FOR_SHARPNESS = 10;
/** Luminance (0-255) at or under which a pixel shows no detail: shadows clipped to black. */
const NEAR_BLACK = 16;
/** Luminance at or over which a pixel shows no detail: highlights blown to white. */
const NEAR_WHITE = 240;

/** Raw pixels, row by row, `channels` bytes each. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3;
}

export interface DecodedPhoto {
  /** Size of the stored photo. */
  width: number;
  height: number;
  /** The photo shrunk to ANALYSIS_LONG_EDGE (never enlarged), RGB. */
  rgb: Pixels;
}

export interface Quality {
  /**
   * Variance of the Laplacian of the greyscale copy, per unit of luminance variance, x100: low when edges are soft
   * (blur, missed focus, shake). Dividing by the contrast keeps a dark or hazy but sharp photo from reading as blurry.
   */
  sharpness: number;
  /** Mean luminance, 0-255. */
  brightness: number;
  /** Standard deviation of luminance. */
  contrast: number;
  /** Share of pixels nearly black (0-1). */
  clippedShadows: number;
  /** Share of pixels nearly white (0-1). */
  clippedHighlights: number;
}

/** Decodes a stored photo into the one small copy every measurement uses. Throws if the file is not an image. */
export async function decodePhoto(path: string): Promise<DecodedPhoto> {
  const image = sharp(path);
  const { width, height } = await image.metadata();
  const { data, info } = await image
    .resize(ANALYSIS_LONG_EDGE, ANALYSIS_LONG_EDGE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, rgb: { data, width: info.width, height: info.height, channels: 3 } };
}

/** Resizes raw pixels with sharp to fit inside width x height, optionally to greyscale. */
async function resizePixels(pixels: Pixels, width: number, height: number, { grey = false } = {}): Promise<Pixels> {
  let pipeline = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } }).resize(width, height, {
    fit: "inside",
  });
  if (grey) pipeline = pipeline.greyscale();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 1 ? 1 : 3 };
}

/**
 * The greyscale copy sharpness, light and the perceptual hashes are measured on, QUALITY_LONG_EDGE long. Enlarged
 * when smaller: a small photo then reads as soft, which is how it looks on a phone.
 */
export async function greyCopy(rgb: Pixels): Promise<Pixels> {
  return await resizePixels(rgb, QUALITY_LONG_EDGE, QUALITY_LONG_EDGE, { grey: true });
}

/** Sharpness and light of a `greyCopy`. */
export function measureQuality(grey: Pixels): Quality {
  if (grey.channels !== 1) throw new Error("measureQuality needs a greyscale copy (greyCopy)");
  const light = exposure(grey);
  const sharpness = (100 * laplacianVariance(grey)) / Math.max(light.contrast, MIN_CONTRAST_FOR_SHARPNESS) ** 2;
  return { sharpness, ...light };
}

function exposure({ data }: Pixels): Omit<Quality, "sharpness"> {
  let sum = 0;
  let sumSquares = 0;
  let dark = 0;
  let bright = 0;
  for (const value of data) {
    sum += value;
    sumSquares += value * value;
    if (value <= NEAR_BLACK) dark++;
    else if (value >= NEAR_WHITE) bright++;
  }
  const n = data.length;
  const mean = sum / n;
  return {
    brightness: mean,
    contrast: Math.sqrt(Math.max(0, sumSquares / n - mean * mean)),
    clippedShadows: dark / n,
    clippedHighlights: bright / n,
  };
}

/** 4-neighbour Laplacian over the inner pixels, then its variance (Pech-Pacheco et al.'s focus measure). */
function laplacianVariance({ data, width, height }: Pixels): number {
  let sum = 0;
  let sumSquares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const value = 4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!;
      sum += value;
      sumSquares += value * value;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return Math.max(0, sumSquares / n - mean * mean);
}
