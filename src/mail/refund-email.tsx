/** The refund e-mail: how much, for which order (its reference), where the money goes and how long it can take. */
import type { CSSProperties } from "react";
import { formatUsd } from "../shared/orders/plans.ts";
import { EmailLayout, HEADING, LINK, oneLine, renderEmail } from "./render.tsx";

export interface RefundEmailData {
  amountCents: number;
  /** "Premium". */
  planTitle: string;
  /** The order reference every e-mail asks the customer to quote (the order id). */
  orderReference: string;
  supportEmail: string;
}

export function renderRefundEmail(data: RefundEmailData): { subject: string; html: string; text: string } {
  const subject = oneLine(`Your ProfileBoost refund of ${formatUsd(data.amountCents)}`);
  return { subject, ...renderEmail(<RefundEmail data={data} title={subject} />) };
}

const P: CSSProperties = { margin: "0 0 12px" };

function RefundEmail({ data, title }: { data: RefundEmailData; title: string }) {
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>We have refunded your order</h1>
      <p style={P}>
        We have refunded {formatUsd(data.amountCents)} for your ProfileBoost {data.planTitle} order (order reference {data.orderReference}). It goes
        back to the card you paid with; depending on your bank it can take 5 to 10 days to appear. Nothing more will be sent for this order.
      </p>
      <p style={P}>
        Questions? Reply to this e-mail or write to <a href={`mailto:${data.supportEmail}`} style={LINK}>{data.supportEmail}</a>.
      </p>
    </EmailLayout>
  );
}
