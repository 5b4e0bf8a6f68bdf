/**
 * Checks of the model's texts before they are stored, for what a schema cannot see: a link, an e-mail address, a
 * phone number or a social handle (every app bans them, and they can carry an injected advert); Markdown or HTML (the
 * result is plain text); a number the customer never wrote (an invented age, height or salary); the same starter
 * twice or two bio versions alike; the instructions echoed back, or a bio about nothing the customer wrote (an obeyed prompt injection, such
 * as a poem in place of the bio). Each problem names the text and the rule, never the text itself.
 */
import type { OptimiserInput } from "./input.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import { said } from "./text/said.ts";

export interface CheckSources {
  input: OptimiserInput;
  /** Our instructions to the model (not the app facts, which the guide may quote): none of it may come back. */
  instructions: string;
  /** Text the strategy guide may take numbers from besides the customer's: the app facts and the plan we sent. */
  facts: string;
  /** The random boundary of the data markers. */
  boundary: string;
}

/** The problems of an AI result; empty when it passes. */
export function checkResult(result: OptimisationResult, sources: CheckSources): string[] {
  const customer = customerText(sources.input);
  const customerNumbers = numbersIn(customer);
  const factNumbers = new Set([...customerNumbers, ...numbersIn(sources.facts)]);
  const echo = echoFinder(sources.instructions, sources.boundary);
  const problems: string[] = [];

  const texts = labelledTexts(result);
  for (const { label, text, kind } of texts) {
    for (const [rule, pattern] of FORBIDDEN) if (pattern.test(text)) problems.push(`${label}: ${rule}`);
    if (echo(text)) problems.push(`${label}: repeats our instructions instead of writing for the customer`);
    if (kind === "analysis") continue;
    const allowed = kind === "profile" ? customerNumbers : factNumbers;
    const invented = [...numbersIn(text)].filter((n) => !allowed.has(n));
    if (invented.length > 0) problems.push(`${label}: the number${invented.length > 1 ? "s" : ""} ${invented.join(", ")} ${invented.length > 1 ? "are" : "is"} not in the customer's data`);
  }

  const seen = new Map<string, number>();
  result.conversationStarters.forEach((starter, i) => {
    const key = starter.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    const first = seen.get(key);
    if (first !== undefined) problems.push(`starter ${i + 1}: the same as starter ${first + 1}`);
    else seen.set(key, i);
  });

  // Written once (issue 28, item 4): a starter or a guide point names the bio or an answer, never repeats its lines.
  const written = said([result.bio?.optimised ?? "", ...result.prompts.map((p) => p.optimised)], result.prompts.map((p) => p.prompt));
  result.conversationStarters.forEach((s, i) => written.repeats(s) && problems.push(`starter ${i + 1}: ${REPEATS}`));
  result.strategyGuide?.sections.forEach((s, i) => s.points.some((p) => written.repeats(p)) && problems.push(`guide section ${i + 1}: ${REPEATS}`));
  // Says only what happened (issue 28, items 1 and 3): nothing promises a person's later work.
  for (const { label, text, kind } of texts) if (kind === "analysis" && PROMISE.test(text)) problems.push(`${label}: promises that a person will do something later`);

  const versions = versionsByModel(result) ? (result.bioVersions?.versions ?? []) : [];
  versions.forEach((v, i) => {
    if (versions.findIndex((o) => o.text.trim().toLowerCase() === v.text.trim().toLowerCase()) < i) problems.push(`bio version ${i + 1}: the same text as an earlier version`);
    if (!sharesADetail(v.text, customer)) problems.push(`bio version ${i + 1}: uses none of the customer's own details`);
  });

  if (result.bio && result.engines.bio.kind === "ai" && !sharesADetail(result.bio.optimised, customer)) {
    problems.push("bio: uses none of the customer's own details");
  }
  return [...new Set(problems)].slice(0, 12);
}

const REPEATS = "repeats a line of the bio or an answer; name the part instead";
/** "A writer will…", "our editor will…", "we'll write…": what a note cannot know. */
const PROMISE = /\b(?:writer|editor)s? will\b|\bwe(?:'|’)ll (?:write|rewrite|add|rework)\b|\bby hand\b/i;

const FORBIDDEN: [string, RegExp][] = [
  ["a link", /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|co|me|app|ly|gg|dev|xyz|info|biz|link|site|online)\b/i],
  ["an e-mail address", /[^\s@]+@[^\s@]+\.[a-z]{2,}/i],
  ["a social media handle", /(?:^|\s)@[\p{L}\p{N}_.]{2,}/u],
  ["a phone number", /(?:\+|\b)\d(?:[\s().-]{0,2}\d){6,}/],
  ["Markdown", /\*\*|__\S|\x60|^\s{0,3}#{1,6}\s|^\s*[*+]\s|\[[^\]\n]+\]\([^)\n]*\)/m],
  ["HTML", /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i],
];

/** profile: shown to matches (numbers only from the customer); guide: may also quote the app facts; analysis: to the customer about their profile (counts and limits allowed). */
type Kind = "profile" | "guide" | "analysis";

function labelledTexts(result: OptimisationResult): { label: string; text: string; kind: Kind }[] {
  const out: { label: string; text: string; kind: Kind }[] = [];
  const add = (label: string, text: string, kind: Kind) => out.push({ label, text, kind });
  add("analysis summary", result.analysis.summary, "analysis");
  for (const [list, findings] of [["strength", result.analysis.strengths], ["problem", result.analysis.problems]] as const) {
    findings.forEach((f, i) => {
      add(`${list} ${i + 1}`, f.title, "analysis");
      add(`${list} ${i + 1}`, f.reason, "analysis");
    });
  }
  if (result.bio && result.engines.bio.kind === "ai") {
    add("bio", result.bio.optimised, "profile");
    for (const note of result.bio.notes) add("bio notes", note, "analysis");
  }
  if (result.engines.prompts.kind === "ai") {
    result.prompts.forEach((p, i) => {
      if (p.rewritten) add(`prompt ${i + 1} answer`, p.optimised, "profile");
      for (const note of p.notes) add(`prompt ${i + 1} notes`, note, "analysis");
    });
  }
  if (versionsByModel(result)) {
    result.bioVersions?.versions.forEach((v, i) => {
      add(`bio version ${i + 1}`, v.text, "profile");
      add(`bio version ${i + 1} note`, v.why, "analysis");
    });
    if (result.bioVersions?.note) add("bio versions note", result.bioVersions.note, "analysis");
  }
  result.promptSuggestions?.suggestions.forEach((s, i) => add(`prompt suggestion ${i + 1}`, s.reason, "analysis"));
  result.conversationStarters.forEach((s, i) => add(`starter ${i + 1}`, s, "profile"));
  if (result.strategyGuide) {
    add("guide title", result.strategyGuide.title, "guide");
    result.strategyGuide.sections.forEach((s, i) => {
      add(`guide section ${i + 1}`, s.heading, "guide");
      for (const point of s.points) add(`guide section ${i + 1}`, point, "guide");
    });
  }
  return out;
}

/** The model wrote the versions: the bio's (the bio came from it), or on an app without a bio the answer sets (the answers did). */
function versionsByModel(result: OptimisationResult): boolean {
  return (result.bioVersions?.of === "answers" ? result.engines.prompts : result.engines.bio).kind === "ai";
}

function customerText(input: OptimiserInput): string {
  const fields = Object.values(input.profile).filter((v): v is string => typeof v === "string");
  // On a rerun the working text (an administrator's edit included) is as much the source as the customer's.
  const base = input.base ? [input.base.bio ?? "", ...input.base.prompts.map((p) => p.response), ...input.base.starters] : [];
  return [...fields, ...input.profile.prompts.flatMap((p) => [p.prompt, p.response]), ...base, input.revisionNotes ?? ""].join("\n");
}

/** Each run of digits: "6'4" is 6 and 4, "2,500" is 2500, "3.5" is 3 and 5. */
function numbersIn(text: string): Set<string> {
  return new Set([...text.replace(/(\d),(\d{3})\b/g, "$1$2").matchAll(/\d+/g)].map((m) => String(Number(m[0]))));
}

/** Seven words in a row from our instructions, or the data markers, in a text means the model echoed us. */
function echoFinder(instructions: string, boundary: string): (text: string) => boolean {
  const SPAN = 7;
  const spans = new Set<string>();
  const words = wordsOf(instructions);
  for (let i = 0; i + SPAN <= words.length; i++) spans.add(words.slice(i, i + SPAN).join(" "));
  return (text) => {
    if (text.includes(boundary) || /PROFILE DATA/i.test(text)) return true;
    const w = wordsOf(text);
    for (let i = 0; i + SPAN <= w.length; i++) if (spans.has(w.slice(i, i + SPAN).join(" "))) return true;
    return false;
  };
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

/** A bio built on the customer's facts shares at least one of their content words (4 letters or more, plural or not). */
function sharesADetail(bio: string, customer: string): boolean {
  const stem = (w: string) => w.replace(/(?:'s|s)$/, "");
  const theirs = new Set(wordsOf(customer).filter((w) => w.length >= 4 && !COMMON.has(w)).map(stem));
  if (theirs.size === 0) return true;
  return wordsOf(bio).some((w) => theirs.has(stem(w)));
}

/** Words any bio may contain, which say nothing about this customer. */
const COMMON = new Set([
  "about", "also", "always", "been", "being", "could", "doing", "dont", "each", "every", "from", "have", "having", "here", "into", "just",
  "like", "looking", "love", "make", "more", "most", "much", "never", "only", "other", "really", "some", "someone", "something", "than",
  "that", "their", "them", "then", "there", "these", "they", "thing", "things", "this", "those", "time", "very", "want", "well", "were",
  "what", "when", "where", "which", "while", "will", "with", "would", "your", "yours",
]);
