/**
 * What elite adds to premium, in one place (issue 19, item 4): three bio versions in different tones, five
 * starters each built from something specific, which prompts to answer, a photo plan, and a section of the
 * strategy guide written for this profile from those parts. The local analyser calls `eliteParts` for elite orders
 * only; the AI engine asks the model for the bio versions, the prompt suggestions and the guide, and keeps the photo
 * plan, which comes from the photo measurements.
 */
import type { OptimiserInput } from "../input.ts";
import { RESULT_LIMITS, type BioVersions, type NeedsWriter, type PhotoAnalysis, type PhotoPlan, type PromptSuggestions, type StrategyGuide } from "../../shared/optimiser/result.ts";
import { fitToLimit, shorten } from "../text/fit.ts";
import { answerTonesPoint, answerVersions } from "./answer-versions.ts";
import { bioVersions } from "./bio-versions.ts";
import { photoPlan } from "./photo-plan.ts";
import { promptsFull, promptSuggestions } from "./prompt-suggestions.ts";
import { eliteStarters, withOneFromProfile } from "./starters.ts";
import { writerFor } from "./writer.ts";
import { said } from "../text/said.ts";

export interface EliteParts {
  bioVersions: BioVersions | null;
  promptSuggestions: PromptSuggestions | null;
  photoPlan: PhotoPlan;
  conversationStarters: string[];
  /** The premium guide with a section for this profile added. */
  strategyGuide: StrategyGuide | null;
  /** Set when an elite part falls short of what elite sells (fewer than three bio versions, or answer-set tones on Hinge). */
  needsWriter: NeedsWriter | null;
}

const TONE_NAMES = { warm: "Warm", playful: "Playful", direct: "Direct" } as const;

/** The text analyser's parts the elite parts are made beside: its bio and answers (what the result already says) and its guide. */
export interface TextParts {
  bio: { optimised: string } | null;
  prompts: { prompt: string; optimised: string }[];
  strategyGuide: StrategyGuide | null;
}

/** What the result's bio and answers say, for starters that must not say it again. */
const writtenIn = (input: OptimiserInput, text: TextParts) => said([text.bio?.optimised ?? "", ...text.prompts.map((p) => p.optimised)], input.profile.prompts.map((p) => p.prompt));

/** Premium's starters, with one built from the customer's details when none was (see starters.ts). */
export function premiumStarters(input: OptimiserInput, text: TextParts, starters: string[]): string[] {
  const written = writtenIn(input, text);
  written.add(...starters);
  return withOneFromProfile(writerFor(input), starters, written);
}

export function eliteParts(input: OptimiserInput, text: TextParts, photos: PhotoAnalysis[]): EliteParts {
  const w = writerFor(input);
  const guide = text.strategyGuide;
  // An app without a bio (Hinge): the three tones are of the answer set (answer-versions.ts).
  const suggestions = promptSuggestions(w);
  const versions = bioVersions(w) ?? answerVersions(w, text.prompts, suggestions?.suggestions.map((s) => s.reason));
  const plan = photoPlan(w, photos);
  const written = writtenIn(input, text);
  written.add(...(versions?.part.versions.map((v) => v.text) ?? []));
  const starters = eliteStarters(w, written);
  return {
    bioVersions: versions?.part ?? null,
    promptSuggestions: suggestions,
    photoPlan: plan,
    conversationStarters: starters,
    strategyGuide: guide && withProfileSection(guide, versions?.part ?? null, suggestions, plan, starters, promptsFull(input.app, input.profile.prompts.filter((p) => p.response.trim()).length)),
    needsWriter: versions?.needsWriter ? { reason: shorten(versions.needsWriter, RESULT_LIMITS.note) } : null,
  };
}

/** The guide's section for this profile: which version to use when, the prompts to add, the next photo, the starters. */
function withProfileSection(guide: StrategyGuide, versions: BioVersions | null, suggestions: PromptSuggestions | null, plan: PhotoPlan, starters: string[], full: boolean): StrategyGuide {
  const points: string[] = [];
  const offered = versions?.versions ?? [];
  const tones = versions?.of === "answers" ? answerTonesPoint(versions) : null;
  if (tones) points.push(tones);
  else if (offered.length > 1) {
    points.push(
      `Your bio comes in ${offered.length} versions (${offered.map((v) => TONE_NAMES[v.tone]).join(", ")}). Use one for a week, then switch to another, and keep the one that brings more replies.`,
    );
  }
  // The prompts to answer and the photo plan are parts of their own: named here, never copied (issue 28, item 4).
  const first = suggestions?.suggestions[0];
  if (first && full) points.push(`Next prompt to swap in: “${first.prompt}”, the first of your prompts to answer, in place of the answer you like least; why it suits you is written beside it.`);
  else if (first) points.push(`Next prompt to answer: “${first.prompt}”, the first of your prompts to answer; why it suits you is written beside it.`);
  if (plan.missing.length > 0) points.push("Next photo to take: the first shot in your photo plan, which says why your set needs it.");
  const blanks = starters.filter((s) => /\[[^\]]+\]/.test(s)).length;
  if (blanks > 0) {
    points.push(`${blanks} of your ${starters.length} starters have a blank in square brackets: fill it with something from the match's own profile before you send it, so it could only be for them.`);
  }
  if (points.length === 0) return guide;
  const section = { heading: "Made for your profile", points: points.map((p) => fitToLimit(p, RESULT_LIMITS.guidePoint)) };
  return { ...guide, sections: [...guide.sections, section].slice(0, 10) };
}

