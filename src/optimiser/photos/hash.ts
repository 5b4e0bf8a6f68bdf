/**
 * Difference hash (dHash): the photo shrunk to 9 x 8 grey pixels, one bit per horizontal neighbour pair (is the
 * left one brighter?). Light, blur, re-encoding and small crops barely move it, so two shots of the same moment land
 * a few bits apart while different photos differ in about half of the 64.
 */
import { type Pixels, resizePixels } from "./measure.ts";

/** Bits that may differ for two photos to count as near-duplicates: about 1 in 6, past what re-encoding or a
 * slight crop changes and well under the ~32 that unrelated photos differ by. */
export const NEAR_DUPLICATE_MAX_DISTANCE = 10;

/** 64-bit dHash as 16 hex digits. */
export async function differenceHash(rgb: Pixels): Promise<string> {
  const { data } = await resizePixels(rgb, 9, 8, { grey: true, fill: true });
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (data[y * 9 + x]! > data[y * 9 + x + 1]! ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, "0");
}

/** Number of differing bits between two hashes of the same length. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
