import { describe, expect, test } from "bun:test";
import { photoAnalysisSchema } from "../../shared/optimiser/result.ts";
import type { FaceSummary } from "./faces.ts";
import { type Fingerprint, fingerprintDistance, NEAR_DUPLICATE_MAX_DISTANCE } from "./hash.ts";
import type { Quality } from "./measure.ts";
import { type MeasuredPhoto, rankPhotos } from "./rank.ts";

const GOOD: Quality = { sharpness: 15, brightness: 120, contrast: 65, clippedShadows: 0.05, clippedHighlights: 0.02 };
const FACING: FaceSummary["mainTurn"] = { yaw: 2, pitch: 6 };
const SOLO: FaceSummary = { count: 1, mainShare: 0.08, mainCentred: true, smile: 0.9, mainTurn: FACING, mainFrontal: true };
const PROFILE: FaceSummary = { ...SOLO, mainTurn: { yaw: -33, pitch: 9 }, mainFrontal: false };
const GROUP: FaceSummary = { count: 4, mainShare: 0.03, mainCentred: false, smile: 0.4, mainTurn: FACING, mainFrontal: true };
const NO_FACE: FaceSummary = { count: 0, mainShare: 0, mainCentred: false, smile: null, mainTurn: null, mainFrontal: null };

/** 128-bit hashes of distinct photos: rows of a Hadamard matrix, each exactly 64 bits from every other, twice the
 * copies' threshold, so never copies by accident. */
const hadamardRow = (row: number) => Uint8Array.from({ length: 128 }, (_, column) => popcount(row & column) % 2);
const popcount = (n: number): number => (n === 0 ? 0 : (n & 1) + popcount(n >>> 1));
let nextRow = 1;
const distinct = (): Fingerprint => ({ frame: hadamardRow(nextRow++ % 128), views: [] });
/** The hash of a copy of `of`: `flips` bits differ. */
const copyOf = (of: Fingerprint, flips = 3): Fingerprint => ({ frame: of.frame.map((bit, i) => (i < flips ? 1 - bit : bit)), views: [] });

type Overrides = Partial<Omit<MeasuredPhoto, "quality">> & { quality?: Partial<Quality> };

function photo(order: number, { quality, ...over }: Overrides = {}): MeasuredPhoto {
  return {
    id: `P${order}`,
    order,
    width: 1536,
    height: 2048,
    fingerprint: distinct(),
    faces: SOLO,
    ...over,
    quality: { ...GOOD, ...quality },
  };
}

const ids = (results: { photoId: string }[]) => results.map((r) => r.photoId);

describe("rankPhotos", () => {
  test("a group photo is never first, even when it scores best", () => {
    const results = rankPhotos([photo(0, { faces: GROUP }), photo(1, { faces: { ...SOLO, smile: 0, mainCentred: false }, quality: { sharpness: 4 } })]);
    expect(results[0]!.photoId).toBe("P1");
    expect(results[1]!.score).toBeGreaterThan(results[0]!.score);
  });

  test("without a solo photo, a photo whose faces are unknown leads rather than a group photo", () => {
    const results = rankPhotos([photo(0, { faces: GROUP }), photo(1, { faces: null })]);
    expect(ids(results)).toEqual(["P1", "P0"]);
    expect(results[1]!.score).toBeGreaterThan(results[0]!.score);
  });

  test("a group photo that has to lead says what would do better", () => {
    const results = rankPhotos([photo(0, { quality: { sharpness: 0.2 } }), photo(1, { faces: GROUP })]);
    expect(ids(results)).toEqual(["P1", "P0"]);
    expect(results[0]!.reasons).toEqual([
      "Group photo: 4 people, so matches can't tell which one is you. It is first only because no other photo clearly shows you alone: add one to lead with.",
    ]);
  });

  test("bad photos are left out when fewer than three were sent", () => {
    const results = rankPhotos([photo(0), photo(1, { quality: { sharpness: 0.2 } })]);
    expect(results.map((r) => r.keep)).toEqual([true, false]);
    expect(results[1]!.reasons).toEqual(["This photo is blurry: we can't see your face clearly.", "Best left out of your profile."]);
  });

  test("three are kept when at least three were sent: different weak photos before a duplicate, ranked after the good one", () => {
    const good = photo(0);
    const results = rankPhotos([
      good,
      photo(1, { fingerprint: copyOf(good.fingerprint) }),
      photo(2, { quality: { brightness: 20, clippedShadows: 0.6 } }),
      photo(3, { quality: { sharpness: 0.2 } }),
    ]);
    expect(ids(results.filter((r) => r.keep))).toEqual(["P0", "P2", "P3"]);
    expect(results.find((r) => r.photoId === "P1")).toMatchObject({ keep: false, rank: 4 });
    expect(results[1]!.reasons).toContain("This photo is very dark: 60% of it is nearly black.");
    expect(results[1]!.reasons.at(-1)).toBe("Kept so your profile has at least 3 photos: replace it with a better one when you can.");
  });

  test("a photo without a person is never kept ahead of one with a person: not to fill the profile, not in the order (issue 30, item 6)", () => {
    const good = photo(0);
    const results = rankPhotos([
      good,
      // A sharp, bright photo of a dog or a cup scores over a copy of their portrait and a very dark photo of them.
      photo(1, { faces: NO_FACE }),
      photo(2, { fingerprint: copyOf(good.fingerprint) }),
      photo(3, { quality: { brightness: 20, clippedShadows: 0.6 } }),
    ]);
    expect(ids(results.filter((r) => r.keep))).toEqual(["P0", "P2", "P3"]);
    expect(results.at(-1)).toMatchObject({ photoId: "P1", keep: false });
    expect(results.at(-1)!.reasons).toEqual(["No face visible.", "Best left out: every photo should show you."]);
    // Needed to fill, it is kept, and still after every photo with a person.
    const filled = rankPhotos([good, photo(1, { faces: NO_FACE }), photo(2, { quality: { brightness: 20, clippedShadows: 0.6 } })]);
    expect(ids(filled)).toEqual(["P0", "P2", "P1"]);
    expect(filled.every((r) => r.keep)).toBe(true);
  });

  test("of two equal near-duplicates the one uploaded first is kept", () => {
    const a = distinct();
    const results = rankPhotos([photo(0, { id: "A", fingerprint: a }), photo(1, { id: "B", fingerprint: copyOf(a, 1) })]);
    expect(results.map((r) => [r.photoId, r.keep, r.metrics?.duplicateOf])).toEqual([
      ["A", true, null],
      ["B", false, "A"],
    ]);
    expect(results[1]!.reasons).toContain("A copy of Photo 1, or nearly the same picture: keep only one.");
  });

  test("copies are grouped through any view, and through each other: a copy of a copy names the photo kept", () => {
    const original = distinct();
    // The mirror image's frame is far from the original's, but one of its views (the original mirrored) is near it.
    const mirror: Fingerprint = { frame: distinct().frame, views: [distinct().frame, copyOf(original, 4).frame] };
    // A crop of the mirror image: near the mirror, farther than the threshold from the original.
    const cropOfMirror: Fingerprint = { frame: copyOf(mirror, NEAR_DUPLICATE_MAX_DISTANCE).frame, views: [] };
    expect(fingerprintDistance(cropOfMirror, mirror)).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
    expect(fingerprintDistance(mirror, original)).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
    expect(fingerprintDistance(cropOfMirror, original)).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
    const results = rankPhotos([
      photo(0, { id: "CROP", fingerprint: cropOfMirror, quality: { sharpness: 6 } }),
      photo(1, { id: "ORIGINAL", fingerprint: original }),
      photo(2, { id: "MIRROR", fingerprint: mirror, quality: { sharpness: 7 } }),
      photo(3, { id: "OTHER" }),
    ]);
    const byId = new Map(results.map((r) => [r.photoId, r]));
    expect(byId.get("MIRROR")!.metrics?.duplicateOf).toBe("ORIGINAL");
    expect(byId.get("CROP")!.metrics?.duplicateOf).toBe("ORIGINAL");
    expect(byId.get("ORIGINAL")!.metrics?.duplicateOf).toBeNull();
    expect(byId.get("OTHER")!.metrics?.duplicateOf).toBeNull();
    expect(byId.get("CROP")!.reasons.at(-1)).toBe("A copy of Photo 2, or nearly the same picture: keep only one.");
    // One of the copies comes back only to make three photos, and says it is still a copy.
    expect(results.filter((r) => r.keep).map((r) => r.photoId)).toEqual(["ORIGINAL", "OTHER", "MIRROR"]);
    expect(byId.get("MIRROR")!.reasons.at(-1)).toBe("A copy of Photo 2, or nearly the same picture: replace one of them with a different photo when you can.");
  });

  test("a face turned away from the camera is never called clear and ranks under a face turned to it", () => {
    const results = rankPhotos([photo(0, { faces: PROFILE }), photo(1, { faces: { ...SOLO, smile: 0.5 } })]);
    expect(ids(results)).toEqual(["P1", "P0"]);
    const turned = results[1]!;
    expect(turned.reasons).toEqual(["Your face is turned away from the camera: a photo where you face it shows matches what you look like."]);
    expect(turned.metrics).toMatchObject({ faceFrontal: false, faceYaw: -33, facePitch: 9, strong: false });
    expect(results[0]!.reasons[0]).toBe("Your face is clear and centered, and you're smiling: a strong first photo.");
    expect(results[0]!.metrics?.strong).toBe(true);
  });

  test("a face whose turn is unknown is not called clear either", () => {
    const [result] = rankPhotos([photo(0, { faces: { ...SOLO, mainTurn: null, mainFrontal: null } })]);
    expect(result!.reasons[0]).toBe("You're alone in this photo and centered, and you're smiling.");
    expect(result!.metrics?.strong).toBe(false);
    expect(result!.metrics?.faceFrontal).toBeUndefined();
  });

  test("a photo under 640 px on its short side is never called strong and ranks under a big enough one of similar quality", () => {
    const small = photo(0, { width: 400, height: 533 });
    const big = photo(1, { width: 640, height: 853, faces: { ...SOLO, smile: 0.7 }, quality: { sharpness: 12 } });
    const results = rankPhotos([small, big]);
    expect(ids(results)).toEqual(["P1", "P0"]);
    expect(results[0]!.reasons[0]).toBe("Your face is clear and centered, and you're smiling: a strong first photo.");
    expect(results[0]!.metrics?.belowMinimumSize).toBe(false);
    const smallResult = results[1]!;
    expect(smallResult.score).toBeLessThan(results[0]!.score);
    expect(smallResult.metrics).toMatchObject({ belowMinimumSize: true, strong: false });
    expect(smallResult.reasons.join(" ")).not.toMatch(/strong/);
    expect(smallResult.reasons).toEqual([
      "Your face is clear and centered, and you're smiling.",
      "This photo is small (400 × 533 pixels; we recommend at least 640 on the short side), so it looks soft on a phone: upload the original if you have it.",
    ]);
  });

  test("a small photo may lead over a blurry big one, but is still not called strong", () => {
    const small = photo(0, { width: 480, height: 640 });
    const blurryBig = photo(1, { quality: { sharpness: 2.5 }, faces: { ...SOLO, smile: 0 } });
    const results = rankPhotos([blurryBig, small, photo(2, { faces: GROUP })]);
    expect(results[0]!.photoId).toBe("P0");
    expect(results.find((r) => r.photoId === "P1")!.score).toBeLessThan(results[0]!.score);
    expect(results[0]!.reasons[0]).toBe("Your face is clear and centered, and you're smiling.");
    expect(results[0]!.reasons.join(" ")).not.toMatch(/strong/);
    expect(results[0]!.metrics?.strong).toBe(false);
  });

  test("640 px on the short side is big enough", () => {
    const [result] = rankPhotos([photo(0, { width: 640, height: 640 })]);
    expect(result!.metrics).toMatchObject({ belowMinimumSize: false, strong: true });
    expect(result!.reasons).toEqual(["Your face is clear and centered, and you're smiling: a strong first photo."]);
  });

  test("a strong solo photo that is not smiling is told so only when it is first", () => {
    const results = rankPhotos([photo(0, { faces: { ...SOLO, smile: 0.1 } }), photo(1, { faces: { ...SOLO, smile: 0.2 } })]);
    expect(results[0]!.reasons).toEqual([
      "Your face is clear and centered: a strong first photo.",
      "Photos where you smile tend to do best first: try one here if you have it.",
    ]);
    expect(results[1]!.reasons).toEqual(["Your face is clear and centered: a strong photo."]);
  });

  test("every combination of faces and flaws gives valid results with at least one reason", () => {
    const faces: (FaceSummary | null)[] = [null, NO_FACE, SOLO, PROFILE, { ...SOLO, mainTurn: null, mainFrontal: null }, { ...SOLO, mainShare: 0.002, mainCentred: false, smile: 0 }, GROUP];
    const flaws: Partial<Quality>[] = [
      {},
      { sharpness: 2 },
      { sharpness: 0.1 },
      { brightness: 45 },
      { brightness: 10, contrast: 8, clippedShadows: 0.9 },
      { brightness: 230, clippedHighlights: 0.7 },
      { brightness: 150, clippedHighlights: 0.3 },
      { contrast: 12 },
    ];
    for (const face of faces) {
      for (const flaw of flaws) {
        const results = rankPhotos([photo(0, { faces: face, quality: flaw, width: 480, height: 640 }), photo(1), photo(2, { faces: GROUP })]);
        for (const result of results) photoAnalysisSchema.parse(result);
        expect(results.map((r) => r.rank)).toEqual([1, 2, 3]);
      }
    }
  });
});
