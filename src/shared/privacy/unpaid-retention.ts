/**
 * How long a profile that was never paid for is kept (hours), the default and the most UNPAID_PROFILE_HOURS may
 * set: the privacy policy promises it (src/web/marketing/privacy-facts.ts). Plain data, read by the browser too.
 */
export const UNPAID_PROFILE_HOURS = 48;

/** How often the pass that deletes them runs (src/background.ts): a profile may outlive its hours by this much. */
export const HOUSEKEEPING_INTERVAL_HOURS = 1;

/**
 * The policy's promise: deleted within this many hours of being sent, or of the last attempt to pay for it (a
 * customer on the payment page keeps their profile, so a payment in progress never finds it gone).
 */
export const UNPAID_PROFILE_DELETED_WITHIN_HOURS = UNPAID_PROFILE_HOURS + HOUSEKEEPING_INTERVAL_HOURS;
