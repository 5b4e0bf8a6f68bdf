/**
 * What every rewriter of one run knows: the input, the app's rules, the customer's facts, the revision request and
 * the voice to write in. Read-only: a rewriter that needs another's output (the answers need the bio) takes it as an
 * argument, so the order of the calls in analyse.ts is the order of the data, not a hidden rule.
 */
import type { AppRules } from "../../shared/optimiser/apps.ts";
import type { OptimiserInput } from "../input.ts";
import type { Facts } from "./facts.ts";
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
}

/** A finished text in the customer's voice: scars mended, and a capital after each full stop unless they write in lowercase. */
export function inVoice(w: Writer, text: string): string {
  const mended = tidy(text);
  return w.lowercase ? mended.toLowerCase() : capitaliseSentences(mended);
}
