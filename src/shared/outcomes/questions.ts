/**
 * The measured outcome's words and the "before" answer's rule without zod, for the results page's question (issue
 * 31's budget); answers.ts builds the API's schemas from them.
 */

/** Matches in 7 days, before and after: a whole number from 0 to this. */
export const MAX_MATCHES = 999;

export const BEFORE_QUESTION = "Roughly how many matches did you get in the last 7 days, before using this?";
export const AFTER_QUESTION = "Roughly how many matches did you get in the last 7 days?";
export const RATHER_NOT_SAY = "I'd rather not say";

export const MATCHES_RULE = `Please enter a whole number from 0 to ${MAX_MATCHES}`;

/** What is wrong with a number of matches as typed (a whole number from 0 to MAX_MATCHES), or undefined. */
export function matchesProblem(text: string): string | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) <= MAX_MATCHES ? undefined : MATCHES_RULE;
}
