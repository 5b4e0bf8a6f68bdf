/**
 * The contact form's limits, apart from its schema (schema.ts), so the form draws its fields without loading zod,
 * which it fetches only when the form is first used (decision 147).
 */
export const CONTACT_MESSAGE_MAX = 5000;

export const HONEYPOT_FIELD = "website";

/** Five messages per ten minutes per address: more than a person writes, too few to flood the support inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
