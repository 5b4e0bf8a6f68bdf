import * as z from "zod/mini";
import { MAX_EMAIL_LENGTH } from "../email.ts";
import { CONTACT_MESSAGE_MAX } from "./limits.ts";

export { CONTACT_MESSAGE_MAX, CONTACT_RATE_LIMIT, HONEYPOT_FIELD } from "./limits.ts";

/**
 * The contact form's rules (spec section 5), shared by the form in the browser and by POST /api/contact,
 * so both give the same message for the same mistake. Upper limits keep one message a reasonable e-mail.
 * Written with zod/mini (the same checks and messages, about 5 KB in the browser where classic zod is 23 KB): the
 * contact page's island has a 70 KB budget (issue 22). The form fetches it when first used (decision 147).
 */

/** A trimmed string between `min` and `max` characters, with the message for each side. */
const trimmed = (min: number, tooShort: string, max: number, tooLong: string) => z.string().check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, tooLong));

export const contactSchema = z.object({
  firstName: trimmed(1, "First name is required", 100, "First name must be at most 100 characters"),
  lastName: trimmed(1, "Last name is required", 100, "Last name must be at most 100 characters"),
  email: z
    .string({ error: (issue) => (issue.input === undefined ? "Email is required" : undefined) })
    .check(z.trim(), z.minLength(1, "Email is required"), z.maxLength(MAX_EMAIL_LENGTH, "Please enter a valid email address"), z.email("Please enter a valid email address")),
  subject: trimmed(1, "Subject is required", 200, "Subject must be at most 200 characters"),
  message: trimmed(10, "Message must be at least 10 characters", CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  /** The honeypot: hidden from people and screen readers, so only bots fill it in. */
  website: z.optional(z.string().check(z.maxLength(500))),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
