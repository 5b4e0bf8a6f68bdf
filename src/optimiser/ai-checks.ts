/**
 * Checks of the model's texts before they are stored, for what a schema cannot see: a link, an e-mail address, a
 * phone number or a social handle (every app bans them, and they can carry an injected advert); Markdown or HTML (the
 * result is plain text); a number the customer never wrote (an invented age, height or salary); the same starter
 * twice, or two of elite's versions that do not differ in tone (the local analyser's `distinctVersion`); the instructions echoed back, or a bio about nothing the customer wrote (an obeyed prompt injection, such
 * as a poem in place of the bio).
 *
 * Each problem names the part and the rule (`problemText`: what the admin reads and the log may carry, never the
 * text itself); the corrective request to the model also quotes where it is (`correctionText`: the point of a guide
 * section and the offending phrase), so the model can fix that phrase rather than guess.
 */
import type { OptimiserInput } from "./input.ts";
import { appRules } from "../shared/optimiser/apps.ts";
import { answerSetOf, type OptimisationResult } from "../shared/optimiser/result.ts";
import { distinctVersion, versionSentences } from "./plan-parts/bio-versions.ts";
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

/** A failed check: the part ("guide section 1"), the rule, and where in the part (the point, the phrase) when known. */
export interface Problem {
  label: string;
  rule: string;
  /** Which line of the part: a guide section's "point 2" or "the heading". */
  at?: string;
  /** The offending phrase, as the model wrote it (shortened around the fault). */
  quote?: string;
  /** The other text the fault is about (the earlier version a version is too like), quoted after it. */
  beside?: { label: string; quote: string };
}

/** The problem for the admin and the log: the part and the rule, no text of the answer. */
export function problemText(p: Problem): string {
  return `${p.label}: ${p.rule}`;
}

/** The problem for the model's corrective request: the part and its line, the rule, then the phrase where it is. */
export function correctionText(p: Problem): string {
  const beside = p.beside ? `, beside ${p.beside.label}: “${p.beside.quote}”` : "";
  return `${[p.label, p.at].filter(Boolean).join(", ")}: ${p.rule}${p.quote ? `, in “${p.quote}”` : ""}${beside}`;
}

/** The problems of an AI result; empty when it passes. At most 12, one per part and rule. */
export function checkResult(result: OptimisationResult, sources: CheckSources): Problem[] {
  const customer = customerText(sources.input);
  // Numbers come from the customer's own words (and revision notes) only: a rerun's base text may be the machine's.
  const customerNumbers = numbersIn(ownText(sources.input));
  const factNumbers = new Set([...customerNumbers, ...numbersIn(sources.facts)]);
  const photoCount = sources.input.photos.length;
  const echo = echoFinder(sources.instructions, sources.boundary);
  const problems: Problem[] = [];

  const texts = labelledTexts(result);
  for (const { label, at, text, kind } of texts) {
    for (const { rule, pattern, except } of FORBIDDEN) {
      const found = firstMatch(text, pattern, except);
      if (found) problems.push({ label, at, rule, quote: around(text, found.index, found.length) });
    }
    const echoed = echo(text);
    if (echoed !== null) problems.push({ label, at, rule: "repeats our instructions instead of writing for the customer", quote: echoed });
    if (kind === "analysis") continue;
    const allowed = kind === "profile" ? customerNumbers : factNumbers;
    // The guide names photos as the data does ("Photo 2", "Photos 2 and 3"): a photo the customer sent is no invented number.
    const checked = kind === "guide" ? withoutPhotoNames(text, photoCount) : text;
    const invented = [...numbersIn(checked)].filter((n) => !allowed.has(n));
    if (invented.length > 0) {
      problems.push({
        label,
        at,
        rule: `the number${invented.length > 1 ? "s" : ""} ${invented.join(", ")} ${invented.length > 1 ? "are" : "is"} not in the customer's data`,
        quote: around(text, Math.max(0, numberIndex(text, invented[0]!)), invented[0]!.length),
      });
    }
  }

  const seen = new Map<string, number>();
  result.conversationStarters.forEach((starter, i) => {
    const key = starter.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    const first = seen.get(key);
    if (first !== undefined) problems.push({ label: `starter ${i + 1}`, rule: `the same as starter ${first + 1}` });
    else seen.set(key, i);
    // A starter is sent as it reads (issue 30, item 3): a blank to fill ("[their favourite place]") is not a message.
    const blank = /\[[^\]\n]{1,60}\]/.exec(starter);
    if (blank) problems.push({ label: `starter ${i + 1}`, rule: `a blank in square brackets: write a tip instead ("On a place in their photos: “…”")`, quote: around(starter, blank.index, blank[0].length) });
  });

  // Written once (issue 28, item 4): a starter or a guide point names the bio or an answer, never repeats its lines.
  const written = said([result.bio?.optimised ?? "", ...result.prompts.map((p) => p.optimised)], result.prompts.map((p) => p.prompt));
  result.conversationStarters.forEach((s, i) => written.repeats(s) && problems.push({ label: `starter ${i + 1}`, rule: REPEATS, quote: shortened(s) }));
  result.strategyGuide?.sections.forEach((s, i) => {
    const j = s.points.findIndex((p) => written.repeats(p));
    if (j >= 0) problems.push({ label: `guide section ${i + 1}`, at: `point ${j + 1}`, rule: REPEATS, quote: shortened(s.points[j]!) });
  });
  // Says only what happened (issue 28, items 1 and 3): nothing promises a person's later work.
  for (const { label, at, text, kind } of texts) {
    const promise = kind === "analysis" ? PROMISE.exec(text) : null;
    if (promise) problems.push({ label, at, rule: "promises that a person will do something later", quote: around(text, promise.index, promise[0].length) });
  }

  const versions = versionsByModel(result) ? (result.bioVersions?.versions ?? []) : [];
  // Versions differ in tone (issue 30, item 4), by the local analyser's own rule: each opens with its own sentence and
  // has at least one more that an earlier version lacks. An answer set is compared by its answers, not its prompts.
  const bodies = versions.map((v) => (result.bioVersions?.of === "answers" ? answerSetOf(v.text).map((a) => a.answer).join("\n") : v.text));
  versions.forEach((v, i) => {
    const label = `bio version ${i + 1}`;
    const j = bodies.slice(0, i).findIndex((earlier) => !distinctVersion(earlier, bodies[i]!));
    if (j >= 0) {
      const [earlier, later] = [versionSentences(bodies[j]!), versionSentences(bodies[i]!)];
      const rule =
        earlier.join(" ") === later.join(" ")
          ? `the same text as bio version ${j + 1}`
          : earlier[0] === later[0]
            ? `opens with the same sentence as bio version ${j + 1}: open each version with a sentence of its own`
            : `has no sentence besides its opening that bio version ${j + 1} lacks: write at least one more sentence in its own tone`;
      problems.push({
        label,
        rule,
        quote: shortened(bodies[i]!),
        beside: { label: `bio version ${j + 1}`, quote: shortened(bodies[j]!) },
      });
    }
    if (!sharesADetail(v.text, customer)) problems.push({ label, rule: "uses none of the customer's own details", quote: shortened(v.text) });
  });

  // The app shows a fixed number of answers: a suggestion past the free places replaces one, and says which.
  const answered = sources.input.profile.prompts.map((p) => p.prompt);
  const free = Math.max(0, appRules(sources.input.app).promptCount - answered.length);
  result.promptSuggestions?.suggestions.forEach((s, i) => {
    const reason = s.reason.toLowerCase().replace(/[‘’]/g, "'");
    if (i >= free && !answered.some((prompt) => reason.includes(prompt.toLowerCase().replace(/[‘’]/g, "'")))) {
      problems.push({ label: `prompt suggestion ${i + 1}`, rule: "does not say which of the customer's answers it replaces (quote that answer's prompt)", quote: shortened(s.reason) });
    }
  });

  if (result.bio && result.engines.bio.kind === "ai" && !sharesADetail(result.bio.optimised, customer)) {
    problems.push({ label: "bio", rule: "uses none of the customer's own details", quote: shortened(result.bio.optimised) });
  }
  const once = new Map<string, Problem>();
  for (const p of problems) if (!once.has(problemText(p))) once.set(problemText(p), p);
  return [...once.values()].slice(0, 12);
}

const REPEATS = "repeats a line of the bio or an answer; name the part instead";
/** "A writer will…", "our editor will…", "we'll write…": what a note cannot know. */
const PROMISE = /\b(?:writer|editor)s? will\b|\bwe(?:'|’)ll (?:write|rewrite|add|rework)\b|\bby hand\b/i;

/** A year range ("2019-2023", "2019 – 2023") reads as one to a person: never a phone number. */
const YEAR_RANGE = /^(?:19|20)\d\d\s?[-–—]\s?(?:19|20)\d\d$/;

const FORBIDDEN: { rule: string; pattern: RegExp; except?: (match: string) => boolean }[] = [
  { rule: "a link", pattern: /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|co|me|app|ly|gg|dev|xyz|info|biz|link|site|online)\b/gi },
  { rule: "an e-mail address", pattern: /[^\s@]+@[^\s@]+\.[a-z]{2,}/gi },
  { rule: "a social media handle", pattern: /(?:^|\s)@[\p{L}\p{N}_.]{2,}/gu },
  { rule: "a phone number", pattern: /(?:\+|\b)\d(?:[\s().-]{0,2}\d){6,}/g, except: (m) => YEAR_RANGE.test(m.trim()) },
  // `__bold__`, never a blank line of underscores ("My perfect Sunday: ___").
  { rule: "Markdown", pattern: /\*\*|(?<!_)__(?=[^\s_])|\x60|^\s{0,3}#{1,6}\s|^\s*[*+]\s|\[[^\]\n]+\]\([^)\n]*\)/gm },
  { rule: "HTML", pattern: /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi },
];

/** The first match of a global pattern that is not an exception. */
function firstMatch(text: string, pattern: RegExp, except?: (match: string) => boolean): { index: number; length: number } | null {
  for (const m of text.matchAll(pattern)) if (!except?.(m[0])) return { index: m.index, length: m[0].length };
  return null;
}

/** The phrase around a fault: the whole text when short, else about 50 characters either side, cut at spaces. */
function around(text: string, index: number, length: number): string {
  if (text.replace(/\s+/g, " ").trim().length <= QUOTE_MAX) return shortened(text);
  let from = Math.max(0, index - 50);
  let to = Math.min(text.length, index + length + 50);
  const space = text.indexOf(" ", from);
  if (from > 0 && space >= 0 && space < index) from = space + 1;
  const lastSpace = text.lastIndexOf(" ", to);
  if (to < text.length && lastSpace > index + length) to = lastSpace;
  return `${from > 0 ? "…" : ""}${text.slice(from, to).replace(/\s+/g, " ").trim()}${to < text.length ? "…" : ""}`;
}

const QUOTE_MAX = 140;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX - 1).replace(/\s\S*$/, "")}…` : flat;
}

/** "Photo 2", "photos 2 and 3", "Foto 4": the numbers of photos the customer sent are names, not facts. */
function withoutPhotoNames(text: string, photoCount: number): string {
  return text.replace(/\b(?:photos?|fotos?|pictures?|pics?)\s+#?\d+(?:\s*(?:,|&|and|or|to|-|–)\s*#?\d+)*/giu, (ref) =>
    [...ref.matchAll(/\d+/g)].every((n) => Number(n[0]) >= 1 && Number(n[0]) <= photoCount) ? ref.replace(/\d+/g, "") : ref,
  );
}

/** Where a number (as `numbersIn` reads it) first stands in the text; -1 when not found. */
function numberIndex(text: string, n: string): number {
  for (const m of text.replace(/(\d),(\d{3})\b/g, "$1$2").matchAll(/\d+/g)) if (String(Number(m[0])) === n) return m.index;
  return -1;
}

/** profile: shown to matches (numbers only from the customer); guide: may also quote the app facts; analysis: to the customer about their profile (counts and limits allowed). */
type Kind = "profile" | "guide" | "analysis";

function labelledTexts(result: OptimisationResult): { label: string; at?: string; text: string; kind: Kind }[] {
  const out: { label: string; at?: string; text: string; kind: Kind }[] = [];
  const add = (label: string, text: string, kind: Kind, at?: string) => out.push({ label, text, kind, ...(at && { at }) });
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
      add(`guide section ${i + 1}`, s.heading, "guide", "the heading");
      s.points.forEach((point, j) => add(`guide section ${i + 1}`, point, "guide", `point ${j + 1}`));
    });
  }
  return out;
}

/** The model wrote the versions: the bio's (the bio came from it), or on an app without a bio the answer sets (the answers did). */
function versionsByModel(result: OptimisationResult): boolean {
  return (result.bioVersions?.of === "answers" ? result.engines.prompts : result.engines.bio).kind === "ai";
}

/** Every word the answer may build on: the customer's, and on a rerun the text a person released or edited. */
function customerText(input: OptimiserInput): string {
  const base = input.base ? [input.base.bio ?? "", ...input.base.prompts.map((p) => p.response), ...input.base.starters] : [];
  return [ownText(input), ...base].join("\n");
}

/** The customer's own words: their profile, the prompts they chose, and a revision's notes. */
function ownText(input: OptimiserInput): string {
  const fields = Object.values(input.profile).filter((v): v is string => typeof v === "string");
  return [...fields, ...input.profile.prompts.flatMap((p) => [p.prompt, p.response]), input.revisionNotes ?? ""].join("\n");
}

/** Each run of digits: "6'4" is 6 and 4, "2,500" is 2500, "3.5" is 3 and 5. */
function numbersIn(text: string): Set<string> {
  return new Set([...text.replace(/(\d),(\d{3})\b/g, "$1$2").matchAll(/\d+/g)].map((m) => String(Number(m[0]))));
}

/** Seven words in a row from our instructions, or the data markers, in a text means the model echoed us: the echo, else null. */
function echoFinder(instructions: string, boundary: string): (text: string) => string | null {
  const SPAN = 7;
  const spans = new Set<string>();
  const words = wordsOf(instructions);
  for (let i = 0; i + SPAN <= words.length; i++) spans.add(words.slice(i, i + SPAN).join(" "));
  return (text) => {
    if (text.includes(boundary) || /PROFILE DATA/i.test(text)) return "PROFILE DATA";
    const w = wordsOf(text);
    for (let i = 0; i + SPAN <= w.length; i++) {
      const span = w.slice(i, i + SPAN).join(" ");
      if (spans.has(span)) return span;
    }
    return null;
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
