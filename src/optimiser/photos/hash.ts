/**
 * Near-duplicate detection: a perceptual hash (pHash) of the photo and of the views a copy could have been made from.
 *
 * pHash: the frame averaged down to 32 x 32 grey cells, its 2-D cosine transform, and one bit per low frequency
 * (the 12 x 12 lowest but the constant one: 143 bits), set when that frequency is above their median. It keeps the
 * photo's layout of light and dark, which re-saving, resizing, blur and light edits barely move.
 *
 * Alone it misses what people do to a photo before uploading it twice: a mirror image flips it, and a crop shifts and
 * rescales the layout (with the 64-bit dHash used before, an 8 % crop measured 12 bits from its original, a mirror 36,
 * on a threshold of 10). So each photo also gets the hashes of its mirror image and of 48 crops of it (each side kept
 * whole, or cut to 95 % or 90 %, at its start, middle or end; mirrored too): a copy that is a crop of the other photo
 * matches one of those views of it but for resampling. Mirroring costs no second transform: it negates every
 * horizontally odd frequency.
 *
 * Face descriptors were not used: they match the person, not the picture, so two different photos of the customer
 * would count as copies, which is exactly what must not happen.
 */
import type { Pixels } from "./measure.ts";

/**
 * Bits (of 143) that may differ for two photos to count as copies, compared across every view: midway between the
 * copies and the distinct photos we measured. Copies of the four test photos (mirror, crops of 5-10 % at a corner or
 * centred, 60 % re-saved at quality 70, 3° rotation with its new corners) measured 0-22 apart, the rotations the
 * farthest; distinct photos (the test photos, their copies, the face model's sample photos, the same face on another
 * background) 44 or more.
 */
export const NEAR_DUPLICATE_MAX_DISTANCE = 32;

/** Cells per side the frame is averaged into before the cosine transform. */
const CELLS = 32;
/** Lowest frequencies kept per direction. */
const FREQUENCIES = 12;
/** Share of each side a crop keeps; 1 keeps the side whole. */
const CROP_SIDES = [1, 0.95, 0.9] as const;
/** Where along the side a crop sits: at its start, in the middle, at its end. */
const CROP_ANCHORS = [0, 0.5, 1] as const;

/** A photo's hashes, one byte (0 or 1) per bit: of the whole frame, and of every view a copy may have been cut or
 * flipped from. */
export interface Fingerprint {
  /** pHash of the whole frame: the one stored with the photo's measurements (as hex, `toHex`). */
  frame: Uint8Array;
  /** pHashes of the mirrored frame and of the crops, mirrored and not. */
  views: readonly Uint8Array[];
}

/** The fingerprint of a greyscale image (the `greyCopy` that quality is measured on). */
export function fingerprint(grey: Pixels): Fingerprint {
  if (grey.channels !== 1) throw new Error("fingerprint needs a greyscale image");
  const sums = integralImage(grey);
  const views: Uint8Array[] = [];
  let frame: Uint8Array = new Uint8Array(0);
  for (const [x, width] of spans(grey.width)) {
    for (const [y, height] of spans(grey.height)) {
      const coefficients = lowFrequencies(cellMeans(sums, grey.width, x, y, width, height));
      const plain = toBits(coefficients);
      if (width === grey.width && height === grey.height) frame = plain;
      else views.push(plain);
      views.push(toBits(mirrored(coefficients)));
    }
  }
  return { frame, views };
}

/** Fewest differing bits between one photo's frame and any view of the other, either way round. */
export function fingerprintDistance(a: Fingerprint, b: Fingerprint): number {
  let best = hammingDistance(a.frame, b.frame);
  for (const view of a.views) best = Math.min(best, hammingDistance(view, b.frame));
  for (const view of b.views) best = Math.min(best, hammingDistance(a.frame, view));
  return best;
}

/** Number of differing bits between two hashes of the same length. */
export function hammingDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`Hashes of ${a.length} and ${b.length} bits cannot be compared`);
  let count = 0;
  for (let i = 0; i < a.length; i++) count += a[i]! ^ b[i]!;
  return count;
}

/** A hash as hex, four bits a digit, first bit highest (the last digit padded with zeros). */
export function toHex(bits: Uint8Array): string {
  let hex = "";
  for (let i = 0; i < bits.length; i += 4) hex += ((bits[i]! << 3) | ((bits[i + 1] ?? 0) << 2) | ((bits[i + 2] ?? 0) << 1) | (bits[i + 3] ?? 0)).toString(16);
  return hex;
}

/** [start, length] of each crop of a side `size` long (the whole side once). */
function spans(size: number): [number, number][] {
  const out: [number, number][] = [];
  for (const keep of CROP_SIDES) {
    const length = size * keep;
    for (const anchor of keep === 1 ? [0] : CROP_ANCHORS) out.push([(size - length) * anchor, length]);
  }
  return out;
}

/** Summed-area table, (width + 1) x (height + 1): the sum of any rectangle in four look-ups. */
function integralImage({ data, width, height }: Pixels): Float64Array {
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  return sums;
}

/** The summed-area table at a point between pixels: bilinear, which is exact for an image of flat pixels. */
function sumAt(sums: Float64Array, width: number, x: number, y: number): number {
  const stride = width + 1;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, width);
  const y1 = Math.min(y0 + 1, sums.length / stride - 1);
  const fx = x - x0;
  const fy = y - y0;
  const top = sums[y0 * stride + x0]! * (1 - fx) + sums[y0 * stride + x1]! * fx;
  const bottom = sums[y1 * stride + x0]! * (1 - fx) + sums[y1 * stride + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Mean grey of each of CELLS x CELLS cells of the rectangle (left, top, width, height), row by row. The table is read
 * once at each of the (CELLS + 1)² corners the cells share, not four times per cell.
 */
function cellMeans(sums: Float64Array, imageWidth: number, left: number, top: number, width: number, height: number): Float64Array {
  const cellWidth = width / CELLS;
  const cellHeight = height / CELLS;
  const side = CELLS + 1;
  const corners = new Float64Array(side * side);
  for (let row = 0; row <= CELLS; row++) {
    const y = top + row * cellHeight;
    for (let col = 0; col <= CELLS; col++) corners[row * side + col] = sumAt(sums, imageWidth, left + col * cellWidth, y);
  }
  const means = new Float64Array(CELLS * CELLS);
  const area = cellWidth * cellHeight;
  for (let row = 0; row < CELLS; row++) {
    for (let col = 0; col < CELLS; col++) {
      const at = row * side + col;
      means[row * CELLS + col] = (corners[at + side + 1]! - corners[at + side]! - corners[at + 1]! + corners[at]!) / area;
    }
  }
  return means;
}

/** cos((2i + 1) u π / 2N) for the kept frequencies u and every cell i. */
const COSINES = Array.from({ length: FREQUENCIES }, (_, u) =>
  Float64Array.from({ length: CELLS }, (_, i) => Math.cos(((2 * i + 1) * u * Math.PI) / (2 * CELLS))),
);

/** The FREQUENCIES x FREQUENCIES lowest coefficients of the 2-D DCT-II (unscaled), [vertical][horizontal]. */
function lowFrequencies(cells: Float64Array): Float64Array {
  const rows = new Float64Array(CELLS * FREQUENCIES);
  for (let y = 0; y < CELLS; y++) {
    for (let u = 0; u < FREQUENCIES; u++) {
      const cos = COSINES[u]!;
      let sum = 0;
      for (let x = 0; x < CELLS; x++) sum += cells[y * CELLS + x]! * cos[x]!;
      rows[y * FREQUENCIES + u] = sum;
    }
  }
  const out = new Float64Array(FREQUENCIES * FREQUENCIES);
  for (let v = 0; v < FREQUENCIES; v++) {
    const cos = COSINES[v]!;
    for (let u = 0; u < FREQUENCIES; u++) {
      let sum = 0;
      for (let y = 0; y < CELLS; y++) sum += rows[y * FREQUENCIES + u]! * cos[y]!;
      out[v * FREQUENCIES + u] = sum;
    }
  }
  return out;
}

/** The coefficients of the mirror image: a horizontal flip negates every horizontally odd frequency. */
function mirrored(coefficients: Float64Array): Float64Array {
  return coefficients.map((value, i) => (i % FREQUENCIES) % 2 === 1 ? -value : value);
}

/** One bit per coefficient but the constant one, set when above their median. */
function toBits(coefficients: Float64Array): Uint8Array {
  const ac = coefficients.subarray(1);
  const sorted = Float64Array.from(ac).sort();
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  return Uint8Array.from(ac, (value) => (value > median ? 1 : 0));
}
