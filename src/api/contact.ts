import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { writeTransaction } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { clientAddress } from "../http/client-address.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { contactMailJob } from "../mail/contact-message.tsx";
import { CONTACT_RATE_LIMIT, contactSchema } from "../contact/schema.ts";

export const CONTACT_RECEIVED = "Thank you, your message has been received.";

/**
 * POST /api/contact stores the message and queues its e-mail to support in one transaction, then answers:
 * the customer's success does not depend on the mail server, and the job loop delivers it when it can.
 */
export function contactRouter(ctx: AppContext, options: { now?: () => number } = {}) {
  // Per router instance, so each app (and each test) has its own counters.
  const limiter = new SlidingWindowLimiter(CONTACT_RATE_LIMIT.max, CONTACT_RATE_LIMIT.windowMs, options.now ?? Date.now);
  const r = new Hono();

  r.post("/", jsonBody(contactSchema), (c) => {
    const wait = limiter.hit(clientAddress(c));
    if (wait > 0) {
      c.header("Retry-After", String(Math.ceil(wait / 1000)));
      throw new ApiError(429, `Too many messages from your network. Please try again in ${Math.ceil(wait / 60000)} minute(s), or e-mail us at ${ctx.config.mail.supportEmail}.`);
    }
    const { website, ...message } = c.req.valid("json");
    if (website) {
      // A bot filled the honeypot: answer as if it worked so it learns nothing, and keep nothing.
      ctx.log.info("contact: honeypot filled, message dropped");
      return c.json({ message: CONTACT_RECEIVED }, 201);
    }
    writeTransaction(ctx.store.db, (tx) => {
      const { id } = tx.insert(contactMessages).values(message).returning({ id: contactMessages.id }).get();
      enqueueJob(tx, contactMailJob(id));
    });
    return c.json({ message: CONTACT_RECEIVED }, 201);
  });

  return r;
}

/**
 * Counts hits per key over the last `windowMs`; memory only, so a restart forgets (acceptable for a spam brake).
 * A key is forgotten `windowMs` after its last counted hit, when none of its hits is in the window any more: the
 * privacy policy says a sender's address is held for ten minutes (src/web/marketing/privacy-facts.ts).
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly forgetTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Records a hit and answers 0, or answers how many ms until the next hit is allowed (recording nothing). */
  hit(key: string): number {
    const t = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return recent[0]! + this.windowMs - t;
    }
    recent.push(t);
    this.hits.set(key, recent);
    this.forgetLater(key);
    return 0;
  }

  private forgetLater(key: string): void {
    clearTimeout(this.forgetTimers.get(key));
    const timer = setTimeout(() => {
      this.hits.delete(key);
      this.forgetTimers.delete(key);
    }, this.windowMs);
    // A pending forget never keeps the process alive.
    timer.unref();
    this.forgetTimers.set(key, timer);
  }
}
