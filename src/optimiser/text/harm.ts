/**
 * First, do no harm: the checks an automatic edit must pass before it replaces what the customer wrote. A draft
 * that fails keeps the customer's own text instead (bio.ts, answers.ts).
 */
import { cleanText, findProblems } from "./clean.ts";
import { norm, words } from "./match.ts";
import { splitSentences } from "./sentences.ts";
import { findHook } from "./signals.ts";
import type { Writer } from "./writer.ts";

/** Words cleaning may put in: the plain words for clichés and the subjects of clauses that lost theirs (clean.ts). */
const CLEANING_WORDS = ["trip", "trips", "i", "ive", "im", "was"];

/**
 * Every word of the draft is a whole word the customer wrote or one we added on purpose (`added`: closing lines,
 * wishes, corrections), so no word was cut inside; and no sentence is a one-word fragment of theirs.
 */
export function harmless(w: Writer, draft: string, added: string[]): boolean {
  const allowed = new Set([...words(w.facts.allText), ...words(w.input.revisionNotes ?? ""), ...added.flatMap(words), ...CLEANING_WORDS]);
  if (!words(draft).every((word) => allowed.has(word))) return false;
  const theirs = ` ${norm(w.facts.allText)} `;
  return splitSentences(draft).every((s) => words(s.text).length >= 2 || /[?!]$|\p{Extended_Pictographic}/u.test(s.text) || theirs.includes(` ${norm(s.text)} `));
}

/**
 * The edit must be better than what the customer wrote: fewer of the problems the findings name, a text that fits
 * where theirs did not, or a way to reply where theirs had none; or as good, with their English corrected.
 */
export function better(draft: string, original: string, limit: number): boolean {
  const weaknesses = (text: string) => findProblems(text).length + (text.trim().length > limit ? 10 : 0) + (findHook(text) ? 0 : 1);
  const corrected = cleanText(original).corrected.length > 0;
  return weaknesses(draft) < weaknesses(original) || (corrected && weaknesses(draft) <= weaknesses(original));
}

/**
 * A revision's request answered: the draft has a line the customer asked us to add (their statement, a thing to
 * mention) that the text it starts from lacks, with no new problem. The customer asked for exactly this, so it counts
 * as better, however the rest compares.
 */
export function answersRequest(w: Writer, draft: string, original: string): boolean {
  const asked = [...(w.revision?.stated ?? []), ...(w.revision?.things ?? [])];
  const has = (text: string, line: string) => ` ${norm(text)} `.includes(` ${norm(line)} `);
  const added = asked.filter((line) => has(draft, line) && !has(original, line));
  return added.length > 0 && findProblems(draft).length <= findProblems(original).length;
}
