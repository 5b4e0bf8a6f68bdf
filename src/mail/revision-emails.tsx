/**
 * The two e-mails of a customer's revision request (issue 20, item 7): the acknowledgement to the customer, with
 * when to expect the revised profile, and the request to support, which names the customer so that replying to it
 * writes to them. The customer's notes are text, escaped by React, in both.
 */
import type { CSSProperties } from "react";
import { formatDeadline } from "./order-confirmation.tsx";
import { EmailButton, EmailLayout, HEADING, LINK, oneLine, QUOTE, renderEmail } from "./render.tsx";

export interface RevisionReceivedData {
  /** "Bumble". */
  appName: string;
  /** "Premium". */
  planTitle: string;
  /** The order reference every e-mail asks the customer to quote (the order id). */
  orderReference: string;
  notes: string;
  /** This request's number, 1 for the first. */
  revision: number;
  revisionsAllowed: number;
  /** The plan's delivery promise, counted from the request. */
  deliveryHours: number;
  deadline: Date;
  resultsUrl: string;
  supportEmail: string;
}

export interface RevisionRequestData {
  profileId: string;
  /** null when the profile has no order row left. */
  orderReference: string | null;
  customerEmail: string;
  appName: string;
  planTitle: string;
  revision: number;
  revisionsAllowed: number;
  deadline: Date | null;
  notes: string;
  adminUrl: string;
}

const P: CSSProperties = { margin: "0 0 12px" };

export function renderRevisionReceivedEmail(data: RevisionReceivedData): { subject: string; html: string; text: string } {
  const subject = oneLine(`We received your revision request for your ${data.appName} profile`);
  return { subject, ...renderEmail(<RevisionReceivedEmail data={data} title={subject} />) };
}

function RevisionReceivedEmail({ data, title }: { data: RevisionReceivedData; title: string }) {
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>We have your revision request</h1>
      <p style={P}>Hello,</p>
      <p style={P}>
        Thank you: we have your request for changes to your optimized {data.appName} profile. An expert on our team makes them and reviews the
        result before it is sent.
      </p>
      <p style={P}>
        Your revised profile will be e-mailed to you within {data.deliveryHours} hours, by <strong>{formatDeadline(data.deadline)}</strong>.
      </p>
      <p style={P}>
        <strong>What you asked for:</strong>
      </p>
      <div style={QUOTE}>{data.notes}</div>
      <p style={P}>
        This is revision {data.revision} of the {data.revisionsAllowed} your {data.planTitle} plan includes. Until the revised profile arrives, your
        current results stay on your results page.
      </p>
      <EmailButton href={data.resultsUrl}>Check your revision's progress</EmailButton>
      <h2 style={HEADING.h2}>Questions?</h2>
      <p style={P}>
        Reply to this e-mail, or write to us at <a href={`mailto:${data.supportEmail}`} style={LINK}>{data.supportEmail}</a>. Please quote your order reference,{" "}
        {data.orderReference}.
      </p>
    </EmailLayout>
  );
}

export function renderRevisionRequestEmail(data: RevisionRequestData): { subject: string; html: string; text: string } {
  const subject = oneLine(`Revision request from ${data.customerEmail}${data.orderReference ? ` (order ${data.orderReference})` : ""}`);
  return { subject, ...renderEmail(<RevisionRequestEmail data={data} title={subject} />) };
}

function RevisionRequestEmail({ data, title }: { data: RevisionRequestData; title: string }) {
  const facts: [string, string][] = [
    ["Customer", data.customerEmail],
    ["Order reference", data.orderReference ?? "none"],
    ["Profile", data.profileId],
    ["Plan and app", `${data.planTitle}, ${data.appName}`],
    ["Revision", `${data.revision} of ${data.revisionsAllowed}`],
    ["Deadline", data.deadline ? formatDeadline(data.deadline) : "none set"],
  ];
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>A customer asked for a revision</h1>
      {facts.map(([label, value]) => (
        <p key={label} style={{ margin: "0 0 4px" }}>
          <strong>{label}:</strong> {value}
        </p>
      ))}
      <p style={{ ...P, marginTop: "16px" }}>
        <strong>Their notes:</strong>
      </p>
      <div style={QUOTE}>{data.notes}</div>
      <p style={P}>Replying to this e-mail writes to the customer.</p>
      <p style={P}>
        Process it in the admin area (search for the order reference): <a href={data.adminUrl} style={LINK}>{data.adminUrl}</a>
      </p>
    </EmailLayout>
  );
}
