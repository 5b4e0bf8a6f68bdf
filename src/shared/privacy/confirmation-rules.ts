/**
 * The address a customer types to reach their own data: its rule and words without zod, for the results page's Your
 * Data (issue 31's budget); confirmationSchema (confirmation.ts, the API's) is built from the same words.
 */
import { MAX_EMAIL_LENGTH } from "../email.ts";

export const CONFIRMATION_MESSAGES = {
  empty: "Please type the e-mail address your results were sent to.",
  tooLong: `That is not an e-mail address: it is longer than ${MAX_EMAIL_LENGTH} characters.`,
} as const;

/** What is wrong with the address typed (trimmed, as the server reads it), or undefined. */
export function confirmationProblem(email: string): string | undefined {
  // Counted as zod counts a string: by code point.
  const length = [...email.trim()].length;
  if (length < 1) return CONFIRMATION_MESSAGES.empty;
  if (length > MAX_EMAIL_LENGTH) return CONFIRMATION_MESSAGES.tooLong;
  return undefined;
}
