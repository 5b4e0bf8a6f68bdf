import { describe, expect, test } from "bun:test";
import { photoAnalysisSchema } from "../result.ts";
import type { FaceSummary } from "./faces.ts";
import type { Quality } from "./measure.ts";
import { type MeasuredPhoto, rankPhotos } from "./rank.ts";

const GOOD: Quality = { sharpness: 15, brightness: 120, contrast: 65, clippedShadows: 0.05, clippedHighlights: 0.02 };
const SOLO: FaceSummary = { count: 1, mainShare: 0.08, mainCentred: true, smile: 0.9 };
const GROUP: FaceSummary = { count: 4, mainShare: 0.03, mainCentred: false, smile: 0.4 };
const NO_FACE: FaceSummary = { count: 0, mainShare: 0, mainCentred: false, smile: null };

let nextHash = 0;
/** Hashes of distinct photos: 64 bits apart from every other photo's, never near-duplicates by accident. */
function distinctHash(): string {
  const patterns = ["0000000000000000", "ffffffffffffffff", "00000000ffffffff", "ffffffff00000000", "0000ffff0000ffff", "ffff0000ffff0000"];
  return patterns[nextHash++ % patterns.length]!;
}

function photo(order: number, over: Partial<Omit<MeasuredPhoto, "quality">> & { quality?: Partial<Quality> } = {}): MeasuredPhoto {
  return {
    id: `P${order}`,
    order,
    width: 1536,
    height: 2048,
    hash: distinctHash(),
    faces: SOLO,
    ...over,
    quality: { ...GOOD, ...over.quality },
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
    const good = photo(0, { hash: "0123456789abcdef" });
    const results = rankPhotos([
      good,
      photo(1, { hash: "0123456789abcdee" }),
      photo(2, { quality: { brightness: 20, clippedShadows: 0.6 } }),
      photo(3, { faces: NO_FACE }),
    ]);
    expect(ids(results.filter((r) => r.keep))).toEqual(["P0", "P3", "P2"]);
    expect(results.find((r) => r.photoId === "P1")).toMatchObject({ keep: false, rank: 4 });
    expect(results[1]!.reasons.at(-1)).toBe("Kept so your profile has at least 3 photos: replace it with a better one when you can.");
    expect(results[2]!.reasons).toContain("This photo is very dark: 60% of it is nearly black.");
  });

  test("of two equal near-duplicates the one uploaded first is kept", () => {
    const results = rankPhotos([photo(0, { id: "A", hash: "00000000000000ff" }), photo(1, { id: "B", hash: "00000000000000fe" })]);
    expect(results.map((r) => [r.photoId, r.keep, r.metrics?.duplicateOf])).toEqual([
      ["A", true, null],
      ["B", false, "A"],
    ]);
    expect(results[1]!.reasons).toContain("Nearly the same as photo 1: keep only one.");
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
    const faces: (FaceSummary | null)[] = [null, NO_FACE, SOLO, { ...SOLO, mainShare: 0.002, mainCentred: false, smile: 0 }, GROUP];
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
