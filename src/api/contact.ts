import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { rateCounter, rateLimit, type RateCounter } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { receiveContactMessage } from "../contact/receive.ts";
import { contactSchema } from "../shared/contact/schema.ts";

export const CONTACT_RECEIVED = "Thank you, your message has been received.";

/** Over the contact limit, by the island's JSON post or the form's own (contact-page.tsx). */
export function tooManyMessages(ctx: AppContext, minutes: number): string {
  return `Too many messages from your network. Please try again in ${minutes} minute(s), or e-mail us at ${ctx.config.mail.supportEmail}.`;
}

/**
 * POST /api/contact stores the message and queues its e-mail to support in one transaction, then answers:
 * the customer's success does not depend on the mail server, and the job loop delivers it when it can. The same
 * form posted without JavaScript (POST /contact, contact-page.tsx) goes the same way and counts against the same
 * limit when given the same `counter`.
 */
export function contactRouter(ctx: AppContext, options: { now?: () => number; counter?: RateCounter } = {}) {
  const limit = rateLimit(ctx, "contact", { counter: options.counter ?? rateCounter(ctx, "contact", options.now), message: (minutes) => tooManyMessages(ctx, minutes) });
  const r = new Hono();

  r.post("/", limit, jsonBody(contactSchema), (c) => {
    // A filled honeypot is answered as if it worked, so a bot learns nothing (receive.ts keeps nothing of it).
    receiveContactMessage({ db: ctx.store.db, log: ctx.log }, c.req.valid("json"));
    return c.json({ message: CONTACT_RECEIVED }, 201);
  });

  return r;
}
