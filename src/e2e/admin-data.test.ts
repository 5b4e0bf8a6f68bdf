/**
 * The review dialog's customer data (src/web/admin/DataActions.tsx) in the browser against the real server: Export
 * Data downloads the customer's zip; Erase Data asks for the customer's address, refuses a wrong one beside the field
 * without changing anything, and with the right one erases at once (the spec's toast, the row gone, the photo files
 * gone). axe on the data section in the light theme at 1280 px. Released profiles are written straight into the
 * server's database (src/testing/results-fixtures.ts); one sign-in serves every test of the file.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { adminAudit, deletions, photos, profiles } from "../db/schema.ts";
import { EXPORT_JSON, type ExportDocument } from "../privacy/export.ts";
import { profileKey } from "../privacy/subject.ts";
import { launchBrowser, poll, recordPageErrors, seriousViolations, test, type TestBrowser } from "../testing/browser.ts";
import { insertResultsFixtures, type ResultsFixtures } from "../testing/results-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

const USERNAME = "admin";
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: TestBrowser;
let signedIn: BrowserContext;
let store: Store;
let fx: ResultsFixtures;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD });
  [browser, fx] = await Promise.all([launchBrowser(), insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"))]);
  store = openStore(join(server.dir, "app.sqlite"));
  // Light theme, stored before the first paint as the toggle would store it; the session cookie is shared by the tests.
  signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "light", acceptDownloads: true });
  await signedIn.addInitScript(() => localStorage.setItem("theme", "light"));
  const page = await signedIn.newPage();
  await page.goto(`${server.url}/admin`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.close();
}, 30_000);
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

const row = (page: Page, id: string) => page.locator(`tr[data-profile-id="${id}"]`);
const dialog = (page: Page) => page.getByRole("dialog", { name: "Review Profile" });
const dataSection = (page: Page) => dialog(page).getByTestId("review-data-actions");
const SECTION = '[data-testid="review-data-actions"]';

/** The dashboard searched for the profile, its review dialog open and loaded. */
async function reviewDialog(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await signedIn.newPage();
  const errors = recordPageErrors(page);
  await page.goto(`${server.url}/admin?q=${id}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await row(page, id).getByRole("button", { name: /^Review/ }).click();
  await dialog(page).getByRole("heading", { name: "Original Profile" }).waitFor();
  await dataSection(page).scrollIntoViewIfNeeded();
  return { page, errors };
}

/** The toast titled `title`, once on screen: its whole text. */
async function toastText(page: Page, title: string): Promise<string> {
  const item = page.getByTestId("toast-viewport").locator("[data-variant]").filter({ has: page.getByText(title, { exact: true }) });
  await item.waitFor();
  return (await item.textContent()) ?? "";
}

const sectionViolations = (page: Page) => seriousViolations(page, { include: SECTION });

const profileRow = (id: string) => store.db.select().from(profiles).where(eq(profiles.id, id)).get();
const photoFiles = (id: string) => store.db.select().from(photos).where(eq(photos.profileId, id)).all().flatMap((p) => [p.filePath, p.thumbPath!]);
const onDisk = (files: string[]) => files.filter((f) => existsSync(join(server.dir, "uploads", f)));
const deletionsOf = (id: string) => store.db.select().from(deletions).where(eq(deletions.profileKey, profileKey(id))).all();

describe("the review dialog's customer data", () => {
  test("Export Data downloads the customer's zip, which names the profile; 'Data Exported' names the file; the export is audited", async () => {
    const id = fx.premium.id;
    const { page, errors } = await reviewDialog(id);
    expect(await sectionViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), dataSection(page).getByRole("button", { name: "Export Data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^profileboost-data-\d{4}-\d\d-\d\d\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const doc = JSON.parse(strFromU8(zip[EXPORT_JSON]!)) as ExportDocument;
    expect(doc.profile.id).toBe(id);
    expect(doc.profile.email).toBe(profileRow(id)!.email);
    expect(doc.photo_files.map((f) => f.photo_id).sort()).toEqual([...fx.premium.uploaded].sort());
    await poll(() => toastText(page, "Data Exported")).toContain(`Saved as ${download.suggestedFilename()}.`);
    expect(store.db.select().from(adminAudit).where(eq(adminAudit.profileId, id)).all().map((a) => [a.admin, a.action])).toEqual([[USERNAME, "export"]]);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  test("Erase Data asks for the customer's address: a wrong one is refused beside the field and changes nothing; the right one erases at once", async () => {
    const id = fx.basic.id;
    const email = profileRow(id)!.email;
    const files = photoFiles(id);
    expect(onDisk(files)).toHaveLength(8);
    const { page, errors } = await reviewDialog(id);

    await dataSection(page).getByRole("button", { name: "Erase Data" }).click();
    const form = dataSection(page).getByRole("form", { name: "Erase this customer's data" });
    await form.waitFor();
    const field = form.getByLabel("Type the customer's e-mail address to confirm");
    await poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    await field.fill("someone.else@example.com");
    await form.getByRole("button", { name: "Erase Permanently" }).click();
    const refusal = page.locator("#review-erase-email-error");
    await refusal.getByText("That is not this customer's e-mail address.", { exact: true }).waitFor();
    await poll(() => refusal.isVisible()).toBe(true);
    await poll(() => field.getAttribute("aria-invalid")).toBe("true");
    await poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await sectionViolations(page)).toEqual([]);
    // Nothing changed: the profile, its photos on disk, no deletion recorded, the dialog still open.
    expect(profileRow(id)?.email).toBe(email);
    expect(onDisk(files)).toEqual(files);
    expect(deletionsOf(id)).toEqual([]);
    await poll(() => dialog(page).isVisible()).toBe(true);

    // The address as the customer might have written it: case and spaces do not matter.
    await field.fill(` ${email.toUpperCase()} `);
    await form.getByRole("button", { name: "Erase Permanently" }).click();
    await poll(() => toastText(page, "Data Erased")).toContain("The customer's data was deleted; a receipt is on its way to them.");
    await dialog(page).waitFor({ state: "detached" });
    await row(page, id).waitFor({ state: "detached" });
    expect(profileRow(id)).toBeUndefined();
    expect(onDisk(files)).toEqual([]);
    expect(deletionsOf(id).map((d) => d.reason)).toEqual(["admin"]);
    // The refused address's 403 is reported by the browser as a failed resource load; nothing else may be.
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await page.close();
  }, 30_000);
});
