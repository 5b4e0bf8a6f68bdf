/**
 * The order confirmation: what was bought, what it cost, and the delivery promise with its deadline, so the
 * customer knows when to expect the results e-mail and where to look meanwhile.
 */
import type { CSSProperties } from "react";
import { formatUsd } from "../shared/orders/plans.ts";
import { COLOURS, EmailButton, EmailLayout, HEADING, LINK, oneLine, renderEmail } from "./render.tsx";

export interface OrderConfirmationData {
  orderId: string;
  /** "Premium". */
  planTitle: string;
  amountCents: number;
  deliveryHours: number;
  deadline: Date;
  resultsUrl: string;
  supportEmail: string;
  /** Where the results will be sent. */
  email: string;
}

export function renderOrderConfirmationEmail(data: OrderConfirmationData): { subject: string; html: string; text: string } {
  const subject = oneLine(`Thank you: your ProfileBoost ${data.planTitle} order`);
  return { subject, ...renderEmail(<OrderConfirmationEmail data={data} title={subject} />) };
}

/**
 * "Tuesday 25 November, 14:30 UTC". In UTC because we do not know the customer's time zone, and said so; the minutes
 * are cut, not rounded, so the time promised is never later than the real deadline.
 */
export function formatDeadline(date: Date): string {
  const name = (options: Intl.DateTimeFormatOptions) => date.toLocaleString("en-GB", { timeZone: "UTC", ...options });
  const time = [date.getUTCHours(), date.getUTCMinutes()].map((n) => String(n).padStart(2, "0")).join(":");
  return `${name({ weekday: "long" })} ${date.getUTCDate()} ${name({ month: "long" })}, ${time} UTC`;
}

const P: CSSProperties = { margin: "0 0 12px" };
const CELL: CSSProperties = { padding: "6px 12px 6px 0", borderBottom: `1px solid ${COLOURS.rule}`, verticalAlign: "top" };

function OrderConfirmationEmail({ data, title }: { data: OrderConfirmationData; title: string }) {
  const summary: [string, string][] = [
    ["Plan", data.planTitle],
    ["Amount paid", formatUsd(data.amountCents)],
    ["Order reference", data.orderId],
  ];
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>Thank you for your order</h1>
      <p style={P}>Hello,</p>
      <p style={P}>
        We have your payment and your profile. Your optimized profile will be e-mailed to <strong>{data.email}</strong> within {data.deliveryHours}{" "}
        hours, by <strong>{formatDeadline(data.deadline)}</strong>.
      </p>
      <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ margin: "0 0 16px", borderCollapse: "collapse" }}>
        <tbody>
          {summary.map(([label, value]) => (
            <tr key={label}>
              <td style={{ ...CELL, color: COLOURS.muted }}>{label}:</td>
              <td style={{ ...CELL, fontWeight: "bold" }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 style={HEADING.h2}>What happens next</h2>
      <ol style={{ margin: "0 0 12px", paddingLeft: "24px" }}>
        <li style={{ margin: "0 0 8px" }}>We analyze your profile text and every photo.</li>
        <li style={{ margin: "0 0 8px" }}>An expert on our team reviews every result, and improves it where needed, before it is sent.</li>
        <li style={{ margin: "0 0 8px" }}>You receive your optimized profile by e-mail, and can read it again on your results page.</li>
      </ol>
      <p style={P}>You can check your order's progress at any time:</p>
      <EmailButton href={data.resultsUrl}>Check your order's progress</EmailButton>

      <h2 style={HEADING.h2}>Questions?</h2>
      <p style={P}>
        Reply to this e-mail, or write to us at <a href={`mailto:${data.supportEmail}`} style={LINK}>{data.supportEmail}</a>. Please quote your order reference,{" "}
        {data.orderId}.
      </p>
    </EmailLayout>
  );
}
