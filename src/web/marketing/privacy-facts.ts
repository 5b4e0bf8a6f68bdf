import { LOGIN_THROTTLE } from "../../shared/admin/login-throttle.ts";
import { CONTACT_RATE_LIMIT } from "../../shared/contact/limits.ts";
import { LONGEST_LIMIT_WINDOW_MS } from "../../shared/http/anonymous-limits.ts";
import { UNPAID_PROFILE_DELETED_WITHIN_HOURS } from "../../shared/privacy/unpaid-retention.ts";
import type { RetentionPeriods } from "../../shared/privacy/periods.ts";
import type { PublicConfig } from "../public-config.ts";

/**
 * What this software does with personal data, in one place: the privacy policy reads these lists, and each line
 * must stay true of the code. Change the code, change the line.
 *
 * - stored: the tables of src/db/schema.ts (profiles, photos, orders, contact_messages) and the photo files;
 *   photos are re-encoded by sharp on upload, which drops EXIF (GPS included).
 * - not stored: the request log writes method, path, status and duration only (src/app.ts); the contact rate limit
 *   keeps addresses in memory for its window (CONTACT_RATE_LIMIT), the other anonymous limits for theirs
 *   (src/shared/http/anonymous-limits.ts); card numbers go from the browser to Stripe.
 * - processors: the hosting provider, then from this installation's configuration (public-config.ts): Stripe when it
 *   is the payment provider, the SMTP server of SMTP_URL, the OpenAI-compatible API of OPENAI_BASE_URL only when a key
 *   is set (photos only with OPENAI_VISION=true); otherwise the local analyser runs on our server.
 * - retention: a profile never paid for is deleted with its photos after UNPAID_PROFILE_HOURS at most
 *   (src/privacy/unpaid-profiles.ts; the setting cannot exceed it); a paid profile's photos PHOTO_RETENTION_DAYS after
 *   the results e-mail, its text and address PROFILE_RETENTION_DAYS after that, each with a receipt, and everything at
 *   once on request from the results page (src/privacy/), the periods being this installation's (public-config.ts).
 */

export interface DataFact {
  what: string;
  why: string;
}

export const STORED_DATA: readonly DataFact[] = [
  { what: "Your e-mail address", why: "to send you your optimized profile and to answer your questions" },
  {
    what: "The profile text you submit (bio, prompts and answers, job title, education, interests and the other fields of the form)",
    why: "to analyze and rewrite your profile",
  },
  {
    what: "Your photos, re-encoded when you upload them, which removes their hidden metadata (EXIF, including GPS location)",
    why: "to select, order and comment on them; they are kept on our server and never published",
  },
  { what: "Your order: plan, amount, status and the payment provider's reference for the payment", why: "to know what you paid for and to match the payment to your order" },
  { what: "The optimized profile and recommendations we prepare, and when we e-mailed them", why: "so you can view your results and ask for a revision" },
  { what: "Messages you send through the contact form (name, e-mail address, subject and message)", why: "to answer you" },
  {
    what: "If you choose to answer: your matches in the 7 days before and after using your results, which parts you used, your rating and comment, and when we sent the one follow-up e-mail",
    why: "to learn whether our work helps and to publish the result without your name",
  },
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
  /** Who, as a customer would name them: "Stripe", "Our e-mail provider, mail.example.net". */
  name: string;
  /** The rest of the sentence: what they do for us and what of yours they receive. */
  does: string;
}

/** On every installation: the server and everything it stores run on the hosting provider's machines. */
export const HOSTING: Processor = {
  name: "Our hosting provider",
  does: "runs the server this website and your data are kept on. It stores what we keep for us and may not use it for anything else.",
};

/** The other services that handle customers' data on this installation, from its configuration, each in one plain sentence. */
export function processors({ paymentProvider, processors: configured }: Pick<PublicConfig, "paymentProvider" | "processors">): Processor[] {
  const list: Processor[] = [];
  if (paymentProvider === "stripe") {
    list.push({
      name: "Stripe",
      does: "takes card payments for us. You type your card details on Stripe's own form, so Stripe receives them, with the amount and your order reference; we never see your card number.",
    });
  }
  if (configured.mailHost) {
    list.push({
      name: `Our e-mail provider, ${configured.mailHost},`,
      does: "delivers our e-mail: the messages we send you, and the messages you send us through the contact form, pass through it.",
    });
  }
  if (configured.storage) {
    const { host, photos, database } = configured.storage;
    const kept = [photos ? "your photos" : null, database ? "a continuous copy of our database (your profile and orders)" : null].filter(Boolean).join(" and ");
    list.push({
      name: host ? `Our storage provider, ${host},` : "Amazon Web Services (Amazon S3)",
      does: `keeps ${kept} for us in private storage that only our server can read; it may not use them for anything else.`,
    });
  }
  if (configured.ai) {
    list.push({
      name: aiProviderName(configured.ai.host),
      does: configured.ai.photos
        ? "helps us analyze profiles with AI. It receives the profile text and the photos you submit."
        : "helps us analyze profiles with AI. It receives the profile text you submit, never your photos.",
    });
  }
  return list;
}

/** The well-known hosts by their company's name; a self-hosted server by its address. */
function aiProviderName(host: string): string {
  if (host === "api.openai.com") return "OpenAI";
  return `Our own AI server, ${host},`;
}

/** What the policy adds when no other outside service is involved (a test installation). */
export const NO_PROCESSORS =
  "No other service receives your data on this installation: payments run in test mode, e-mails stay on our server and your profile is analyzed on our server.";

/** Unpaid profiles (src/privacy/unpaid-profiles.ts): the clock starts again at each attempt to pay, and the pass runs hourly. */
export const UNPAID_SENTENCE = `A profile that is never paid for is deleted, with its photos, within ${UNPAID_PROFILE_DELETED_WITHIN_HOURS} hours of being sent, or of your last attempt to pay for it (so a payment in progress is never cut off).`;

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** How long each part of a customer's data is kept, from the periods this installation runs with. */
export function retentionFacts({ photoDays, profileDays }: RetentionPeriods): string {
  const photos =
    photoDays === 0
      ? "Once you have paid, we delete your photos as soon as we have e-mailed you your results."
      : `Once you have paid, we delete your photos ${days(photoDays)} after we e-mail you your results (a revision's results start the count again).`;
  const text =
    profileDays === 0
      ? "Your profile text, your results and your e-mail address are deleted with them."
      : `${days(profileDays)} after your photos, we delete your profile text, your results and your e-mail address.`;
  return `${UNPAID_SENTENCE} ${photos} ${text} We keep only what our accounts need: the order, its amount and its dates. Each time, we e-mail you a receipt listing what was deleted and when.`;
}

/** Where a customer gets their data, or has it deleted, without asking anyone. */
export const SELF_SERVICE =
  "You can download everything we store about you, or have it all deleted at once, in the Your Data section of your results page (the link in our e-mails), by typing the e-mail address you used with us.";

export const BROWSER_STORAGE: readonly string[] = [
  "We set no cookies for customers and use no analytics or advertising trackers.",
  "Your theme choice (light, dark or system) is saved in your browser's local storage and never sent to us.",
  "While you fill in an order form, what you type is kept in that browser tab's session storage and the photos you chose in your browser's IndexedDB, so a reload or going back from the payment page loses nothing. Both stay on your device and are removed once you have paid; a draft is never used after 24 hours, and is deleted the next time you open one of our order forms after that.",
  "If you pay before sending your profile, the e-mail address you give, your order number and plan are kept in your browser's local storage until your profile is saved, then removed.",
  "Administrators who sign in get one session cookie, which is needed for signing in and is not used for anything else.",
  "When you pay by card on our site, Stripe's payment form may set its own cookies to prevent fraud; Stripe's privacy policy covers them.",
];
