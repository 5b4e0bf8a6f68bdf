/**
 * The measured outcome in Chromium against the real server (issue 32): the customer answers the "before" question on
 * the results page; the follow-up e-mail's link opens a form that is answered with JavaScript turned off; an
 * administrator sees the answers on the Outcomes page, whose chart has a text equivalent. Every page in both themes at
 * 375 and 1280 px with nothing serious for axe and no sideways scrolling.
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
import { followUpUrl } from "../outcomes/links.ts";
import { followUpKey, OUTCOME_FOLLOW_UP_MAIL } from "../outcomes/outcomes.ts";
import { launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
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

async function open(path: string, options: { theme?: "light" | "dark"; width?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 });
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

async function signIn(options: { theme?: "light" | "dark"; width?: number } = {}) {
  const opened = await open("/admin", options);
  const { page } = opened;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.getByLabel("Username").fill(OWNER);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return opened;
}

const outcomeOf = (id: string) => store.db.select().from(outcomes).where(eq(outcomes.profileId, id)).get();
const noSidewaysScroll = (page: Page, width: number) => poll(() => page.evaluate(() => document.documentElement.scrollWidth), { what: "the page's width" }).toBe(width);

describe("before: the results page's question", () => {
  test("a bad number is refused beside the field; a number is saved; \"I've updated my profile\" fixes it", async () => {
    const { page, errors } = await openResults(fx.basic.id);
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

    await page.getByRole("button", { name: "I've updated my profile" }).click();
    await poll(() => page.getByTestId("outcome-before-fixed").textContent()).toMatch(/^You told us you updated your profile on .+\. Your answer from before: 12 matches\.$/);
    await poll(() => field.count()).toBe(0);
    expect(outcomeOf(fx.basic.id)!.profileUpdatedAt).toBeInstanceOf(Date);
    expect(errors).toEqual([]);
  });
});

describe("after: the follow-up e-mail's link", () => {
  test("the e-mail's link opens the form; answered with JavaScript off, it is stored and the page says so", async () => {
    const id = fx.elite.id;
    enqueueJob(store.db, OUTCOME_FOLLOW_UP_MAIL, { payload: { profileId: id }, idempotencyKey: followUpKey(id) });
    const file = join(server.dir, "outbox", `${followUpKey(id).replace(/[^a-zA-Z0-9._-]/g, "-")}.eml`);
    await poll(() => existsSync(file), { what: "the follow-up e-mail in the outbox" }).toBe(true);
    const mail = await simpleParser(readFileSync(file));
    // PUBLIC_URL is localhost; the server listens on 127.0.0.1.
    const link = /http:\/\/localhost:\d+(\/how-did-it-go\?id=[a-z0-9]+&t=[0-9a-z]+\.[\w-]+)/.exec(mail.text!)![1]!;

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${link}`);
    await page.getByRole("heading", { name: "How did it go?" }).waitFor();
    await page.getByLabel("Roughly how many matches did you get in the last 7 days?").fill("9");
    await page.getByLabel("The new bio").check();
    await page.getByLabel("The warm version").check();
    await page.getByLabel("4", { exact: true }).check();
    await page.getByLabel("Anything you'd like to tell us? (optional)").fill("The warm bio got replies.");
    await page.getByRole("button", { name: "Send my answer" }).click();
    await page.getByTestId("follow-up-saved").waitFor();
    expect(outcomeOf(id)).toMatchObject({ afterMatches: 9, partsUsed: ["bio"], bioVersion: "warm", rating: 4, comment: "The warm bio got replies." });
    // The form shows the stored answer, ready to change.
    await poll(() => page.getByLabel("Roughly how many matches did you get in the last 7 days?").inputValue()).toBe("9");
    await poll(() => page.getByRole("button", { name: "Save my changes" }).count()).toBe(1);
  });
});

describe("the Outcomes page", () => {
  test("from the dashboard: the median with its interval and n, the chart with its text equivalent, the comments", async () => {
    const { page, errors } = await signIn();
    await page.getByRole("link", { name: "Outcomes" }).click();
    await page.waitForURL(`${server.url}/admin/outcomes`);
    await page.getByRole("heading", { name: "Outcomes", level: 1 }).waitFor();
    const figures = page.getByTestId("outcome-figures");
    await poll(() => figures.textContent()).toContain("Change in matches a week (median)+3");
    await poll(() => figures.textContent()).toMatch(/90% interval [+-]?\d+(\.\d+)? to [+-]?\d+(\.\d+)?, n = 12/);
    const chart = page.getByRole("img", { name: "Distribution of the change in matches a week" });
    await chart.waitFor();
    await poll(() => page.getByTestId("outcome-chart-text").textContent()).toMatch(/^Change in matches a week \(after minus before\) for 12 customers\. .+ Median: 3\.$/);
    await page.getByText("The chart as a table").click();
    await poll(() => page.getByRole("region", { name: "Distribution as a table" }).locator("tbody tr").count()).toBeGreaterThan(1);
    await poll(() => page.getByTestId("outcome-comments").textContent()).toContain("Fifteen more matches: the new first photo did it.");
    expect(errors).toEqual([]);
  });
});

describe("looks", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [375, 1280]) {
      test(`${theme} theme at ${width}px: the results page's question and the follow-up form, nothing serious for axe, no sideways scrolling`, async () => {
        const results = await openResults(fx.premium.id, { theme, width });
        await poll(() => results.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        expect(await seriousViolations(results.page)).toEqual([]);
        await noSidewaysScroll(results.page, width);

        const link = followUpUrl(store.db, server.url, fx.premium.id, new Date(Date.now() + 24 * 3600_000));
        const page = results.page;
        await page.goto(link);
        await page.getByRole("heading", { name: "How did it go?" }).waitFor();
        // With the messages a bad answer brings.
        await page.getByRole("button", { name: "Send my answer" }).click();
        await page.getByTestId("follow-up-problems").waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await noSidewaysScroll(page, width);
        // The browser reports the form's 400 (a bad answer) as a failed load; anything else would be an error in the page.
        expect(results.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
      });

      test(`${theme} theme at ${width}px: the Outcomes page and its chart, nothing serious for axe, no sideways scrolling`, async () => {
        const { page, errors } = await signIn({ theme, width });
        await page.goto(`${server.url}/admin/outcomes`);
        await page.getByRole("img", { name: "Distribution of the change in matches a week" }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await noSidewaysScroll(page, width);
        // The chart's bars and words take the theme's colours.
        const colours = await page.locator("[data-testid=outcome-chart] svg").evaluate((svg) => ({
          bar: getComputedStyle(svg.querySelector("rect")!).fill,
          text: getComputedStyle(svg.querySelector("text")!).fill,
          page: getComputedStyle(document.body).backgroundColor,
        }));
        expect(colours.bar).not.toBe(colours.page);
        expect(colours.text).not.toBe(colours.page);
        expect(errors).toEqual([]);
      });
    }
  }
});
