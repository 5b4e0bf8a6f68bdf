import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../email.ts";

/**
 * The contact form's rules (spec section 5), shared by the form in the browser and by POST /api/contact,
 * so both give the same message for the same mistake. Upper limits keep one message a reasonable e-mail.
 */
export const CONTACT_MESSAGE_MAX = 5000;

export const contactSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name must be at most 100 characters"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name must be at most 100 characters"),
  email: z
    .string({ error: (issue) => (issue.input === undefined ? "Email is required" : undefined) })
    .trim()
    .min(1, "Email is required").max(MAX_EMAIL_LENGTH, "Please enter a valid email address").email("Please enter a valid email address"),
  subject: z.string().trim().min(1, "Subject is required").max(200, "Subject must be at most 200 characters"),
  message: z
    .string()
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  /** The honeypot: hidden from people and screen readers, so only bots fill it in. */
  website: z.string().max(500).optional(),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const HONEYPOT_FIELD = "website";

/** Five messages per ten minutes per address: more than a person writes, too few to flood the support inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
