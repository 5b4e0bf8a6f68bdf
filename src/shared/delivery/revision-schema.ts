/**
 * A revision request's notes: one schema for the results page's form and POST /api/profiles/:id/revision-request
 * (and the page's own form post without JavaScript). zod/mini, as the contact form's: the browser holds it.
 */
import * as z from "zod/mini";

export const REVISION_NOTES = { min: 10, max: 2000 } as const;

export const revisionRequestSchema = z.object({
  notes: z
    .string("Please describe what you would like changed")
    .check(
      z.trim(),
      z.minLength(REVISION_NOTES.min, `Please describe what you would like changed in at least ${REVISION_NOTES.min} characters`),
      z.maxLength(REVISION_NOTES.max, `Please keep your request under ${REVISION_NOTES.max.toLocaleString("en-US")} characters`),
    ),
});
