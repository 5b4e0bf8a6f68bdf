/**
 * The longest e-mail address we take, wherever one is typed (the order forms, checkout, the contact form, Your Data,
 * the admin's erasure and search): 254 characters, the most an address can have and still be delivered (RFC 5321's
 * 256-octet path less its angle brackets).
 */
export const MAX_EMAIL_LENGTH = 254;
