import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";
import { gate, inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, sharedTab, test, until, type SharedTab, type TestBrowser } from "../testing/browser.ts";
import { jobsEnded } from "../testing/jobs.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

const SUPPORT_EMAIL = "help@profileboost.test";
let smtp: TestSmtpServer;
let server: RunningServer;
let browser: TestBrowser;
let tab: SharedTab;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL, MAIL_FROM: "no-reply@profileboost.test" });
  browser = await launchBrowser();
  tab = await sharedTab(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

const VALID = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", subject: "Premium question", message: "Does Premium include a revision?" };
const LABELS = { firstName: "First Name", lastName: "Last Name", email: "Email", subject: "Subject", message: "Message" } as const;
type Values = typeof VALID;

async function openContact(options: { theme?: "light" | "dark"; width?: number } = {}): Promise<Page> {
  const viewport = { width: options.width ?? 1280, height: 900 };
  let page: Page;
  if (options.theme) {
    // The theme is stored before any page script runs, in a context of its own (the test closes it).
    const ctx = await browser.newContext({ viewport });
    await ctx.addInitScript((t) => localStorage.setItem("theme", t), options.theme);
    page = await ctx.newPage();
  } else {
    page = await tab.take(viewport);
  }
  await page.goto(`${server.url}/contact`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return page;
}

async function fill(page: Page, values: Values) {
  for (const [field, label] of Object.entries(LABELS)) {
    await page.getByLabel(label, { exact: true }).fill(values[field as keyof Values]);
  }
}

const form = (page: Page) => page.locator("form");

describe("contact form", () => {
  test("an empty form shows all five messages beside their fields", async () => {
    const page = await openContact();
    await page.getByRole("button", { name: "Send Message" }).click();
    const expected = {
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message must be at least 10 characters",
    };
    for (const [field, message] of Object.entries(expected)) {
      const input = page.getByLabel(LABELS[field as keyof Values], { exact: true });
      await poll(() => input.getAttribute("aria-invalid")).toBe("true");
      // The message is tied to its field, so a screen reader reads it with the field.
      const describedBy = await input.getAttribute("aria-describedby");
      await poll(() => page.locator(`#${describedBy}`).textContent()).toBe(message);
    }
    // Focus goes to the first field with a problem.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contact-firstName");
  });

  const cases: [keyof Values, string, string][] = [
    ["firstName", "   ", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["email", "ada@example", "Please enter a valid email address"],
    ["subject", "", "Subject is required"],
    ["message", "Too short", "Message must be at least 10 characters"],
  ];
  for (const [field, value, message] of cases) {
    test(`${field} "${value}" shows "${message}" and nothing is sent`, async () => {
      const page = await openContact();
      const requests: string[] = [];
      page.on("request", (r) => r.url().includes("/api/contact") && requests.push(r.url()));
      await fill(page, { ...VALID, [field]: value });
      await page.getByRole("button", { name: "Send Message" }).click();
      const errors = form(page).locator('[id$="-error"]');
      await poll(() => errors.allTextContents()).toEqual([message]);
      expect(requests).toEqual([]);
      // Fixing the field clears its message as the person types.
      await page.getByLabel(LABELS[field], { exact: true }).fill(VALID[field]);
      await poll(() => errors.count()).toBe(0);
    });
  }

  test("a valid message: Sending..., the toast, the thank-you view, e-mail to support with Reply-To; Send Another Message empties the form", async () => {
    const page = await openContact({ width: 360 });
    const errors = recordPageErrors(page);
    const before = smtp.received.length;
    // The answer is held until the pending state has been seen.
    const held = gate();
    await page.route("**/api/contact", async (route) => {
      await held.opened;
      await route.continue();
    });
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("button", { name: "Sending..." }).waitFor();
    await poll(() => page.getByRole("button", { name: "Sending..." }).isDisabled()).toBe(true);
    held.open();

    const toast = page.getByTestId("toast-viewport").getByRole("status");
    await toast.waitFor();
    await poll(() => toast.textContent()).toContain("Message sent!");
    await poll(() => toast.textContent()).toContain("We'll get back to you as soon as possible.");
    await page.getByTestId("contact-thank-you").waitFor();
    // The form that had the focus is gone: the thank-you heading takes it.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Thank you for your message!");

    const received = await smtp.waitFor(before + 1);
    const mail = received.at(-1)!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(SUPPORT_EMAIL);
    expect(mail.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(mail.subject).toBe("Contact form: Premium question");
    expect(mail.text).toContain("Does Premium include a revision?");

    await page.getByRole("button", { name: "Send Another Message" }).click();
    for (const label of Object.values(LABELS)) await poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe("");
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contact-firstName");
    expect(errors).toEqual([]);
  });

  test("a failure shows the destructive toast with the server's message and keeps what was typed", async () => {
    const page = await openContact({ theme: "dark" });
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many messages from your network." }) }),
    );
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByTestId("toast-viewport").getByRole("alert");
    await toast.waitFor();
    await poll(() => toast.getAttribute("data-variant")).toBe("destructive");
    await poll(() => toast.textContent()).toContain("Error sending message");
    await poll(() => toast.textContent()).toContain("Too many messages from your network.");
    for (const [field, label] of Object.entries(LABELS)) {
      await poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe(VALID[field as keyof Values]);
    }
    await page.getByRole("button", { name: "Send Message" }).and(page.locator(":enabled")).waitFor();
    // Disabled while sending, the button lost the focus; it has it back.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Send Message");
    await poll(() => page.getByTestId("contact-thank-you").count()).toBe(0);
    await page.context().close();
  });

  test("the server's own refusal (rate limit) reaches the toast word for word", async () => {
    // Fill this address's allowance straight through the API, then send from the browser.
    for (;;) {
      const res = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(VALID) });
      if (res.status === 429) break;
      expect(res.status).toBe(201);
    }
    const page = await openContact({ width: 390 });
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByTestId("toast-viewport").getByRole("alert");
    await toast.waitFor();
    await poll(() => toast.textContent()).toContain("Error sending message");
    await poll(() => toast.textContent()).toMatch(/Too many messages from your network\. Please try again in \d+ minute\(s\), or e-mail us at help@profileboost\.test\./);
    await poll(() => page.getByLabel("Message", { exact: true }).inputValue()).toBe(VALID.message);
  });

  test("the honeypot is invisible, out of the tab order and hidden from screen readers", async () => {
    const page = await openContact();
    const honeypot = page.locator("#contact-website");
    await poll(() => honeypot.count()).toBe(1);
    await poll(() => page.getByRole("textbox", { name: "Leave this field empty" }).count()).toBe(0);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    await page.getByLabel("First Name", { exact: true }).focus();
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      order.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || ""));
    }
    expect(order).toEqual(["contact-lastName", "contact-email", "contact-subject", "contact-message", "Send Message"]);
  });

  test("no serious accessibility problems with the messages shown, in both themes at 320 px", async () => {
    const page = await openContact({ width: 320 });
    await page.getByRole("button", { name: "Send Message" }).click();
    await poll(() => form(page).locator('[id$="-error"]').count()).toBe(5);
    // The messages shown once, each theme checked in place (decision 153).
    await inEveryLook(
      page,
      async () => {
        expect(await seriousViolations(page)).toEqual([]);
      },
      [
        { theme: "light", width: 320 },
        { theme: "dark", width: 320 },
      ],
    );
  });
});

describe("mail server outage", () => {
  test("the API answers success while SMTP is down; the message is delivered once when it is back", async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const outage = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL, MAIL_FROM: "no-reply@profileboost.test" });
    try {
      const res = await fetch(`${outage.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...VALID, subject: "Sent during an outage" }),
      });
      expect(res.status).toBe(201);
      // The first attempt fails while nothing listens…
      await until(() => /job \d+ \(mail:contact\) attempt 1 of \d+ failed/.test(outage.output()), "the first attempt's failure in the log").catch((error: Error) => {
        throw new Error(`${error.message}:\n${outage.output()}`);
      });
      // …then the mail server comes back on the same port and the retry (5 s later) delivers it.
      const back = await startSmtpServer(port);
      try {
        const [mail] = await back.waitFor(1, 15_000);
        expect(mail!.subject).toBe("Contact form: Sent during an outage");
        expect(mail!.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
        // The job has ended (no attempt is left to run): still one message.
        await until(() => jobsEnded(outage.dir, "mail:contact"), "the contact job to end");
        expect(back.received).toHaveLength(1);
      } finally {
        await back.close();
      }
    } finally {
      await outage.cleanup();
    }
  }, 40_000);
});
