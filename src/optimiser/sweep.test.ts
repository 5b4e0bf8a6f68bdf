/**
 * No valid submission ever fails (issue 19, item 1): generated submissions from every app's form, on every plan, with
 * every text field from its minimum to its form limit, go through the local optimiser itself, and each result must
 * parse with the result schema. Face detection costs about 70 ms a photo whatever its size, so one profile in 29
 * (seven: every app and every plan among them) carries 3 to 6 small photos and the rest none: the forms vary the
 * text, and the text is what the sweep is about.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PLAN_IDS } from "../shared/orders/plans.ts";
import { DATING_APPS } from "../shared/profiles/options.ts";
import { TEXT_LIMITS } from "../shared/profiles/submission.ts";
import { noisyJpeg, plainJpeg } from "../testing/test-images.ts";
import { repeatedLines, untrueClaims } from "./eval/checks.ts";
import { characters, generateSubmissions, optimiserInputFor, VOICES } from "./eval/generate.ts";
import type { OptimiserInput, PhotoInput } from "./input.ts";
import { createLocalOptimiser } from "./local.ts";
import { closeFaceDetector } from "./photos/analyse.ts";
import { optimisationResultSchema, type OptimisationResult } from "../shared/optimiser/result.ts";
import { summaryAsSent } from "../shared/optimiser/parts.ts";
import { escapeHtml, specFields } from "../shared/optimiser/render.ts";

const SEED = 19;
const COUNT = 200;
const PHOTOS_EVERY = 29;
const profiles = generateSubmissions(SEED, COUNT);

let dir: string;
let photoFiles: PhotoInput[];
/** Each profile's result from the run below, with where it came from, for the checks that read what the results say. */
const results: { where: string; input: OptimiserInput; result: OptimisationResult }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "optimiser-sweep-"));
  const images = [noisyJpeg(160, 120), plainJpeg(120, 160, "#3070c0"), noisyJpeg(120, 160, { amplitude: 6 }), plainJpeg(160, 120), noisyJpeg(200, 150), plainJpeg(90, 90, "#20a060")];
  photoFiles = (await Promise.all(images)).map((bytes, order) => {
    const path = join(dir, `photo-${order}.jpg`);
    writeFileSync(path, bytes);
    return { id: `photo-${order}`, path, order };
  });
});

afterAll(async () => {
  await closeFaceDetector();
  rmSync(dir, { recursive: true, force: true });
});

describe("the submission generator", () => {
  test("the same seed gives the same submissions, another seed others", () => {
    expect(generateSubmissions(SEED, 24).map((p) => p.raw)).toEqual(profiles.slice(0, 24).map((p) => p.raw));
    expect(generateSubmissions(SEED + 1, 24).map((p) => p.raw)).not.toEqual(profiles.slice(0, 24).map((p) => p.raw));
  });

  test("covers every app on every plan, both standalone forms and every voice", () => {
    for (const app of DATING_APPS) for (const plan of PLAN_IDS) expect(profiles.some((p) => p.app === app && p.plan === plan)).toBe(true);
    expect(new Set(profiles.map((p) => p.form))).toEqual(new Set(["upload", "hinge-form", "bumble-form"]));
    expect(new Set(profiles.map((p) => p.voice))).toEqual(new Set(VOICES));
  });

  test("every field the forms send reaches its minimum and its limit (in characters, as the schema counts) on each app that asks for it", () => {
    const minimum: Record<string, number> = { bio: 10, ideal_first_date: 10, interests: 5, looking_for: 5, vibes: 5 };
    const fields: Record<string, string[]> = {
      hinge: ["response1", "response2", "response3", "ideal_first_date", "job_title", "education"],
      bumble: ["bio", "response1", "response2", "job_title", "education"],
      tinder: ["bio", "interests"],
      the_league: ["bio", "industry", "education", "looking_for", "vibes"],
    };
    for (const [app, names] of Object.entries(fields)) {
      for (const name of names) {
        const limit = TEXT_LIMITS[name.startsWith("response") ? "response" : (name as keyof typeof TEXT_LIMITS)];
        const lengths = profiles.filter((p) => p.app === app).map((p) => characters(String((p.submission as Record<string, unknown>)[name] ?? "")));
        expect({ app, name, longest: Math.max(...lengths) }).toEqual({ app, name, longest: limit });
        expect({ app, name, shortest: Math.min(...lengths.filter((n) => n > 0)) }).toEqual({ app, name, shortest: minimum[name] ?? 1 });
      }
    }
  });

  test("the texts include emoji, line breaks, other scripts and non-native English", () => {
    const all = profiles.map((p) => JSON.stringify(p.submission)).join("\n");
    expect(all).toMatch(/\p{Extended_Pictographic}/u);
    expect(all).toContain("\\n");
    expect(all).toMatch(/\p{Script=Cyrillic}/u);
    expect(all).toMatch(/\p{Script=Han}/u);
    expect(all).toMatch(/\p{Script=Arabic}/u);
    expect(all).toContain("I search a serious relation");
  });
});

test(
  `${COUNT} generated submissions complete through the local optimiser, and each result parses with the result schema`,
  async () => {
    const optimiser = createLocalOptimiser();
    const failures: string[] = [];
    for (const p of profiles) {
      const photos = p.index % PHOTOS_EVERY === 0 ? photoFiles.slice(0, 3 + ((p.index / PHOTOS_EVERY) % 4)) : [];
      const input = optimiserInputFor(p.submission, p.plan, photos, `sweep-${p.index}`);
      const where = `#${p.index} ${p.app}/${p.plan} (${p.form}, ${p.voice}; ${Object.entries(p.lengths).map(([f, m]) => `${f} ${m}`).join(", ")})`;
      try {
        const parsed = optimisationResultSchema.safeParse(await optimiser.optimise(input));
        if (!parsed.success) failures.push(`${where}: result does not parse: ${parsed.error.issues[0]?.message}`);
        else if (parsed.data.app !== p.app || parsed.data.plan !== p.plan) failures.push(`${where}: result is for ${parsed.data.app}/${parsed.data.plan}`);
        else results.push({ where, input, result: parsed.data });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        failures.push(`${where}: threw ${err instanceof Error ? err.name : "error"}: ${message.replace(/\s+/g, " ").slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  },
  60_000,
);

test("written once: no line of a generated profile's result is in two of its parts (issue 28, item 4)", () => {
  expect(results.length).toBe(COUNT);
  const repeated = results.flatMap(({ where, input, result }) => repeatedLines(result, input.profile).map((line) => `${where}: ${line}`));
  expect(repeated).toEqual([]);
});

test("nothing the machine wrote for a generated profile promises a person's later work or a rewrite it did not do (issue 28, items 1 and 3)", () => {
  expect(results.length).toBe(COUNT);
  expect(results.flatMap(({ where, result }) => untrueClaims(result).map((claim) => `${where}: ${claim}`))).toEqual([]);
});

test("once a writer wrote the bio or an answer, the recommendations no longer tell what the analyser did to them, and say everything else they said", () => {
  expect(results.length).toBe(COUNT);
  const account = /\b(We edited|We kept|We left advice|needed no edits|as you wrote (it|them))\b/;
  const editedAt = "2026-11-27T10:00:00.000Z";
  const wrong: string[] = [];
  let accounts = 0;
  for (const { where, result } of results) {
    if (account.test(result.analysis.summary)) accounts += 1;
    for (const part of ["bio", "prompt1"] as const) {
      const written = { ...result, editorial: { edited: [part], recommendations: null, editedAt } };
      const sent = summaryAsSent(written);
      if (account.test(sent)) wrong.push(`${where}, ${part} written: ${sent}`);
      // Only the account goes: every other sentence of the summary stays, in its order.
      if (!result.analysis.summary.includes(sent.split(" ").slice(0, 6).join(" "))) wrong.push(`${where}, ${part} written: lost the opening: ${sent}`);
      if (!specFields(written).recommendations.includes(escapeHtml(sent))) wrong.push(`${where}: not what is sent`);
    }
    // Nobody wrote anything: the summary is sent as the analyser wrote it.
    if (summaryAsSent(result) !== result.analysis.summary) wrong.push(`${where}: changed with nothing written`);
  }
  expect(wrong).toEqual([]);
  // Each generated summary tells what the analyser did, so the check above read real accounts.
  expect(accounts).toBeGreaterThan(COUNT * 0.9);
});
