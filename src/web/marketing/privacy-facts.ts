import { LOGIN_THROTTLE } from "../../admin/throttle.ts";
import { CONTACT_RATE_LIMIT } from "../../contact/schema.ts";
import { LONGEST_LIMIT_WINDOW_MS } from "../../http/anonymous-limits.ts";
import { UNPAID_PROFILE_HOURS } from "../../payments/unpaid-retention.ts";
import type { PublicConfig } from "../public-config.ts";

/**
 * What this software does with personal data, in one place: the privacy policy reads these lists, and each line
 * must stay true of the code. Change the code, change the line.
 *
 * - stored: the tables of src/db/schema.ts (profiles, photos, orders, contact_messages) and the photo files;
 *   photos are re-encoded by sharp on upload, which drops EXIF (GPS included).
 * - not stored: the request log writes method, path, status and duration only (src/app.ts); the contact rate limit
 *   keeps addresses in memory for its window (CONTACT_RATE_LIMIT), the other anonymous limits for theirs
 *   (src/http/anonymous-limits.ts); card numbers go from the browser to Stripe.
 * - processors: derived from this installation's configuration (public-config.ts): Stripe when it is the payment
 *   provider, the SMTP server of SMTP_URL, the OpenAI-compatible API of OPENAI_BASE_URL only when a key is set (photos
 *   only with OPENAI_VISION=true); otherwise the local analyser runs on our server.
 * - retention: a profile never paid for is deleted with its photos after UNPAID_PROFILE_HOURS at most
 *   (src/payments/unpaid-profiles.ts; the setting cannot exceed it); everything else is kept until the customer asks.
 */

export interface DataFact {
  what: string;
  why: string;
}

export const STORED_DATA: readonly DataFact[] = [
  { what: "Your e-mail address", why: "to send you your optimised profile and to answer your questions" },
  {
    what: "The profile text you submit (bio, prompts and answers, job title, education, interests and the other fields of the form)",
    why: "to analyse and rewrite your profile",
  },
  {
    what: "Your photos, re-encoded when you upload them, which removes their hidden metadata (EXIF, including GPS location)",
    why: "to select, order and comment on them; they are kept on our server and never published",
  },
  { what: "Your order: plan, amount, status and the payment provider's reference for the payment", why: "to know what you paid for and to match the payment to your order" },
  { what: "The optimised profile and recommendations we prepare, and when we e-mailed them", why: "so you can view your results and ask for a revision" },
  { what: "Messages you send through the contact form (name, e-mail address, subject and message)", why: "to answer you" },
];

const CARD_DETAILS = {
  stripe: "Card numbers and other card details: they go straight from your browser to our payment provider and never touch our server.",
  // The built-in test provider (PAYMENT_PROVIDER=local) takes no real payments; its page posts the test card number here.
  local:
    "Card numbers: this site runs in test mode and takes no real payments. The test card number you type on its checkout page is checked by our server to pick the test outcome and is never stored or logged; real card numbers are refused.",
} as const;

/** What we do not keep; the card line depends on which payment provider this installation runs. */
export function notStored(paymentProvider: keyof typeof CARD_DETAILS): readonly string[] {
  return [CARD_DETAILS[paymentProvider], ...NOT_STORED_ALWAYS];
}

const RATE_LIMIT_MINUTES = CONTACT_RATE_LIMIT.windowMs / 60_000;
const OTHER_LIMITS_MINUTES = LONGEST_LIMIT_WINDOW_MS / 60_000;
const LOGIN_THROTTLE_MINUTES = LOGIN_THROTTLE.windowMs / 60_000;

const NOT_STORED_ALWAYS: readonly string[] = [
  `Your IP address: our server logs record only which page or API was requested, the result and how long it took. To stop abuse of the contact form, the address a message came from is held in memory for ${RATE_LIMIT_MINUTES} minutes and never written down. To stop abuse of uploads, orders and payments, the address a request came from is held in memory the same way for up to ${OTHER_LIMITS_MINUTES} minutes; the address of a failed administrator sign-in is held the same way for ${LOGIN_THROTTLE_MINUTES} minutes.`,
  "No account or password: customers do not sign up.",
];

export interface Processor {
  name: string;
  role: string;
  data: string;
  when: string;
}

/** The services that handle customers' data on this installation, named as its configuration names them. */
export function processors({ paymentProvider, processors: configured }: Pick<PublicConfig, "paymentProvider" | "processors">): Processor[] {
  const list: Processor[] = [];
  if (paymentProvider === "stripe") {
    list.push({
      name: "Stripe",
      role: "card payments",
      data: "your card details (entered on Stripe's own form), the amount and your order reference",
      when: "when you pay by card",
    });
  }
  if (configured.mailHost) {
    list.push({
      name: `Our e-mail provider (${configured.mailHost})`,
      role: "delivering e-mail",
      data: "the e-mails we send you and the messages you send us through the contact form",
      when: "whenever an e-mail is sent",
    });
  }
  if (configured.ai) {
    list.push({
      name: aiProviderName(configured.ai.host),
      role: "analysing profiles with AI",
      data: configured.ai.photos ? "the profile text and the photos you submit" : "the profile text you submit (never your photos)",
      when: "when your profile is analysed",
    });
  }
  return list;
}

/** The well-known hosts by their company's name; a self-hosted server by its address. */
function aiProviderName(host: string): string {
  if (host === "api.openai.com") return "OpenAI";
  return `Our AI server (${host})`;
}

/** What the policy says when no outside service is involved (a test installation). */
export const NO_PROCESSORS =
  "On this installation no outside service receives your data: payments run in test mode, e-mails stay on our server and your profile is analysed on our server.";

export const RETENTION = `A profile that is never paid for is deleted, with its photos, within ${UNPAID_PROFILE_HOURS} hours of being sent. Once you have paid, we keep your data until you ask us to delete it, so your results stay available to you.`;

export const BROWSER_STORAGE: readonly string[] = [
  "We set no cookies for customers and use no analytics or advertising trackers.",
  "Your theme choice (light, dark or system) is saved in your browser's local storage and never sent to us.",
  "If you pay before sending your profile, your order number and plan are kept in your browser's local storage until the profile form reads them, then removed.",
  "Administrators who sign in get one session cookie, which is needed for signing in and is not used for anything else.",
  "When you pay by card on our site, Stripe's payment form may set its own cookies to prevent fraud; Stripe's privacy policy covers them.",
];
