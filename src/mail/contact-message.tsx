import { eq } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { CONTACT_MAIL, type ParsedPayload } from "../jobs/kinds.ts";
import type { JobHandler } from "../jobs/loop.ts";
import type { NewJob } from "../jobs/queue.ts";
import type { Mailer } from "./mailer.ts";
import { EmailLayout, renderEmail } from "./render.tsx";

/** The job that forwards stored contact message `id` to support; one per message. */
export function contactMailJob(id: number): NewJob<typeof CONTACT_MAIL> {
  // Many attempts: with the backoff capped at an hour, this keeps trying for about half a day of mail-server outage.
  return { kind: CONTACT_MAIL, payload: { contactMessageId: id }, idempotencyKey: `mail:contact:${id}`, maxAttempts: 20 };
}

type ContactRow = typeof contactMessages.$inferSelect;

export function ContactMessageEmail({ row }: { row: ContactRow }) {
  return (
    <EmailLayout title={`Contact form: ${row.subject}`}>
      <h1 style={{ fontSize: "20px", margin: "0 0 12px" }}>New message from the contact form</h1>
      <p style={{ margin: "0 0 4px" }}>
        <strong>From:</strong> {row.firstName} {row.lastName} &lt;<a href={`mailto:${row.email}`}>{row.email}</a>&gt;
      </p>
      <p style={{ margin: "0 0 4px" }}>
        <strong>Subject:</strong> {row.subject}
      </p>
      <p style={{ margin: "0 0 16px" }}>
        <strong>Received:</strong> {row.createdAt.toUTCString()}
      </p>
      <div style={{ whiteSpace: "pre-wrap", borderLeft: "3px solid #b3186b", paddingLeft: "12px" }}>{row.message}</div>
      <p style={{ margin: "16px 0 0", color: "#555566", fontSize: "13px" }}>Reply to this e-mail to answer the customer directly.</p>
    </EmailLayout>
  );
}

/**
 * Header values typed by the customer, on one line. nodemailer already keeps a line break from starting a header,
 * but inside an encoded display name it survives, and a client (or a help desk) decodes it back into the header.
 */
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, " ");
}

export function sendContactMessage(deps: { db: DB; mailer: Mailer; supportEmail: string }): JobHandler<ParsedPayload<typeof CONTACT_MAIL>> {
  return async (job) => {
    const { contactMessageId } = job.payload;
    const row = deps.db.select().from(contactMessages).where(eq(contactMessages.id, contactMessageId)).get();
    // Deleted at the customer's request before it went out: there is nothing left to send.
    if (!row) return;
    const { html, text } = renderEmail(<ContactMessageEmail row={row} />);
    await deps.mailer.send({
      key: job.idempotencyKey,
      to: deps.supportEmail,
      replyTo: { name: oneLine(`${row.firstName} ${row.lastName}`), address: row.email },
      subject: `Contact form: ${oneLine(row.subject)}`,
      html,
      text,
    });
  };
}
