/**
 * The measured outcome's questions (issue 32): one set of rules for the results page's "before" widget, the follow-up
 * form (drawn on the server, posted without JavaScript) and the routes that store the answers (src/api/outcomes.ts).
 */
import { z } from "zod";
import { MATCHES_RULE, MAX_MATCHES } from "./questions.ts";

export { AFTER_QUESTION, BEFORE_QUESTION, MATCHES_RULE, MAX_MATCHES, RATHER_NOT_SAY } from "./questions.ts";

const matches = z.number(MATCHES_RULE).int(MATCHES_RULE).min(0, MATCHES_RULE).max(MAX_MATCHES, MATCHES_RULE);

/** PUT /api/profiles/:id/outcome/before: a number, or null for "I'd rather not say". */
export const beforeAnswerSchema = z.object({ matches: matches.nullable() }).strict();
export type BeforeAnswer = z.infer<typeof beforeAnswerSchema>;

/** The parts of a result a customer may have used, in the order the form lists them. */
export const OUTCOME_PARTS = ["bio", "photo_order", "prompt_answers", "starters"] as const;
export type OutcomePart = (typeof OUTCOME_PARTS)[number];
export const OUTCOME_PART_LABELS: Record<OutcomePart, string> = {
  bio: "The new bio",
  photo_order: "The photo order",
  prompt_answers: "The prompt answers",
  starters: "The conversation starters",
};

/** Elite's three bio versions (src/shared/optimiser/result.ts BIO_TONES), a mix of them, or none. */
export const BIO_VERSION_CHOICES = ["warm", "playful", "direct", "mixed", "none"] as const;
export type BioVersionChoice = (typeof BIO_VERSION_CHOICES)[number];
export const BIO_VERSION_LABELS: Record<BioVersionChoice, string> = {
  warm: "The warm version",
  playful: "The playful version",
  direct: "The direct version",
  mixed: "A mix of them",
  none: "None of them",
};

export const COMMENT_MAX = 2000;
const RATING_RULE = "Please choose a rating from 1 to 5";

/**
 * The follow-up form's answer as the server reads it from the posted form: every value arrives as text (a
 * checkbox group as a list), so numbers are read from text here and the messages name what to fix.
 */
export const afterAnswerSchema = z.object({
  matches: z
    .string(MATCHES_RULE)
    .trim()
    .regex(/^\d{1,3}$/, MATCHES_RULE)
    .transform(Number),
  parts: z.array(z.enum(OUTCOME_PARTS, "Please choose only the parts listed")).max(OUTCOME_PARTS.length).default([]),
  bio_version: z.enum(BIO_VERSION_CHOICES, "Please choose one of the bio versions listed").optional(),
  rating: z
    .string(RATING_RULE)
    .regex(/^[1-5]$/, RATING_RULE)
    .transform(Number),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, `Please keep your comment under ${COMMENT_MAX.toLocaleString("en-US")} characters`)
    .default(""),
});
export type AfterAnswer = z.output<typeof afterAnswerSchema>;
