/**
 * The analysis a customer reads first: what already works in their text and what holds it back, each finding quoting
 * their words and saying why in plain, kind language. Problems are ranked so the ones that cost the most matches
 * (text that won't fit, negativity, low effort) come first when there are more than the result can hold.
 */
import type { AppRules } from "../../shared/optimiser/apps.ts";
import type { DatingApp } from "../../shared/profiles/options.ts";
import type { Finding } from "../../shared/optimiser/result.ts";
import { cleanText, findProblems, type ProblemKind } from "./clean.ts";
import type { Facts } from "./facts.ts";
import { norm, words } from "./match.ts";
import { shorten } from "./fit.ts";
import { LOW_EFFORT_WHOLE } from "./phrases.ts";
import { capitalise, splitSentences } from "./sentences.ts";
import { findHook, findHumour, isSpecific, soundsNegative, specificity, withoutMachineText } from "./signals.ts";

const MAX_PROBLEMS = 20;
export const MAX_STRENGTHS = 12;

/** One text the customer wrote: the bio or a prompt answer. */
export interface FieldText {
  field: "bio" | `prompt${number}`;
  /** How the finding refers to it: "bio", "answer to “My simple pleasures”". */
  label: string;
  text: string | null;
  limit: number;
  /** The text is English (language.ts): the phrase rules, the hook and the length advice are for English text only. */
  english?: boolean;
}

interface Ranked extends Finding {
  /** Lower is more important. */
  rank: number;
}

interface FieldFindings {
  problems: Ranked[];
  strengths: Finding[];
}

const PROBLEM_TITLES: Record<ProblemKind, { title: string; rank: number }> = {
  negative: { title: "Negative tone", rank: 2 },
  demand: { title: "Demand", rank: 2 },
  "low-effort": { title: "Low effort", rank: 2 },
  cliche: { title: "Cliché", rank: 3 },
};

export function fieldFindings(f: FieldText, app: AppRules): FieldFindings {
  const problems: Ranked[] = [];
  const strengths: Finding[] = [];
  const text = f.text?.trim() ?? "";
  const isBio = f.field === "bio";
  const add = (rank: number, title: string, reason: string, phrase?: string) =>
    problems.push({ rank, title, reason, field: f.field, ...(phrase && { phrase: quote(phrase) }) });

  if (!text) {
    add(
      1,
      isBio ? "Empty bio" : "Empty answer",
      isBio
        ? `There is no bio yet. On ${app.name} it is the only text people see about you, and even two specific lines give them something to reply to.`
        : "This answer is empty, so the prompt shows with nothing under it. One specific sentence is enough to start a conversation.",
    );
    return { problems, strengths };
  }

  if (text.length > f.limit) {
    add(
      1,
      "Too long",
      `Your ${f.label} is ${text.length} characters and ${app.name} allows ${f.limit}, so the last ${text.length - f.limit} characters won't fit and the ending you chose is lost. Our edit stays within ${f.limit}.`,
      text.slice(text.slice(0, f.limit).search(/\S*$/u)).trim(),
    );
  }

  // Another language: the rules below read English words, so they would judge what they cannot read.
  if (f.english === false) return { problems, strengths };

  const found = findProblems(text);
  for (const p of found) {
    const { title, rank } = PROBLEM_TITLES[p.kind];
    add(rank, title, `${capitalise(p.why)}.`, p.quote);
  }

  const cleaned = cleanText(text).text;
  // When every word was a cliché or a low-effort line, those findings already say it all.
  const nothingLeft = !cleaned;
  const wholeIsLowEffort = nothingLeft || found.some((p) => p.kind === "low-effort" && p.quote.trim() === text);
  const wordCount = words(text).length;
  if (wordCount === 1 && !wholeIsLowEffort) {
    add(
      2,
      isBio ? "One-word bio" : "One-word answer",
      `“${quote(text, 60)}” on its own gives a match nothing to comment on. A sentence with one detail only you could write gives them an opening.`,
      text,
    );
  } else if (!wholeIsLowEffort && tooShort(text, isBio, app)) {
    add(
      4,
      "Too short",
      isBio && app.bioWords
        ? `At ${wordCount} words, this is under the ${app.bioWords.min} to ${app.bioWords.max} words that ${app.bioWords.source} found people respond to best.`
        : `At ${text.length} characters, this gives a match very little to go on. A second sentence with something specific (a place, a name, something you did) gives them more to reply to.`,
      text,
    );
  }

  if (isBio && app.bioWords && wordCount > app.bioWords.max) {
    add(
      4,
      "Longer than most people read",
      `At ${wordCount} words, this is over the ${app.bioWords.min} to ${app.bioWords.max} words that ${app.bioWords.source} found people respond to best. Your most specific lines are the ones to keep.`,
    );
  }

  if (!nothingLeft && !isSpecific(cleaned) && wordCount > 1) {
    add(
      4,
      "Vague",
      "Nothing here is specific to you yet: no names, places, numbers or particular activities. Those details are what a match remembers and replies to.",
      text,
    );
  }

  const hook = findHook(text);
  if (!hook && !wholeIsLowEffort) {
    add(
      5,
      "No hook",
      isSpecific(cleaned)
        ? "The details are good, but nothing invites a reply. A short question or invitation at the end, built from what you already wrote, makes answering easy."
        : "Nothing here invites a reply: no question, no invitation, no opinion to agree or argue with. A closing question built from your own interests makes answering easy.",
    );
  }

  // Only a sentence with no problem in it, and no complaint: a phrase is never both a strength and a problem.
  const best = splitSentences(text)
    .filter((s) => !found.some((p) => p.start < s.end && p.end > s.start) && !soundsNegative(s.text))
    .map((s) => {
      const human = withoutMachineText(s.text);
      return { text: text.includes(human) ? human : s.text, kept: cleanText(human).text };
    })
    .filter((s) => s.kept && isSpecific(s.kept))
    .map((s) => ({ ...s, score: specificity(s.kept) }))
    .sort((a, b) => b.score - a.score)[0];
  if (best) {
    strengths.push({
      title: "Concrete details",
      reason: "A detail like this is what someone remembers after scrolling past fifty profiles, and it hands them an easy first message.",
      phrase: quote(best.text),
      field: f.field,
    });
  }
  if (hook && !found.some((p) => p.quote.includes(hook.phrase) || hook.phrase.includes(p.quote))) {
    strengths.push({ ...HOOK_STRENGTHS[hook.kind], phrase: quote(hook.phrase), field: f.field });
  }
  const humour = findHumour(text);
  if (humour && !found.some((p) => p.quote.toLowerCase().includes(humour.toLowerCase()))) {
    strengths.push({
      title: "Humour",
      reason: "A light, self-aware touch shows your personality instead of claiming it, and people reply to profiles that make them smile.",
      phrase: humour,
      field: f.field,
    });
  }
  const withinWords = !app.bioWords || wordCount <= app.bioWords.max;
  if (isBio && text.length <= f.limit && withinWords && !tooShort(text, isBio, app) && isSpecific(cleaned)) {
    strengths.push({
      title: "Good length",
      reason: app.bioWords
        ? `At ${wordCount} words it sits where ${app.bioWords.source} says people read and respond (${app.bioWords.min} to ${app.bioWords.max} words).`
        : `At ${text.length} of ${f.limit} characters it is long enough to show who you are and short enough to be read in full.`,
      field: f.field,
    });
  }
  return { problems, strengths };
}

const HOOK_STRENGTHS: Record<"question" | "invitation" | "opinion", { title: string; reason: string }> = {
  question: { title: "Asks a question", reason: "Ending on a question hands a match their first message, which is the hardest one to write." },
  invitation: { title: "Invites a reply", reason: "An invitation tells people exactly how to start talking to you, so more of them do." },
  opinion: { title: "Clear opinion", reason: "A clear opinion is easy to agree or argue with, and both start conversations." },
};

function tooShort(text: string, isBio: boolean, app: AppRules): boolean {
  if (isBio && app.bioWords) return words(text).length < app.bioWords.min;
  return text.length < (isBio ? 60 : 25);
}

/** Findings about the profile as a whole rather than one text. */
export function profileFindings(facts: Facts, app: AppRules, appId: DatingApp, answered: number): { problems: Ranked[]; strengths: Finding[] } {
  const problems: Ranked[] = [];
  const strengths: Finding[] = [];
  // Counted against what our forms offer (apps.ts promptsOffered), never against slots the customer could not fill.
  if (app.promptsOffered > 0 && answered < app.promptsOffered) {
    problems.push({
      rank: 6,
      title: "Unused prompt",
      reason: `Our ${app.name} form takes ${app.promptsOffered} prompts and you have answered ${answered}. Each answer is one more thing a match can reply to.`,
      field: "profile",
    });
  }
  if (facts.idealFirstDate && isSpecific(facts.idealFirstDate)) {
    strengths.push({
      title: "Specific first-date idea",
      reason: "A concrete plan makes saying yes easy: a match can picture it and say yes to it.",
      phrase: quote(facts.idealFirstDate),
      field: "profile",
    });
  }
  if (facts.lookingFor && !LOW_EFFORT_WHOLE.includes(norm(facts.lookingFor))) {
    strengths.push({
      title: "Clear about what you want",
      // Only this app's own research is quoted (apps.ts statedIntent); elsewhere the reason stands on its own.
      reason: app.statedIntent
        ? `${app.statedIntent}; it saves everyone time.`
        : "Saying what you are looking for saves everyone time and draws people who want the same.",
      phrase: quote(facts.lookingFor),
      field: "profile",
    });
  }
  const career = facts.industry ?? facts.job;
  if (appId === "the_league" && career) {
    strengths.push({
      title: "Career detail",
      reason: "The League shows education and profession beside your photos, and its members expect a career-forward profile; yours gives them something to ask about.",
      phrase: quote(career),
      field: "profile",
    });
  }
  return { problems, strengths };
}

/** The most important problems first, at most what the result holds. */
export function rankProblems(problems: Ranked[]): Finding[] {
  return problems
    .map((p, order) => ({ p, order }))
    .sort((a, b) => a.p.rank - b.p.rank || a.order - b.order)
    .slice(0, MAX_PROBLEMS)
    .map(({ p: { rank: _rank, ...finding } }) => finding);
}

/** The customer's words, shortened on a word boundary to fit a finding's phrase. */
export function quote(text: string, max = 120): string {
  return shorten(text.replace(/\s+/g, " "), max);
}
