/**
 * The results page's "Your Data" section in the browser against the real server: the retention dates, a wrong
 * address refused beside its field, the download of everything stored (read back from the zip), the erasure with
 * its confirm step and the page that then says the data was deleted on request; a profile whose photos retention
 * deleted shows a note in place of each picture and requests none. axe on each state. One browser, one shared tab.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { WRONG_EMAIL } from "../api/privacy.ts";
import { openStore } from "../db/client.ts";
import { photos, profiles } from "../db/schema.ts";
import { EXPORT_JSON, type ExportDocument } from "../privacy/export.ts";
import { launchBrowser, poll, recordPageErrors, seriousViolations, sharedTab, test, type SharedTab, type TestBrowser } from "../testing/browser.ts";
import { insertResultsFixtures, type ResultsFixtures } from "../testing/results-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

let server: RunningServer;
let browser: TestBrowser;
let tab: SharedTab;
let fx: ResultsFixtures;

beforeAll(async () => {
  server = await startServer();
  [browser, fx] = await Promise.all([launchBrowser(), insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"))]);
  tab = await sharedTab(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
});

/** Reads (or changes) the running server's database through a connection of its own. */
function withDb<T>(fn: (db: ReturnType<typeof openStore>["db"]) => T): T {
  const store = openStore(join(server.dir, "app.sqlite"));
  try {
    return fn(store.db);
  } finally {
    store.close();
  }
}

const emailOf = (id: string) => withDb((db) => db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, id)).get()!.email);
const photoFiles = (id: string) => withDb((db) => db.select().from(photos).where(eq(photos.profileId, id)).all()).flatMap((p) => [p.filePath, p.thumbPath!]);

async function openResults(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await tab.take({ width: 1280, height: 900 });
  const errors = recordPageErrors(page);
  await page.goto(`${server.url}/view-results?id=${id}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator("main h1").waitFor();
  return { page, errors };
}

const section = (page: Page) => page.getByTestId("your-data");
const emailField = (page: Page) => section(page).getByLabel("Your e-mail address");

describe("Your Data on the results page", () => {
  test("the retention dates; a wrong address is refused beside the field; the download holds the profile's data and photos", async () => {
    const { page, errors } = await openResults(fx.premium.id);
    await poll(() => section(page).getByRole("heading", { name: "Your Data" }).isVisible()).toBe(true);
    await poll(() => page.getByTestId("retention-note").textContent()).toMatch(
      /^As our privacy policy says, your photos will be deleted on .+\. Your profile text, results and e-mail address follow on .+\. We e-mail you a receipt each time\.$/,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing typed: the schema's own message, no request.
    await section(page).getByRole("button", { name: "Download My Data" }).click();
    await poll(() => page.locator("#your-data-email-error").textContent()).toBe("Please type the e-mail address your results were sent to.");

    await emailField(page).fill("someone.else@example.com");
    await section(page).getByRole("button", { name: "Download My Data" }).click();
    await page.locator("#your-data-email-error", { hasText: WRONG_EMAIL }).waitFor();
    await poll(() => emailField(page).getAttribute("aria-invalid")).toBe("true");
    await poll(() => emailField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await emailField(page).fill(` ${emailOf(fx.premium.id).toUpperCase()} `);
    const [download] = await Promise.all([page.waitForEvent("download"), section(page).getByRole("button", { name: "Download My Data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^profileboost-data-\d{4}-\d\d-\d\d\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const doc = JSON.parse(strFromU8(zip[EXPORT_JSON]!)) as ExportDocument;
    expect(doc.profile.id).toBe(fx.premium.id);
    expect(doc.photo_files.map((f) => f.photo_id).sort()).toEqual([...fx.premium.uploaded].sort());
    expect(doc.photo_files.every((f) => f.photo !== null && zip[f.photo]!.length > 0)).toBe(true);
    await poll(() => page.getByTestId("download-started").textContent()).toBe(`Your download has started: ${download.suggestedFilename()}`);
    await poll(() => page.locator("#your-data-email-error").count()).toBe(0);
    // The browser reports the refused address's 403 as a failed resource load; anything else would be an error in the page.
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });

  test("erasing asks first (Cancel changes nothing), then deletes at once; the page says the data was deleted on request", async () => {
    const { page, errors } = await openResults(fx.basic.id);
    const files = photoFiles(fx.basic.id);
    await emailField(page).fill(emailOf(fx.basic.id));
    await section(page).getByRole("button", { name: "Delete My Data" }).click();
    const confirm = page.getByTestId("erase-confirm");
    await confirm.waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Delete everything now?");
    // The address typed is not checked yet, so the confirmation does not read it back.
    await poll(() => confirm.textContent()).toContain("e-mail a receipt to the address your results were sent to.");
    expect(await confirm.textContent()).not.toContain(emailOf(fx.basic.id));
    expect(await seriousViolations(page)).toEqual([]);

    await confirm.getByRole("button", { name: "Cancel" }).click();
    await poll(() => confirm.count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Delete My Data");
    expect(files.every((f) => existsSync(join(server.dir, "uploads", f)))).toBe(true);

    await section(page).getByRole("button", { name: "Delete My Data" }).click();
    await confirm.getByRole("button", { name: "Delete Permanently" }).click();
    await page.getByRole("heading", { name: "Data Deleted" }).waitFor();
    await poll(() => page.locator("main [role=alert]").textContent()).toMatch(/^The data of this profile was deleted on request on \d{1,2} \w+ \d{4}\.$/);
    await poll(() => page.getByTestId("toast-viewport").textContent()).toContain("Your data has been deleted.");
    expect(files.some((f) => existsSync(join(server.dir, "uploads", f)))).toBe(false);
    expect(withDb((db) => db.select().from(profiles).where(eq(profiles.id, fx.basic.id)).get())).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);

    // The link says the same on a later visit.
    await page.reload();
    await page.getByRole("heading", { name: "Data Deleted" }).waitFor();
    // Each read of the erased results is a 410, which the browser reports as a failed resource load.
    expect(errors.filter((e) => !/status of 410/.test(e))).toEqual([]);
  });

  test("after retention deleted the photos: a note in place of each picture, no image requested, no revision form", async () => {
    const id = fx.premiumToRevise.id;
    for (const file of photoFiles(id)) rmSync(join(server.dir, "uploads", file), { force: true });
    withDb((db) => db.update(profiles).set({ photosDeletedAt: new Date() }).where(eq(profiles.id, id)).run());

    const page = await tab.take({ width: 390, height: 844 });
    const errors = recordPageErrors(page);
    const photoRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/photos/")) photoRequests.push(request.url());
    });
    await page.goto(`${server.url}/view-results?id=${id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("tab", { name: "Photo Analysis", exact: true }).click();
    await page.getByTestId("photo-list").waitFor();
    await poll(() => page.getByTestId("photo-deleted").count()).toBe(4);
    await poll(() => page.getByTestId("photo-list").locator("img").count()).toBe(0);
    await poll(() => page.getByTestId("photo-score").count()).toBe(4);
    await poll(() => page.getByTestId("retention-note").textContent()).toMatch(/^Your photos were deleted on .+, as our privacy policy says\. Your profile text, results and e-mail address follow on /);
    await poll(() => page.getByText("a revision is no longer possible").count()).toBe(1);
    await poll(() => page.getByRole("button", { name: "Request Revision" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(photoRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
