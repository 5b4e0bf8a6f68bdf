/**
 * The results page (/view-results?id=…) in the browser against the real server, over profiles written straight into
 * its database in every state (src/testing/results-fixtures.ts): titles, statuses, the delivery estimate, the
 * released result's tabs, photos and premium content, the revision request, the error views, accessibility in both
 * themes on a phone and a desktop, and hostile text in a result staying text.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { join } from "node:path";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, type TestBrowser } from "../testing/browser.ts";
import { HOSTILE, insertResultsFixtures, type ResultsFixtures } from "../testing/results-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { REVISION_RECEIVED } from "../api/results.ts";
import { Database } from "bun:sqlite";
import { deliveryTime } from "../web/results/delivery.ts";

const SUPPORT_EMAIL = "help@profileboost.test";
let server: RunningServer;
let browser: TestBrowser;
let fx: ResultsFixtures;

beforeAll(async () => {
  server = await startServer({ SUPPORT_EMAIL });
  [browser, fx] = await Promise.all([launchBrowser(), insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"))]);
});
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
});

interface Opened {
  ctx: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions since the page opened. */
  errors: string[];
}

/** A new context, the page opened in it and hydrated; `theme` is stored before the first paint, as the toggle would. */
async function open(path: string, options: BrowserContextOptions & { theme?: "light" | "dark" } = {}): Promise<Opened> {
  const { theme, ...contextOptions } = options;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  if (theme) await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
  const page = await ctx.newPage();
  const errors = recordPageErrors(page);
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { ctx, page, errors };
}

/** The results of one profile, once they have loaded (the spinner has given way to the card's heading). */
async function openResults(id: string, options: Parameters<typeof open>[1] = {}): Promise<Opened> {
  const opened = await open(`/view-results?id=${id}`, options);
  await opened.page.locator("main h1").waitFor();
  return opened;
}

const main = (page: Page) => page.locator("main");
const status = (page: Page) => page.getByTestId("results-status");
const toast = (page: Page) => page.getByTestId("toast-viewport");
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const panel = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])');

/** axe over the whole page, or only within `within` (a panel after the page around it was checked). */
const pageViolations = (page: Page, within?: string) => seriousViolations(page, { include: within });

/** Nothing of the page is wider than the screen: no sideways scrolling on a phone. */
async function overflowing(page: Page): Promise<string[]> {
  return await main(page).evaluate((el) =>
    [...el.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.outerHTML.slice(0, 80)),
  );
}

async function thumbnailsLoaded(page: Page) {
  await page.waitForFunction(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="photo-list"] img')];
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });
}

describe("the results page: titles and statuses", () => {
  test("titled by plan: Basic, Premium, Elite Package; Custom without an order", async () => {
    const { ctx, page, errors } = await openResults(fx.basic.id);
    await poll(() => main(page).locator("h1").textContent()).toBe("Basic Package");
    for (const [id, title] of [
      [fx.premium.id, "Premium Package"],
      [fx.elite.id, "Elite Package"],
      [fx.noOrder, "Custom"],
    ] as const) {
      await page.goto(`${server.url}/view-results?id=${id}`);
      await poll(() => main(page).locator("h1").textContent()).toBe(title);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("each state's status in words: Awaiting Payment, In Progress (pending/processing/failed/unreleased), Completed, Revision Requested", async () => {
    const { ctx, page, errors } = await openResults(fx.created);
    const cases: [string, string, { delivery: boolean; tabs: boolean }][] = [
      [fx.created, "Awaiting Payment", { delivery: false, tabs: false }],
      [fx.pending.id, "In Progress", { delivery: true, tabs: false }],
      [fx.processing.id, "In Progress", { delivery: true, tabs: false }],
      [fx.failed.id, "In Progress", { delivery: true, tabs: false }],
      [fx.completedUnreleased.id, "In Progress", { delivery: true, tabs: false }],
      [fx.basic.id, "Completed", { delivery: false, tabs: true }],
      [fx.revisionRequested.id, "Revision Requested", { delivery: true, tabs: true }],
    ];
    for (const [id, expected, { delivery, tabs }] of cases) {
      await page.goto(`${server.url}/view-results?id=${id}`);
      await poll(async () => `${id}: ${await status(page).textContent()}`).toBe(`${id}: ${expected}`);
      await poll(() => page.getByTestId("estimated-delivery").count()).toBe(delivery ? 1 : 0);
      await poll(() => page.getByRole("tablist").count()).toBe(tabs ? 1 : 0);
      await poll(() => main(page).getByText("Your Revision is in Progress", { exact: true }).count()).toBe(id === fx.revisionRequested.id ? 1 : 0);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("while in progress: the plan's hours (elite 12, premium 24, basic 48) and the deadline in the customer's own time", async () => {
    const timezoneId = "Pacific/Auckland";
    const { ctx, page, errors } = await openResults(fx.processing.id, { locale: "en-GB", timezoneId });
    for (const [fixture, hours] of [
      [fx.processing, 12],
      [fx.completedUnreleased, 24],
      [fx.pending, 48],
    ] as const) {
      if (fixture !== fx.processing) await page.goto(`${server.url}/view-results?id=${fixture.id}`);
      const delivery = page.getByTestId("estimated-delivery");
      await poll(() => delivery.textContent()).toStartWith(`${hours} hours`);
      const time = page.getByTestId("delivery-time");
      await poll(() => time.getAttribute("datetime")).toBe(fixture.deadline.toISOString());
      await poll(() => time.textContent()).toBe(deliveryTime(fixture.deadline, new Date(), { locale: "en-GB", timeZone: timezoneId }));
      await poll(() => time.textContent()).toMatch(/^by (\d\d:\d\d (today|tomorrow)|\w+day \d\d:\d\d)$/);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("a finished result no administrator released shows In Progress and nothing of the result", async () => {
    const { ctx, page, errors } = await openResults(fx.completedUnreleased.id);
    await poll(() => status(page).textContent()).toBe("In Progress");
    await poll(() => page.getByRole("tablist").count()).toBe(0);
    const text = (await main(page).textContent()) ?? "";
    expect(text).not.toContain("Concrete details");
    expect(text).not.toContain("Request a Revision");
    await poll(() => main(page).locator("img").count()).toBe(0);
    await poll(() => page.getByRole("link", { name: "Need Help" }).count()).toBe(0);
    await poll(() => page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe("the results page: a released result", () => {
  test("premium: three tabs by keyboard, the optimised profile with starters, guide and before/after, recommendations, photos in the recommended order", async () => {
    const { ctx, page, errors } = await openResults(fx.premium.id);
    const result = fx.premium.result;
    await poll(() => page.getByRole("tab").allTextContents()).toEqual(["Optimized Profile", "Recommendations", "Photo Analysis"]);
    await poll(() => tab(page, "Optimized Profile").getAttribute("aria-selected")).toBe("true");
    await poll(() => page.getByRole("tabpanel").count()).toBe(1); // the other two are hidden

    // Optimized Profile: the server's HTML, then the premium content as text, then before and after.
    const profile = panel(page);
    await poll(() => profile.getByTestId("optimized-profile").getByRole("heading", { name: "Your prompt answers" }).count()).toBe(1);
    await poll(() => profile.getByTestId("conversation-starters").locator("li").allTextContents()).toEqual(result.conversationStarters);
    const guide = profile.getByTestId("strategy-guide");
    await poll(() => guide.getByRole("heading", { level: 4 }).textContent()).toBe(result.strategyGuide!.title);
    await poll(() => guide.getByRole("heading", { level: 5 }).allTextContents()).toEqual(result.strategyGuide!.sections.map((s) => s.heading));
    await poll(() => guide.locator("li").allTextContents()).toEqual(result.strategyGuide!.sections.flatMap((s) => s.points));
    const first = profile.getByTestId("compare-prompt1");
    await poll(() => first.getByRole("heading").textContent()).toBe(result.prompts[0]!.prompt);
    await poll(() => first.getByTestId("before").textContent()).toBe(result.prompts[0]!.original!);
    await poll(() => first.getByTestId("after").textContent()).toBe(result.prompts[0]!.optimised);
    await poll(() => first.textContent()).toContain("Added a detail a match can ask about.");
    await poll(() => profile.getByTestId("compare-prompt2").textContent()).toContain("After: kept as you wrote it");

    // Arrow keys move and select; the selected tab is the only tab stop.
    await tab(page, "Optimized Profile").focus();
    await page.keyboard.press("ArrowRight");
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Recommendations");
    await poll(() => tab(page, "Recommendations").getAttribute("aria-selected")).toBe("true");
    await poll(() => tab(page, "Optimized Profile").getAttribute("tabindex")).toBe("-1");
    const recommendations = panel(page).getByTestId("recommendations");
    await poll(() => recommendations.textContent()).toContain(result.analysis.summary);
    await poll(() => recommendations.getByRole("heading", { name: "What to change" }).count()).toBe(1);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await poll(() => tab(page, "Optimized Profile").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    await poll(() => tab(page, "Photo Analysis").getAttribute("aria-selected")).toBe("true");
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(await panel(page).getAttribute("id"));

    // Photo Analysis: the customer's own photos, best first, each with its score and reasons; the left-out one marked.
    await thumbnailsLoaded(page);
    const items = panel(page).locator("li[data-photo-id]");
    await poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute("data-photo-id")))).toEqual(fx.premium.recommended);
    await poll(() => items.getByTestId("photo-score").allTextContents()).toEqual(["Score 91/100", "Score 78/100", "Score 64/100", "Score 35/100"]);
    await poll(() => items.getByRole("heading").allTextContents()).toEqual(["1. Photo 3", "2. Photo 1", "3. Photo 4", "Photo 2"]);
    await poll(() => items.nth(3).getByTestId("leave-out").textContent()).toBe("Leave out");
    await poll(() => panel(page).getByTestId("leave-out").count()).toBe(1);
    await poll(() => items.nth(0).textContent()).toContain("Sharp and well lit, one smiling face");
    await poll(() => items.locator("img").evaluateAll((els) => els.map((e) => e.getAttribute("alt")))).toEqual(["Your photo 3", "Your photo 1", "Your photo 4", "Your photo 2"]);

    // The revision note (premium, completed) with the revisions used, and help by e-mail once the results were sent.
    const revision = page.getByRole("region", { name: "Request a Revision" });
    await poll(() => revision.getByTestId("revision-note").textContent()).toBe(
      `Want something changed? You have 1 revision left: request it below, by replying to your results e-mail or by contacting our support team at ${SUPPORT_EMAIL}.`,
    );
    await poll(() => revision.getByTestId("revisions-used").textContent()).toBe("Revisions used: 0 of 1");
    await poll(() => page.getByRole("link", { name: "Need Help" }).getAttribute("href")).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 30_000);

  test("basic: no starters, no guide, no revision note; the bio before and after; every photo kept", async () => {
    const { ctx, page, errors } = await openResults(fx.basic.id);
    await poll(() => page.getByTestId("conversation-starters").count()).toBe(0);
    await poll(() => page.getByTestId("strategy-guide").count()).toBe(0);
    await poll(() => page.getByRole("region", { name: "Request a Revision" }).count()).toBe(0);
    await poll(() => page.locator("textarea").count()).toBe(0);
    const bio = page.getByTestId("compare-bio");
    await poll(() => bio.getByRole("heading").textContent()).toBe("Your Bumble bio");
    await poll(() => bio.getByTestId("before").textContent()).toBe(fx.basic.result.bio!.original!);
    await poll(() => bio.getByTestId("after").textContent()).toBe(fx.basic.result.bio!.optimised);
    await tab(page, "Photo Analysis").click();
    await thumbnailsLoaded(page);
    await poll(() => panel(page).locator("li[data-photo-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-photo-id")))).toEqual(fx.basic.recommended);
    await poll(() => panel(page).getByTestId("leave-out").count()).toBe(0);
    await poll(() => page.getByRole("link", { name: "Need Help" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("elite with its revision used: the note and the count, no form", async () => {
    const { ctx, page, errors } = await openResults(fx.elite.id);
    const revision = page.getByRole("region", { name: "Request a Revision" });
    await poll(() => revision.getByTestId("revisions-used").textContent()).toBe("Revisions used: 1 of 1");
    await poll(() => revision.getByTestId("revision-note").textContent()).toBe(
      `You have used the revisions your plan includes. If something in your results is still not right, write to our support team at ${SUPPORT_EMAIL}.`,
    );
    await poll(() => page.locator("textarea").count()).toBe(0);
    await poll(() => page.getByTestId("conversation-starters").locator("li").count()).toBe(5);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("a revision being made: the released result stays, no form", async () => {
    const { ctx, page, errors } = await openResults(fx.revisionRequested.id);
    await poll(() => main(page).getByText("Your Revision is in Progress", { exact: true }).count()).toBe(1);
    await poll(() => page.getByRole("tablist").count()).toBe(1);
    await poll(() => page.getByRole("region", { name: "Request a Revision" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("the revision request: too short → its message; a live count; valid → the server's message and Your Revision is in Progress", async () => {
    const { ctx, page, errors } = await openResults(fx.premiumToRevise.id);
    const notes = page.getByLabel("What would you like us to change?");
    const submit = page.getByRole("button", { name: "Request Revision" });
    await notes.fill("Too short");
    await poll(() => page.getByTestId("revision-count").textContent()).toBe("9 / 2,000");
    await submit.click();
    await poll(() => notes.getAttribute("aria-invalid")).toBe("true");
    await poll(() => page.locator("#revision-notes-error").textContent()).toBe("Please describe what you would like changed in at least 10 characters");
    await poll(() => notes.evaluate((el) => el === document.activeElement)).toBe(true);
    await poll(() => notes.getAttribute("maxlength")).toBe("2000");

    const wanted = "Please make the bio sound more playful and mention my band.";
    await notes.fill(wanted);
    await poll(() => page.getByTestId("revision-count").textContent()).toBe(`${wanted.length} / 2,000`);
    await poll(() => page.locator("#revision-notes-error").count()).toBe(0);
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/profiles/${fx.premiumToRevise.id}/revision-request`));
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ notes: wanted });

    // The page is loaded again with its confirmation, in the API's words (its answer's body goes with the page left).
    await page.waitForURL(`${server.url}/view-results?id=${fx.premiumToRevise.id}&revision=sent`);
    const sent = page.getByTestId("revision-sent");
    await sent.waitFor();
    await poll(() => sent.textContent()).toBe(REVISION_RECEIVED);
    await poll(() => sent.evaluate((el) => el === document.activeElement)).toBe(true);
    // The results were read again: the revision is being made and the form is gone.
    await main(page).getByText("Your Revision is in Progress", { exact: true }).waitFor();
    await poll(() => page.locator("textarea").count()).toBe(0);
    await poll(() => status(page).textContent()).not.toBe("Completed");

    // A reload reads the same.
    await page.reload();
    await main(page).getByText("Your Revision is in Progress", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("a refused revision request shows the server's message as an error toast", async () => {
    const { ctx, page } = await openResults(fx.premium.id);
    await page.route("**/api/profiles/*/revision-request", (route) => route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "No revisions left on this plan." }) }));
    await page.getByLabel("What would you like us to change?").fill("Please change the second answer.");
    await page.getByRole("button", { name: "Request Revision" }).click();
    await toast(page).getByText("Revision Request Failed").waitFor();
    await poll(() => toast(page).textContent()).toContain("No revisions left on this plan.");
    await ctx.close();
  });
});

describe("the results page: errors", () => {
  test("no id: the spec's toast and back to the home page", async () => {
    const { ctx, page, errors } = await open("/view-results");
    await page.waitForURL(`${server.url}/`);
    await toast(page).getByText("No profile ID provided").waitFor();
    await poll(() => toast(page).textContent()).toContain("Error");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("an unknown id: Profile Not Found with Return to Home", async () => {
    const { ctx, page, errors } = await openResults("abcdefghijklmnopqrstuvwxyz");
    await poll(() => main(page).locator("h1").textContent()).toBe("Profile Not Found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${server.url}/`);
    // The browser reports the 404 answer as a failed resource load; anything else would be an error in the page.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await ctx.close();
  });

  test("any other failure: the toast Error / Failed to load profile results, and the error view; Try Again reads them again", async () => {
    // A row the server cannot read (a created_at that is no date): reading the results throws on the server.
    const db = new Database(join(server.dir, "app.sqlite"));
    db.run("PRAGMA busy_timeout = 5000"); // the server writes too: wait for its lock rather than fail
    const createdAt = (db.query("SELECT created_at AS c FROM profiles WHERE id = ?").get(fx.premium.id) as { c: number }).c;
    db.query("UPDATE profiles SET created_at = 'not a date' WHERE id = ?").run(fx.premium.id);
    try {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      const errors = recordPageErrors(page);
      const answer = await page.goto(`${server.url}/view-results?id=${fx.premium.id}`);
      expect(answer?.status()).toBe(500);
      await toast(page).getByText("Failed to load profile results").waitFor();
      await poll(() => toast(page).textContent()).toContain("Error");
      await poll(() => main(page).locator("h1").textContent()).toBe("Failed to load profile results");
      await poll(() => page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
      // Nothing of the result is drawn.
      expect(await main(page).textContent()).not.toContain(fx.premium.result.analysis.summary);
      // Try Again reads the results again, and this time they come.
      db.query("UPDATE profiles SET created_at = ? WHERE id = ?").run(createdAt, fx.premium.id);
      await page.getByRole("link", { name: "Try Again" }).click();
      await page.getByRole("tablist").waitFor();
      expect(errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
      await ctx.close();
    } finally {
      db.query("UPDATE profiles SET created_at = ? WHERE id = ?").run(createdAt, fx.premium.id);
      db.close();
    }
  });
});

describe("the results page: accessibility, themes, safety", () => {
  // Each page is loaded once, at 375 px in the light theme, and checked there in every look (decision 153).
  test("a released premium result, each tab: in both themes at 375 and 1280 px, headings in order, nothing serious for axe, nothing wider than the screen, every tab's label inside its tab", async () => {
    const { ctx, page, errors } = await openResults(fx.premium.id, { theme: "light", viewport: { width: 375, height: 800 } });
    await inEveryLook(page, async ({ theme, width }) => {
      // Headings go down one level at a time from the page's one h1.
      const levels = await main(page).evaluate((el) => [...el.querySelectorAll("h1, h2, h3, h4, h5, h6")].filter((h) => !h.closest("[hidden]")).map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      expect(levels.filter((l) => l === 1).length).toBe(1);
      expect(levels.every((l, i) => i === 0 || l <= levels[i - 1]! + 1)).toBe(true);
      await poll(() => overflowing(page), { what: `${theme} ${width}px: nothing wider than the screen` }).toEqual([]);
      // Every tab's label fits inside its tab.
      await poll(() => page.getByRole("tab").evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)), { what: `${theme} ${width}px: tab labels inside their tabs` }).toEqual([]);
      expect(`${theme} ${width}px: ${await pageViolations(page)}`).toBe(`${theme} ${width}px: `);
    });
    for (const name of ["Recommendations", "Photo Analysis"]) {
      await tab(page, name).click();
      if (name === "Photo Analysis") await thumbnailsLoaded(page);
      await inEveryLook(page, async ({ theme, width }) => {
        expect(`${name}, ${theme} ${width}px: ${await pageViolations(page, '[role="tabpanel"]:not([hidden])')}`).toBe(`${name}, ${theme} ${width}px: `);
        await poll(() => overflowing(page), { what: `${name}, ${theme} ${width}px: nothing wider than the screen` }).toEqual([]);
        if (name === "Photo Analysis") await poll(() => page.evaluate(() => document.documentElement.scrollWidth), { what: `${theme} ${width}px` }).toBe(width);
      });
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 60_000);

  test("an in-progress result: in both themes at 375 and 1280 px, nothing serious for axe, nothing wider than the screen", async () => {
    const { ctx, page, errors } = await open(`/view-results?id=${fx.pending.id}`, { theme: "light", viewport: { width: 375, height: 800 } });
    await page.getByTestId("estimated-delivery").waitFor();
    await inEveryLook(page, async ({ theme, width }) => {
      expect(`${theme} ${width}px: ${await pageViolations(page)}`).toBe(`${theme} ${width}px: `);
      await poll(() => overflowing(page), { what: `${theme} ${width}px: nothing wider than the screen` }).toEqual([]);
    });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("hostile text in a result is shown as text and never runs", async () => {
    const { ctx, page, errors } = await openResults(fx.hostile.id);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const name of ["Optimized Profile", "Recommendations", "Photo Analysis"]) {
      await tab(page, name).click();
      if (name === "Photo Analysis") await thumbnailsLoaded(page);
      await poll(() => panel(page).textContent()).toContain(HOSTILE);
    }
    await tab(page, "Optimized Profile").click();
    for (const testId of ["optimized-profile", "conversation-starters", "strategy-guide", "before-after"]) {
      expect(`${testId}: ${(await page.getByTestId(testId).textContent())?.includes(HOSTILE)}`).toBe(`${testId}: true`);
    }
    await poll(() => page.locator('main img[src="x"]').count()).toBe(0);
    await poll(() => page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test("never indexed: a robots noindex on the page, disallowed in robots.txt, absent from the sitemap; the server draws the result itself", async () => {
    const res = await fetch(`${server.url}/view-results?id=${fx.premium.id}`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await res.text();
    expect(html).toContain("<title>Your Results | ProfileBoost</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).not.toContain("Loading your results...");
    // The result is in the server's markup (issue 31): read without JavaScript.
    expect(html).toContain(fx.premium.result.analysis.summary);
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /view-results");
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("view-results");
    const { ctx, page } = await openResults(fx.premium.id);
    await poll(() => page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    await ctx.close();
  });
});

describe("the results page without JavaScript", () => {
  test("every panel reads in order under its heading, no tab list; photos through the authorised route; nothing needs a script", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/view-results?id=${fx.elite.id}`);
    await poll(() => main(page).locator("h1").textContent()).toBe("Elite Package");
    await poll(() => page.getByRole("tablist").isVisible()).toBe(false);
    const panels = page.locator('[role="tabpanel"]');
    await poll(() => panels.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetHeight > 0).length)).toBe(3);
    await poll(() => page.locator("[data-tab-heading]").evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetHeight > 0).map((e) => e.textContent))).toEqual([
      "Optimized Profile",
      "Recommendations",
      "Photo Analysis",
    ]);
    const result = fx.elite.result;
    await poll(() => page.getByTestId("compare-bio").getByTestId("after").isVisible()).toBe(true);
    await poll(() => page.getByTestId("compare-bio").getByTestId("after").textContent()).toBe(result.bio!.optimised);
    await poll(() => page.getByTestId("conversation-starters").locator("li").allTextContents()).toEqual(result.conversationStarters);
    await poll(() => page.getByTestId("recommendations").isVisible()).toBe(true);
    await poll(() => page.getByTestId("recommendations").textContent()).toContain(result.analysis.summary);
    await thumbnailsLoaded(page);
    await poll(() => page.locator('[data-testid="photo-list"] li[data-photo-id]').evaluateAll((els) => els.map((e) => e.getAttribute("data-photo-id")))).toEqual(fx.elite.recommended);
    await poll(() => page.locator('[data-testid="photo-list"] img').evaluateAll((els) => els.every((e) => (e.getAttribute("src") ?? "").startsWith("/api/photos/")))).toBe(true);
    await poll(() => page.getByRole("region", { name: "Your Data" }).isVisible()).toBe(true);
    await poll(() => overflowing(page)).toEqual([]);

    // The outcome question posts as a form too: a bad number beside the field, a good one saved.
    const field = page.getByLabel("Roughly how many matches did you get in the last 7 days, before using this?");
    await field.fill("ten");
    let [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Save", exact: true }).click()]);
    expect(response.status()).toBe(400);
    await poll(() => page.locator("#outcome-before-error").textContent()).toBe("Please enter a whole number from 0 to 999");
    await poll(() => field.inputValue()).toBe("ten");
    await field.fill("7");
    [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Save", exact: true }).click()]);
    expect(response.status()).toBe(303);
    await poll(() => page.getByTestId("outcome-saved").textContent()).toBe("Saved: 7 matches in the 7 days before.");
    await ctx.close();
  });

  test("the revision form posts as a plain form: missing or short text → 400 and the message beside the field, hostile text stays text, nothing stored; then sent", async () => {
    const id = fx.premium.id;
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${server.url}/view-results?id=${id}`);
    const notes = page.getByLabel("What would you like us to change?");
    const submit = page.getByRole("button", { name: "Request Revision" });
    const post = () => page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/view-results?id=${id}`));

    // Nothing typed.
    let [response] = await Promise.all([post(), submit.click()]);
    expect(response.status()).toBe(400);
    await poll(() => page.locator("#revision-notes-error").textContent()).toBe("Please describe what you would like changed in at least 10 characters");
    await poll(() => notes.getAttribute("aria-invalid")).toBe("true");
    await poll(() => notes.getAttribute("aria-describedby")).toBe("revision-notes-hint revision-notes-error");

    // Too short, and hostile: drawn back as text, never as markup.
    const hostile = `<b>x</b>${HOSTILE}`.slice(0, 9);
    await notes.fill(hostile);
    [response] = await Promise.all([post(), submit.click()]);
    expect(response.status()).toBe(400);
    await poll(() => notes.inputValue()).toBe(hostile);
    await poll(() => page.locator("main b").count()).toBe(0);
    await poll(() => page.locator("#revision-notes-error").textContent()).toBe("Please describe what you would like changed in at least 10 characters");
    await poll(() => page.getByTestId("revisions-used").textContent()).toBe("Revisions used: 0 of 1");

    // A long enough request, hostile text in it: received, and the page says so; the request is shown nowhere as markup.
    const wanted = `Please make the bio warmer. ${HOSTILE}`;
    await notes.fill(wanted);
    [response] = await Promise.all([post(), submit.click()]);
    expect(response.status()).toBe(303);
    await page.waitForURL(`${server.url}/view-results?id=${id}&revision=sent`);
    await poll(() => page.getByTestId("revision-sent").textContent()).toBe(REVISION_RECEIVED);
    await main(page).getByText("Your Revision is in Progress", { exact: true }).waitFor();
    await poll(() => page.locator("textarea").count()).toBe(0);
    await poll(() => page.locator('main img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await ctx.close();
  });
});
