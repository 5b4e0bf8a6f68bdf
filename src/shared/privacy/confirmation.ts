/**
 * What a customer types to reach their own data (export, erasure): the e-mail address the profile was sent with. One
 * schema for the results page's form and the API (src/api/privacy.ts); the results page checks with the
 * same words without zod (confirmation-rules.ts).
 * The address is not checked for form here: whatever does not match the stored one is refused as not matching.
 */
import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../email.ts";
import { CONFIRMATION_MESSAGES } from "./confirmation-rules.ts";

export const confirmationSchema = z.object({
  email: z
    .string({ error: (issue) => (issue.input === undefined ? "email is required" : "email must be the e-mail address, as text") })
    .trim()
    .min(1, CONFIRMATION_MESSAGES.empty)
    .max(MAX_EMAIL_LENGTH, CONFIRMATION_MESSAGES.tooLong),
});
