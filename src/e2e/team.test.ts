/**
 * The team's accounts in the browser (issue 29): an owner creates a writer in /admin's Accounts section and is shown
 * the password once; the writer signs in with it and sees the Writer badge, "Change my password", and no refund, no
 * customer-data buttons and no accounts; an owner sees all three, and who is writing a profile in the list; a writer
 * takes Next, writes each part still to write with the keyboard, and saves and sends in one action. Both themes at 1280
 * and 375 px, axe clean, no sideways scrolling.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { claims, profiles, users } from "../db/schema.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, until, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
import { adminCookie, TEST_ADMIN_PASSWORD } from "../testing/admin.ts";
import { submitAndPay } from "../testing/customer.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { plainJpeg } from "../testing/test-images.ts";

const OWNER = "olive";
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: TestBrowser;
let tabs: ThemedTabs;
let store: Store;
let profileId: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD });
  browser = await launchBrowser();
  tabs = themedTabs(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
  const photos = await Promise.all(["#c04080", "#4080c0", "#80c040"].map((colour) => plainJpeg(480, 360, colour)));
  profileId = (await submitAndPay(server.url, { plan: "basic", profile: { email: "team@example.com", dating_app: "tinder", bio: "Teacher and weekend potter who loves jazz." }, photos })).profileId;
}, 60_000);
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

async function signIn(username: string, password: string, options: { theme?: "light" | "dark"; width?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 });
  const errors = recordPageErrors(page);
  await page.goto(`${server.url}/admin`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByTestId("admin-profiles").waitFor();
  return { page, errors };
}

/** The owner's Accounts form: a new account, the server's password read from the panel that shows it once. */
async function createAccount(page: Page, username: string, role: "writer" | "owner"): Promise<string> {
  const form = page.getByRole("form", { name: "New account" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Create account" }).click();
  const shown = page.getByTestId("account-password");
  await shown.waitFor();
  await poll(() => shown.textContent()).toContain(username);
  const password = (await page.getByTestId("account-password-value").textContent())!.trim();
  expect(password).toMatch(/^[a-z2-7]{26}$/);
  await page.locator(`tr[data-account="${username}"]`).waitFor();
  return password;
}

async function openReview(page: Page) {
  await until(() => store.db.select().from(profiles).where(eq(profiles.id, profileId)).get()?.status === "completed", `profile ${profileId} to be optimised`);
  const answered = page.waitForResponse((r) => r.url().includes("/api/admin/profiles?"));
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await answered;
  await page.locator(`tr[data-profile-id="${profileId}"]`).getByRole("button", { name: /^Review/ }).click();
  const dialog = page.getByRole("dialog", { name: "Review Profile" });
  await dialog.getByRole("heading", { name: "Original Profile" }).waitFor();
  await dialog.getByRole("button", { name: /Regenerate/ }).waitFor();
  return dialog;
}

describe("accounts", () => {
  test("an owner creates a writer; the writer signs in and sees no refund, no customer data and no accounts", async () => {
    const owner = await signIn(OWNER, PASSWORD);
    await poll(() => owner.page.getByTestId("role-badge").textContent()).toBe("Owner");
    const ownerDialog = await openReview(owner.page);
    await ownerDialog.getByRole("button", { name: "Refund", exact: true }).waitFor();
    await ownerDialog.getByRole("button", { name: "Export Data" }).waitFor();
    await owner.page.keyboard.press("Escape");
    await ownerDialog.waitFor({ state: "detached" });

    const password = await createAccount(owner.page, "sam", "writer");
    await poll(() => owner.page.locator('tr[data-account="sam"] td').nth(1).textContent()).toBe("Writer");
    expect(store.db.select().from(users).where(eq(users.username, "sam")).get()?.role).toBe("writer");
    // Done: the password is gone from the page for good.
    await owner.page.getByRole("button", { name: "Done" }).click();
    await poll(() => owner.page.getByTestId("account-password").count()).toBe(0);
    expect(owner.errors).toEqual([]);

    const writer = await signIn("sam", password, { theme: "dark" });
    await poll(() => writer.page.getByTestId("role-badge").textContent()).toBe("Writer");
    await writer.page.getByRole("heading", { name: "Change my password" }).waitFor();
    await writer.page.getByRole("heading", { name: "Team throughput" }).waitFor();
    await poll(() => writer.page.getByTestId("accounts").count()).toBe(0);
    const dialog = await openReview(writer.page);
    await poll(() => dialog.getByRole("button", { name: "Refund", exact: true }).count()).toBe(0);
    await poll(() => dialog.getByRole("button", { name: "Export Data" }).count()).toBe(0);
    await poll(() => dialog.getByRole("button", { name: "Erase Data" }).count()).toBe(0);
    expect(writer.errors).toEqual([]);

    // The writer claims it (the queue's own buttons come later): the owner's list says who is writing it. Taking it
    // over: another test of this file may hold the one profile already.
    const claimed = await writer.page.evaluate(async (id) => (await fetch(`/api/admin/profiles/${id}/claim`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ takeOver: true }) })).status, profileId);
    expect(claimed).toBe(200);
    const answered = owner.page.waitForResponse((r) => r.url().includes("/api/admin/profiles?"));
    await owner.page.getByRole("button", { name: "Refresh", exact: true }).click();
    await answered;
    await poll(() => owner.page.locator(`tr[data-profile-id="${profileId}"]`).getByTestId("claim").textContent()).toBe("sam is writing this");
  }, 60_000);

  test("a second writer sees the claim in the dialog and takes it over after confirming; the first one's save is refused with their name", async () => {
    const owner = await signIn(OWNER, PASSWORD);
    const password = await createAccount(owner.page, "kim", "writer");
    const claimed = await owner.page.evaluate(async (id) => (await fetch(`/api/admin/profiles/${id}/claim`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ takeOver: true }) })).status, profileId);
    expect(claimed).toBe(200);
    const ownerDialog = await openReview(owner.page);
    await ownerDialog.getByRole("heading", { name: "You are writing this" }).waitFor();

    const writer = await signIn("kim", password, { theme: "dark" });
    const dialog = await openReview(writer.page);
    await dialog.getByRole("heading", { name: `${OWNER} is writing this` }).waitFor();
    await dialog.getByRole("button", { name: "Take over" }).click();
    const asked = dialog.getByRole("form", { name: `Take this profile over from ${OWNER}?` });
    await poll(() => writer.page.evaluate(() => document.activeElement?.textContent)).toBe("Confirm Take Over");
    await asked.getByRole("button", { name: "Confirm Take Over" }).click();
    await dialog.getByRole("heading", { name: "You are writing this" }).waitFor();
    expect(store.db.select().from(claims).where(and(eq(claims.profileId, profileId), isNull(claims.endedAt))).get()?.admin).toBe("kim");

    // The owner's dialog, still open, saves: refused, with who is writing it; the dialog reads it again and says so.
    const bio = ownerDialog.getByRole("textbox", { name: "Bio", exact: true });
    await bio.fill("An owner's edit while kim writes.");
    await owner.page.keyboard.press("ControlOrMeta+KeyS");
    await poll(() => owner.page.getByTestId("toast-viewport").textContent()).toContain("kim is writing this profile");
    await ownerDialog.getByRole("heading", { name: "kim is writing this" }).waitFor();
    expect(writer.errors).toEqual([]);
    expect(owner.errors.filter((e) => !e.includes("status of 409"))).toEqual([]);
  }, 60_000);

  test("the dashboard's Next profile says when nothing is waiting (the one profile is a writer's); Mine lists one's own claims", async () => {
    // The file's one basic profile, optimised and claimed by a writer here, whatever ran before (tests run shuffled).
    await until(() => store.db.select().from(profiles).where(eq(profiles.id, profileId)).get()?.status === "completed", `profile ${profileId} to be optimised`);
    const claimed = await fetch(`${server.url}/api/admin/profiles/${profileId}/claim`, {
      method: "POST",
      headers: { Cookie: adminCookie(store.db, "kit", { role: "writer" }), Origin: server.url, "Content-Type": "application/json" },
      body: JSON.stringify({ takeOver: true }),
    });
    expect(claimed.status).toBe(200);
    const owner = await signIn(OWNER, PASSWORD);
    await owner.page.getByRole("button", { name: "Next profile" }).click();
    await poll(() => owner.page.getByTestId("queue-empty").textContent()).toBe("Nothing is waiting");
    expect(await owner.page.getByRole("dialog", { name: "Review Profile" }).count()).toBe(0);
    const mine = owner.page.getByRole("button", { name: "Mine", exact: true });
    await mine.click();
    await poll(() => mine.getAttribute("aria-pressed")).toBe("true");
    await poll(() => new URL(owner.page.url()).searchParams.get("mine")).toBe("true");
    await owner.page.getByText("No profiles found").waitFor();
    expect(owner.errors).toEqual([]);
  }, 60_000);

  test("a writer signs in, takes Next, writes each part still to write with the keyboard, saves and sends in one action", async () => {
    const owner = await signIn(OWNER, PASSWORD);
    const password = await createAccount(owner.page, "ada", "writer");
    // A premium order: more urgent than the basic one (24 hours against 48), and written by a person.
    const premium = { email: "queue@example.com", dating_app: "bumble", bio: "No drama please. Architect who sketches old buildings.", prompt1: "My perfect day", response1: "idk, ask me" };
    const photos = await Promise.all(["#c08040", "#40c080", "#8040c0"].map((colour) => plainJpeg(480, 360, colour)));
    const id = (await submitAndPay(server.url, { plan: "premium", profile: premium, photos })).profileId;
    await until(() => store.db.select().from(profiles).where(eq(profiles.id, id)).get()?.status === "completed", `profile ${id} to be optimised`);

    const writer = await signIn("ada", password);
    await writer.page.getByRole("button", { name: "Next profile" }).click();
    const dialog = writer.page.getByRole("dialog", { name: "Review Profile" });
    await dialog.getByRole("heading", { name: "You are writing this" }).waitFor();
    await poll(() => dialog.getByTestId("review-summary").textContent()).toContain(id);
    expect(store.db.select().from(claims).where(and(eq(claims.profileId, id), isNull(claims.endedAt))).get()?.admin).toBe("ada");
    const toWrite = await dialog.getByTestId("review-to-write").locator("li a").allTextContents();
    expect(toWrite.length).toBeGreaterThan(0);
    // The focus is in the first part to write, its text selected: typing replaces it; the next part is one key away.
    const written: string[] = [];
    for (let i = 0; i < toWrite.length; i++) {
      if (i > 0) await writer.page.keyboard.press("Alt+Shift+KeyN");
      const text = `Ada's own words for part ${i + 1}: a canal, a sketchbook and the best bakery on the route.`;
      await poll(() => writer.page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
      await writer.page.keyboard.insertText(text);
      await poll(() => writer.page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value)).toBe(text);
      written.push(text);
    }
    await dialog.getByRole("button", { name: "Save and send" }).click();
    await dialog.getByRole("form", { name: "Save and send the results?" }).getByRole("button", { name: "Confirm Save and Send" }).click();
    await poll(() => writer.page.getByTestId("toast-viewport").textContent()).toContain("Email Sent");
    await until(() => store.db.select().from(profiles).where(eq(profiles.id, id)).get()?.emailSent === true, "the results e-mail");
    // Sending ended the claim.
    expect(store.db.select().from(claims).where(and(eq(claims.profileId, id), isNull(claims.endedAt))).get()).toBeUndefined();
    expect(writer.errors).toEqual([]);
  }, 60_000);

  test("an owner disables an account after confirming; it is shown disabled and enabled again", async () => {
    const owner = await signIn(OWNER, PASSWORD);
    await createAccount(owner.page, "lee", "writer");
    const row = owner.page.locator('tr[data-account="lee"]');
    await row.getByRole("button", { name: "Disable lee" }).click();
    await row.getByRole("button", { name: "Disable", exact: true }).click();
    await poll(() => row.locator("td").nth(2).textContent()).toMatch(/^Disabled /);
    await row.getByRole("button", { name: "Enable lee" }).click();
    await poll(() => row.locator("td").nth(2).textContent()).toBe("Enabled");
    expect(owner.errors).toEqual([]);
  }, 60_000);
});

describe("accessibility", () => {
  // Each page reached once, at 375 px in the light theme, and checked in both themes at 375 and 1280 px in place
  // (decision 153).
  test("the owner's accounts with a password shown in both themes at 375 and 1280 px, nothing serious for axe, no sideways scrolling", async () => {
    const owner = await signIn(OWNER, PASSWORD, { theme: "light", width: 375 });
    await createAccount(owner.page, "w-looks", "writer");
    await inEveryLook(owner.page, async ({ width }) => {
      expect(await seriousViolations(owner.page)).toEqual([]);
      await poll(() => owner.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
    expect(owner.errors).toEqual([]);
  }, 60_000);

  test("a writer's dashboard in both themes at 375 and 1280 px, nothing serious for axe, no sideways scrolling", async () => {
    // A writer of its own (an owner making one in the Accounts section is the test above, and signing in with the
    // password shown there the first test of "accounts").
    adminCookie(store.db, "w-dashboard", { role: "writer" });
    const writer = await signIn("w-dashboard", TEST_ADMIN_PASSWORD, { theme: "light", width: 375 });
    await poll(() => writer.page.getByTestId("role-badge").textContent()).toBe("Writer");
    await writer.page.getByTestId("throughput").waitFor();
    await writer.page.getByTestId("change-password").waitFor();
    await inEveryLook(writer.page, async ({ width }) => {
      expect(await seriousViolations(writer.page)).toEqual([]);
      await poll(() => writer.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
    expect(writer.errors).toEqual([]);
  }, 60_000);
});
