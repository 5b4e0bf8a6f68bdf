/**
 * What this software does with personal data, in one place: the privacy policy reads these lists, and each line
 * must stay true of the code. Change the code, change the line.
 *
 * - stored: the tables of src/db/schema.ts (profiles, photos, orders, contact_messages) and the photo files;
 *   photos are re-encoded by sharp on upload, which drops EXIF (GPS included).
 * - not stored: the request log writes method, path, status and duration only (src/app.ts); the contact rate limit
 *   keeps addresses in memory for its ten-minute window (src/api/contact.ts); card numbers go from the browser to Stripe.
 * - processors: Stripe (src/payments), the SMTP server of SMTP_URL (src/mail), the OpenAI-compatible API of
 *   OPENAI_API_KEY/OPENAI_BASE_URL only when a key is set; otherwise the local analyser runs on our server.
 * - retention: nothing is deleted on a timer, so the policy says "until you ask us to delete it".
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

const NOT_STORED_ALWAYS: readonly string[] = [
  "Your IP address: our server logs record only which page or API was requested, the result and how long it took. To stop abuse of the contact form, the address a message came from is held in memory for ten minutes and never written down.",
  "No account or password: customers do not sign up.",
];

export interface Processor {
  name: string;
  role: string;
  data: string;
  when: string;
}

export const PROCESSORS: readonly Processor[] = [
  {
    name: "Stripe",
    role: "card payments",
    data: "your card details (entered on Stripe's own form), the amount and your order reference",
    when: "when you pay by card",
  },
  {
    name: "Our e-mail provider (an SMTP service)",
    role: "delivering e-mail",
    data: "the e-mails we send you and the messages you send us through the contact form",
    when: "whenever an e-mail is sent",
  },
  {
    name: "An AI provider with an OpenAI-compatible interface",
    role: "analysing profiles",
    data: "the profile text and photos you submit",
    when: "only if we have set one up; otherwise the analysis runs entirely on our own server and nothing leaves it",
  },
];

export const RETENTION =
  "We keep your data until you ask us to delete it. Nothing is deleted automatically, so your results stay available to you.";

export const BROWSER_STORAGE: readonly string[] = [
  "We set no cookies for customers and use no analytics or advertising trackers.",
  "Your theme choice (light, dark or system) is saved in your browser's local storage and never sent to us.",
  "If you pay before sending your profile, your order number and plan are kept in your browser's local storage until the profile form reads them, then removed.",
  "Administrators who sign in get one session cookie, which is needed for signing in and is not used for anything else.",
  "When you pay by card on our site, Stripe's payment form may set its own cookies to prevent fraud; Stripe's privacy policy covers them.",
];
