import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fingerprint, fingerprintDistance, hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE, toHex } from "./hash.ts";
import { decodePhoto, greyCopy, type Pixels } from "./measure.ts";

const grey = async (name: string) => greyCopy((await decodePhoto(join(import.meta.dir, "fixtures", name))).rgb);

function mirror({ data, width, height, channels }: Pixels): Pixels {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = data[y * width + (width - 1 - x)]!;
  return { data: out, width, height, channels };
}

describe("fingerprint", () => {
  test("the frame's hash has 143 bits, stored as 36 hex digits, with 97 other views", async () => {
    const print = fingerprint(await grey("grace-hopper.jpg"));
    expect(print.frame).toHaveLength(143);
    expect(print.views).toHaveLength(97);
    expect(toHex(print.frame)).toMatch(/^[0-9a-f]{36}$/);
    // About half the bits are set: one per frequency above the median.
    expect(print.frame.reduce((sum, bit) => sum + bit, 0)).toBe(71);
  });

  test("the mirror image's frame is one of the views, bit for bit, though the frames themselves differ", async () => {
    const image = await grey("astronaut.jpg");
    const original = fingerprint(image);
    const mirrored = fingerprint(mirror(image));
    expect(hammingDistance(original.frame, mirrored.frame)).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
    expect(original.views.some((view) => hammingDistance(view, mirrored.frame) === 0)).toBe(true);
    expect(fingerprintDistance(original, mirrored)).toBe(0);
  });

  test("a photo is 0 bits from itself; two different photos are far apart", async () => {
    const a = fingerprint(await grey("astronaut.jpg"));
    const b = fingerprint(await grey("coffee.jpg"));
    expect(fingerprintDistance(a, a)).toBe(0);
    expect(fingerprintDistance(a, b)).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
  });

  test("a color image is refused: the hashes are of the grey copy", async () => {
    const { rgb } = await decodePhoto(join(import.meta.dir, "fixtures", "coffee.jpg"));
    expect(() => fingerprint(rgb)).toThrow("fingerprint needs a greyscale image");
  });
});

describe("hammingDistance and toHex", () => {
  test("count differing bits and refuse hashes of different lengths", () => {
    expect(hammingDistance(Uint8Array.of(1, 0, 1, 1), Uint8Array.of(0, 0, 1, 0))).toBe(2);
    expect(() => hammingDistance(Uint8Array.of(1, 0), Uint8Array.of(1, 0, 1))).toThrow("Hashes of 2 and 3 bits cannot be compared");
  });

  test("toHex writes four bits a digit, first bit highest, the last digit padded", () => {
    expect(toHex(Uint8Array.of(1, 0, 1, 0, 1, 1, 1, 1, 1))).toBe("af8");
  });
});
