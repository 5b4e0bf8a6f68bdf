/**
 * The measured outcome's "before" question (issue 32): its words and its rule, for the results page's widget and
 * PUT /api/profiles/:id/outcome/before. zod/mini, as the browser holds it (the follow-up form's rules, read on the
 * server only, are in answers.ts).
 */
import * as z from "zod/mini";

/** Matches in 7 days, before and after: a whole number from 0 to this. */
export const MAX_MATCHES = 999;

export const BEFORE_QUESTION = "Roughly how many matches did you get in the last 7 days, before using this?";
export const RATHER_NOT_SAY = "I'd rather not say";

export const MATCHES_RULE = `Please enter a whole number from 0 to ${MAX_MATCHES}`;

/** A number, or null for "I'd rather not say". */
export const beforeAnswerSchema = z.strictObject({
  matches: z.nullable(z.int(MATCHES_RULE).check(z.minimum(0, MATCHES_RULE), z.maximum(MAX_MATCHES, MATCHES_RULE))),
});
export type BeforeAnswer = z.infer<typeof beforeAnswerSchema>;
