/**
 * The contact form posted without JavaScript (issue 31, decision 148): POST /contact takes the page's own form,
 * checks it with POST /api/contact's schema and messages, receives it by the same code (one message, one mail job,
 * delivered through a real SMTP server), shares its rate limit, and answers with the page drawn again: the errors
 * beside their fields with the values kept, or the thank-you view. Bad input stores nothing.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { contactMessages, jobs } from "../db/schema.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { CONTACT_RATE_LIMIT } from "../shared/contact/limits.ts";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { FORM_TOO_LARGE, NOT_A_FORM, OTHER_SITE } from "./contact-page.tsx";

let ctx: TestContext;
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  ctx?.cleanup();
});

const valid = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", subject: "A question", message: "How long does the Premium plan take?" };
const FORM = "application/x-www-form-urlencoded";

function postForm(app: ReturnType<typeof testApp>, fields: Record<string, string> | string, type = FORM, headers: Record<string, string> = {}) {
  return app.request("/contact", { method: "POST", headers: { "Content-Type": type, ...headers }, body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString() });
}
const stored = () => ({ messages: ctx.store.db.select().from(contactMessages).all(), jobs: ctx.store.db.select().from(jobs).all() });
/** The page's text, tags gone: what a reader sees. */
const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, " ");
/** The message drawn beside a field (Field's `<id>-error`). */
const errorOf = (html: string, field: string) => new RegExp(`id="contact-${field}-error"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe("GET /contact", () => {
  test("the form is a real form: it posts to /contact, its fields named as the API names them", async () => {
    ctx = testContext();
    const html = await (await testApp(ctx).request("/contact")).text();
    const formTag = /<form[^>]*aria-labelledby="contact-form-heading"[^>]*>/.exec(html)![0];
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain('action="/contact"');
    for (const name of ["firstName", "lastName", "email", "subject", "message", "website"]) expect(html).toContain(`name="${name}"`);
    // The button works before (and without) the island: it is not disabled.
    expect(/<button[^>]*type="submit"[^>]*>Send Message</.exec(html)![0]).not.toMatch(/\sdisabled[=\s>]/);
  });
});

describe("POST /contact without JavaScript", () => {
  test("a good message: the thank-you view (200), one message stored, its e-mail sent to support through SMTP", async () => {
    smtp = await startSmtpServer();
    ctx = testContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: "help@profileboost.test" });
    const res = await postForm(testApp(ctx), { ...valid, firstName: "  Ada  ", website: "" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    const html = await res.text();
    expect(text(html)).toContain("Thank you for your message!");
    expect(text(html)).toContain("Send Another Message");
    const { messages, jobs } = stored();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject(valid);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "mail:contact", payload: { contactMessageId: messages[0]!.id } });

    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) });
    expect(await loop.runDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe("Contact form: A question");
    expect(mail!.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
  });

  test("missing fields: 400, the API's message beside each field, nothing stored", async () => {
    ctx = testContext();
    const res = await postForm(testApp(ctx), "");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorOf(html, "firstName")).toBe("First name is required");
    expect(errorOf(html, "lastName")).toBe("Last name is required");
    expect(errorOf(html, "email")).toBe("Email is required");
    expect(errorOf(html, "subject")).toBe("Subject is required");
    expect(errorOf(html, "message")).toBe("Message must be at least 10 characters");
    expect(html).toContain('aria-invalid="true"');
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test("bad values: 400, each message beside its field and every value kept", async () => {
    ctx = testContext();
    const fields = { ...valid, email: "ada@", subject: "s".repeat(201), message: "x".repeat(5001) };
    const html = await (await postForm(testApp(ctx), fields)).text();
    expect(errorOf(html, "email")).toBe("Please enter a valid email address");
    expect(errorOf(html, "subject")).toBe("Subject must be at most 200 characters");
    expect(errorOf(html, "message")).toBe("Message must be at most 5000 characters");
    expect(errorOf(html, "firstName")).toBeNull();
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="ada@"');
    expect(html).toContain(`value="${"s".repeat(201)}"`);
    expect(html).toContain(`>${"x".repeat(5001)}</textarea>`);
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test("hostile strings are drawn back as text, never as markup or script", async () => {
    ctx = testContext();
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const res = await postForm(testApp(ctx), { ...valid, firstName: hostile, email: hostile, message: `</textarea><script>alert(3)</script>` });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;/textarea&gt;&lt;script&gt;alert(3)&lt;/script&gt;");
    // The island's props carry the same values, escaped for a script element.
    expect(html).toContain("\\u003cscript>alert(1)");
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test("a field sent twice counts once, by its first value; an unknown field is ignored", async () => {
    ctx = testContext();
    const body = `${new URLSearchParams(valid).toString()}&firstName=Eve&admin=1`;
    expect((await postForm(testApp(ctx), body)).status).toBe(200);
    expect(stored().messages[0]).toMatchObject(valid);
  });

  for (const type of ["application/json", "multipart/form-data; boundary=x", "text/plain"]) {
    test(`not a form (${type}): 415 saying so, nothing stored`, async () => {
      ctx = testContext();
      const res = await postForm(testApp(ctx), type === "application/json" ? JSON.stringify(valid) : new URLSearchParams(valid).toString(), type);
      expect(res.status).toBe(415);
      expect(text(await res.text())).toContain(NOT_A_FORM);
      expect(stored()).toEqual({ messages: [], jobs: [] });
    });
  }

  test("a body larger than any form: 413 saying so, nothing stored", async () => {
    ctx = testContext();
    const res = await postForm(testApp(ctx), { ...valid, message: "x".repeat(200 * 1024) });
    expect(res.status).toBe(413);
    expect(text(await res.text())).toContain(FORM_TOO_LARGE);
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test("posted from another site's page: 403 saying so, nothing stored; from this site's own page it is taken", async () => {
    ctx = testContext();
    const app = testApp(ctx);
    const foreign: Record<string, string>[] = [{ Origin: "https://elsewhere.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of foreign) {
      const res = await postForm(app, valid, FORM, headers);
      expect(res.status).toBe(403);
      expect(text(await res.text())).toContain(OTHER_SITE);
    }
    expect(stored()).toEqual({ messages: [], jobs: [] });
    expect((await postForm(app, valid, FORM, { Origin: new URL(ctx.config.publicUrl).origin, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await postForm(app, valid, FORM, { Origin: "http://localhost" })).status).toBe(200);
  });

  test("a filled honeypot: the thank-you view, nothing stored, nothing sent", async () => {
    ctx = testContext();
    const res = await postForm(testApp(ctx), { ...valid, website: "http://spam.example" });
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain("Thank you for your message!");
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test(`one limit with POST /api/contact: after ${CONTACT_RATE_LIMIT.max} messages either way, 429 with the API's message and the values kept`, async () => {
    ctx = testContext({ RATE_LIMIT_SCALE: "1" });
    const app = testApp(ctx);
    const api = () => app.request("/api/contact", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(valid) });
    expect((await api()).status).toBe(201);
    for (let i = 1; i < CONTACT_RATE_LIMIT.max; i++) expect((await postForm(app, valid)).status).toBe(200);
    const res = await postForm(app, valid);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = text(await res.text());
    expect(page).toMatch(/Too many messages from your network\. Please try again in \d+ minute\(s\), or e-mail us at /);
    expect((await api()).status).toBe(429);
    expect(stored().messages).toHaveLength(CONTACT_RATE_LIMIT.max);
  });
});
