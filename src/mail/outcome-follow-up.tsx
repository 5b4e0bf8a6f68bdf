/**
 * The follow-up e-mail (issue 32), sent once, some days after the customer started using their new profile: did it
 * work? One link to a one-page form (no sign-in), when that link stops working, and a one-click way not to be asked.
 */
import type { CSSProperties } from "react";
import { EmailButton, EmailLayout, HEADING, LINK, oneLine, renderEmail } from "./render.tsx";

export interface OutcomeFollowUpEmailData {
  /** "Hinge". */
  appName: string;
  formUrl: string;
  optOutUrl: string;
  expiresAt: Date;
  supportEmail: string;
}

export function renderOutcomeFollowUpEmail(data: OutcomeFollowUpEmailData): { subject: string; html: string; text: string } {
  const subject = oneLine(`Did your new ${data.appName} profile work? One minute, four questions`);
  return { subject, ...renderEmail(<OutcomeFollowUpEmail data={data} title={subject} />) };
}

const P: CSSProperties = { margin: "0 0 12px" };
const SMALL: CSSProperties = { margin: "24px 0 0", fontSize: "14px", color: "#4a4a5c" };

function OutcomeFollowUpEmail({ data, title }: { data: OutcomeFollowUpEmailData; title: string }) {
  const until = data.expiresAt.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>How is your new profile doing?</h1>
      <p style={P}>
        A while ago you started using the {data.appName} profile we made with you. We would like to know whether it worked: roughly how many matches
        you got in the last 7 days, which parts you used and how you rate it. It takes about a minute, and you do not need to sign in.
      </p>
      <p style={P}>
        We ask every customer and publish the result as it comes out, good or bad, with how many people answered. Your answer is never shown with
        your name or address.
      </p>
      <EmailButton href={data.formUrl}>Tell us how it went</EmailButton>
      <p style={P}>
        The link works until {until}; you can change your answer until then. We will not ask again.
      </p>
      <p style={SMALL}>
        Rather not be asked? <a href={data.optOutUrl} style={LINK}>Opt out</a>: one click, and you can undo it. Questions? Reply to this e-mail or write to{" "}
        <a href={`mailto:${data.supportEmail}`} style={LINK}>{data.supportEmail}</a>.
      </p>
    </EmailLayout>
  );
}
