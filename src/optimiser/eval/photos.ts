/**
 * The evaluation's photo part (issue 30, items 6 and 8): sets of real photographs (src/optimiser/photos/fixtures, open
 * licences: a group of twelve, a wide group of four, portraits, a man with a film camera, a person far away in the
 * frame, a cup of coffee and a cat), each photo with what a person sees in it (how many people, whether the face
 * fills the frame). Each set goes once through the local optimiser on elite (the photo analysis, the order and the
 * photo plan), and three checks compare what it says with what is in the photos:
 *
 * - group shots: a photo of three or more people is named a group photo with its people counted (at least three in
 *   four of them, never more), and is never first while a photo of the person alone is in the set;
 * - people before things: a photo with no person (the coffee, the cat) never ranks ahead of one with a person;
 * - photo plan true: each sentence of the plan is true of every photo it speaks of ("your face fills a large part of
 *   the frame", "from the waist up or closer", "none … has other people in it", the summary's counts).
 *
 * The face model makes this take seconds, not milliseconds: its test (./photos.test.ts) is one of the slow files.
 */
import { join } from "node:path";
import sharp from "sharp";
import { EMPTY_PROFILE_TEXT, type OptimiserInput } from "../input.ts";
import type { Optimiser } from "../optimiser.ts";
import type { OptimisationResult, PhotoAnalysis } from "../../shared/optimiser/result.ts";

const FIXTURES = join(import.meta.dir, "..", "photos", "fixtures");
const fixture = (name: string) => join(FIXTURES, name);

/** What a person sees in a photo: how many people, and (where it is clear) how the person alone is framed. */
export interface PhotoTruth {
  people: number;
  /** The face fills a large part of the frame (a head-and-shoulders portrait); absent where a person could argue either way. */
  closeUp?: boolean;
  /** The person is shown from the waist up or closer, filling the frame; absent where unclear. */
  waistUp?: boolean;
}

/**
 * Twelve people in three rows on a 4:3 photo (the two portrait fixtures, some mirrored), as a phone takes a group:
 * searched as one frame (256 px), their faces are a few pixels wide. Written as a JPEG to `out`.
 */
export async function crowdPhoto(out: string): Promise<void> {
  const heads = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      sharp(fixture(i % 2 === 0 ? "astronaut.jpg" : "grace-hopper.jpg"))
        .flop(i % 3 === 0)
        .resize(200, 230, { fit: "cover" })
        .toBuffer(),
    ),
  );
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#6f7a80" } })
    .composite(heads.map((input, i) => ({ input, left: 100 + (i % 4) * 250, top: 60 + Math.floor(i / 4) * 270 })))
    .jpeg({ quality: 85 })
    .toFile(out);
}

/** The photographs of the evaluation, each made from a fixture, with its truth. */
const PHOTOS = {
  // Enlarged to 1,024 px: the 512 px original is under the 640 px short side a strong photo needs.
  portrait: { truth: { people: 1, closeUp: true, waistUp: true }, make: (out: string) => sharp(fixture("astronaut.jpg")).resize(1024).jpeg({ quality: 90 }).toFile(out) },
  hopper: { truth: { people: 1, waistUp: true }, make: (out: string) => sharp(fixture("grace-hopper.jpg")).jpeg({ quality: 90 }).toFile(out) },
  cameraman: { truth: { people: 1, closeUp: false }, make: (out: string) => sharp(fixture("cameraman.jpg")).jpeg({ quality: 90 }).toFile(out) },
  // A small figure in a big frame: a person the plan must not call close.
  far: {
    truth: { people: 1, closeUp: false, waistUp: false },
    make: async (out: string) => {
      const figure = await sharp(fixture("astronaut.jpg")).resize(300).toBuffer();
      await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#7d8a70" } }).composite([{ input: figure, left: 450, top: 1200 }]).jpeg({ quality: 88 }).toFile(out);
    },
  },
  coffee: { truth: { people: 0 }, make: (out: string) => sharp(fixture("coffee.jpg")).jpeg({ quality: 90 }).toFile(out) },
  cat: { truth: { people: 0 }, make: (out: string) => sharp(fixture("cat.jpg")).jpeg({ quality: 90 }).toFile(out) },
  // Twelve people in three rows on a 4:3 photo, as a phone takes a group.
  crowd: { truth: { people: 12 }, make: crowdPhoto },
  // Four people side by side on a wide photo.
  group: {
    truth: { people: 4 },
    make: async (out: string) => {
      const people = await Promise.all(
        ["grace-hopper.jpg", "astronaut.jpg", "cameraman.jpg", "grace-hopper.jpg"].map((name, i) => sharp(fixture(name)).flop(i === 3).resize(400, 500, { fit: "cover" }).toBuffer()),
      );
      await sharp({ create: { width: 1600, height: 500, channels: 3, background: "#808080" } })
        .composite(people.map((input, i) => ({ input, left: i * 400, top: 0 })))
        .jpeg({ quality: 88 })
        .toFile(out);
    },
  },
} satisfies Record<string, { truth: PhotoTruth; make: (out: string) => Promise<unknown> }>;

export type PhotoName = keyof typeof PHOTOS;

export interface PhotoSet {
  name: string;
  /** In upload order. */
  photos: PhotoName[];
}

/** Sets of photos as customers upload them: the hard case first where it can be. */
export const PHOTO_SETS: PhotoSet[] = [
  { name: "photos: a group of four uploaded first", photos: ["group", "portrait", "hopper", "coffee"] },
  { name: "photos: a cup of coffee first, then a crowd of twelve", photos: ["coffee", "crowd", "portrait"] },
  { name: "photos: a cat first", photos: ["cat", "hopper", "cameraman"] },
  { name: "photos: close and far", photos: ["portrait", "far", "hopper"] },
  { name: "photos: two portraits", photos: ["hopper", "portrait"] },
  { name: "photos: a group, a cat and a cup, no one alone", photos: ["crowd", "cat", "coffee"] },
];

export const PHOTO_CHECKS = ["group shots", "people before things", "photo plan true"] as const;
export type PhotoCheck = (typeof PHOTO_CHECKS)[number];

export interface PhotoViolation {
  check: PhotoCheck;
  set: string;
  detail: string;
}

/** A stable, opaque id per photo, as real ids are. */
const idOf = (name: PhotoName) => `EVALPHOTO${name.toUpperCase()}`;

/** Writes every photo of the sets into `dir` (once each). */
export async function writePhotos(dir: string): Promise<void> {
  for (const [name, photo] of Object.entries(PHOTOS)) await photo.make(join(dir, `${name}.jpg`));
}

/** A short English profile on elite, with the set's photos: elite is the plan with a photo plan. */
export function photoInput(set: PhotoSet, dir: string): OptimiserInput {
  return {
    profileId: "eval-photos",
    app: "bumble",
    plan: "elite",
    reason: "initial",
    revisionNotes: null,
    profile: { ...EMPTY_PROFILE_TEXT, bio: "Paramedic in Leeds. I climb at Almscliff most weekends and bake bread on my days off.", interests: "climbing, baking", jobTitle: "Paramedic" },
    photos: set.photos.map((name, order) => ({ id: idOf(name), order, path: join(dir, `${name}.jpg`) })),
  };
}

/** Each check on one set's result, against what is in its photos. */
export function checkPhotos(set: PhotoSet, result: OptimisationResult): Omit<PhotoViolation, "set">[] {
  const truthOf = (p: PhotoAnalysis) => PHOTOS[set.photos.find((name) => idOf(name) === p.photoId)!].truth as PhotoTruth;
  const label = (p: PhotoAnalysis) => `Photo ${(p.uploadPosition ?? set.photos.findIndex((name) => idOf(name) === p.photoId) + 1)} (${set.photos.find((name) => idOf(name) === p.photoId)})`;
  const found: Omit<PhotoViolation, "set">[] = [];
  const ranked = [...result.photos].sort((a, b) => a.rank - b.rank);

  // Group shots: named, counted, never first while the set has a photo of one person.
  for (const p of ranked) {
    const people = truthOf(p).people;
    if (people < 3) continue;
    const named = /^Group photo: (\d+) people\b/.exec(p.reasons[0] ?? "");
    if (!named) found.push({ check: "group shots", detail: `${label(p)} shows ${people} people but is not named a group photo: “${p.reasons[0] ?? ""}”` });
    else if (Number(named[1]) < Math.ceil(people * 0.75) || Number(named[1]) > people) found.push({ check: "group shots", detail: `${label(p)} shows ${people} people, counted as ${named[1]}` });
  }
  const first = result.photos.find((p) => p.photoId === result.photoOrder[0]);
  if (first && truthOf(first).people >= 2 && result.photos.some((p) => truthOf(p).people === 1)) {
    found.push({ check: "group shots", detail: `${label(first)}, a group of ${truthOf(first).people}, is first while a photo of one person is in the set` });
  }

  // People before things.
  ranked.forEach((p, i) => {
    if (truthOf(p).people !== 0) return;
    const behind = ranked.slice(i + 1).filter((q) => truthOf(q).people > 0);
    for (const q of behind) found.push({ check: "people before things", detail: `${label(p)}, with no person in it, ranks ahead of ${label(q)}` });
  });

  // The photo plan, sentence by sentence, against every kept photo it speaks of.
  const plan = result.photoPlan;
  if (plan) {
    const kept = result.photos.filter((p) => p.keep);
    const claims: { pattern: RegExp; holds: (t: PhotoTruth) => boolean }[] = [
      { pattern: /your face fills a large part of the frame/i, holds: (t) => t.people === 1 && t.closeUp !== false },
      { pattern: /from the waist up or closer/i, holds: (t) => t.people === 1 && t.waistUp !== false },
      { pattern: /none of the photos we'd keep has other people in it/i, holds: (t) => t.people <= 1 },
    ];
    for (const sentence of [plan.summary, ...plan.missing.map((m) => m.why)]) {
      for (const { pattern, holds } of claims) {
        if (!pattern.test(sentence)) continue;
        for (const p of kept.filter((k) => !holds(truthOf(k)))) found.push({ check: "photo plan true", detail: `“${sentence}” is untrue of ${label(p)}` });
      }
    }
    const count = (pattern: RegExp) => Number(pattern.exec(plan.summary)?.[1] ?? 0);
    const alone = kept.filter((p) => truthOf(p).people === 1).length;
    const together = kept.filter((p) => truthOf(p).people >= 2).length;
    if (count(/(\d+) of just you/) > alone) found.push({ check: "photo plan true", detail: `“${plan.summary}”: ${alone} of the kept photos show one person` });
    if (count(/(\d+) with other people/) > together) found.push({ check: "photo plan true", detail: `“${plan.summary}”: ${together} of the kept photos show other people` });
  }
  return found;
}

export interface PhotoEvaluation {
  sets: number;
  photos: number;
  violations: PhotoViolation[];
  /** Each set's result, by the set's name. */
  results: Map<string, OptimisationResult>;
  ms: number;
}

/** Every set once through the optimiser (photos written to `dir` first), every check on each result. */
export async function evaluatePhotos(optimiser: Optimiser, dir: string, sets: readonly PhotoSet[] = PHOTO_SETS): Promise<PhotoEvaluation> {
  const started = performance.now();
  await writePhotos(dir);
  const violations: PhotoViolation[] = [];
  const results = new Map<string, OptimisationResult>();
  for (const set of sets) {
    const result = await optimiser.optimise(photoInput(set, dir));
    results.set(set.name, result);
    for (const v of checkPhotos(set, result)) violations.push({ ...v, set: set.name });
  }
  return { sets: sets.length, photos: sets.reduce((n, s) => n + s.photos.length, 0), violations, results, ms: performance.now() - started };
}

/** The photo part's table: one line per check. */
export function formatPhotoTable(title: string, evaluation: PhotoEvaluation): string {
  const width = Math.max(...PHOTO_CHECKS.map((c) => c.length), "check".length);
  return [
    `${title}: ${evaluation.sets} sets, ${evaluation.photos} photos, ${(evaluation.ms / 1000).toFixed(1)} s (the face model's load included)`,
    `${"check".padEnd(width)}  violations  sets affected`,
    ...PHOTO_CHECKS.map((check) => {
      const mine = evaluation.violations.filter((v) => v.check === check);
      return `${check.padEnd(width)}  ${String(mine.length).padStart(10)}  ${String(new Set(mine.map((v) => v.set)).size).padStart(4)} of ${evaluation.sets}`;
    }),
  ].join("\n");
}
