/**
 * The e-mails to the customer against a real SMTP server: the order confirmation once per paid order, the results
 * e-mail once per release, and what a release records.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../db/client.ts";
import { installationId } from "../db/installation.ts";
import { newId } from "../db/ids.ts";
import { jobs, photos, profiles } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { messageIdFor } from "../mail/transports.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { fulfil } from "../payments/fulfil.ts";
import { addVersion, latestRelease, readVersion, releasedResult } from "../profiles/versions.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { processRevision } from "../admin/actions.ts";
import { formatDeadline } from "../mail/order-confirmation.tsx";
import { queueResultsEmail, resultsMailKey } from "./results.ts";
import { requestRevision } from "./revision.ts";

const HOSTILE = `<img src=x onerror="alert(1)">`;

let ctx: TestContext;
let smtp: TestSmtpServer;
afterEach(async () => {
  ctx?.cleanup();
  await smtp?.close();
});

async function setup(overrides: Parameters<typeof scriptedOptimiser>[1] = {}) {
  smtp = await startSmtpServer();
  ctx = testContext({ SMTP_URL: smtp.url, MAIL_FROM: "no-reply@profileboost.test", SUPPORT_EMAIL: "help@profileboost.test" }, { optimiser: scriptedOptimiser([], overrides) });
}

const loop = () => createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) });
const row = (id: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;

/** A paid profile with three photos on disk, optimised (all queued jobs run). */
async function optimisedProfile(plan: PlanId = "premium") {
  const { orderId, profileId, amount } = insertOrder(ctx.store.db, { plan });
  ctx.store.db.update(profiles).set({ email: "ada@example.com", datingApp: "tinder", bio: `Nurse. ${HOSTILE}` }).where(eq(profiles.id, profileId!)).run();
  mkdirSync(ctx.config.uploadsDir, { recursive: true });
  for (let i = 0; i < 3; i++) {
    const file = `${newId()}.jpg`;
    writeFileSync(join(ctx.config.uploadsDir, file), await plainJpeg());
    ctx.store.db.insert(photos).values({ id: newId(), profileId: profileId!, filePath: file, order: i }).run();
  }
  const payment = { orderId, provider: "local" as const, reference: newId(), amount, currency: "usd" };
  return { orderId, profileId: profileId!, payment };
}

describe("the order confirmation", () => {
  test("one e-mail per paid order, even when the payment is confirmed three times", async () => {
    await setup();
    const { payment, profileId } = await optimisedProfile("elite");
    for (let i = 0; i < 3; i++) fulfil(ctx.store.db, payment);
    await loop().runDue();
    await Bun.sleep(100);
    const confirmations = smtp.received.filter((m) => m.subject?.includes("order"));
    expect(confirmations).toHaveLength(1);
    const [mail] = confirmations;
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : "").toBe("ada@example.com");
    expect(mail!.text).toContain("$49.99");
    expect(mail!.text).toContain(`http://localhost:3000/view-results?id=${profileId}`);
    expect(mail!.html).toBeTruthy();
    expect(mail!.replyTo?.value[0]?.address).toBe("help@profileboost.test");
  });
});

describe("the results e-mail", () => {
  async function completed(plan: PlanId = "premium") {
    const { payment, profileId } = await optimisedProfile(plan);
    fulfil(ctx.store.db, payment);
    await loop().runDue();
    await smtp.waitFor(1);
    smtp.received.length = 0;
    expect(row(profileId).status).toBe("completed");
    return profileId;
  }

  test("sent once although sending was requested twice at once; the release is recorded with the job", async () => {
    await setup({ analysis: { summary: `Summary with ${HOSTILE}`, strengths: [], problems: [{ title: "Cliché", reason: HOSTILE, phrase: HOSTILE }] } });
    const profileId = await completed("premium");
    const outcomes = await Promise.all([1, 2].map(async () => queueResultsEmail(ctx.store.db, profileId)));
    expect(outcomes.sort()).toEqual(["already_queued", "queued"]);

    // Two job loops on two connections, as two processes would be.
    const other = openStore(ctx.config.databasePath);
    const second = createJobLoop({ db: other.db, log: silentLogger, handlers: jobHandlers({ ...ctx, store: other }) });
    await Promise.all([loop().runDue(), second.runDue()]);
    other.close();
    await Bun.sleep(200);
    expect(smtp.received).toHaveLength(1);

    const mail = smtp.received[0]!;
    // The first release of the working version.
    const key = resultsMailKey(profileId, row(profileId).workingVersionId!, 0);
    expect(mail.messageId).toBe(messageIdFor(key, "no-reply@profileboost.test", installationId(ctx.store.db)));
    expect(mail.subject).toMatch(/ready/i);
    // Both parts, each with the content and the results link.
    expect(mail.html).toContain("Opener number 1?");
    expect(mail.text).toContain("Opener number 1?");
    expect(mail.text).toContain(`/view-results?id=${profileId}`);
    expect(mail.text).toMatch(/your plan includes 1 revision/i);
    // The customer's and the model's words are escaped: nothing executable reaches the HTML part.
    expect(mail.html as string).not.toContain("<img");
    expect(mail.html as string).not.toMatch(/<[^>]*\sonerror=/i);
    expect(mail.html as string).toContain("&lt;img src=x onerror=");

    const released = row(profileId);
    expect(released).toMatchObject({ emailSent: true, emailMessageId: mail.messageId });
    expect(released.emailSentAt).toBeInstanceOf(Date);
    expect(releasedResult(ctx.store.db, profileId)?.optimization.plan).toBe("premium");
    expect(latestRelease(ctx.store.db, profileId)).toMatchObject({ versionId: released.workingVersionId, messageId: mail.messageId });
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, key)).get()!.status).toBe("done");
  });

  test("asking to send again after it was sent is refused; a result not finished cannot be sent", async () => {
    await setup();
    const profileId = await completed("basic");
    queueResultsEmail(ctx.store.db, profileId);
    await loop().runDue();
    expect(() => queueResultsEmail(ctx.store.db, profileId)).toThrow(DomainError);
    const { profileId: unpaid } = await optimisedProfile();
    expect(() => queueResultsEmail(ctx.store.db, unpaid)).toThrow(/no finished result/);
  });

  test("a result replaced after the e-mail was queued is not sent by that job", async () => {
    await setup();
    const profileId = await completed();
    queueResultsEmail(ctx.store.db, profileId);
    // An administrator's save (a newer working version) after the e-mail was queued.
    const db = ctx.store.db;
    const working = row(profileId).workingVersionId!;
    const newer = addVersion(db, { profileId, parentId: working, kind: "edit", author: "admin", result: readVersion(db, profileId, working)!.result! });
    db.update(profiles).set({ workingVersionId: newer }).where(eq(profiles.id, profileId)).run();
    await loop().runDue();
    await Bun.sleep(100);
    expect(smtp.received).toHaveLength(0);
    expect(row(profileId).emailSent).toBe(false);
  });

  test("what we changed and why: each part's note, escaped, in both parts; the model's name in nothing the customer reads", async () => {
    const ai = { kind: "ai", model: "secret-model-7b" } as const;
    const notes = ["Led with your job and your baking.", `Cut the line with ${HOSTILE}: it reads as code.`];
    await setup({
      bio: { original: "Nurse.", optimised: "Night nurse who bakes sourdough at dawn.", limit: 500, notes },
      engines: { analysis: ai, bio: ai, prompts: ai, photos: { kind: "local" }, starters: ai, guide: ai },
      checks: { flagged: false, problems: [] },
    });
    const profileId = await completed("basic");
    queueResultsEmail(ctx.store.db, profileId);
    await loop().runDue();
    const [mail] = await smtp.waitFor(1);
    const html = mail!.html as string;
    const text = mail!.text!;
    expect(text).toContain("your optimized Tinder profile, what we changed and why, and the order");
    expect(text).toContain(`What we changed and why\n\nYour Tinder bio\n\n- Led with your job and your baking.\n- Cut the line with ${HOSTILE}: it reads as code.`);
    expect(html).toContain("What we changed and why");
    expect(html).toContain("<li style=\"margin:0 0 8px\">Led with your job and your baking.</li>");
    expect(html).toContain("Cut the line with &lt;img src=x onerror=");
    expect(html).not.toMatch(/<[^>]*\sonerror=/i);
    // Made with AI, and said so; which model is ours to know.
    expect(text).toContain("drafted automatically with AI");
    for (const part of [html, text, JSON.stringify(releasedResult(ctx.store.db, profileId))]) expect(part).not.toContain("secret-model-7b");
    expect(releasedResult(ctx.store.db, profileId)!.optimization.engines.bio).toEqual({ kind: "ai" });
  });

  test("basic: no starters and no revision offer; premium: the revision offer", async () => {
    await setup();
    const basic = await completed("basic");
    queueResultsEmail(ctx.store.db, basic);
    await loop().runDue();
    const [basicMail] = await smtp.waitFor(1);
    expect(basicMail!.text).not.toContain("Opener number");
    expect(basicMail!.text).not.toMatch(/includes 1 revision/i);
  });
});

describe("the revision loop", () => {
  const address = (field: ParsedMail["to"] | ParsedMail["replyTo"]) => (field && !Array.isArray(field) ? field.value.map((a) => a.address) : []);

  test("request → the customer's acknowledgement with the expected time, support's e-mail replying to the customer → the revised e-mail says so", async () => {
    await setup();
    const { payment, profileId, orderId } = await optimisedProfile("premium");
    fulfil(ctx.store.db, payment);
    await loop().runDue();
    queueResultsEmail(ctx.store.db, profileId);
    await loop().runDue();
    const first = (await smtp.waitFor(2)).find((m) => m.subject?.includes("profile is ready"))!;
    expect(first.subject).toBe("Your optimized Tinder profile is ready");
    smtp.received.length = 0;

    const notes = "Please mention my cello and drop the hiking line.";
    requestRevision(ctx.store.db, profileId, notes);
    const deadline = row(profileId).deadlineAt!;
    await loop().runDue();
    const [a, b] = await smtp.waitFor(2);
    const ack = [a!, b!].find((m) => address(m.to).includes("ada@example.com"))!;
    const support = [a!, b!].find((m) => address(m.to).includes("help@profileboost.test"))!;

    expect(ack.subject).toBe("We received your revision request for your Tinder profile");
    expect(address(ack.replyTo)).toEqual(["help@profileboost.test"]);
    expect(ack.text).toContain(`Your revised profile will be e-mailed to you within 24 hours, by ${formatDeadline(deadline)}.`);
    expect(ack.text).toContain(notes);
    expect(ack.text).toContain(`Please quote your order reference, ${orderId}.`);

    expect(support.subject).toBe(`Revision request from ada@example.com (order ${orderId})`);
    expect(address(support.replyTo)).toEqual(["ada@example.com"]);
    expect(support.text).toContain("Customer: ada@example.com");
    expect(support.text).toContain(`Order reference: ${orderId}`);
    expect(support.text).toContain(notes);
    smtp.received.length = 0;

    processRevision(ctx, "admin", profileId);
    await loop().runDue();
    expect(row(profileId).status).toBe("completed");
    queueResultsEmail(ctx.store.db, profileId);
    await loop().runDue();
    const [revised] = await smtp.waitFor(1);
    expect(revised!.subject).toBe("Your revised Tinder profile is ready");
    expect(revised!.text).toContain("Hello,\n\nThis is the revision you asked for:");
    expect(revised!.text).toContain(`You asked:\n\n${notes}`);
    expect(revised!.text).not.toMatch(/your plan includes \d revision/);
    expect(row(profileId)).toMatchObject({ emailSent: true, needsRevision: false, revisionsUsed: 1 });
  });
});
