/**
 * What every rewriter of one run knows: the input, the app's rules, the customer's facts, the revision request and
 * the voice to write in. Read-only: a rewriter that needs another's output (the answers need the bio) takes it as an
 * argument, so the order of the calls in analyse.ts is the order of the data, not a hidden rule.
 */
import type { AppRules } from "../../shared/optimiser/apps.ts";
import type { OptimiserInput } from "../input.ts";
import type { Facts } from "./facts.ts";
import { detectLanguage, isEnglish, type Language } from "./language.ts";
import type { Revision, Tone } from "./revision.ts";
import { capitaliseSentences, tidy } from "./sentences.ts";

export interface Writer {
  readonly input: OptimiserInput;
  readonly rules: AppRules;
  readonly facts: Facts;
  readonly revision: Revision | null;
  readonly tone: Tone;
  /** The customer writes in lowercase, so our lines do too. */
  readonly lowercase: boolean;
  /** The language the customer writes in (language.ts): the analyser's rules and lines are English only. */
  readonly language: Language;
}

/** Is this text of theirs English (a text too short to tell is in the profile's language)? Only English text gets our edits. */
export function inEnglish(w: Pick<Writer, "language">, text: string | null | undefined): boolean {
  return isEnglish(text ?? "", w.language);
}

/** The name of the language a text of theirs is in, for the notes and the writer ("German"). */
export function languageName(w: Pick<Writer, "language">, text: string): string {
  return (detectLanguage(text) ?? w.language).name;
}

/** A finished text in the customer's voice: scars mended, and a capital after each full stop unless they write in lowercase. */
export function inVoice(w: Writer, text: string): string {
  const mended = tidy(text);
  return w.lowercase ? mended.toLowerCase() : capitaliseSentences(mended);
}
