/** A revision request's notes: one schema for the results page's form and POST /api/profiles/:id/revision-request. */
import { z } from "zod";

export const REVISION_NOTES = { min: 10, max: 2000 } as const;

export const revisionRequestSchema = z.object({
  notes: z
    .string("Please describe what you would like changed")
    .trim()
    .min(REVISION_NOTES.min, `Please describe what you would like changed in at least ${REVISION_NOTES.min} characters`)
    .max(REVISION_NOTES.max, `Please keep your request under ${REVISION_NOTES.max.toLocaleString("en-US")} characters`),
});
