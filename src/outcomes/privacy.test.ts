/**
 * The answers are the customer's data (issue 32, item 5): an erasure removes them and its receipt says so; retention
 * keeps them as long as the profile's text and deletes them with it, receipt included; the privacy policy says what is
 * asked, why, and how to opt out. (The export: src/api/privacy.test.ts.)
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deletions, outcomes, profiles } from "../db/schema.ts";
import { deletedLines } from "../mail/deletion-receipt.tsx";
import type { DeletedItems } from "../privacy/deletions.ts";
import { eraseProfile } from "../privacy/erasure.ts";
import { applyRetention, retentionDeps } from "../privacy/retention.ts";
import { profileKey } from "../privacy/subject.ts";
import { DAY_MS } from "../shared/privacy/periods.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { releasedCustomer } from "../testing/privacy-fixtures.ts";
import { answerAfter, answerBefore } from "./outcomes.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

const ANSWERS_LINE = "Your answers to our question whether your new profile worked (your matches before and after, your rating and comment).";
const answer = (profileId: string) => {
  answerBefore(ctx.store.db, profileId, 4);
  answerAfter(ctx.store.db, profileId, { matches: 11, parts: ["bio"], rating: 5, comment: "Three dates already" }, false);
};
const outcomeRow = (id: string) => ctx.store.db.select().from(outcomes).where(eq(outcomes.profileId, id)).get();
const deletedOf = (id: string) => ctx.store.db.select().from(deletions).where(eq(deletions.profileKey, profileKey(id))).all().map((d) => d.deleted as DeletedItems);

describe("the answers as the customer's data", () => {
  test("an erasure removes them, and its receipt lists them", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser() });
    const customer = await releasedCustomer(ctx);
    answer(customer.profileId);
    await eraseProfile(ctx, customer.profileId, { by: "customer" });
    expect(outcomeRow(customer.profileId)).toBeUndefined();
    expect(ctx.store.db.select().from(outcomes).all()).toEqual([]);
    const [deleted] = deletedOf(customer.profileId);
    expect(deleted!.answers).toBe(true);
    expect(deletedLines(deleted!)).toContain(ANSWERS_LINE);
  });

  test("retention keeps them with the text, then deletes them with it, and the receipt lists them", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser() });
    const customer = await releasedCustomer(ctx);
    answer(customer.profileId);
    const sentAt = ctx.store.db.select().from(profiles).where(eq(profiles.id, customer.profileId)).get()!.emailSentAt!.getTime();
    // The photos go after 30 days: the answers stay.
    expect(await applyRetention(retentionDeps(ctx), sentAt + 30 * DAY_MS)).toEqual({ photos: 1, text: 0 });
    expect(outcomeRow(customer.profileId)).toMatchObject({ beforeMatches: 4, afterMatches: 11 });
    expect(deletedLines(deletedOf(customer.profileId)[0]!)).not.toContain(ANSWERS_LINE);
    // The text 365 days later: the answers with it.
    expect(await applyRetention(retentionDeps(ctx), sentAt + (30 + 365) * DAY_MS)).toEqual({ photos: 0, text: 1 });
    expect(outcomeRow(customer.profileId)).toBeUndefined();
    const receipts = deletedOf(customer.profileId);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.answers).toBe(true);
    expect(deletedLines(receipts[1]!)).toContain(ANSWERS_LINE);
  });

  test("a profile that never answered: no line about answers", async () => {
    ctx = testContext({}, { optimiser: scriptedOptimiser() });
    const customer = await releasedCustomer(ctx);
    await eraseProfile(ctx, customer.profileId, { by: "customer" });
    expect(deletedLines(deletedOf(customer.profileId)[0]!)).not.toContain(ANSWERS_LINE);
  });
});

describe("the privacy policy", () => {
  test("says what is asked, why, and how to opt out", async () => {
    ctx = testContext({ SUPPORT_EMAIL: "help@profileboost.test" });
    const res = await testApp(ctx).request("/privacy-policy");
    expect(res.status).toBe(200);
    const paragraph = /<p id="outcome-questions">([\s\S]*?)<\/p>/.exec(await res.text())?.[1] ?? "";
    const said = paragraph.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, "").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, " ");
    // What is asked, and when.
    expect(said).toContain("Your results page asks, if you want to answer, roughly how many matches you got in the 7 days before using them.");
    expect(said).toContain("we e-mail you once with a link to four questions: your matches in the last 7 days, which parts you used, a rating from 1 to 5 and an optional comment.");
    // Why, and what is published.
    expect(said).toContain("We ask to learn which parts of our work help, and we publish only figures over many customers (a median and how many answered), never with your name or address.");
    expect(said).toContain("Answering is optional.");
    // How to opt out: every way there is.
    expect(said).toContain(
      'To opt out of the e-mail, use the "Don\'t e-mail me about this" button on your results page, the "Opt out" link in the e-mail (one click: opening it is enough, and the page it opens can undo it) or your mail program\'s unsubscribe button, or write to help@profileboost.test.',
    );
    expect(paragraph).toContain('href="mailto:help@profileboost.test"');
    // The answers as the customer's data.
    expect(said).toContain("Your answers are part of your data: in your export, deleted when you erase your data, and deleted with your profile text when the retention period ends.");
  });
});
