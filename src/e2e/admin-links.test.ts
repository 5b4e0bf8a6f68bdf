/**
 * The admin area's addresses in the browser (issue 31, item 3; docs/decisions/146-admin-urls.md), against the real
 * server: /admin/profiles/:id opens that profile's review dialog over the dashboard, signed in or after signing in;
 * opening a profile from the list puts its address in the history, so Back closes the dialog and Forward opens it
 * again (Back with text unsaved asks first); Close and Escape go back to /admin; the link pasted into another writer's
 * browser opens the same profile; Outcomes and back are moves within the page;
 * an id that is no profile's says "Profile not found" and opens no dialog; nothing serious for axe in either theme on
 * a phone and a desktop with the dialog opened from its link.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { adminCookie, TEST_ADMIN_PASSWORD } from "../testing/admin.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
import { insertResultsFixtures, type ResultsFixtures } from "../testing/results-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

let server: RunningServer;
let browser: TestBrowser;
let tabs: ThemedTabs;
let store: Store;
let fx: ResultsFixtures;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  browser = await launchBrowser();
  tabs = themedTabs(browser, server.url);
  fx = await insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"));
  store = openStore(join(server.dir, "app.sqlite"));
}, 60_000);
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

const dialog = (page: Page) => page.getByRole("dialog", { name: "Review Profile" });
const dialogId = (page: Page) => dialog(page).getByTestId("review-summary").locator("dd .font-mono").first().textContent();
const path = (page: Page) => new URL(page.url()).pathname;

/** A tab signed in as `username` (a session cookie, set before the page loads), showing `at`, hydrated. */
async function signedIn(at: string, options: { username?: string; role?: "owner" | "writer"; theme?: "light" | "dark"; width?: number; page?: Page } = {}) {
  const page = options.page ?? (await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 }));
  const errors = recordPageErrors(page);
  const [name, value] = adminCookie(store.db, options.username ?? "admin", { role: options.role }).split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: server.url }]);
  await page.goto(`${server.url}${at}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { page, errors };
}

/** The dialog is open on `id`, read from the API (the ID it shows is the stored profile's). */
async function dialogOn(page: Page, id: string) {
  await dialog(page).getByRole("heading", { name: "Original Profile" }).waitFor();
  await poll(() => dialogId(page), { what: "the dialog's ID" }).toBe(id);
}

describe("a profile's link", () => {
  test("signed in: /admin/profiles/:id opens its dialog over the dashboard; Close goes back to /admin, Back and Forward close and open it", async () => {
    const id = fx.premium.id;
    const { page, errors } = await signedIn(`/admin/profiles/${id}`);
    await dialogOn(page, id);
    expect(await page.title()).toBe("Review Profile | ProfileBoost");
    // The dashboard is under it.
    await page.getByTestId("admin-profiles").waitFor({ state: "attached" });

    await dialog(page).getByRole("button", { name: "Close" }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => path(page)).toBe("/admin");
    await poll(() => page.title()).toBe("Admin Dashboard | ProfileBoost");

    // The link opened from outside has the list under it in the history: Forward opens the dialog again, Back closes it.
    await page.goForward();
    await dialogOn(page, id);
    expect(path(page)).toBe(`/admin/profiles/${id}`);
    await page.goBack();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => path(page)).toBe("/admin");
    expect(errors).toEqual([]);
  });

  test("signed out: the link shows the sign-in form, and signing in opens that profile", async () => {
    const id = fx.elite.id;
    const page = await tabs.take(undefined, { width: 1280, height: 900 });
    const errors = recordPageErrors(page);
    await page.goto(`${server.url}/admin/profiles/${id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    adminCookie(store.db, "admin"); // the password the form is given below
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill(TEST_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await dialogOn(page, id);
    expect(path(page)).toBe(`/admin/profiles/${id}`);
    // Escape closes it, back to the list.
    await page.keyboard.press("Escape");
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => path(page)).toBe("/admin");
    // The sign-in's 401 check before it is the only failed load.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  test("from the list: Review puts the profile's address in the history; Back closes the dialog, Forward opens it again, Escape goes back to /admin", async () => {
    const id = fx.basic.id;
    const { page, errors } = await signedIn(`/admin?q=${id}`);
    const row = page.locator(`tr[data-profile-id="${id}"]`);
    await row.getByRole("button", { name: /^Review/ }).click();
    await dialogOn(page, id);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/admin/profiles/${id}?q=${id}`);

    await page.goBack();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => new URL(page.url()).search).toBe(`?q=${id}`);
    expect(path(page)).toBe("/admin");
    // The list behind is the one the dialog was opened from, and the row that opened it has the focus again.
    await poll(() => page.locator("tr[data-profile-id]").count()).toBe(1);
    await poll(() => row.getByRole("button", { name: /^Review/ }).evaluate((b) => b === document.activeElement)).toBe(true);

    await page.goForward();
    await dialogOn(page, id);
    expect(path(page)).toBe(`/admin/profiles/${id}`);
    await page.keyboard.press("Escape");
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => path(page)).toBe("/admin");
    // Escape was the step back to the list's entry: Forward opens the dialog again.
    await page.goForward();
    await dialogOn(page, id);
    expect(errors).toEqual([]);
  });

  test("Back with text unsaved asks first: Keep editing keeps the dialog, its address and the text; Discard changes closes it", async () => {
    const id = fx.completedUnreleased.id;
    const { page, errors } = await signedIn(`/admin?q=${id}`);
    await page.locator(`tr[data-profile-id="${id}"]`).getByRole("button", { name: /^Review/ }).click();
    await dialogOn(page, id);
    const field = dialog(page).locator("textarea").first();
    await field.fill("A line the writer has not saved yet.");

    await page.goBack();
    const question = page.getByRole("alertdialog", { name: "You have unsaved changes" });
    await question.waitFor();
    await poll(() => path(page)).toBe(`/admin/profiles/${id}`);
    await question.getByRole("button", { name: "Keep editing" }).click();
    await poll(() => question.count()).toBe(0);
    expect(await dialog(page).count()).toBe(1);
    expect(await field.inputValue()).toBe("A line the writer has not saved yet.");
    expect(path(page)).toBe(`/admin/profiles/${id}`);

    await page.goBack();
    await question.getByRole("button", { name: "Discard changes" }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => path(page)).toBe("/admin");
    // Forward opens the profile again, as stored: the discarded line is gone.
    await page.goForward();
    await dialogOn(page, id);
    expect(await dialog(page).locator("textarea").first().inputValue()).not.toBe("A line the writer has not saved yet.");
    expect(errors).toEqual([]);
  });

  test("the link pasted into another writer's browser opens the same profile, with what a writer may do", async () => {
    const id = fx.premium.id;
    const owner = await signedIn("/admin");
    await owner.page.locator(`tr[data-profile-id="${id}"]`).getByRole("button", { name: /^Review/ }).click();
    await dialogOn(owner.page, id);
    await dialog(owner.page).getByRole("button", { name: "Refund" }).waitFor();
    const link = owner.page.url();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await context.newPage();
    const writer = await signedIn(new URL(link).pathname + new URL(link).search, { username: "sam", role: "writer", page: other });
    await dialogOn(writer.page, id);
    await writer.page.getByText("Signed in as").filter({ hasText: "sam" }).waitFor();
    // A writer is offered no refund (the server refuses it too: src/api/admin-roles.test.ts).
    expect(await dialog(writer.page).getByRole("button", { name: "Refund" }).count()).toBe(0);
    expect(writer.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });

  test("Outcomes and back are moves within the page: the address, the tab's title and the focus on the new heading follow", async () => {
    const { page, errors } = await signedIn("/admin");
    await page.getByTestId("admin-profiles").waitFor();
    await page.getByRole("link", { name: "Outcomes" }).click();
    await page.getByRole("heading", { name: "Outcomes", level: 1 }).waitFor();
    expect(path(page)).toBe("/admin/outcomes");
    await poll(() => page.title()).toBe("Outcomes | ProfileBoost");
    await poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Outcomes");
    await page.goBack();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(path(page)).toBe("/admin");
    await poll(() => page.title()).toBe("Admin Dashboard | ProfileBoost");
    await poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Admin Dashboard");
    expect(errors).toEqual([]);
  });

  test("an id that is no profile's, a malformed one and a hostile one: 'Profile not found' and no dialog; the id is shown as text", async () => {
    const { page, errors } = await signedIn(`/admin/profiles/${newId()}`);
    const missing = page.getByTestId("profile-missing");
    await poll(() => missing.textContent()).toContain("Profile not found");
    expect(await dialog(page).count()).toBe(0);
    await poll(() => path(page)).toBe("/admin");

    const hostile = `<img src=x onerror="window.__pwned=1">`;
    // (A path of "..", even encoded, is the browser's to resolve: it never reaches the page as an id.)
    for (const bad of ["a.b", "x y", hostile]) {
      await page.goto(`${server.url}/admin/profiles/${encodeURIComponent(bad)}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await poll(() => missing.textContent(), { what: `the message for ${bad}` }).toContain("Profile not found");
      expect(await missing.textContent()).toContain(`“${bad}”`);
      expect(await dialog(page).count()).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The unknown id's 404 from the API is the only failed load.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

describe("looks", () => {
  // The dialog is opened from its link once (light, on a phone), then looked at in each look in place (decision 153).
  test("the dialog opened from its link, in both themes at 375 and 1280 px: the theme's class on the page, nothing serious for axe", async () => {
    const id = fx.elite.id;
    const { page, errors } = await signedIn(`/admin/profiles/${id}`, { theme: "light", width: 375 });
    await dialogOn(page, id);
    await inEveryLook(page, async () => {
      expect(await dialog(page).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(errors).toEqual([]);
  });
});
