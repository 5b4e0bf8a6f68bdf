/**
 * Splitting the customer's text into sentences and clauses, keeping positions so removals never touch the words
 * around them. Bios are often lists without full stops, so line breaks and bullets end a sentence too.
 */
import type { Span } from "./match.ts";

export interface Piece extends Span {
  text: string;
}

/** Words before a full stop that do not end a sentence ("St. Mary's", "Dr. Who", "6 ft. tall"). */
const ABBREVIATIONS = new Set(["st", "dr", "mr", "mrs", "ms", "mt", "vs", "etc", "ft", "approx", "no", "jr", "sr", "prof"]);

/** The letters just before position `at` (the word a full stop ends), read backwards: no copy of the text before it. */
function letterRunBefore(text: string, at: number): string {
  let from = at;
  while (from > 0) {
    // A letter outside the Basic Multilingual Plane is two code units: step over the pair.
    const pair = from >= 2 && /[\uDC00-\uDFFF]/.test(text[from - 1]!) && /[\uD800-\uDBFF]/.test(text[from - 2]!);
    const ch = pair ? text.slice(from - 2, from) : text[from - 1]!;
    if (!/^\p{L}$/u.test(ch)) break;
    from -= ch.length;
  }
  return text.slice(from, at);
}

export function splitSentences(text: string): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) pieces.push({ start: start + lead, end: start + lead + trimmed.length, text: trimmed });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n" || ch === "•" || ch === "|" || ch === "·") {
      push(i);
      start = i + 1;
      continue;
    }
    if (ch === "." || ch === "!" || ch === "?" || ch === "…") {
      let end = i + 1;
      while (end < text.length && /[.!?…"”')\]]/.test(text[end]!)) end++;
      const atBoundary = end === text.length || /\s/.test(text[end]!);
      const before = letterRunBefore(text, i);
      const abbreviation = ch === "." && (ABBREVIATIONS.has(before.toLowerCase()) || /^\p{Lu}$/u.test(before));
      if (atBoundary && !abbreviation) {
        push(end);
        start = end;
      }
      i = end - 1;
    }
  }
  push(text.length);
  return pieces;
}

/** Where one clause ends and the next begins: commas, semicolons, dashes, brackets and joining words. */
const CLAUSE_BREAK = /\s*(?:[,;]|:(?!-?[)(DPp3])|(?<![:;]-?)[()]|\s[-–—]\s|[–—]|\s(?:and|but|&|\+|plus|so|or)\s)\s*/giu;

export interface Clause extends Piece {
  /** The separator text that came before this clause in the sentence ("" for the first). */
  before: string;
}

export function splitClauses(sentence: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  let before = "";
  for (const m of sentence.matchAll(CLAUSE_BREAK)) {
    const end = m.index;
    if (end > start) clauses.push({ start, end, text: sentence.slice(start, end), before });
    before = m[0];
    start = end + m[0].length;
  }
  if (start < sentence.length) clauses.push({ start, end: sentence.length, text: sentence.slice(start), before });
  return clauses;
}

/** An emoticon typed with punctuation: ":)", ";-)", ":D", ":P". */
export const EMOTICON = /(?:^|\s)[:;]-?[)(DPp3]$/u;

export function endsSentence(text: string): boolean {
  const end = text.trimEnd();
  return /[.!?…]["”')\]]*$/u.test(end) || /\p{Extended_Pictographic}\uFE0F?$/u.test(end) || EMOTICON.test(end);
}

export function capitalise(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const ch = String.fromCodePoint(first);
  return ch.toUpperCase() + text.slice(ch.length);
}

/** A sentence as it should stand alone: capital first letter, final punctuation. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  return capitalise(endsSentence(trimmed) ? trimmed : `${trimmed}.`);
}

/**
 * Punctuation scars of removed words mended: a comma or dash left before a full stop (",." → "."), a full stop
 * after a question mark or a second full stop ("?." and ". ." → one mark), doubled commas and spaces.
 */
export function tidy(text: string): string {
  return text
    .replace(/\s*[,;:–—-]+\s*([.!?…])/gu, "$1")
    .replace(/([!?…])\s*\.(?!\.)/gu, "$1")
    .replace(/(?<!\.)\.(?:\s*\.(?!\.))+/gu, ".")
    .replace(/,(?:\s*,)+/gu, ",")
    .replace(/[ \t]{2,}/gu, " ")
    .trim();
}

/** Each sentence after a full stop, question or exclamation mark starts with a capital ("…badly. at the gym" reads "…badly. At the gym"). */
export function capitaliseSentences(text: string): string {
  // An emoji or a bracket may stand before the first letter ("… 🎷 jazz on Sundays").
  return text.replace(/([.!?…]["”')\]]*\s+)([^\p{L}\p{N}\s]*\s*)(\p{Ll})/gu, (whole, gap: string, lead: string, letter: string, offset: number) => {
    const before = /([\p{L}]+)$/u.exec(text.slice(0, offset))?.[1] ?? "";
    const abbreviation = text[offset] === "." && (ABBREVIATIONS.has(before.toLowerCase()) || /^\p{L}$/u.test(before));
    return abbreviation ? whole : gap + lead + letter.toUpperCase();
  });
}
