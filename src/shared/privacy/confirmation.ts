/**
 * What a customer types to reach their own data (export, erasure): the e-mail address the profile was sent with. One
 * schema for the results page's form and the API (src/api/privacy.ts); zod/mini, as the browser holds it.
 * The address is not checked for form here: whatever does not match the stored one is refused as not matching.
 */
import * as z from "zod/mini";
import { MAX_EMAIL_LENGTH } from "../email.ts";

export const confirmationSchema = z.object({
  email: z
    .string({ error: (issue) => (issue.input === undefined ? "email is required" : "email must be the e-mail address, as text") })
    .check(
      z.trim(),
      z.minLength(1, "Please type the e-mail address your results were sent to."),
      z.maxLength(MAX_EMAIL_LENGTH, `That is not an e-mail address: it is longer than ${MAX_EMAIL_LENGTH} characters.`),
    ),
});
