/**
 * The evaluation's photo part as a test (issue 30, items 6 and 8): real photographs in sets through the local
 * optimiser once each, zero violations per check, and each check shown to catch what it looks for. A slow file
 * (scripts/test.ts SLOW_FILES): the face model's load and a crowd searched in squares take seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import { createLocalOptimiser } from "../local.ts";
import { closeFaceDetector } from "../photos/analyse.ts";
import { checkPhotos, evaluatePhotos, PHOTO_CHECKS, PHOTO_SETS, type PhotoEvaluation } from "./photos.ts";

let dir: string;
let evaluation: PhotoEvaluation;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "eval-photos-"));
  evaluation = await evaluatePhotos(createLocalOptimiser(), dir);
}, 120_000);
afterAll(async () => {
  await closeFaceDetector();
  rmSync(dir, { recursive: true, force: true });
});

describe("the photo sets through the local optimiser", () => {
  test("cover a group shot, a crowd, a pet, a cup of coffee, a far figure and close portraits", () => {
    const names = new Set(PHOTO_SETS.flatMap((s) => s.photos));
    for (const name of ["group", "crowd", "cat", "coffee", "far", "portrait"] as const) expect(names.has(name)).toBe(true);
    expect(evaluation.sets).toBe(PHOTO_SETS.length);
  });

  for (const check of PHOTO_CHECKS) {
    test(`${check}: no violations`, () => {
      expect(evaluation.violations.filter((v) => v.check === check).map((v) => `${v.set}: ${v.detail}`)).toEqual([]);
    });
  }
});

describe("each check catches what it looks for", () => {
  const run = async (set: (typeof PHOTO_SETS)[number]) => evaluation.results.get(set.name)!;
  const ranked = (r: OptimisationResult, order: string[]) => ({
    ...r,
    photos: r.photos.map((p) => ({ ...p, rank: order.indexOf(p.photoId) + 1 })),
    photoOrder: order.filter((id) => r.photos.find((p) => p.photoId === id)!.keep),
  });

  test("a group shot moved first, or not named, is caught", async () => {
    const set = PHOTO_SETS.find((s) => s.photos[0] === "group")!;
    const result = await run(set);
    const group = "EVALPHOTOGROUP";
    const first = ranked(result, [group, ...result.photos.map((p) => p.photoId).filter((id) => id !== group)]);
    expect(checkPhotos(set, first).map((v) => v.check)).toEqual(["group shots"]);
    const unnamed = { ...result, photos: result.photos.map((p) => (p.photoId === group ? { ...p, reasons: ["Your face is clear."] } : p)) };
    expect(checkPhotos(set, unnamed)[0]!.detail).toContain("shows 4 people but is not named a group photo");
  });

  test("a cup of coffee ahead of a person is caught", async () => {
    const set = PHOTO_SETS.find((s) => s.photos[0] === "coffee")!;
    const result = await run(set);
    const coffeeFirst = ranked(result, ["EVALPHOTOCOFFEE", ...result.photos.map((p) => p.photoId).filter((id) => id !== "EVALPHOTOCOFFEE")]);
    expect(checkPhotos(set, coffeeFirst).filter((v) => v.check === "people before things")).toHaveLength(2);
  });

  test("a plan that calls every kept photo close, with a far figure kept, is caught", async () => {
    const set = PHOTO_SETS.find((s) => s.photos.includes("far"))!;
    const result = await run(set);
    const untrue = { ...result, photoPlan: { ...result.photoPlan!, missing: [{ kind: "wider" as const, shot: "A wider shot", why: "In every photo we'd keep, your face fills a large part of the frame." }] } };
    expect(checkPhotos(set, untrue).map((v) => v.detail)).toEqual([expect.stringContaining("is untrue of Photo 2 (far)")]);
  });
});
