/**
 * Whether the customer writes in English. The elite parts add lines of our own (a closing question, a first-date
 * line) only to English text: an English line in a Spanish bio would read worse than none. One detector for the whole
 * analyser: ../text/language.ts.
 */
import { isEnglish } from "../text/language.ts";

/** True for text that reads as English, and for text too short to tell (a list of interests, a name). */
export function readsAsEnglish(text: string): boolean {
  return isEnglish(text);
}
