/**
 * How long a profile that was never paid for is kept (hours), the default and the most UNPAID_PROFILE_HOURS may
 * set: the privacy policy promises it (src/web/marketing/privacy-facts.ts). Plain data, read by the browser too.
 */
export const UNPAID_PROFILE_HOURS = 48;
