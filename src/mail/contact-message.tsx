/** A contact form message, forwarded to support (src/contact/job.ts); replying answers the customer. */
import type { contactMessages } from "../db/schema.ts";
import { EmailLayout, oneLine, renderEmail } from "./render.tsx";

type ContactRow = typeof contactMessages.$inferSelect;

export function renderContactMessageEmail(row: ContactRow): { subject: string; html: string; text: string } {
  return { subject: `Contact form: ${oneLine(row.subject)}`, ...renderEmail(<ContactMessageEmail row={row} />) };
}

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
