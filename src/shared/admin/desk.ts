/**
 * The writer's desk (issue 28): which parts of a result a person must still write before it may leave. Premium and
 * elite sell writing ("Complete Bio Rewrite", "A Writer on Every Prompt Answer", three bio versions…); when the AI
 * engine did not write a part (the local analyser's draft can only cut, reorder and append the customer's words), or
 * its answer failed our checks or fell back, that part is the machine's draft until a person edits it
 * (`editorial.edited`) or records why it stands as it is (`editorial.stands`). Basic, a light edit, is held only for
 * a text the machine marked as needing a writer, which on basic is a text in another language: the light edit is
 * English only, so the machine's draft is the customer's text untouched, demands included (decision 151).
 *
 * One function, `toWrite`, decides: Send refuses while it names a part (src/admin/actions.ts), the review state
 * "Needs Writer" is it being non-empty (./review-state.ts, compiled to SQL in src/admin/review-state-sql.ts from the
 * same tables below), and the dialog lists it at the top. Pure and browser-safe.
 */
import { appRules } from "../optimiser/apps.ts";
import { PROMPT_KEYS, VERSION_KEYS, type PartKey } from "../optimiser/part-keys.ts";
import type { Editorial, OptimisationResult } from "../optimiser/result.ts";
import { BIO_TONES } from "../optimiser/result-values.ts";
import { DATING_APPS, type DatingApp } from "../profiles/options.ts";

/** A part still to write: its name, the writer's label for it, and why it waits, worded for the writer. */
export interface ToWrite {
  part: PartKey;
  label: string;
  why: string;
}

/** Which engine's work a part is: a part is the machine's draft when that engine was the local analyser. */
export const ENGINE_OF = {
  bio: "bio",
  prompt1: "prompts",
  prompt2: "prompts",
  prompt3: "prompts",
  starters: "starters",
  guide: "guide",
  recommendations: "analysis",
  versionWarm: "bio",
  versionPlayful: "bio",
  versionDirect: "bio",
  promptsToAnswer: "prompts",
  photoPlan: "photos",
} as const satisfies Record<PartKey, keyof OptimisationResult["engines"]>;

/**
 * The parts a person must write on each plan when the machine drafted them; on basic, only those of them the machine
 * marked (`needsWriter`: a text in another language).
 */
export const WRITTEN_PARTS = {
  basic: ["bio", ...PROMPT_KEYS],
  premium: ["bio", ...PROMPT_KEYS],
  elite: ["bio", ...PROMPT_KEYS, ...VERSION_KEYS, "promptsToAnswer", "photoPlan"],
} as const satisfies Record<OptimisationResult["plan"], readonly PartKey[]>;

/** The apps whose form has prompts: elite sells prompts to answer there. */
export const APPS_WITH_PROMPTS: readonly DatingApp[] = DATING_APPS.filter((app) => appRules(app).promptCount > 0);

/** Spaces, tabs and line breaks at either end: what the SQL's trim() takes off too, so both compare alike. */
export const trimEnds = (text: string) => text.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, "");

const TONE_NAMES = { warm: "warm", playful: "playful", direct: "direct" } as const;

/** A part for the writer: "the bio", "the answer to “…”", "the warm version", "prompts to answer", "the photo plan". */
export function partLabelFor(result: Pick<OptimisationResult, "prompts">, part: PartKey): string {
  switch (part) {
    case "bio":
      return "the bio";
    case "starters":
      return "the conversation starters";
    case "guide":
      return "the strategy guide";
    case "recommendations":
      return "the recommendations";
    case "promptsToAnswer":
      return "prompts to answer";
    case "photoPlan":
      return "the photo plan";
    case "versionWarm":
    case "versionPlayful":
    case "versionDirect":
      return `the ${TONE_NAMES[BIO_TONES[VERSION_KEYS.indexOf(part)]!]} version`;
    default: {
      const prompt = result.prompts[PROMPT_KEYS.indexOf(part)]?.prompt;
      return prompt ? `the answer to “${prompt}”` : `answer ${PROMPT_KEYS.indexOf(part) + 1}`;
    }
  }
}

/** Why the machine's draft of a part is not enough, for the writer; null when the AI engine wrote it and it passed. */
function engineReason(result: OptimisationResult, part: PartKey): string | null {
  if (result.checks?.flagged) return "The AI answer failed our checks (see the problems above the parts).";
  if (result.fallback) return `The AI engine failed (${result.fallback.reason}), so this is the local analyzer's draft.`;
  if (result.engines[ENGINE_OF[part]]?.kind === "local") return "The AI engine was not used: this is the local analyzer's draft, which can only cut, reorder and add to the customer's own words.";
  return null;
}

/** Whether premium holds this answer: the machine changed it, or said it needs a writer. */
function weakAnswer(result: OptimisationResult, index: number): boolean {
  const p = result.prompts[index];
  return Boolean(p && (p.needsWriter || trimEnds(p.original ?? "") !== trimEnds(p.optimised)));
}

/** The optimiser's own "needs a writer" mark on the bio or an answer (on basic, only text in another language has one). */
function markOf(result: OptimisationResult, part: PartKey): OptimisationResult["needsWriter"] {
  return part === "bio" ? result.bio?.needsWriter : result.prompts[PROMPT_KEYS.indexOf(part as (typeof PROMPT_KEYS)[number])]?.needsWriter;
}

/** Whether the result has the part and the plan sells it written (before asking who wrote it). */
function sold(result: OptimisationResult, part: PartKey): boolean {
  if (!(WRITTEN_PARTS[result.plan] as readonly PartKey[]).includes(part)) return false;
  const prompt = PROMPT_KEYS.indexOf(part as (typeof PROMPT_KEYS)[number]);
  if (result.plan === "basic") return Boolean(markOf(result, part));
  if (prompt >= 0) return result.prompts[prompt] !== undefined && (result.plan === "elite" || weakAnswer(result, prompt));
  if (part === "bio") return result.bio !== null;
  if ((VERSION_KEYS as readonly PartKey[]).includes(part)) return result.bio !== null || result.bioVersions?.of === "answers";
  if (part === "promptsToAnswer") return APPS_WITH_PROMPTS.includes(result.app);
  return true;
}

/** What the plan sells of the part, for the writer. */
function partReason(result: OptimisationResult, part: PartKey): string {
  if (result.plan === "basic") return `Basic is sent as the optimizer left it, and the optimizer could not edit this part: ${markOf(result, part)?.reason ?? ""}`.trim();
  if (part === "bio") return `${result.plan === "elite" ? "Elite" : "Premium"} sells a complete rewrite of the bio.${result.bio?.needsWriter ? ` The optimizer: ${result.bio.needsWriter.reason}` : ""}`;
  const prompt = PROMPT_KEYS.indexOf(part as (typeof PROMPT_KEYS)[number]);
  if (prompt >= 0) {
    const p = result.prompts[prompt]!;
    if (p.needsWriter) return `The optimizer could not write a better answer: ${p.needsWriter.reason}`;
    return result.plan === "elite" ? "Elite sells a writer on every answer." : "The optimizer changed this answer: premium sells weak answers rewritten in the customer's voice.";
  }
  if (part === "promptsToAnswer") return "Elite sells which prompts to answer next, chosen for this customer; these are the optimizer's picks.";
  if (part === "photoPlan") return "Elite sells a photo plan; the optimizer's says only what the photo measurements show.";
  const tone = BIO_TONES[VERSION_KEYS.indexOf(part as (typeof VERSION_KEYS)[number])]!;
  const made = result.bioVersions?.versions.some((v) => v.tone === tone);
  // An app without a bio (Hinge): the versions are the whole answer set, one set per tone.
  const what = result.bioVersions?.of === "answers" ? "three versions of the bio, on an app without one the answer set in three tones (each prompt on a line, its answer under it)" : "three versions of the bio";
  return made ? `Elite sells ${what}; this ${TONE_NAMES[tone]} one is the optimizer's draft.` : `Elite sells ${what}; the optimizer made no ${TONE_NAMES[tone]} one.`;
}

/** Whether a person wrote the part, or recorded why it stands as it is. */
export function settled(editorial: Editorial | null | undefined, part: PartKey): boolean {
  return Boolean(editorial?.edited.includes(part) || editorial?.stands?.some((s) => s.part === part));
}

/** The parts a person must still write before the result may be sent, in PART_KEYS order. */
export function toWrite(result: OptimisationResult, editorial: Editorial | null | undefined = result.editorial): ToWrite[] {
  const parts = WRITTEN_PARTS[result.plan] as readonly PartKey[];
  return parts.flatMap((part) => {
    if (!sold(result, part) || settled(editorial, part)) return [];
    const engine = engineReason(result, part);
    return engine ? [{ part, label: partLabelFor(result, part), why: `${partReason(result, part)} ${engine}` }] : [];
  });
}

/** Send's refusal while parts are still to write. */
export function stillToWriteMessage(parts: readonly Pick<ToWrite, "label">[]): string {
  return `Still to write: ${parts.map((p) => p.label).join(", ")}. Write each part, or record why it stands.`;
}
