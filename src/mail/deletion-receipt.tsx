/**
 * The deletion receipt: one per deletion of a customer's data (retention's photos, retention's text, an erasure on
 * request), listing what was deleted and when, and what is kept for the accounts. It names no profile id and quotes
 * none of the deleted text, so the receipt itself holds nothing that was deleted.
 */
import type { CSSProperties } from "react";
import type { DeletedItems, KeptOrder } from "../privacy/deletions.ts";
import { formatUsd, PLANS } from "../shared/orders/plans.ts";
import { deletionDay } from "../shared/privacy/periods.ts";
import { COLOURS, EmailLayout, HEADING, LINK, renderEmail } from "./render.tsx";

export interface DeletionReceiptData {
  reason: "retention" | "customer" | "admin";
  at: Date;
  deleted: DeletedItems;
  keptOrders: KeptOrder[];
  /** Photos deleted by retention, text not yet: when the text goes too. */
  textGoesAt: Date | null;
  /** PHOTO_RETENTION_DAYS and PROFILE_RETENTION_DAYS, for a retention receipt's reason. */
  periods: { photoDays: number; profileDays: number };
  supportEmail: string;
}

/** "3 May 2026, 14:02 UTC": every reader sees the same moment, whatever their time zone. */
export function receiptTime(at: Date): string {
  const date = deletionDay(at);
  const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" });
  return `${date}, ${time} UTC`;
}

function receiptDate(iso: string): string {
  return deletionDay(new Date(iso));
}

export function receiptSubject(data: Pick<DeletionReceiptData, "reason" | "deleted">): string {
  if (data.reason !== "retention") return "Your ProfileBoost data has been deleted";
  return data.deleted.text ? "Your ProfileBoost profile has been deleted" : "Your photos have been deleted from ProfileBoost";
}

/** What the receipt lists, one line each, in the order a customer thinks of them. */
export function deletedLines(deleted: DeletedItems): string[] {
  const lines: string[] = [];
  if (deleted.photos > 0) lines.push(`Your ${deleted.photos === 1 ? "photo and its thumbnail" : `${deleted.photos} photos and their thumbnails`}.`);
  if (deleted.text) {
    lines.push("Your profile text: your bio, prompts and answers, and the other fields of your form.");
    lines.push("Your optimized profile, our recommendations, the photo analysis and any revision notes.");
  }
  if (deleted.answers) lines.push("Your answers to our question whether your new profile worked (your matches before and after, your rating and comment).");
  if (deleted.email) lines.push("Your e-mail address. This receipt is the last e-mail we send to it; we do not keep the address once it is sent.");
  if (deleted.profile) lines.push("Your results page: its link now says that your data was deleted.");
  if (deleted.contactMessages > 0) lines.push(`${deleted.contactMessages === 1 ? "The message" : `The ${deleted.contactMessages} messages`} you sent us through our contact form.`);
  return lines;
}

function keptLine(order: KeptOrder): string {
  const plan = PLANS[order.planId]?.title ?? order.planId;
  const paid = order.paidAt ? `, paid ${receiptDate(order.paidAt)}` : "";
  const refunded = order.refundedAt ? `, refunded ${receiptDate(order.refundedAt)}` : "";
  return `Order ${order.id}: ${plan}, ${formatUsd(order.amount)}${paid}${refunded}.`;
}

/** "30 days after we sent you your results", or "right after …" for 0 days. */
function after(days: number, event: string): string {
  return days === 0 ? `right after ${event}` : `${days} ${days === 1 ? "day" : "days"} after ${event}`;
}

export function renderDeletionReceipt(data: DeletionReceiptData): { subject: string; html: string; text: string } {
  const subject = receiptSubject(data);
  return { subject, ...renderEmail(<DeletionReceipt data={data} title={subject} />) };
}

const P: CSSProperties = { margin: "0 0 12px" };
const LIST: CSSProperties = { margin: "0 0 12px", paddingLeft: "24px" };
const ITEM: CSSProperties = { margin: "0 0 6px" };

function DeletionReceipt({ data, title }: { data: DeletionReceiptData; title: string }) {
  const when = receiptTime(data.at);
  const why =
    data.reason === "customer"
      ? `As you asked, on ${when} we deleted:`
      : data.reason === "admin"
        ? `At your request, on ${when} our team deleted:`
        : data.deleted.text && data.deleted.photos === 0
          ? `As our privacy policy promises, ${after(data.periods.profileDays, "we deleted your photos")}, on ${when} we deleted:`
          : `As our privacy policy promises, ${after(data.periods.photoDays, "we sent you your results")}, on ${when} we deleted:`;
  return (
    <EmailLayout title={title}>
      <h1 style={HEADING.h1}>{title}</h1>
      <p style={P}>Hello,</p>
      <p style={P}>{why}</p>
      <ul style={LIST}>
        {deletedLines(data.deleted).map((line) => (
          <li key={line} style={ITEM}>
            {line}
          </li>
        ))}
      </ul>
      {data.textGoesAt && (
        <p style={P}>
          Your profile text and results stay on your results page until {receiptTime(data.textGoesAt)}, when we delete them too and send you one more
          e-mail like this.
        </p>
      )}
      {data.deleted.text && data.keptOrders.length > 0 && (
        <>
          <h2 style={HEADING.h2}>What we keep</h2>
          <p style={P}>For our accounts, and for no other use, we keep the record of your payment:</p>
          <ul style={LIST}>
            {data.keptOrders.map((order) => (
              <li key={order.id} style={ITEM}>
                {keptLine(order)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p style={{ ...P, color: COLOURS.muted, fontSize: "14px" }}>
        Questions? Write to us at{" "}
        <a href={`mailto:${data.supportEmail}`} style={LINK}>
          {data.supportEmail}
        </a>
        .
      </p>
    </EmailLayout>
  );
}
