import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { tempDir } from "../testing/context.ts";
import type { Email } from "./mailer.ts";
import { createMailer, messageIdFor } from "./transports.ts";
import { EmailLayout, htmlToText, renderEmail } from "./render.tsx";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";

let smtp: TestSmtpServer | undefined;
/** The folders a test made, removed after it. */
const dirs: string[] = [];
const scratch = () => {
  const dir = tempDir("transports-");
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const FROM = "no-reply@profileboost.test";
const INSTALLATION = "install-a";

function email(overrides: Partial<Email> = {}): Email {
  const { html, text } = renderEmail(
    <EmailLayout title="Hello">
      <p>
        Hi Ada, see <a href="https://example.com/r?id=1">your results</a>.
      </p>
      <ul>
        <li>one &amp; two</li>
        <li>three</li>
      </ul>
    </EmailLayout>,
  );
  return { key: "test:1", to: "support@profileboost.test", replyTo: { name: "Ada Lovelace", address: "ada@example.com" }, subject: "Hello ✓", html, text, ...overrides };
}

describe("messageIdFor", () => {
  test("is stable per key, different across keys, and uses the sender's domain", () => {
    expect(messageIdFor("contact:1", FROM, INSTALLATION)).toBe(messageIdFor("contact:1", FROM, INSTALLATION));
    expect(messageIdFor("contact:1", FROM, INSTALLATION)).not.toBe(messageIdFor("contact:2", FROM, INSTALLATION));
    expect(messageIdFor("contact:1", FROM, INSTALLATION)).toMatch(/^<[0-9a-f]{32}@profileboost\.test>$/);
  });

  test("two installations (a second site, a restored copy) give the same key different ids", () => {
    expect(messageIdFor("mail:contact:1", FROM, "install-a")).not.toBe(messageIdFor("mail:contact:1", FROM, "install-b"));
  });
});

describe("renderEmail", () => {
  test("gives an HTML body and a plain-text body with the same words and the link's address", () => {
    const { html, text } = email();
    expect(html).toStartWith("<!doctype html><html");
    expect(html).toContain('<a href="https://example.com/r?id=1">your results</a>');
    expect(text).toBe("ProfileBoost\n\nHi Ada, see your results (https://example.com/r?id=1).\n\n- one & two\n- three");
  });

  test("a mailto link whose text is the address is written once", () => {
    expect(htmlToText('<p><a href="mailto:a@b.c">a@b.c</a></p>')).toBe("a@b.c");
  });
});

describe("SMTP mailer", () => {
  test("delivers HTML and text bodies with From, To, Reply-To and the deterministic Message-ID", async () => {
    smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: scratch(), installationId: INSTALLATION });
    const sent = await mailer.send(email());
    mailer.close();

    const [mail] = await smtp.waitFor(1);
    expect(mail!.messageId).toBe(messageIdFor("test:1", FROM, INSTALLATION));
    expect(sent.messageId).toBe(messageIdFor("test:1", FROM, INSTALLATION));
    expect(mail!.from?.text).toBe(FROM);
    expect(mail!.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(mail!.subject).toBe("Hello ✓");
    expect(mail!.text).toContain("Hi Ada, see your results (https://example.com/r?id=1).");
    expect(mail!.html).toContain("your results</a>");
  });

  test("a server that is not listening fails the send (so the job is retried)", async () => {
    smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close();
    smtp = undefined;
    const mailer = createMailer({ smtpUrl: url, from: FROM, outboxDir: scratch(), installationId: INSTALLATION });
    await expect(mailer.send(email())).rejects.toThrow();
    mailer.close();
  });
});

describe("outbox mailer", () => {
  test("writes one parseable .eml file per logical message; a retry rewrites it", async () => {
    const dir = join(scratch(), "outbox");
    const mailer = createMailer({ from: FROM, outboxDir: dir, installationId: INSTALLATION });
    await mailer.send(email());
    await mailer.send(email());
    await mailer.send(email({ key: "test:2", subject: "Second" }));
    const files = readdirSync(dir).sort();
    expect(files).toEqual(["test-1.eml", "test-2.eml"]);
    const mail = await simpleParser(readFileSync(join(dir, "test-1.eml")));
    expect(mail.messageId).toBe(messageIdFor("test:1", FROM, INSTALLATION));
    expect(mail.replyTo?.text).toBe('"Ada Lovelace" <ada@example.com>');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("support@profileboost.test");
    expect(mail.text).toContain("- one & two");
  });
});
