/**
 * What every sender of e-mail uses: the message and the mailer that sends it. The SMTP and outbox implementations
 * are ./transports.ts, built in one place (src/services.ts).
 */

/** A named address; an empty name leaves only the address. */
export interface Address {
  name: string;
  address: string;
}

/** Where a customer's reply to any of our e-mails goes: the support inbox, under the product's name. */
export function supportReplyTo(supportEmail: string): Address {
  return { name: "ProfileBoost support", address: supportEmail };
}

/** One e-mail, ready to go. Bodies come from React components (see ./render.tsx). */
export interface Email {
  /**
   * Names the logical message, e.g. `contact:42`. The Message-ID is derived from it, so every retry of one message
   * carries the same Message-ID and a receiver (or a test) can tell a repeat from a new message.
   */
  key: string;
  to: Address | string;
  replyTo?: Address;
  subject: string;
  html: string;
  text: string;
  /**
   * An https or http URL that stops this kind of e-mail: sent as `List-Unsubscribe` with RFC 8058's
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client's own button works in one click.
   */
  listUnsubscribe?: string;
}

export interface Mailer {
  /** Resolves with the Message-ID once the SMTP server accepted the message (or the outbox file is written). */
  send(email: Email): Promise<{ messageId: string }>;
  /** "smtp host:port" or "outbox <dir>", for the start-up log. */
  readonly description: string;
  close(): void;
}
