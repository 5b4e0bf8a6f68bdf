/**
 * The writer's desk in the browser (issue 28, item 5) against the real server on embedded defaults: Save and send in
 * one action with its confirmation (what is saved, where it goes), a refused save that sends nothing and a refused
 * send after a save, both keeping the text; Send with unsaved text offering Save and send; Save in reach in the
 * preview; the part navigator; Process Revision Request asking first; the focus after signing in and after sending;
 * and the dialog's bar, navigator and questions axe clean in both themes at 375 and 1280 px. Each test has a profile
 * of its own, paid for over HTTP and optimised by the job loop.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { simpleParser } from "mailparser";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { and, eq, isNull } from "drizzle-orm";
import { openStore, type Store } from "../db/client.ts";
import { claims } from "../db/schema.ts";
import { adminCookie, sessionCookieOf } from "../testing/admin.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, until, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
import { submitAndPay } from "../testing/customer.ts";
import { profileWithResult } from "../testing/result-columns.ts";
import { checkedUnsavedQuestion } from "../testing/review-dialog.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { keepEverything } from "../testing/desk.ts";

const USERNAME = "admin";
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: TestBrowser;
let tabs: ThemedTabs;
let store: Store;

const paid: Record<"saveAndSend" | "refused" | "unsavedSend" | "preview" | "revision" | "looks" | "opens" | "keys" | "queue", string> = {
  opens: "",
  keys: "",
  queue: "",
  saveAndSend: "",
  refused: "",
  unsavedSend: "",
  preview: "",
  revision: "",
  looks: "",
};

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD });
  browser = await launchBrowser();
  tabs = themedTabs(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
  const photos = await Promise.all(["#c04080", "#4080c0", "#80c040"].map((colour) => plainJpeg(480, 360, colour)));
  for (const key of Object.keys(paid) as (keyof typeof paid)[]) {
    // The keyboard test's two profiles share a word of their addresses: its list holds them and nothing that changes
    // meanwhile (another test's profile regenerated in the background re-sorted a list of all nine).
    const email = key === "opens" || key === "keys" ? `${key}.pair@example.com` : `${key.toLowerCase()}@example.com`;
    const profile = { email, dating_app: "bumble", bio: "No drama please. Architect who sketches old buildings.", prompt1: "My perfect day", response1: "idk, ask me" };
    paid[key] = (await submitAndPay(server.url, { plan: "premium", profile, photos })).profileId;
  }
}, 60_000);
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

const stored = (id: string) => profileWithResult(store.db, id);
const untilCompleted = (id: string) => until(() => stored(id).status === "completed", "the profile to complete");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Review Profile" });
const bioField = (page: Page) => dialog(page).getByRole("textbox", { name: "Bio", exact: true });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.id ?? document.activeElement?.tagName);

async function expectToast(page: Page, title: string, description?: string) {
  const item = page.getByTestId("toast-viewport").locator("[data-variant]").filter({ has: page.getByText(title, { exact: true }) });
  await item.first().waitFor();
  if (description !== undefined) await poll(() => item.first().textContent()).toContain(description);
}

type Options = { theme?: "light" | "dark"; width?: number };

/**
 * The theme's shared tab (cleared) at /admin, `query` in the address, signed in by a session made in the database
 * (signing in by the form is admin.test.ts's).
 */
async function signedIn(query: string, options: Options = {}) {
  const page = await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 });
  const errors = recordPageErrors(page);
  await page.context().addCookies([sessionCookieOf(store.db, USERNAME, server.url)]);
  await page.goto(`${server.url}/admin${query}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { page, errors };
}

/** The profile's review dialog opened from its row. */
async function review(page: Page, id: string) {
  await page.locator(`tr[data-profile-id="${id}"]`).getByRole("button", { name: /^Review/ }).click();
}

/**
 * The test's profile in its review dialog with `bio` written as a writer does: the bio's link in the part navigator
 * selects its text, and the paste replaces it.
 */
async function writing(key: keyof typeof paid, bio: string, options: Options = {}) {
  const id = paid[key];
  await untilCompleted(id);
  // The weak answer stands as the writer's call, so what is sent waits only on the bio (src/shared/admin/desk.ts).
  keepEverything({ store }, id);
  const { page, errors } = await signedIn(`?q=${id}`, options);
  await review(page, id);
  await dialog(page).getByRole("navigation", { name: "Parts of the result" }).getByRole("link", { name: "Bio", exact: true }).click();
  await poll(() => focused(page)).toBe("review-part-bio");
  expect(await bioField(page).evaluate((el: HTMLTextAreaElement) => el.selectionStart === 0 && el.selectionEnd === el.value.length)).toBe(true);
  await page.keyboard.insertText(bio);
  await poll(() => bioField(page).inputValue()).toBe(bio);
  return { id, page, errors };
}

async function resultsMails(id: string) {
  const outbox = join(server.dir, "outbox");
  if (!existsSync(outbox)) return [];
  const files = readdirSync(outbox).filter((f) => f.endsWith(".eml") && f.includes("mail-results") && f.includes(id));
  return Promise.all(files.map((f) => simpleParser(readFileSync(join(outbox, f)))));
}

/** Failed loads the test asked for (a refusal it answered in the server's place). */
const unexpected = (errors: string[], ...statuses: number[]) => errors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`)));

describe("the writer's desk (issue 28, item 5)", () => {
  test("signing in puts the focus on the dashboard's heading, never on the page", async () => {
    const page = await tabs.take(undefined, { width: 1280, height: 900 });
    const errors = recordPageErrors(page);
    await page.goto(`${server.url}/admin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Admin Dashboard");
    expect(errors).toEqual([]);
  });

  test("Save and send in one action: the confirmation names the part and the address; the text is saved, then sent, and the focus stays in the dialog", async () => {
    const bio = "Architect who sketches old buildings; ask me for the best bakery on my cycling route.";
    const { id, page, errors } = await writing("saveAndSend", bio);
    // The preview shows it; Save and send is in reach there too.
    await dialog(page).getByRole("tab", { name: "Preview as the customer sees it" }).click();
    await poll(() => dialog(page).getByTestId("review-preview").getByTestId("optimized-profile").textContent()).toContain(bio);
    await dialog(page).getByRole("button", { name: "Save and send" }).click();
    const question = dialog(page).getByRole("form", { name: "Save and send the results?" });
    await poll(() => question.textContent()).toContain("Your changes to Bio are saved first.");
    await poll(() => question.textContent()).toContain(`the results e-mail goes to saveandsend@example.com`);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Confirm Save and Send");
    await question.getByRole("button", { name: "Confirm Save and Send" }).click();
    // One toast at a time: "Email Sent" replaces "Changes Saved" at once, so the save is read from what was stored.
    await expectToast(page, "Email Sent");
    expect(stored(id).optimization!.bio!.optimised).toBe(bio);
    await until(() => stored(id).emailSent, "the results e-mail");
    await poll(async () => (await resultsMails(id)).length).toBe(1);
    expect((await resultsMails(id))[0]!.text).toContain(bio);
    // The Send buttons are gone: the focus is on the queue's Next profile, never on the page; the line beside says
    // the e-mail is on its way.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Next profile");
    await poll(() => dialog(page).getByTestId("review-progress").textContent()).toContain("on its way");
    await poll(() => dialog(page).getByRole("button", { name: "Email Already Sent" }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  test("Save and send: a refused save sends nothing and keeps the text; a refused send after the save shows the refusal, the text saved", async () => {
    const bio = "Architect and weekend sketcher; the canal at dawn is my favourite place to draw.";
    const { id, page, errors } = await writing("refused", bio);
    const sends: string[] = [];
    page.on("request", (r) => r.url().endsWith("/send-email") && sends.push(r.method()));

    await page.route("**/parts", (route) => (route.request().method() === "PUT" ? route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ message: "The bio is too long (at most 2,000 characters)" }) }) : route.fallback()));
    await dialog(page).getByRole("button", { name: "Save and send" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Save and Send" }).click();
    await expectToast(page, "Failed to Save Changes", "The bio is too long");
    await poll(() => dialog(page).getByRole("form", { name: "Save and send the results?" }).count()).toBe(0);
    expect(sends).toEqual([]);
    expect(stored(id).emailSent).toBe(false);
    await poll(() => bioField(page).inputValue()).toBe(bio);
    await page.unrouteAll();

    await page.route("**/send-email", (route) => route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "Write these parts before sending: the bio." }) }));
    await dialog(page).getByRole("button", { name: "Save and send" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Save and Send" }).click();
    await expectToast(page, "Failed to Send Email", "Write these parts before sending: the bio.");
    await poll(() => stored(id).optimization!.bio!.optimised).toBe(bio);
    expect(stored(id).emailSent).toBe(false);
    await poll(() => dialog(page).getByTestId("review-save-state").textContent()).toBe("All changes saved.");
    // Nothing left unsaved: Save and send goes, Send stays, and the focus is back on it.
    await poll(() => dialog(page).getByRole("button", { name: "Save and send" }).count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Send Optimization Email");
    await page.unrouteAll();
    expect(unexpected(errors, 400, 409)).toEqual([]);
  });

  test("Send with unsaved text offers Save and send besides Keep editing and Discard changes; choosing it asks to confirm, then saves and sends", async () => {
    const bio = "Architect who cycles to the Saturday market and sketches what she finds there.";
    const { id, page, errors } = await writing("unsavedSend", bio);
    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    const asked = page.getByRole("alertdialog", { name: "You have unsaved changes" });
    await poll(() => asked.getByRole("button").allTextContents()).toEqual(["Keep editing", "Save and send", "Discard changes"]);
    await poll(() => asked.textContent()).toContain("or choose Save and send.");
    await asked.getByRole("button", { name: "Save and send" }).click();
    await asked.waitFor({ state: "detached" });
    await dialog(page).getByRole("button", { name: "Confirm Save and Send" }).click();
    await expectToast(page, "Email Sent");
    expect(stored(id).optimization!.bio!.optimised).toBe(bio);
    await until(() => stored(id).emailSent, "the results e-mail");
    expect(errors).toEqual([]);
  });

  test("Save is in reach in the preview: it saves from there and the preview stays; a save stopped at a field brings the editor back with the focus on it", async () => {
    const bio = "Architect who sketches old buildings and knows every bakery on the canal.";
    const { id, page, errors } = await writing("preview", bio);
    await dialog(page).getByRole("tab", { name: "Preview as the customer sees it" }).click();
    const save = dialog(page).getByRole("button", { name: "Save Changes" });
    await poll(() => save.isVisible()).toBe(true);
    // In view without scrolling: the bar does not scroll with the content.
    const box = (await save.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await save.click();
    await expectToast(page, "Changes Saved");
    await poll(() => dialog(page).getByTestId("review-save-state").textContent()).toBe("All changes saved.");
    await poll(() => dialog(page).getByRole("tab", { name: "Preview as the customer sees it" }).getAttribute("aria-selected")).toBe("true");
    expect(stored(id).optimization!.bio!.optimised).toBe(bio);

    await dialog(page).getByRole("tab", { name: "Edit" }).click();
    await bioField(page).fill("  ");
    await dialog(page).getByRole("tab", { name: "Preview as the customer sees it" }).click();
    await save.click();
    await poll(() => focused(page)).toBe("review-part-bio");
    await poll(() => dialog(page).getByText("Write the bio: the customer's profile needs one.").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  test("Process Revision Request asks first: Cancel processes nothing and gives the focus back to the button", async () => {
    const id = paid.revision;
    await untilCompleted(id);
    const cookie = adminCookie(store.db, USERNAME);
    const headers = { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" };
    keepEverything({ store }, id);
    expect((await fetch(`${server.url}/api/admin/profiles/${id}/send-email`, { method: "POST", headers })).status).toBe(200);
    await until(() => stored(id).emailSent, "the results e-mail");
    const asked = await fetch(`${server.url}/api/profiles/${id}/revision-request`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ notes: "Please mention the canal." }) });
    expect(asked.status).toBe(200);
    await until(() => stored(id).status === "revision_requested", "the revision request");

    const { page, errors } = await signedIn(`?q=${id}`);
    await review(page, id);
    const process = dialog(page).getByRole("button", { name: "Process Revision Request" });
    await process.click();
    const question = dialog(page).getByRole("form", { name: "Process this revision request?" });
    await poll(() => question.textContent()).toContain("This dialog stays open and shows the new draft when the run ends");
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "detached" });
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Process Revision Request");
    expect(stored(id).status).toBe("revision_requested");
    expect(errors).toEqual([]);
  });
});

/** The field with the focus, and whether all its text is selected. */
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLTextAreaElement | null;
    return { id: el?.id ?? "", selected: el instanceof HTMLTextAreaElement && el.selectionStart === 0 && el.selectionEnd === el.value.length };
  });

/** The test's profile, its parts still to write, opened from its row: the focus lands in the bio, its text selected. */
async function openedOnTheBio(key: keyof typeof paid) {
  const id = paid[key];
  await untilCompleted(id);
  const { page, errors } = await signedIn(`?q=${id}`);
  await review(page, id);
  await poll(() => focusedField(page)).toEqual({ id: "review-part-bio", selected: true });
  return { id, page, errors };
}

describe("the writer's path (issue 28, item 6; issue 29, items 2 and 3)", () => {
  test("the dialog opens with the focus in the first part to write, its text selected; a Still to write link selects its field's text too", async () => {
    const { page, errors } = await openedOnTheBio("opens");
    // Still named: the focus is in the dialog that says what it is.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute("aria-labelledby"))).toBe("review-title");
    await page.keyboard.insertText("Pasted over the draft.");
    await poll(() => bioField(page).inputValue()).toBe("Pasted over the draft.");
    const list = dialog(page).getByRole("region", { name: /still to write/i });
    await list.getByRole("link", { name: /answer to/i }).click();
    await poll(() => focusedField(page)).toEqual({ id: "review-part-prompt1", selected: true });
    expect(errors).toEqual([]);
  });

  test("with the keyboard only: next part to write, save, preview and back, ? lists the keys (typed as a character in a field), save and send", async () => {
    const { id, page, errors } = await openedOnTheBio("keys");
    // The keys are shown in the dialog.
    await poll(() => dialog(page).getByTestId("review-shortcuts").textContent()).toContain("Alt+Shift+N");
    await page.keyboard.insertText("A bio written with the keyboard only.");
    await page.keyboard.press("Alt+Shift+KeyN");
    await poll(() => focusedField(page)).toEqual({ id: "review-part-prompt1", selected: true });
    // Round again: the bio is written in the form, so the answer stays the next part to write.
    await page.keyboard.press("Alt+Shift+KeyN");
    await poll(() => focusedField(page)).toEqual({ id: "review-part-prompt1", selected: true });
    // A plain "?" in a field is typed, not taken.
    await page.keyboard.type("Ask me?");
    await poll(() => dialog(page).getByRole("textbox", { name: /^Answer to/ }).inputValue()).toBe("Ask me?");
    expect(await page.getByTestId("shortcuts-help").count()).toBe(0);
    await page.keyboard.press("ControlOrMeta+KeyS");
    await expectToast(page, "Changes Saved");
    await poll(() => stored(id).optimization!.bio!.optimised).toBe("A bio written with the keyboard only.");
    await page.keyboard.press("Alt+Shift+KeyP");
    await poll(() => dialog(page).getByRole("tab", { name: "Preview as the customer sees it" }).getAttribute("aria-selected")).toBe("true");
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tab");
    // Outside a field, ? lists the keys in a dialog of its own; Escape closes it only.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await poll(() => help.textContent()).toContain("Next part to write");
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });
    await poll(() => dialog(page).count()).toBe(1);
    await page.keyboard.press("Alt+Shift+KeyP");
    await poll(() => dialog(page).getByRole("tab", { name: "Edit", exact: true }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Alt+Shift+KeyE");
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Confirm Send");
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
  });

  test("with the keyboard only: the next and the previous profile in the list open in the dialog's place", async () => {
    await untilCompleted(paid.opens);
    await untilCompleted(paid.keys);
    const { page, errors } = await signedIn("?q=.pair@example.com");
    const rows = page.locator("tr[data-profile-id]").filter({ has: page.getByRole("button", { name: /^Review/ }) });
    await rows.nth(1).waitFor();
    await poll(() => rows.count()).toBe(2);
    const [first, second] = [await rows.nth(0).getAttribute("data-profile-id"), await rows.nth(1).getAttribute("data-profile-id")];
    await rows.nth(0).getByRole("button", { name: /^Review/ }).focus();
    await page.keyboard.press("Enter");
    const shownId = () => dialog(page).getByTestId("review-summary").locator("dd").nth(5).textContent();
    await poll(shownId).toBe(first);
    // Previous is pressed the moment the next profile shows (in the same task as the change to the page, before the
    // browser draws again): the new dialog's keys listen from the moment it is drawn. A passive effect left a busy
    // machine's browser a moment in which the key did nothing.
    const pressedAtSight = page.evaluate((second) => {
      const shown = () => document.querySelectorAll('[role="dialog"] [data-testid="review-summary"] dd')[5]?.textContent;
      return new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          if (shown() !== second) return;
          observer.disconnect();
          const key = { code: "KeyK", key: "K", altKey: true, shiftKey: true, bubbles: true, cancelable: true };
          (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent("keydown", key));
          resolve(shown()!);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }, second);
    await page.keyboard.press("Alt+Shift+KeyJ");
    expect(await pressedAtSight).toBe(second!);
    await poll(shownId).toBe(first);
    await page.keyboard.press("Alt+Shift+KeyJ");
    await poll(shownId).toBe(second);
    await page.keyboard.press("Alt+Shift+KeyK");
    await poll(shownId).toBe(first);
    expect(errors).toEqual([]);
  });

  test("after Save and send, Next profile has the focus: Enter opens the queue's next profile in the dialog, claimed, and released from the dialog", async () => {
    const id = paid.queue;
    await untilCompleted(id);
    keepEverything({ store }, id);
    const { page, errors } = await signedIn(`?q=${id}`);
    await review(page, id);
    await poll(() => dialog(page).getByTestId("review-save-state").textContent()).toBe("All changes saved.");
    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(page, "Email Sent");
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Next profile");
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    const subtitle = dialog(page).getByRole("heading", { name: "Review Profile" }).locator("xpath=following-sibling::p");
    await page.keyboard.press("Enter");
    await poll(() => subtitle.textContent()).not.toContain("queue@example.com");
    await dialog(page).getByRole("heading", { name: "You are writing this" }).waitFor();
    const opened = (await dialog(page).getByTestId("review-summary").locator("dd").nth(5).textContent())!;
    expect(store.db.select().from(claims).where(and(eq(claims.profileId, opened), isNull(claims.endedAt))).get()?.admin).toBe(USERNAME);
    // Release it: the claim goes, for the other tests.
    await dialog(page).getByRole("button", { name: "Release" }).click();
    await dialog(page).getByRole("heading", { name: "You are writing this" }).waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });
});

describe("accessibility of the writer's desk", () => {
  // Reached once, at 375 px in the light theme (the narrow width, where the sticky bar sits over the fields), and each
  // state checked in both themes at 375 and 1280 px in place (decision 153).
  test("the part navigator, the claim, the keys and their list, the sticky bar with Save and send's confirmation, and Send's three-way question in both themes at 375 and 1280 px, nothing serious for axe, no sideways scrolling", async () => {
    const headers = { Cookie: adminCookie(store.db, USERNAME), Origin: server.url, "Content-Type": "application/json" };
    await untilCompleted(paid.looks);
    expect((await fetch(`${server.url}/api/admin/profiles/${paid.looks}/claim`, { method: "POST", headers, body: "{}" })).status).toBe(200);
    const { id, page, errors } = await writing("looks", "A bio written at 375px in the light theme.", { theme: "light", width: 375 });
    await dialog(page).getByRole("heading", { name: "You are writing this" }).waitFor();
    await dialog(page).getByTestId("review-shortcuts").waitFor();
    await dialog(page).getByRole("button", { name: "Save and send" }).click();
    await dialog(page).getByRole("form", { name: "Save and send the results?" }).waitFor();
    await inEveryLook(page, async ({ width }) => {
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    // Cancelled: the focus goes back to the button that asked.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Save and send");
    // Outside a field, ? lists the keys over the dialog.
    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await inEveryLook(page, async () => {
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor({ state: "detached" });

    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    await page.getByRole("alertdialog", { name: "You have unsaved changes" }).waitFor();
    await inEveryLook(page, async () => {
      expect(await seriousViolations(page, { include: '[role="alertdialog"]' })).toEqual([]);
    });
    // Three buttons (Save and send among them), Tab going round them only (and axe once more, in the look it was reached in).
    const asked = await checkedUnsavedQuestion(page);
    await poll(() => asked.getByRole("button").count()).toBe(3);
    await asked.getByRole("button", { name: "Discard changes" }).click();
    await dialog(page).getByRole("form", { name: "Send the results to the customer?" }).getByRole("button", { name: "Cancel" }).click();
    expect(stored(id).emailSent).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);
});
