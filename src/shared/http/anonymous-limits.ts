import { CONTACT_RATE_LIMIT } from "../contact/limits.ts";

// Plain data, imported by the privacy policy in the browser too; the middleware is src/http/rate-limit.ts.

export interface Limit {
  max: number;
  windowMs: number;
}

const HOUR = 60 * 60 * 1000;

/**
 * The limits of every anonymous write, and of the reads behind the payment pages (each may ask the payment provider),
 * per client address (src/http/client-address.ts) and per route, before `RATE_LIMIT_SCALE`. Each is several times what one customer needs, even one who retries after mistakes (every
 * attempt counts, valid or not), and low enough that one client cannot fill the disk, the support inbox or our
 * Stripe quota. The longest window (an hour) is also how long an address is held in memory.
 */
export const ANONYMOUS_LIMITS = {
  // One submission per customer, a few more after a refused photo; each may store six photos (about 5 MB).
  profiles: { max: 10, windowMs: HOUR },
  // One order per profile (asked again, the same order is answered), plus changes of plan.
  orders: { max: 20, windowMs: HOUR },
  // Each creates (or hands back) a session at the payment provider: opening checkout again, a second tab, a retry.
  checkout: { max: 20, windowMs: HOUR },
  // The manual card form: a declined test card and a retry or two.
  processOrder: { max: 10, windowMs: HOUR },
  contact: CONTACT_RATE_LIMIT,
  // A plan has at most two revisions; each one e-mails support.
  revisionRequest: { max: 5, windowMs: HOUR },
  // The local provider's card form: typos and the declined test card.
  localPay: { max: 20, windowMs: HOUR },
  // The success page verifies on every load (and the order forms after payment once); each may ask the payment
  // provider and write. Reloads, a second tab and a look back later stay far below.
  verifyPayment: { max: 30, windowMs: HOUR },
  // The local provider's checkout page reads its session on every load.
  localCheckout: { max: 30, windowMs: HOUR },
  // A customer's own data (src/api/privacy.ts): a download or two, an erasure, and typos in the confirming address;
  // each wrong address counts, so guessing one for a known link stops quickly.
  dataExport: { max: 10, windowMs: HOUR },
  erasure: { max: 5, windowMs: HOUR },
  // The measured outcome (src/api/outcomes.ts): the before answer changed a few times, "I've updated my profile", the
  // follow-up form saved and corrected, an opt-out.
  outcomeAnswer: { max: 30, windowMs: HOUR },
} satisfies Record<string, Limit>;

/** The longest time any anonymous limit holds an address in memory. */
export const LONGEST_LIMIT_WINDOW_MS = Math.max(...Object.values(ANONYMOUS_LIMITS).map((l) => l.windowMs));
