/**
 * The follow-up e-mail (issue 32) through the real job handlers and a real SMTP server: queued with the first release,
 * sent exactly once OUTCOME_FOLLOW_UP_DAYS later (or that long after "I've updated my profile"), with its signed links
 * and a one-click List-Unsubscribe; durable across a restart; never for a refunded, erased or opted-out profile.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rmSync } from "node:fs";
import { jobs, orders, outcomes } from "../db/schema.ts";
import { eraseProfile } from "../privacy/erasure.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { releasedCustomer, runJobs } from "../testing/privacy-fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";
import { checkLink, FOLLOW_UP_LINK_MS } from "./links.ts";
import { followUpKey, markProfileUpdated, optOut } from "./outcomes.ts";

const DAY = 24 * 3600_000;
let smtp: TestSmtpServer;
const open: TestContext[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const ctx of open) ctx.cleanup();
  await smtp.close();
});

function context(env: Record<string, string> = {}): TestContext {
  // A scripted optimiser: the photo analysis is not what these tests are about.
  const ctx = testContext({ SMTP_URL: smtp.url, ...env }, { optimiser: scriptedOptimiser() });
  open.push(ctx);
  return ctx;
}

const followUpsTo = (email: string) => smtp.received.filter((m) => m.subject?.startsWith("Did your new") && m.to && JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));
const later = (ms: number) => () => Date.now() + ms;
const jobOf = (ctx: TestContext, profileId: string) => ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, followUpKey(profileId))).get();

describe("the follow-up e-mail", () => {
  test("queued with the release for 14 days later; not sent before; sent once when due, with its links and List-Unsubscribe", async () => {
    const ctx = context();
    const customer = await releasedCustomer(ctx);
    const job = jobOf(ctx, customer.profileId)!;
    expect(job.status).toBe("queued");
    expect(Math.abs(job.runAt.getTime() - (Date.now() + 14 * DAY))).toBeLessThan(30_000);

    await runJobs(ctx, later(13.9 * DAY));
    expect(followUpsTo(customer.email)).toHaveLength(0);

    await runJobs(ctx, later(14 * DAY + 60_000));
    await runJobs(ctx, later(20 * DAY));
    const [mail, ...more] = followUpsTo(customer.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Did your new Hinge profile work? One minute, four questions");
    const formLink = /http:\/\/localhost:3000\/how-did-it-go\?id=[a-z0-9]+&t=[0-9a-z]+\.[\w-]+/.exec(mail!.text!)![0];
    const formUrl = new URL(formLink);
    const check = checkLink(ctx.store.db, "follow-up", formUrl.searchParams.get("id")!, formUrl.searchParams.get("t")!);
    expect(check).toMatchObject({ ok: true, profileId: customer.profileId });
    const row = ctx.store.db.select().from(outcomes).where(eq(outcomes.profileId, customer.profileId)).get()!;
    expect(row.followUpExpiresAt!.getTime() - row.followUpSentAt!.getTime()).toBe(FOLLOW_UP_LINK_MS);
    if (check.ok) expect(check.expiresAt).toEqual(row.followUpExpiresAt);
    // RFC 8058: the mail client's own button posts to the opt-out link.
    const header = (name: string) => mail!.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n[ \t]*/g, "");
    const optOutLink = /^List-Unsubscribe: ?<(http[^>]+)>$/i.exec(header("list-unsubscribe") ?? "")![1]!;
    expect(optOutLink).toStartWith(`http://localhost:3000/follow-up/opt-out?id=${customer.profileId}&t=0.`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail!.text).toContain(optOutLink);
    expect(jobOf(ctx, customer.profileId)!.status).toBe("done");
  });

  test("survives a restart: queued by one process, sent once by the next one on the same database file", async () => {
    const first = context();
    const customer = await releasedCustomer(first);
    // The first process stops; the second opens the same file.
    first.services.close();
    first.store.close();
    open.splice(open.indexOf(first), 1);
    const second = context({ DATABASE_PATH: first.config.databasePath });
    await runJobs(second, later(15 * DAY));
    await runJobs(second, later(16 * DAY));
    expect(followUpsTo(customer.email)).toHaveLength(1);
    second.cleanup();
    open.splice(open.indexOf(second), 1);
    rmSync(first.dir, { recursive: true, force: true });
  });

  test("after \"I've updated my profile\" it goes 14 days after that day instead", async () => {
    const ctx = context();
    const customer = await releasedCustomer(ctx);
    markProfileUpdated(ctx.store.db, customer.profileId, ctx.config.outcomes.followUpMs, new Date(Date.now() + 5 * DAY));
    await runJobs(ctx, later(14.5 * DAY));
    expect(followUpsTo(customer.email)).toHaveLength(0);
    await runJobs(ctx, later(19.5 * DAY));
    expect(followUpsTo(customer.email)).toHaveLength(1);
  });

  test("none for a refunded, an erased or an opted-out profile", async () => {
    const ctx = context();
    const [refunded, erased, optedOut] = [await releasedCustomer(ctx), await releasedCustomer(ctx), await releasedCustomer(ctx)];
    ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.id, refunded.orderId)).run();
    await eraseProfile(ctx, erased.profileId, { by: "customer" });
    optOut(ctx.store.db, optedOut.profileId);
    await runJobs(ctx, later(15 * DAY));
    for (const c of [refunded, erased, optedOut]) expect({ email: c.email, n: followUpsTo(c.email).length }).toEqual({ email: c.email, n: 0 });
    // The refunded and opted-out profiles' jobs ran and ended; the erased profile's went with it.
    expect(jobOf(ctx, refunded.profileId)!.status).toBe("done");
    expect(jobOf(ctx, optedOut.profileId)!.status).toBe("done");
    expect(jobOf(ctx, erased.profileId)).toBeUndefined();
    expect(ctx.log.lines.some((l) => l.includes(`outcome follow-up ${optedOut.profileId}: not sent, the customer opted out`))).toBe(true);
  });
});
