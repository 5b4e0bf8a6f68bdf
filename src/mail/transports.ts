/**
 * The two ways a message leaves (src/services.ts picks one): SMTP, or an `.eml` file in the outbox folder for
 * development and the tests, which read them back.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTransport, type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { Email, Mailer } from "./mailer.ts";

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** This database's random id (src/db/installation.ts): part of every Message-ID. */
  installationId: string;
}

/**
 * `<sha256(installation, key)@domain-of-from>`: stable per logical message of one installation, so a retry carries
 * the same id, yet different for a second installation or a restored copy whose keys repeat (an inbox that drops
 * duplicate ids would otherwise drop their new mail). Reveals nothing about the key.
 */
export function messageIdFor(key: string, from: string, installationId: string): string {
  const domain = from.split("@").pop() || "localhost";
  const hash = new Bun.CryptoHasher("sha256").update(`${installationId}\n${key}`).digest("hex").slice(0, 32);
  return `<${hash}@${domain}>`;
}

/** SMTP when `smtpUrl` is set; otherwise every message becomes an `.eml` file in `outboxDir`. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options.outboxDir, options);
}

type Sender = Pick<MailerOptions, "from" | "installationId">;

function message(email: Email, sender: Sender): Mail.Options {
  return {
    from: sender.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    html: email.html,
    text: email.text,
    messageId: messageIdFor(email.key, sender.from, sender.installationId),
    ...(email.listUnsubscribe ? { list: { unsubscribe: email.listUnsubscribe }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
  };
}

function smtpMailer(url: string, sender: Sender): Mailer {
  // Short timeouts: a mail server that does not answer should fail the job (and schedule a retry) quickly,
  // not hold the job loop for the operating system's default of minutes.
  const transport: Transporter = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const { hostname, port } = new URL(url);
  return {
    description: `smtp ${hostname}:${port || "(default port)"}`,
    async send(email) {
      const info = await transport.sendMail(message(email, sender));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, sender: Sender): Mailer {
  // nodemailer builds the raw RFC 5322 message; we only write it down.
  const transport: Transporter = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: `outbox ${dir}`,
    async send(email) {
      const info = await transport.sendMail(message(email, sender));
      mkdirSync(dir, { recursive: true });
      // Named after the message key, so a retry rewrites the same file instead of adding a copy.
      const path = join(dir, `${email.key.replace(/[^a-zA-Z0-9._-]/g, "-")}.eml`);
      writeFileSync(`${path}.tmp`, info.message as Buffer);
      renameSync(`${path}.tmp`, path);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
