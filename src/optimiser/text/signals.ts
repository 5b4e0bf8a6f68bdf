/**
 * What a piece of text shows a match: concrete details (numbers, names, particular activities), a hook (a question,
 * an invitation, an opinion) and humour. Used both to judge the customer's text and to choose what a rewrite leads with.
 */
import { containsAny, words } from "./match.ts";
import { GENERIC_WORDS, HUMOUR, HUMOUR_EMOJI, INVITATIONS, OPINIONS } from "./phrases.ts";
import { splitSentences } from "./sentences.ts";

const SELF = new Set(["I", "I'm", "I’m", "I'd", "I’d", "I've", "I’ve", "I'll", "I’ll", "OK", "Ok"]);

/** Capitalised words that are not at the start of a sentence: names of places, people, bands, brands. */
function properNouns(text: string): string[] {
  const letters = text.replace(/[^\p{L}]/gu, "");
  // Shouting or all-lowercase text carries no signal in its capitals.
  if (!letters || letters === letters.toUpperCase() || letters === letters.toLowerCase()) return [];
  const found: string[] = [];
  for (const sentence of splitSentences(text)) {
    const tokens = sentence.text.split(/\s+/);
    tokens.forEach((raw, i) => {
      const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, "");
      if (i === 0 || !token || SELF.has(token)) return;
      if (/^\p{Lu}/u.test(token) && !GENERIC_WORDS.has(token.toLowerCase().replace(/['’]/g, ""))) found.push(token);
    });
  }
  return found;
}

/** Words that are neither function words nor generic ("fun", "music", "travel"). */
function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length >= 3 && !/^\d/.test(w) && !GENERIC_WORDS.has(w));
}

interface Specifics {
  numbers: string[];
  names: string[];
  details: string[];
}

// A rewrite ranks each sentence against its siblings many times over: what a text shows is worked out once, and, as
// with the normalised texts in match.ts, only a few profiles' worth is kept.
const known = new Map<string, Specifics>();
const KNOWN_MAX = 512;

function specifics(text: string): Specifics {
  const seen = known.get(text);
  if (seen) return seen;
  const found = {
    numbers: words(text).filter((w) => /\d/.test(w)),
    names: properNouns(text),
    details: contentWords(text),
  };
  if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
  known.set(text, found);
  return found;
}

/** How concrete a text is; names and numbers count double, since they are the details people remember. */
export function specificity(text: string): number {
  const s = specifics(text);
  return 2 * s.numbers.length + 2 * s.names.length + new Set(s.details).size;
}

export function isSpecific(text: string): boolean {
  const s = specifics(text);
  return s.numbers.length > 0 || s.names.length > 0 || new Set(s.details).size >= 2;
}

export interface Hook {
  kind: "question" | "invitation" | "opinion";
  /** The customer's words that make it a hook. */
  phrase: string;
}

export function findHook(text: string): Hook | null {
  const question = splitSentences(text).find((s) => s.text.includes("?"));
  if (question) return { kind: "question", phrase: question.text };
  // Quoted as the whole sentence, which is what the customer will recognise.
  const sentenceWith = (phrase: string) => splitSentences(text).find((s) => s.text.includes(phrase))?.text ?? phrase;
  const invitation = containsAny(text, INVITATIONS);
  if (invitation) return { kind: "invitation", phrase: sentenceWith(invitation) };
  const opinion = containsAny(text, OPINIONS);
  if (opinion) return { kind: "opinion", phrase: sentenceWith(opinion) };
  return null;
}

export function findHumour(text: string): string | null {
  return containsAny(text, HUMOUR) ?? HUMOUR_EMOJI.find((e) => text.includes(e)) ?? null;
}

/**
 * Text written for a machine rather than a person: markup, template syntax, SQL, instructions to a model. It is
 * harmless here (everything stays plain text) but it is not part of anyone's dating profile, so a rewrite leaves it
 * out and nothing is built on it.
 */
const MACHINE_TEXT = [
  /<script\b[\s\S]*?<\/script\s*>/giu,
  /<\/?[a-z][^<>]*>/giu,
  /\{\{[\s\S]*?\}\}/gu,
  /['"]?\s*;\s*(?:drop|delete|insert|update|select)\b[^.!?\n]*/giu,
  /\bignore (?:all )?(?:previous|prior|above|earlier) instructions\b[^.!?\n]*[.!?]?["”]?/giu,
  /\bjavascript:\S*/giu,
];

/** The machine-text fragments in a text, in order. */
export function machineText(text: string): string[] {
  return MACHINE_TEXT.flatMap((re) => [...text.matchAll(re)].map((m) => m[0].trim())).filter(Boolean);
}

export function withoutMachineText(text: string): string {
  return MACHINE_TEXT.reduce((t, re) => t.replace(re, " "), text)
    // A space before punctuation goes, but not before an emoticon (":)" keeps its space: "Hey :)").
    .replace(/\s+([,.!?;:])(?!-?[)(DPp3])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,;:.&-]+/u, "")
    .trim();
}

/** A sentence that complains or rules something out, even when no listed phrase matches: never the lead, never praised. */
const NEGATIVE_SIGNS = /\b(?:hate|hates|can'?t stand|cannot stand|don'?t like|do not like|not a fan of|not into|sick of|tired of|fed up|annoys?|annoying|pet peeves?|deal ?breakers?|red flags?|the ick|worst)\b/iu;

export function soundsNegative(text: string): boolean {
  return NEGATIVE_SIGNS.test(text.replace(/[’]/g, "'"));
}
