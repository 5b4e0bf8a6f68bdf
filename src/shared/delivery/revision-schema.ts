/** A revision request's notes: one schema for POST /api/profiles/:id/revision-request and the results page's form post. */
import { z } from "zod";
import { REVISION_MESSAGES, REVISION_NOTES } from "./revision-rules.ts";

export { REVISION_NOTES } from "./revision-rules.ts";

export const revisionRequestSchema = z.object({
  notes: z.string(REVISION_MESSAGES.missing).trim().min(REVISION_NOTES.min, REVISION_MESSAGES.tooShort).max(REVISION_NOTES.max, REVISION_MESSAGES.tooLong),
});
