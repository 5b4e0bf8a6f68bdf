/**
 * Whether the customer writes in English. The elite parts add lines of our own (a closing question, a first-date
 * line) only to English text: an English line in a Spanish bio would read worse than none.
 */
import { words } from "../text/match.ts";

/** Words nearly every English text of a few sentences contains, and few texts in other languages do. */
const ENGLISH = new Set(
  "the a an and or but i i'm im my me you your to of in on at for with is are am was it that this be have has do don't dont not so if when what who love like just".split(
    " ",
  ),
);

/** True for text that reads as English, and for text too short to tell (a list of interests, a name). */
export function readsAsEnglish(text: string): boolean {
  const all = words(text).filter((w) => /\p{L}/u.test(w));
  if (all.length < 6) return true;
  return all.filter((w) => ENGLISH.has(w)).length / all.length >= 0.1;
}
