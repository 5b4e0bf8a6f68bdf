import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { analysePhotos, closeFaceDetector } from "./analyse.ts";
import { type Fingerprint, fingerprint, fingerprintDistance, NEAR_DUPLICATE_MAX_DISTANCE } from "./hash.ts";
import { decodePhoto, greyCopy } from "./measure.ts";

/** Model load plus six photos; room to spare on a busy machine. */
const SLOW = 30_000;

const FIXTURES = join(import.meta.dir, "fixtures");
/** Four different pictures (see fixtures/SOURCES.md). */
const PICTURES = ["astronaut", "grace-hopper", "cameraman", "coffee"] as const;

type Edit = (image: Sharp, width: number, height: number) => Sharp;

/** What people do to a photo before uploading it again, as the issue lists them; each saved at JPEG quality 90 unless
 * it says otherwise. */
const VARIANTS: Record<string, { edit: Edit; quality?: number }> = {
  mirror: { edit: (image) => image.flop() },
  "5 % crop, centred": { edit: (image, w, h) => image.extract(crop(w, h, 0.95, 0.5, 0.5)) },
  "8 % crop, top left": { edit: (image, w, h) => image.extract(crop(w, h, 0.92, 0, 0)) },
  "10 % crop, bottom right": { edit: (image, w, h) => image.extract(crop(w, h, 0.9, 1, 1)) },
  "10 % off one side": { edit: (image, w, h) => image.extract({ left: Math.round(w * 0.1), top: 0, width: Math.round(w * 0.9), height: h }) },
  "mirrored and cropped 8 %": { edit: (image, w, h) => image.flop().extract(crop(w, h, 0.92, 0.5, 0.5)) },
  "resized to 60 %, re-saved at quality 70": { edit: (image, w) => image.resize(Math.round(w * 0.6)), quality: 70 },
  // sharp turns the whole frame and fills the new corners with black, as a phone's rotate does before its crop.
  "rotated 3°": { edit: (image) => image.rotate(3) },
  "rotated -3°": { edit: (image) => image.rotate(-3) },
};

function crop(width: number, height: number, keep: number, anchorX: number, anchorY: number) {
  const w = Math.round(width * keep);
  const h = Math.round(height * keep);
  return { left: Math.round((width - w) * anchorX), top: Math.round((height - h) * anchorY), width: w, height: h };
}

let dir: string;
const originals = new Map<string, Fingerprint>();
/** picture → variant → fingerprint */
const copies = new Map<string, Map<string, Fingerprint>>();

async function fingerprintOf(path: string): Promise<Fingerprint> {
  return fingerprint(await greyCopy((await decodePhoto(path)).rgb));
}

/** Writes `image` as a JPEG and returns its path. */
async function save(image: Sharp, name: string, quality = 90): Promise<string> {
  const path = join(dir, `${name}.jpg`);
  await image.jpeg({ quality }).toFile(path);
  return path;
}

/** A variant of a fixture, made from the fixture enlarged to `width` first if given. */
async function variant(picture: string, name: string, width?: number): Promise<string> {
  const { edit, quality } = VARIANTS[name]!;
  const { data, info } = await sharp(join(FIXTURES, `${picture}.jpg`)).resize(width).toBuffer({ resolveWithObject: true });
  return await save(edit(sharp(data), info.width, info.height), `${picture}-${name}-${width ?? "original"}`, quality);
}

/** The astronaut's head and shoulders on a made-up scene (sky, grass, a door): the same person elsewhere. */
async function sameFaceElsewhere(): Promise<string> {
  const face = await sharp(join(FIXTURES, "astronaut.jpg")).extract({ left: 110, top: 10, width: 230, height: 300 }).toBuffer();
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#9cc3e6"/><stop offset="0.55" stop-color="#dfe8ef"/><stop offset="0.56" stop-color="#4b6b2f"/>` +
      `<stop offset="1" stop-color="#2e4a1c"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>` +
      `<rect x="560" y="150" width="120" height="200" fill="#8a6b4a"/></svg>`,
  );
  return await save(sharp(scene).composite([{ input: face, left: 180, top: 170 }]), "astronaut-elsewhere");
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "photo-copies-"));
  for (const picture of PICTURES) {
    originals.set(picture, await fingerprintOf(join(FIXTURES, `${picture}.jpg`)));
    const byVariant = new Map<string, Fingerprint>();
    for (const name of Object.keys(VARIANTS)) byVariant.set(name, await fingerprintOf(await variant(picture, name)));
    copies.set(picture, byVariant);
  }
}, SLOW);

afterAll(async () => {
  await closeFaceDetector();
  rmSync(dir, { recursive: true, force: true });
});

describe("copies of one picture", () => {
  for (const picture of PICTURES) {
    for (const name of Object.keys(VARIANTS)) {
      test(`${picture}: the ${name} copy is within ${NEAR_DUPLICATE_MAX_DISTANCE} bits of the original, either way round`, () => {
        const copy = copies.get(picture)!.get(name)!;
        const original = originals.get(picture)!;
        expect(fingerprintDistance(original, copy)).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
        expect(fingerprintDistance(copy, original)).toBe(fingerprintDistance(original, copy));
      });
    }
  }
});

describe("different pictures", () => {
  test("no two of the four pictures, or of their copies, are within the threshold", () => {
    const near: string[] = [];
    for (const [i, a] of PICTURES.entries()) {
      for (const b of PICTURES.slice(i + 1)) {
        const left = [originals.get(a)!, ...copies.get(a)!.values()];
        const right = [originals.get(b)!, ...copies.get(b)!.values()];
        for (const x of left) for (const y of right) if (fingerprintDistance(x, y) <= NEAR_DUPLICATE_MAX_DISTANCE) near.push(`${a}+${b}`);
      }
    }
    expect(near).toEqual([]);
  });

  test("the same face on another background is not a copy of the portrait", async () => {
    const elsewhere = await fingerprintOf(await sameFaceElsewhere());
    expect(fingerprintDistance(elsewhere, originals.get("astronaut")!)).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
    for (const copy of copies.get("astronaut")!.values()) expect(fingerprintDistance(elsewhere, copy)).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
  });
});

describe("a profile with four copies of one portrait", () => {
  test("one of the group is kept, every other names it as a copy; the other photos are not copies", async () => {
    const paths = [
      await variant("astronaut", "resized to 60 %, re-saved at quality 70", 1024),
      await variant("grace-hopper", "5 % crop, centred", 1024),
      await save(sharp(join(FIXTURES, "astronaut.jpg")).resize(1024), "astronaut-1024"),
      await variant("astronaut", "mirror", 1024),
      await variant("astronaut", "10 % crop, bottom right", 1024),
      await variant("astronaut", "rotated 3°", 1024),
    ];
    const results = await analysePhotos(paths.map((path, order) => ({ id: `PHOTO${order + 1}`, order, path })));
    const portraits = results.filter((r) => r.photoId !== "PHOTO2");
    const kept = portraits.filter((r) => !r.metrics?.duplicateOf);
    expect(kept).toHaveLength(1);
    const keptPosition = Number(kept[0]!.photoId.replace("PHOTO", ""));
    for (const copy of portraits.filter((r) => r !== kept[0])) {
      expect(copy.metrics?.duplicateOf).toBe(kept[0]!.photoId);
      expect(copy.reasons.some((reason) => reason.startsWith(`A copy of Photo ${keptPosition}, or nearly the same picture`))).toBe(true);
    }
    expect(results.find((r) => r.photoId === "PHOTO2")!.metrics?.duplicateOf).toBeNull();
    // Only two different pictures: they come first, and one copy is kept only to make three photos.
    expect(results.slice(0, 2).map((r) => r.metrics?.duplicateOf)).toEqual([null, null]);
    expect(results.filter((r) => r.keep)).toHaveLength(3);
  }, SLOW);
});
