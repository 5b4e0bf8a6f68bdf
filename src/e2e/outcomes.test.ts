/**
 * The measured outcome in Chromium against the real server (issue 32): the customer answers the "before" question on
 * the results page; the follow-up e-mail's link opens a form that is answered with JavaScript turned off, and an
 * administrator sees that answer on the Outcomes page, whose chart has a text equivalent. Nothing serious for axe and
 * no sideways scrolling on every page and state of the flows (the question unanswered and answered, the form with its
 * errors and saved, the opt-out and its undoing, a refused and an expired link, the Outcomes page); each flow in both
 * themes and at 375 and 1280 px over the file's tests, each page in at least one of them, a state reached once and
 * switched in place to each look it is checked in (`inEveryLook`, decision 153; so few page loads: issue 26).
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { outcomes } from "../db/schema.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { followUpUrl, optOutUrl } from "../outcomes/links.ts";
import { answerBefore, followUpKey, OUTCOME_FOLLOW_UP_MAIL } from "../outcomes/outcomes.ts";
import { sessionCookieOf } from "../testing/admin.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, type Look, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
import { insertAnswers, type AnswerFixture, TWELVE_BEFORE_AFTER } from "../testing/outcome-fixtures.ts";
import { insertResultsFixtures, type ResultsFixtures } from "../testing/results-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

const OWNER = "olive";
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: TestBrowser;
let tabs: ThemedTabs;
let store: Store;
let fx: ResultsFixtures;

/** Twelve customers' answers (changes -2 … 15, median 3), one with a comment. */
const ANSWERS: AnswerFixture[] = TWELVE_BEFORE_AFTER.map(([before, after], i) => ({ before, after, comment: i === 11 ? "Fifteen more matches: the new first photo did it." : undefined }));

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD });
  [browser, fx] = await Promise.all([launchBrowser(), insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"))]);
  tabs = themedTabs(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
  insertAnswers(store.db, ANSWERS);
}, 60_000);
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

/** `path` in the theme's shared tab (cleared), or in `page` as it is. */
async function open(path: string, options: { theme?: "light" | "dark"; width?: number } = {}, taken?: Page): Promise<{ page: Page; errors: string[] }> {
  const page = taken ?? (await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 }));
  const errors = recordPageErrors(page);
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

async function openResults(id: string, options: { theme?: "light" | "dark"; width?: number } = {}) {
  const opened = await open(`/view-results?id=${id}`, options);
  await opened.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await opened.page.getByRole("heading", { name: "Did it work? Help us measure" }).waitFor();
  return opened;
}

/** The dashboard, signed in as the owner by a session made in the database (signing in by the form is admin.test.ts's). */
async function signIn(options: { theme?: "light" | "dark"; width?: number } = {}) {
  const page = await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 });
  await page.context().addCookies([sessionCookieOf(store.db, OWNER, server.url)]);
  const opened = await open("/admin", options, page);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return opened;
}

const outcomeOf = (id: string) => store.db.select().from(outcomes).where(eq(outcomes.profileId, id)).get();
const noSidewaysScroll = (page: Page, width: number) => poll(() => page.evaluate(() => document.documentElement.scrollWidth), { what: "the page's width" }).toBe(width);

/** The page as it stands: nothing serious for axe, no sideways scrolling at `width`. */
async function looksRight(page: Page, width: number) {
  expect(await seriousViolations(page)).toEqual([]);
  await noSidewaysScroll(page, width);
}

/** The page as it stands, switched in place to each of `looks` (`inEveryLook`): in each, it looks right. */
async function looksRightIn(page: Page, looks: readonly Look[]) {
  await inEveryLook(page, ({ width }) => looksRight(page, width), looks);
}

/** The Outcomes page (open, its chart drawn) looks right, and the chart's bars and words take the theme's colours. */
async function outcomesPageLooksRight(page: Page, width: number) {
  await looksRight(page, width);
  const colours = await page.locator("[data-testid=outcome-chart] svg").evaluate((svg) => ({
    bar: getComputedStyle(svg.querySelector("rect")!).fill,
    text: getComputedStyle(svg.querySelector("text")!).fill,
    page: getComputedStyle(document.body).backgroundColor,
  }));
  expect(colours.bar).not.toBe(colours.page);
  expect(colours.text).not.toBe(colours.page);
}

const LIGHT_1280: Look = { theme: "light", width: 1280 };
const DARK_375: Look = { theme: "dark", width: 375 };
const LIGHT_375: Look = { theme: "light", width: 375 };

/** A table's rows on the page, each as its cells' text. */
const tableRows = (page: Page, region: string) =>
  page.getByRole("region", { name: region, exact: true }).locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim())));

describe("before: the results page's question", () => {
  test("a bad number is refused beside the field; a number is saved; \"I've updated my profile\" fixes it (dark, 375 px, axe once answered)", async () => {
    const { page, errors } = await openResults(fx.basic.id, { theme: "dark", width: 375 });
    const field = page.getByLabel("Roughly how many matches did you get in the last 7 days, before using this?");
    await field.fill("lots");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await poll(() => page.locator("#outcome-before-error").textContent()).toBe("Please enter a whole number from 0 to 999");
    await poll(() => field.getAttribute("aria-invalid")).toBe("true");
    expect(outcomeOf(fx.basic.id)).toBeUndefined();

    await field.fill("12");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await poll(() => page.getByTestId("outcome-saved").textContent()).toBe("Saved: 12 matches in the 7 days before.");
    expect(outcomeOf(fx.basic.id)).toMatchObject({ beforeMatches: 12, beforeDeclined: false });
    await looksRight(page, 375);

    await page.getByRole("button", { name: "I've updated my profile" }).click();
    await poll(() => page.getByTestId("outcome-before-fixed").textContent()).toMatch(/^You told us you updated your profile on .+\. Your answer from before: 12 matches\.$/);
    await poll(() => field.count()).toBe(0);
    expect(outcomeOf(fx.basic.id)!.profileUpdatedAt).toBeInstanceOf(Date);
    expect(errors).toEqual([]);
  });
});

describe("after: from the follow-up e-mail's link to the Outcomes page", () => {
  test("the e-mail's link opens the form; answered with JavaScript off (375 px), it is stored, and the admin sees it on the Outcomes page (as it opens in light at 375 px, its table open in dark at 1280 px: nothing serious for axe, no sideways scrolling, the chart in the theme's colours)", async () => {
    const id = fx.elite.id;
    // Brought to where it starts through the database: the customer gave a before (4) on the results page.
    answerBefore(store.db, id, 4);
    enqueueJob(store.db, OUTCOME_FOLLOW_UP_MAIL, { payload: { profileId: id }, idempotencyKey: followUpKey(id) });
    const file = join(server.dir, "outbox", `${followUpKey(id).replace(/[^a-zA-Z0-9._-]/g, "-")}.eml`);
    await poll(() => existsSync(file), { what: "the follow-up e-mail in the outbox" }).toBe(true);
    const mail = await simpleParser(readFileSync(file));
    // PUBLIC_URL is localhost; the server listens on 127.0.0.1.
    const link = /http:\/\/localhost:\d+(\/how-did-it-go\?id=[a-z0-9]+&t=[0-9a-z]+\.[\w-]+)/.exec(mail.text!)![1]!;

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const form = await context.newPage();
    await form.goto(`${server.url}${link}`);
    await form.getByRole("heading", { name: "How did it go?" }).waitFor();
    await form.getByLabel("Roughly how many matches did you get in the last 7 days?").fill("9");
    await form.getByLabel("The new bio").check();
    await form.getByLabel("The warm version").check();
    await form.getByLabel("4", { exact: true }).check();
    await form.getByLabel("Anything you'd like to tell us? (optional)").fill("The warm bio got replies.");
    await form.getByRole("button", { name: "Send my answer" }).click();
    await form.getByTestId("follow-up-saved").waitFor();
    expect(outcomeOf(id)).toMatchObject({ beforeMatches: 4, afterMatches: 9, partsUsed: ["bio"], bioVersion: "warm", rating: 4, comment: "The warm bio got replies." });
    // The form shows the stored answer, ready to change.
    await poll(() => form.getByLabel("Roughly how many matches did you get in the last 7 days?").inputValue()).toBe("9");
    await poll(() => form.getByRole("button", { name: "Save my changes" }).count()).toBe(1);
    // (axe cannot run where scripts are off: the saved form is checked in the looks below.)

    // The admin, from the dashboard: the twelve answers of the fixtures and this one (+5), the chart with its text.
    const { page, errors } = await signIn({ theme: "dark", width: 1280 });
    await page.getByRole("link", { name: "Outcomes" }).click();
    await page.waitForURL(`${server.url}/admin/outcomes`);
    await page.getByRole("heading", { name: "Outcomes", level: 1 }).waitFor();
    const figures = page.getByTestId("outcome-figures");
    await poll(() => figures.textContent()).toContain("Change in matches a week (median)+3");
    await poll(() => figures.textContent()).toMatch(/90% interval [+-]?\d+(\.\d+)? to [+-]?\d+(\.\d+)?, n = 13/);
    await page.getByRole("img", { name: "Distribution of the change in matches a week" }).waitFor();
    await poll(() => page.getByTestId("outcome-chart-text").textContent()).toMatch(/^Change in matches a week \(after minus before\) for 13 customers\. .+ Median: 3\.$/);
    // The page as it opens (the table closed), switched in place to light at 375 px; it is seen in its own look, dark
    // at 1280 px, with the table open, below.
    await inEveryLook(page, async ({ width }) => {
      await outcomesPageLooksRight(page, width);
    }, [LIGHT_375]);
    await page.getByText("The chart as a table").click();
    await poll(() => page.getByRole("region", { name: "Distribution as a table" }).locator("tbody tr").count()).toBeGreaterThan(1);
    // This answer in its groups: elite, The League, the warm bio version (n for the change and for after ÷ before).
    await poll(() => tableRows(page, "By the elite bio version used")).toContainEqual(["The warm version", "1", "1", "not enough data yet (fewer than 10 answers)", "not enough data yet (fewer than 10 answers)"]);
    await poll(() => tableRows(page, "Per plan")).toContainEqual(["Elite", "1", "1", "not enough data yet (fewer than 10 answers)", "not enough data yet (fewer than 10 answers)"]);
    await poll(() => tableRows(page, "Per app")).toContainEqual(["The League", "1", "1", "not enough data yet (fewer than 10 answers)", "not enough data yet (fewer than 10 answers)"]);
    await poll(() => page.getByTestId("outcome-comments").textContent()).toContain("The warm bio got replies.");
    await poll(() => page.getByTestId("outcome-comments").textContent()).toContain("Fifteen more matches: the new first photo did it.");
    await poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await outcomesPageLooksRight(page, 1280);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe("looks", () => {
  /** A follow-up link of the premium fixture with one character of its signature changed. */
  const tampered = (link: string) => link.replace(/(t=[0-9a-z]+\.[\w-]{10})([\w-])/, (_, head: string, c: string) => `${head}${c === "A" ? "B" : "A"}`);

  // Each state reached once (from dark at 375 px) and switched in place to the looks it is checked in: the question and
  // the form with a bad answer's messages in light 1280 px and dark 375 px, the form saved, the opt-out and its undoing
  // in dark 375 px, a refused and an expired link in light 1280 px; with the Outcomes page's looks (in the test above)
  // every flow in both themes and at both widths, every page in at least one look.
  test("the results page's question and the follow-up form's messages (light 1280 px, dark 375 px), the form saved, the e-mail's opt-out and its undoing (dark 375 px), a refused and an expired link (light 1280 px): nothing serious for axe, no sideways scrolling", async () => {
    const results = await openResults(fx.premium.id, { theme: "dark", width: 375 });
    const page = results.page;
    await inEveryLook(page, async ({ width }) => {
      await looksRight(page, width);
    }, [DARK_375, LIGHT_1280]);

    const link = followUpUrl(store.db, server.url, fx.premium.id, new Date(Date.now() + 24 * 3600_000));
    await page.goto(link);
    await page.getByRole("heading", { name: "How did it go?" }).waitFor();
    // A bad answer, whatever is stored: its messages.
    const submit = page.getByRole("button", { name: /^(Send my answer|Save my changes)$/ });
    await page.getByLabel("Roughly how many matches did you get in the last 7 days?").fill("lots");
    await submit.click();
    await page.getByTestId("follow-up-problems").waitFor();
    await looksRightIn(page, [DARK_375, LIGHT_1280]);

    await page.getByLabel("Roughly how many matches did you get in the last 7 days?").fill("6");
    await page.getByLabel("3", { exact: true }).check();
    await submit.click();
    await page.getByTestId("follow-up-saved").waitFor();
    await looksRightIn(page, [DARK_375]);

    // The e-mail's opt-out link opts out as it opens; the page offers to undo it.
    await page.goto(optOutUrl(store.db, server.url, fx.premium.id));
    await page.getByTestId("opted-out").waitFor();
    expect(outcomeOf(fx.premium.id)!.optedOutAt).toBeInstanceOf(Date);
    await looksRightIn(page, [DARK_375]);
    await page.getByRole("button", { name: "Ask me after all" }).click();
    await page.getByTestId("opted-back-in").waitFor();
    expect(outcomeOf(fx.premium.id)!.optedOutAt).toBeNull();
    await looksRightIn(page, [DARK_375]);

    await page.goto(tampered(link));
    await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
    await looksRightIn(page, [LIGHT_1280]);
    await page.goto(followUpUrl(store.db, server.url, fx.premium.id, new Date(Date.now() - 1000)));
    await page.getByRole("heading", { name: "This link has expired" }).waitFor();
    await looksRightIn(page, [LIGHT_1280]);
    // The browser reports the form's 400 (a bad answer) and the refused links' 403 and 410 as failed loads; anything
    // else would be an error in the page.
    expect(results.errors.filter((e) => !/status of (400|403|410)/.test(e))).toEqual([]);
  }, 60_000);
  // The Outcomes page's looks (dark 1280 px and light 375 px) are checked where the admin signs in to see the answer,
  // above: one sign-in, not two.
});
