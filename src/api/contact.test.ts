import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { contactMessages, jobs } from "../db/schema.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop, exponentialBackoff } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { installationId } from "../db/installation.ts";
import { messageIdFor } from "../mail/transports.ts";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { CONTACT_RATE_LIMIT } from "../shared/contact/schema.ts";
import { CONTACT_RECEIVED } from "./contact.ts";

let ctx: TestContext;
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  ctx?.cleanup();
});

const valid = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", subject: "A question", message: "How long does the Premium plan take?" };

function post(app: ReturnType<typeof testApp>, body: unknown, type = "application/json") {
  return app.request("/api/contact", { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": type } });
}

const stored = () => ({ messages: ctx.store.db.select().from(contactMessages).all(), jobs: ctx.store.db.select().from(jobs).all() });

describe("POST /api/contact", () => {
  test("stores the message and queues one mail job in the same transaction", async () => {
    ctx = testContext();
    const res = await post(testApp(ctx), { ...valid, firstName: "  Ada  ", website: "" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: CONTACT_RECEIVED });
    const { messages, jobs } = stored();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject(valid);
    // Privacy facts: no address is kept with a message.
    expect(Object.keys(messages[0]!)).toEqual(["id", "firstName", "lastName", "email", "subject", "message", "createdAt"]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "mail:contact", status: "queued", payload: { contactMessageId: messages[0]!.id }, idempotencyKey: `mail:contact:${messages[0]!.id}` });
  });

  const bad: [string, unknown, number, RegExp][] = [
    ["missing first name", { ...valid, firstName: undefined }, 400, /^firstName is required$/],
    ["empty first name", { ...valid, firstName: " " }, 400, /First name is required$/],
    ["empty last name", { ...valid, lastName: "" }, 400, /Last name is required$/],
    ["bad e-mail", { ...valid, email: "ada@" }, 400, /Please enter a valid email address$/],
    ["empty e-mail", { ...valid, email: "  " }, 400, /Email is required$/],
    ["missing e-mail", { ...valid, email: undefined }, 400, /Email is required$/],
    ["empty subject", { ...valid, subject: "" }, 400, /Subject is required$/],
    ["short message", { ...valid, message: "too short" }, 400, /Message must be at least 10 characters$/],
    ["long message", { ...valid, message: "x".repeat(5001) }, 400, /Message must be at most 5000 characters$/],
    ["wrong type", { ...valid, email: 42 }, 400, /^email: .*expected string/],
    ["array body", [valid], 400, /./],
    ["empty object", {}, 400, /^firstName is required$/],
    ["non-JSON body", "{not json", 400, /JSON/],
    ["1 MB message", { ...valid, message: "x".repeat(1024 * 1024) }, 413, /larger than/],
  ];
  for (const [name, body, status, message] of bad) {
    test(`${name}: ${status} with a clear message, nothing stored`, async () => {
      ctx = testContext();
      const res = await post(testApp(ctx), body);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(stored()).toEqual({ messages: [], jobs: [] });
    });
  }

  test("wrong content type: 415, nothing stored", async () => {
    ctx = testContext();
    const res = await post(testApp(ctx), new URLSearchParams(valid).toString(), "application/x-www-form-urlencoded");
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/application\/json/);
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test("a filled honeypot answers like success and stores nothing", async () => {
    ctx = testContext();
    const res = await post(testApp(ctx), { ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: CONTACT_RECEIVED });
    expect(stored()).toEqual({ messages: [], jobs: [] });
  });

  test(`more than ${CONTACT_RATE_LIMIT.max} messages in the window: 429 with a clear message, per app instance`, async () => {
    ctx = testContext({ RATE_LIMIT_SCALE: "1" });
    const app = testApp(ctx);
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await post(app, valid)).status).toBe(201);
    const res = await post(app, valid);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Too many messages from your network\. Please try again in \d+ minute/);
    expect(stored().messages).toHaveLength(CONTACT_RATE_LIMIT.max);
    // A second app (another test, another process) starts with fresh counters.
    expect((await post(testApp(ctx), valid)).status).toBe(201);
  });

  test("IPv6 senders are limited per /64 network, so rotating addresses within one line does not help", async () => {
    ctx = testContext({ RATE_LIMIT_SCALE: "1" });
    const app = testApp(ctx);
    // What Bun passes as the second argument of fetch: the server, which knows the socket's address.
    const from = (address: string) => ({ requestIP: () => ({ address, family: address.includes(":") ? "IPv6" : "IPv4", port: 40000 }) });
    const send = (address: string) =>
      app.request("/api/contact", { method: "POST", body: JSON.stringify(valid), headers: { "Content-Type": "application/json" } }, from(address));
    for (let i = 1; i <= CONTACT_RATE_LIMIT.max; i++) expect((await send(`2001:db8:5:6::${i}`)).status).toBe(201);
    expect((await send("2001:db8:5:6:ffff:1:2:3")).status).toBe(429);
    expect((await send("2001:db8:5:7::1")).status).toBe(201);
    expect((await send("203.0.113.9")).status).toBe(201);
  });

  test("behind a proxy: without TRUST_PROXY every visitor shares the proxy's limit; with it each has their own", async () => {
    const proxy = { requestIP: () => ({ address: "10.0.0.2", family: "IPv4", port: 40000 }) };
    const send = (app: ReturnType<typeof testApp>, visitor: string) =>
      app.request("/api/contact", { method: "POST", body: JSON.stringify(valid), headers: { "Content-Type": "application/json", "X-Forwarded-For": visitor } }, proxy);
    ctx = testContext({ RATE_LIMIT_SCALE: "1" });
    const direct = testApp(ctx);
    for (let i = 1; i <= CONTACT_RATE_LIMIT.max; i++) expect((await send(direct, `198.51.100.${i}`)).status).toBe(201);
    // The header is not believed: a "new" visitor is still the proxy.
    expect((await send(direct, "198.51.100.99")).status).toBe(429);
    ctx.cleanup();

    ctx = testContext({ TRUST_PROXY: "1", RATE_LIMIT_SCALE: "1" });
    const behind = testApp(ctx);
    for (let i = 1; i <= CONTACT_RATE_LIMIT.max; i++) expect((await send(behind, "198.51.100.1")).status).toBe(201);
    expect((await send(behind, "198.51.100.1")).status).toBe(429);
    expect((await send(behind, "198.51.100.2")).status).toBe(201);
  });

  test("with the mail server down the customer still gets success; the message is delivered once, when it is back", async () => {
    smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    smtp = undefined;
    ctx = testContext({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: "help@profileboost.test", MAIL_FROM: "no-reply@profileboost.test" });

    const res = await post(testApp(ctx), valid);
    expect(res.status).toBe(201);

    let t = Date.now();
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, now: () => t, handlers: jobHandlers(ctx) });
    expect(await loop.runDue()).toBe(1);
    const [job] = stored().jobs;
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer(port);
    t += exponentialBackoff(1);
    expect(await loop.runDue()).toBe(1);
    t += 24 * 3600_000;
    expect(await loop.runDue()).toBe(0);

    const received = await smtp.waitFor(1);
    await Bun.sleep(200);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.messageId).toBe(messageIdFor(job!.idempotencyKey, "no-reply@profileboost.test", installationId(ctx.store.db)));
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : "").toBe("help@profileboost.test");
    expect(mail!.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(mail!.subject).toBe("Contact form: A question");
    expect(mail!.text).toContain("How long does the Premium plan take?");
    expect(stored().jobs[0]).toMatchObject({ status: "done", attempts: 2 });
  });
});

describe("the contact e-mail", () => {
  test("CR/LF in the name or subject never makes a header; the customer's words are escaped in the HTML", async () => {
    ctx = testContext({ SUPPORT_EMAIL: "help@profileboost.test", MAIL_FROM: "no-reply@profileboost.test" });
    const injected = {
      ...valid,
      firstName: "Ada\r\nBcc: first@evil.test",
      lastName: "Lovelace\nX-Injected: yes",
      subject: "Hi\r\nBcc: subject@evil.test\r\n\r\n<b>body</b>",
      message: "<script>alert(1)</script> and a long enough message",
    };
    expect((await post(testApp(ctx), injected)).status).toBe(201);
    const loop = createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) });
    expect(await loop.runDue()).toBe(1);

    const [file] = readdirSync(ctx.config.outboxDir);
    const raw = readFileSync(join(ctx.config.outboxDir, file!), "utf8");
    const headerBlock = raw.slice(0, raw.indexOf("\n\n"));
    expect(headerBlock).not.toMatch(/^(bcc|x-injected):/im);
    expect(headerBlock.match(/^subject:/gim)).toHaveLength(1);
    const mail = await simpleParser(raw);
    expect(mail.bcc).toBeUndefined();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("help@profileboost.test");
    // Line breaks in the name become spaces even inside the encoded display name, which a client would decode.
    expect(mail.replyTo?.value).toEqual([{ name: "Ada Bcc: first@evil.test Lovelace X-Injected: yes", address: "ada@example.com" }]);
    expect(mail.subject).toBe("Contact form: Hi Bcc: subject@evil.test <b>body</b>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain("<script>alert(1)</script> and a long enough message");
  });
});
