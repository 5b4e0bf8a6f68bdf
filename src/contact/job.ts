/** A message from the contact form goes to support by a job queued with the stored message (src/api/contact.ts). */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DB } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import type { NewJob } from "../jobs/queue.ts";
import { renderContactMessageEmail } from "../mail/contact-message.tsx";
import type { Mailer } from "../mail/mailer.ts";
import { oneLine } from "../mail/render.tsx";

export const CONTACT_MAIL = defineJobKind({ kind: "mail:contact", lane: "mail", payload: z.object({ contactMessageId: z.number().int().positive() }) });

/** The job that forwards stored contact message `id` to support; one per message. */
export function contactMailJob(id: number): NewJob<typeof CONTACT_MAIL> {
  // Many attempts: with the backoff capped at an hour, this keeps trying for about half a day of mail-server outage.
  return { payload: { contactMessageId: id }, idempotencyKey: `mail:contact:${id}`, maxAttempts: 20 };
}

export function sendContactMessage(deps: { db: DB; mailer: Mailer; supportEmail: string }) {
  return async (job: JobOf<typeof CONTACT_MAIL>): Promise<void> => {
    const row = deps.db.select().from(contactMessages).where(eq(contactMessages.id, job.payload.contactMessageId)).get();
    // Deleted at the customer's request before it went out: there is nothing left to send.
    if (!row) return;
    await deps.mailer.send({
      key: job.idempotencyKey,
      to: deps.supportEmail,
      // Typed by the customer: on one line, or a client (or a help desk) decodes a line break back into the header.
      replyTo: { name: oneLine(`${row.firstName} ${row.lastName}`), address: row.email },
      ...renderContactMessageEmail(row),
    });
  };
}
