/**
 * The optimisation result's plain values: its length limits, elite's tones and what its versions are of, the kinds of
 * shot a photo plan names, the reason's length for a part kept as it is, and an answer set's text. Imports nothing but
 * the part keys: ./result.ts (the schema, with zod) re-exports them, and a browser chunk that needs only these (the
 * review dialog's editor) does not carry zod.
 */
import type { PART_KEYS } from "./part-keys.ts";

/**
 * The length limits of the stored result, in one table: the schema (./result.ts) enforces them and `withinLimits`
 * (src/optimiser/result.ts) meets them by construction (a note is shortened or dropped, never a reason to fail a paid order).
 */
export const RESULT_LIMITS = {
  title: 120,
  reason: 600,
  phrase: 300,
  note: 400,
  notes: 12,
  strengths: 12,
  problems: 20,
  summary: 1200,
  starter: 400,
  guidePoint: 600,
  heading: 160,
  /** An administrator's recommendations, plain text (src/shared/optimiser/parts.ts). */
  editorialRecommendations: 6000,
} as const;

/** The tones elite's bio versions are written in, in the order they are offered. */
export const BIO_TONES = ["warm", "playful", "direct"] as const;
export type BioTone = (typeof BIO_TONES)[number];

/** Each tone's part (src/shared/optimiser/part-keys.ts): the warm version is `versionWarm`. */
export const VERSION_KEY_OF = { warm: "versionWarm", playful: "versionPlayful", direct: "versionDirect" } as const satisfies Record<BioTone, (typeof PART_KEYS)[number]>;

/** What elite's versions in three tones are of: the bio, or (on an app without a bio, Hinge) the whole set of answers. */
export const VERSIONS_OF = ["bio", "answers"] as const;
export type VersionsOf = (typeof VERSIONS_OF)[number];

/** One version of an answer set as text: each prompt on its line, its answer under it, a blank line between. */
export function answerSetText(answers: readonly { prompt: string; answer: string }[]): string {
  return answers.map((a) => `${a.prompt}\n${a.answer}`).join("\n\n");
}

/** An answer set's text read back into its answers (the inverse of `answerSetText`); a block without an answer is left out. */
export function answerSetOf(text: string): { prompt: string; answer: string }[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim().split(/\r?\n/))
    .filter((lines) => lines.length >= 2)
    .map(([prompt, ...answer]) => ({ prompt: prompt!.trim(), answer: answer.join("\n").trim() }));
}

/** The kinds of shot the photo plan can find missing. */
export const SHOT_KINDS = ["clear-solo", "smiling", "wider", "social", "activity", "more"] as const;

/** The length of the reason a writer gives for keeping a part as it is (src/shared/admin/desk.ts). */
export const STAND_REASON = { min: 3, max: 300 } as const;
