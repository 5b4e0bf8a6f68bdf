import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { writeTransaction } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { CONTACT_MAIL, contactMailJob } from "../contact/job.ts";
import { contactSchema } from "../shared/contact/schema.ts";

export const CONTACT_RECEIVED = "Thank you, your message has been received.";

/**
 * POST /api/contact stores the message and queues its e-mail to support in one transaction, then answers:
 * the customer's success does not depend on the mail server, and the job loop delivers it when it can.
 */
export function contactRouter(ctx: AppContext, options: { now?: () => number } = {}) {
  const limit = rateLimit(ctx, "contact", {
    now: options.now,
    message: (minutes) => `Too many messages from your network. Please try again in ${minutes} minute(s), or e-mail us at ${ctx.config.mail.supportEmail}.`,
  });
  const r = new Hono();

  r.post("/", limit, jsonBody(contactSchema), (c) => {
    const { website, ...message } = c.req.valid("json");
    if (website) {
      // A bot filled the honeypot: answer as if it worked so it learns nothing, and keep nothing.
      ctx.log.info("contact: honeypot filled, message dropped");
      return c.json({ message: CONTACT_RECEIVED }, 201);
    }
    writeTransaction(ctx.store.db, (tx) => {
      const { id } = tx.insert(contactMessages).values(message).returning({ id: contactMessages.id }).get();
      enqueueJob(tx, CONTACT_MAIL, contactMailJob(id));
    });
    return c.json({ message: CONTACT_RECEIVED }, 201);
  });

  return r;
}
