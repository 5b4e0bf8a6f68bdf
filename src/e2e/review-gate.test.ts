/**
 * The review gate in the browser (issue 20, items 1-3) against the real server on embedded defaults (local payments,
 * outbox mail, the local analyser): the admin edits a bio and a starter in plain text, previews and saves them, sends;
 * the results e-mail carries the edit; the customer's results page (each tab, Before and After) shows it; the customer
 * asks for a revision and gets the acknowledgement; the admin processes one, the new draft shows beside the edited
 * text, the admin keeps the edit and sends; the revised e-mail says it is the revision. Each step is a test of its
 * own on a profile of its own, brought to where the step starts over the API (as the dialog's Save and Send would).
 * Around it: leaving with unsaved text asks first, a save that met another administrator's keeps the text beside
 * theirs; two administrators editing one profile save different parts without a question and see both texts of a
 * part they both changed (issue 27, item 3); and the dialog (editor, preview, draft chooser, the question) is axe
 * clean in both themes at 375 and 1280 px.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { simpleParser, type ParsedMail } from "mailparser";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { changedParts, partsOf } from "../shared/optimiser/parts.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import { partText } from "../web/admin/parts-form.ts";
import type { EditState } from "../shared/api/admin-profiles.ts";
import { adminCookie, sessionCookieOf } from "../testing/admin.ts";
import { keepEverything, keepEveryPartInDialog } from "../testing/desk.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, until, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
import { submitAndPay } from "../testing/customer.ts";
import { profileWithResult, putDraft, saveAs } from "../testing/result-columns.ts";
import { checkedUnsavedQuestion } from "../testing/review-dialog.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { plainJpeg } from "../testing/test-images.ts";

const USERNAME = "admin";
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: TestBrowser;
let tabs: ThemedTabs;
let store: Store;

/** Profiles paid for at the start; the job loop optimises them while the first test signs in. */
const paid: Record<"flow" | "customer" | "asks" | "revision" | "dialog" | "twoAdmins" | "elite" | "eliteLooks", string> = {
  flow: "",
  customer: "",
  asks: "",
  revision: "",
  dialog: "",
  twoAdmins: "",
  elite: "",
  eliteLooks: "",
};

const ORIGINAL_BIO = "No drama please. Architect who sketches old buildings and cycles to the market.";

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD });
  browser = await launchBrowser();
  tabs = themedTabs(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
  const photos = await Promise.all(["#c04080", "#4080c0", "#80c040"].map((colour) => plainJpeg(480, 360, colour)));
  for (const key of Object.keys(paid) as (keyof typeof paid)[]) {
    const profile = { email: `${key}@example.com`, dating_app: "bumble", bio: ORIGINAL_BIO, prompt1: "My perfect day", response1: "Cycling to a market, then sketching by the canal." };
    paid[key] = (await submitAndPay(server.url, { plan: key.startsWith("elite") ? "elite" : "premium", profile, photos })).profileId;
  }
}, 60_000);
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

interface Opened {
  ctx: BrowserContext;
  page: Page;
  errors: string[];
}

/** The theme's shared tab, cleared (no session: each open signs in again), with the page open and hydrated. */
async function open(path: string, options: { theme?: "light" | "dark"; width?: number; signedInAs?: string } = {}): Promise<Opened> {
  const page = await tabs.take(options.theme, { width: options.width ?? 1280, height: 900 });
  const errors = recordPageErrors(page);
  if (options.signedInAs) await page.context().addCookies([sessionCookieOf(store.db, options.signedInAs, server.url)]);
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { ctx: page.context(), page, errors };
}

async function expectToast(page: Page, title: string, description?: string) {
  const item = page.getByTestId("toast-viewport").locator("[data-variant]").filter({ has: page.getByText(title, { exact: true }) });
  await item.waitFor();
  if (description !== undefined) await poll(() => item.textContent()).toContain(description);
}

/**
 * The dashboard searched for one profile, signed in (as `username`) by a session made in the database (signing in by
 * the form is admin.test.ts's), with the profile's row shown.
 */
async function dashboard(id: string, options: Parameters<typeof open>[1] & { username?: string } = {}): Promise<Opened> {
  const opened = await open(`/admin?q=${id}`, { ...options, signedInAs: options.username ?? USERNAME });
  await row(opened.page, id).waitFor();
  return opened;
}

const row = (page: Page, id: string) => page.locator(`tr[data-profile-id="${id}"]`);
const dialog = (page: Page) => page.getByRole("dialog", { name: "Review Profile" });
const content = (page: Page) => dialog(page).getByTestId("review-content");

async function review(page: Page, id: string) {
  await row(page, id).getByRole("button", { name: /^Review/ }).click();
  await dialog(page).getByRole("heading", { name: "Original Profile" }).waitFor();
}

function stored(id: string) {
  return profileWithResult(store.db, id);
}

const untilStored = (id: string, check: (p: ReturnType<typeof stored>) => boolean, what: string) => until(() => check(stored(id)), what);

function api(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

const outbox = () => join(server.dir, "outbox");
/** The outbox's messages whose file name has every one of `parts`, oldest first, parsed (encodings undone). */
async function mails(...parts: string[]): Promise<ParsedMail[]> {
  if (!existsSync(outbox())) return [];
  const files = readdirSync(outbox())
    .filter((f) => f.endsWith(".eml") && parts.every((p) => f.includes(p)))
    .sort();
  return Promise.all(files.map((f) => simpleParser(readFileSync(join(outbox(), f)))));
}

const BIO = "Architect who sketches old buildings. We'll trade sketchbooks & the best coffee tips in town.";
const STARTER = "Which old building in town would you sketch first?";

/** The admin API as the dialog calls it, signed in with a session of the test's own. */
async function adminApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  cookie ??= adminCookie(store.db, USERNAME);
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: server.url, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
let cookie: string | undefined;

/** Made once, when a test first needs it: the tests may run in any order, each from a clean slate of its own. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** What the dialog's Save and Send do, over the admin API: the bio and the first starter edited, then sent. */
async function editAndSend(id: string): Promise<void> {
  await untilStored(id, (p) => p.status === "completed", "the profile to complete");
  const detail = await adminApi<EditState>("GET", `/api/admin/profiles/${id}`);
  const parts = detail.parts!;
  await adminApi("PUT", `/api/admin/profiles/${id}/parts`, {
    version: detail.version,
    // The parts this edit changes, as the dialog sends them.
    parts: { bio: { text: BIO }, starters: [STARTER, ...parts.starters.slice(1)] },
  });
  // What else the analyser drafted is kept as it is, with a reason (the dialog's "Keep as it is…").
  keepEverything({ store }, id);
  await adminApi("POST", `/api/admin/profiles/${id}/send-email`);
  await untilStored(id, (p) => p.emailSent, "the results e-mail");
}

/** A released result with the admin's edit, for the customer's page. */
const editedForCustomer = once(() => editAndSend(paid.customer));
/** A released result with the admin's edit and the customer's revision request, for the admin to process. */
const revisionAsked = once(async () => {
  await editAndSend(paid.revision);
  const asked = await api(`/api/profiles/${paid.revision}/revision-request`, { notes: REVISION_NOTES });
  expect(asked.status).toBe(200);
});

const REVISION_NOTES = "Please mention that I cycle to the market every Saturday.";

describe("the review gate, end to end", () => {
  test("an edit in plain text is previewed as the customer sees it, leaving with it unsaved asks first, it is saved and sent: the e-mail carries it", async () => {
    const id = paid.flow;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const admin = await dashboard(id);
    const { page } = admin;
    await review(page, id);
    const c = content(page);

    // Plain-text fields, one per part: no markup, no entities.
    const bio = c.getByLabel("Bio", { exact: true });
    await poll(() => bio.inputValue()).toBe((stored(id).optimization as OptimisationResult).bio!.optimised);
    expect(await bio.inputValue()).not.toContain("&#39;");
    await bio.fill(BIO);
    await poll(() => c.getByTestId("review-part-bio-count").textContent()).toContain(`${BIO.length} / 300`);
    await c.getByLabel("Starter 1", { exact: true }).fill(STARTER);

    // The preview is the customer's page, with the unsaved text.
    await c.getByRole("tab", { name: "Preview as the customer sees it" }).click();
    const preview = c.getByTestId("review-preview");
    await poll(() => preview.getByTestId("optimized-profile").textContent()).toContain(BIO);
    await poll(() => preview.getByTestId("conversation-starters").textContent()).toContain(STARTER);
    await poll(() => preview.getByTestId("compare-bio").getByTestId("after").textContent()).toBe(BIO);

    // Escape with unsaved text asks first; keeping the text leaves the dialog open with it.
    await page.keyboard.press("Escape");
    const question = page.getByRole("alertdialog", { name: "You have unsaved changes" });
    await question.waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Keep editing");
    await question.getByRole("button", { name: "Keep editing" }).click();
    await question.waitFor({ state: "detached" });
    await dialog(page).waitFor();
    // So does an action: Send waits for the answer.
    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    await question.waitFor();
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    await poll(() => dialog(page).getByRole("form", { name: "Send the results to the customer?" }).count()).toBe(0);

    await c.getByRole("tab", { name: "Edit" }).click();
    await poll(() => bio.inputValue()).toBe(BIO);
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Changes Saved");
    await poll(() => dialog(page).getByTestId("review-save-state").textContent()).toBe("All changes saved.");
    // Nothing is left to save, so the focus goes to the line that says so, inside the dialog.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("review-save-state");
    const saved = stored(id).optimization as OptimisationResult;
    expect(saved.bio!.optimised).toBe(BIO);
    expect(saved.conversationStarters[0]).toBe(STARTER);
    // The bio is written; the answer the analyser drafted is kept as it is, from the list at the top of the dialog.
    await keepEveryPartInDialog(dialog(page));

    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(page, "Email Sent");
    await untilStored(id, (p) => p.emailSent, "the results e-mail");
    await poll(async () => (await mails("mail-results", id)).length).toBe(1);
    const [first] = await mails("mail-results", id);
    expect(first!.subject).toBe("Your optimized Bumble profile is ready");
    expect(first!.text).toContain(BIO);
    expect(first!.text).toContain(STARTER);
    expect(first!.html || "").not.toContain("We&amp;#39;ll");
    expect(admin.errors).toEqual([]);
  });

  // The customer's page, reached once and checked in both themes on a phone and a desktop (decision 153): every tab,
  // Before and After included, shows the approved text, with nothing serious for axe and no sideways scrolling.
  test("the customer's page of an edited result shows the approved text in every tab, Before and After; in both themes at 375 and 1280 px, nothing serious for axe in the first tab and the last, no sideways scrolling", async () => {
    await editedForCustomer();
    const id = paid.customer;
    const customer = await open(`/view-results?id=${id}`, { theme: "light", width: 375 });
    const cp = customer.page;
    await poll(() => cp.getByTestId("optimized-profile").textContent()).toContain(BIO);
    await poll(() => cp.getByTestId("optimized-profile").innerHTML()).not.toContain("&amp;#39;");
    await poll(() => cp.getByTestId("conversation-starters").textContent()).toContain(STARTER);
    await poll(() => cp.getByTestId("before-after").getByTestId("compare-bio").getByTestId("after").textContent()).toBe(BIO);
    await poll(() => cp.getByTestId("before-after").getByTestId("compare-bio").getByTestId("before").textContent()).toBe(ORIGINAL_BIO);
    await inEveryLook(cp, async ({ theme, width }) => {
      expect(`${theme} ${width}px: ${await seriousViolations(cp)}`).toBe(`${theme} ${width}px: `);
    });
    await cp.getByRole("tab", { name: "Recommendations" }).click();
    await cp.getByTestId("recommendations").waitFor();
    await cp.getByRole("tab", { name: "Photo Analysis" }).click();
    await cp.getByTestId("photo-list").waitFor();
    await inEveryLook(cp, async ({ theme, width }) => {
      expect(`${theme} ${width}px: ${await seriousViolations(cp)}`).toBe(`${theme} ${width}px: `);
      await poll(() => cp.evaluate(() => document.documentElement.scrollWidth), { what: `${theme} ${width}px` }).toBe(width);
    });
    expect(customer.errors).toEqual([]);
  }, 60_000);

  test("the customer asks for a revision on the results page: the acknowledgement e-mail gives the plan's time", async () => {
    const id = paid.asks;
    await editAndSend(id);
    const customer = await open(`/view-results?id=${id}`);
    const cp = customer.page;
    await cp.getByLabel("What would you like us to change?").fill(REVISION_NOTES);
    await cp.getByRole("button", { name: "Request Revision" }).click();
    await cp.getByTestId("revision-sent").waitFor();
    await poll(async () => (await mails("mail-revision-received", id)).length).toBe(1);
    const [ack] = await mails("mail-revision-received", id);
    expect(ack!.subject).toBe("We received your revision request for your Bumble profile");
    expect(ack!.text).toContain("24 hours");
    expect(customer.errors).toEqual([]);
  });

  test("the admin processes a revision: the rerun's draft waits beside the edit, the edit is kept, and the revised e-mail says it is the revision", async () => {
    await revisionAsked();
    const id = paid.revision;
    const [first] = await mails("mail-results", id);
    // The admin processes it, once asked; the rerun starts from the edited text and waits beside it as a draft, in the
    // dialog that stayed open (issue 28, item 5).
    const again = await dashboard(id);
    await review(again.page, id);
    await dialog(again.page).getByRole("button", { name: "Process Revision Request" }).click();
    const confirm = dialog(again.page).getByRole("form", { name: "Process this revision request?" });
    await poll(() => confirm.textContent()).toContain("This dialog stays open and shows the new draft");
    await confirm.getByRole("button", { name: "Confirm Process Revision" }).click();
    await expectToast(again.page, "Revision Request Processed");
    await untilStored(id, (p) => p.status === "completed" && p.draftOptimization !== null, "the revision's draft");
    expect((stored(id).optimization as OptimisationResult).bio!.optimised).toBe(BIO);
    const draft = dialog(again.page).getByTestId("review-draft");
    await draft.waitFor();
    // Nothing replaced the edit: the form holds it. Each part the draft changed is listed, the current text beside the
    // new one, with Keep current chosen.
    await poll(() => content(again.page).getByLabel("Bio", { exact: true }).inputValue()).toBe(BIO);
    const working = partsOf(stored(id).optimization as OptimisationResult);
    const drafted = partsOf(stored(id).draftOptimization as OptimisationResult);
    const changes = changedParts(working, drafted);
    // The revision note asked about the bio: the draft rewrote it, from the edited text.
    expect(changes).toContain("bio");
    // The customer's note leads the writer's brief of the part (issue 28, item 3).
    const brief = content(again.page).getByTestId("review-brief-bio");
    await poll(() => brief.locator(":scope > div > *").first().getAttribute("data-testid")).toBe("brief-revision-note");
    expect(await brief.getByTestId("brief-revision-note").textContent()).toContain(REVISION_NOTES);
    await poll(() => draft.locator("fieldset[data-testid^='draft-']").evaluateAll((sets) => sets.map((f) => f.getAttribute("data-testid")))).toEqual(changes.map((k) => `draft-${k}`));
    for (const key of changes) {
      const part = draft.getByTestId(`draft-${key}`);
      await poll(() => part.getByTestId("draft-current").textContent()).toBe(partText(key, working) || "(empty)");
      await poll(() => part.getByTestId("draft-new").textContent()).toBe(partText(key, drafted) || "(empty)");
      expect(await part.getByRole("radio", { name: "Keep current" }).isChecked()).toBe(true);
    }
    // Sending waits until the draft is settled.
    await poll(() => dialog(again.page).getByRole("button", { name: "Send Optimization Email" }).count()).toBe(0);
    await draft.getByRole("button", { name: "Apply choices" }).click();
    await expectToast(again.page, "Draft Choices Applied");
    await draft.waitFor({ state: "detached" });
    await poll(() => again.page.evaluate(() => document.activeElement?.id)).toBe("review-content-heading");
    expect(stored(id).draftOptimization).toBeNull();
    expect((stored(id).optimization as OptimisationResult).bio!.optimised).toBe(BIO);

    await dialog(again.page).getByRole("button", { name: "Send Optimization Email" }).click();
    await dialog(again.page).getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(again.page, "Email Sent");
    // The Send button is gone: the focus is on the queue's Next profile, in the dialog, beside the line saying the
    // e-mail is on its way.
    await poll(() => again.page.evaluate(() => document.activeElement?.textContent)).toBe("Next profile");
    await poll(() => dialog(again.page).getByTestId("review-progress").textContent()).toContain("on its way");
    await poll(async () => (await mails("mail-results", id)).length, { ms: 20_000 }).toBe(2);
    const revised = (await mails("mail-results", id)).find((m) => m.messageId !== first!.messageId)!;
    expect(revised.subject).toBe("Your revised Bumble profile is ready");
    expect(revised.text).toContain("This is the revision you asked for");
    expect(revised.text).toContain(REVISION_NOTES);
    expect(revised.text).toContain(BIO);
    expect(again.errors).toEqual([]);

    const after = await open(`/view-results?id=${id}`);
    await poll(() => after.page.getByTestId("optimized-profile").textContent()).toContain(BIO);
    await poll(() => after.page.getByTestId("before-after").getByTestId("compare-bio").getByTestId("after").textContent()).toBe(BIO);
    expect(after.errors).toEqual([]);
  });

  test("elite, drafted by the analyser: the parts still to write at the top and in the list; each written from its brief (three versions, prompts to answer, photo plan); sent; the customer reads each", async () => {
    const id = paid.elite;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(id);
    await poll(() => row(page, id).getByTestId("row-to-write").textContent()).toContain("the warm version, the playful version, the direct version, prompts to answer, the photo plan");
    await review(page, id);
    const d = dialog(page);
    const list = d.getByTestId("review-to-write");
    await poll(() => list.locator("li a").allTextContents()).toEqual([
      "The bio",
      "The answer to “My perfect day”",
      "The warm version",
      "The playful version",
      "The direct version",
      "Prompts to answer",
      "The photo plan",
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    // A link takes the writer to the part's field.
    await list.getByRole("link", { name: "The playful version" }).click();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("review-part-versionPlayful");

    // The bio from the customer's original, then reworked; the answer and the other parts typed.
    const c = content(page);
    await c.getByRole("button", { name: "Start from the original: the bio" }).click();
    await poll(() => c.getByLabel("Bio", { exact: true }).inputValue()).toBe(ORIGINAL_BIO);
    await c.getByLabel("Bio", { exact: true }).fill(BIO);
    const written = {
      "Answer to “My perfect day”": "A market at dawn by bike, then the canal with a sketchbook until the light goes.",
      "Warm version": "Architect with a soft spot for old buildings; I'll sketch you one while the coffee cools.",
      "Playful version": "I draw buildings for a living and for fun. Ask me to rate your front door.",
      "Direct version": "Architect. Sketches old buildings, cycles to the market. Looking for someone curious.",
      "Prompts to answer": "Two truths and a lie — Your sketchbook gives you three easy ones.\nMy most irrational fear — A building you love being torn down.",
      "Photo plan": "Add one photo that shows you sketching.\n\nSketching outdoors — It shows your craft without a word.",
    };
    for (const [label, text] of Object.entries(written)) await c.getByLabel(label, { exact: true }).fill(text);
    // Saved and sent in one action.
    await d.getByRole("button", { name: "Save and send" }).click();
    await d.getByRole("form", { name: "Save and send the results?" }).getByRole("button", { name: "Confirm Save and Send" }).click();
    // One toast at a time: "Email Sent" replaces "Changes Saved" at once, so the save is read from what was stored.
    await expectToast(page, "Email Sent");
    await list.waitFor({ state: "detached" });
    await untilStored(id, (p) => p.emailSent, "the results e-mail");
    // Each written part reaches the customer, in the e-mail and on the results page.
    const fragments = [BIO, ...Object.values(written).flatMap((text) => text.split(/\n+| — /))];
    const [mail] = await mails("mail-results", id);
    for (const text of fragments) expect(mail!.text).toContain(text);
    expect(mail!.text).not.toContain("will add the rest");
    // On the page, the texts of the profile under "Optimized Profile"; which prompts to answer and the photo plan are
    // advice, under "Recommendations".
    const customer = await open(`/view-results?id=${id}`);
    await poll(() => customer.page.getByTestId("optimized-profile").textContent()).toContain(written["Direct version"]);
    const advice = [written["Prompts to answer"], written["Photo plan"]].flatMap((text) => text.split(/\n+| — /));
    const profileText = (await customer.page.getByTestId("optimized-profile").textContent())!;
    expect(fragments.filter((text) => !advice.includes(text) && !profileText.includes(text))).toEqual([]);
    await customer.page.getByRole("tab", { name: "Recommendations" }).click();
    await poll(() => customer.page.getByTestId("recommendations").textContent()).toContain(advice[0]!);
    const adviceText = (await customer.page.getByTestId("recommendations").textContent())!;
    expect(advice.filter((text) => !adviceText.includes(text))).toEqual([]);
    expect(errors).toEqual([]);
    expect(customer.errors).toEqual([]);
  });

  test("a reload with unsaved text asks first; a save that met another administrator's keeps the admin's text beside theirs; keeping it saves it next", async () => {
    const id = paid.dialog;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(id);
    await review(page, id);
    const bio = content(page).getByLabel("Bio", { exact: true });
    // The dialog puts the focus in the first part to write, its text selected: typed before that, a key would replace it.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("review-part-bio");
    const mine = `My careful edit ${Date.now()}.`;
    await bio.fill(mine);
    // A reload asks first (the browser's own question); staying keeps the text.
    await bio.press("End");
    await page.keyboard.type(" ");
    await page.keyboard.press("Backspace");
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.evaluate(() => setTimeout(() => location.reload(), 0));
    await poll(() => asked).toEqual(["beforeunload"]);
    await poll(() => bio.inputValue()).toBe(mine);

    // Another administrator saves meanwhile (straight into the database, as their save would).
    const theirs = `Their edit ${Date.now()}.`;
    saveAs(store.db, id, "sam", (w) => ({ ...w, bio: { ...w.bio!, optimised: theirs } }));

    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Choose a Text", "Someone else changed the bio since you opened it");
    const conflict = content(page).getByTestId("review-conflict-bio");
    await poll(() => conflict.getByTestId("conflict-by").textContent()).toStartWith("sam saved another text at");
    expect(await conflict.getByTestId("conflict-theirs").textContent()).toBe(theirs);
    expect(await conflict.getByTestId("conflict-mine").textContent()).toBe(mine);
    await poll(() => bio.inputValue()).toBe(mine);
    expect((stored(id).optimization as OptimisationResult).bio!.optimised).toBe(theirs);

    await content(page).getByRole("button", { name: "Keep my text (save it next)" }).click();
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Changes Saved");
    await poll(() => (stored(id).optimization as OptimisationResult).bio!.optimised).toBe(mine);
    expect(errors.filter((e) => !e.includes("status of 409"))).toEqual([]);
  });

  test("two administrators edit one profile: each a different part, both saved without a question; then the same part: both texts beside it, who saved the other, nothing else changed", async () => {
    const id = paid.twoAdmins;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    adminCookie(store.db, "sam");
    const alex = await dashboard(id, { theme: "light" });
    const sam = await dashboard(id, { theme: "dark", username: "sam" });
    await Promise.all([review(alex.page, id), review(sam.page, id)]);
    const field = (o: Opened, label: string) => content(o.page).getByLabel(label, { exact: true });
    const answerLabel = "Answer to “My perfect day”";
    const save = async (o: Opened) => dialog(o.page).getByRole("button", { name: "Save Changes" }).click();

    // Different parts, both from the version each opened.
    await field(alex, "Bio").fill("Alex's bio: architect, sketcher, market cyclist.");
    await field(sam, answerLabel).fill("Sam's answer: the market at dawn, then the canal with a sketchbook.");
    await save(alex);
    await expectToast(alex.page, "Changes Saved");
    await save(sam);
    await expectToast(sam.page, "Changes Saved");
    await poll(() => stored(id).optimization?.bio?.optimised).toBe("Alex's bio: architect, sketcher, market cyclist.");
    expect(stored(id).optimization!.prompts[0]!.optimised).toBe("Sam's answer: the market at dawn, then the canal with a sketchbook.");
    // Sam's form now shows Alex's bio: nothing of Sam's older text came back.
    await poll(() => field(sam, "Bio").inputValue()).toBe("Alex's bio: architect, sketcher, market cyclist.");
    expect(await content(sam.page).locator('[data-testid^="review-conflict-"]').count()).toBe(0);

    // The same part.
    await field(alex, "Bio").fill("Alex again: sketches old buildings, cycles to the market.");
    await field(sam, "Bio").fill("Sam's bio: trades sketchbooks and coffee tips.");
    await save(alex);
    // The toast of Alex's first save may still show: the stored text says when this one is in.
    await poll(() => stored(id).optimization?.bio?.optimised).toBe("Alex again: sketches old buildings, cycles to the market.");
    const before = stored(id).optimization!;
    await save(sam);
    await expectToast(sam.page, "Choose a Text", "Someone else changed the bio since you opened it");
    const conflict = content(sam.page).getByTestId("review-conflict-bio");
    await poll(() => conflict.getByTestId("conflict-by").textContent()).toStartWith(`${USERNAME} saved another text at`);
    expect(await conflict.getByTestId("conflict-theirs").textContent()).toBe("Alex again: sketches old buildings, cycles to the market.");
    expect(await conflict.getByTestId("conflict-mine").textContent()).toBe("Sam's bio: trades sketchbooks and coffee tips.");
    // Beside the part: the panel comes right before the bio's field.
    expect(await conflict.evaluate((el) => el.nextElementSibling?.querySelector("textarea")?.id)).toBe("review-part-bio");
    await poll(() => field(sam, "Bio").inputValue()).toBe("Sam's bio: trades sketchbooks and coffee tips.");
    // Nothing else changed: the stored result is Alex's, whole.
    expect(changedParts(partsOf(stored(id).optimization!), partsOf(before))).toEqual([]);
    expect(await content(alex.page).locator('[data-testid^="review-conflict-"]').count()).toBe(0);
    // The history names who changed which part; opened, the change as a word diff.
    const latest = dialog(sam.page).getByTestId("review-history").locator("li").first();
    await poll(() => latest.textContent()).toContain(`Saved by ${USERNAME}: Bio`);
    await latest.getByRole("button", { name: "Show changes" }).click();
    await poll(() => latest.getByTestId("history-changes").locator("ins").first().textContent()).toContain("Alex again: sketches old buildings");
    expect(await latest.getByTestId("history-changes").locator("del").first().textContent()).toContain("Alex's bio");
    expect([...alex.errors, ...sam.errors.filter((e) => !e.includes("status of 409"))]).toEqual([]);
  }, 60_000);
});

describe("accessibility of the review gate", () => {

  // Each state is reached once, at 375 px in the light theme, and checked there in every look (decision 153).
  test("an elite order the analyser drafted, with the parts still to write, their briefs and a reason being given: in both themes at 375 and 1280 px, nothing serious for axe, no sideways scrolling", async () => {
    const id = paid.eliteLooks;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(id, { theme: "light", width: 375 });
    await review(page, id);
    const d = dialog(page);
    await poll(() => d.getByTestId("review-to-write").locator("li a").count()).toBe(7);
    await poll(() => content(page).getByTestId("review-brief-photoPlan").getAttribute("open")).toBe("");
    await content(page).getByRole("button", { name: "Keep as it is…: the photo plan", exact: true }).click();
    // The reason's field takes the focus.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("review-keep-photoPlan");
    await inEveryLook(page, async ({ theme, width }) => {
      expect(`${theme} ${width}px: ${await seriousViolations(page, { include: '[role="dialog"]' })}`).toBe(`${theme} ${width}px: `);
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth), { what: `${theme} ${width}px` }).toBe(width);
    });
    await d.getByRole("button", { name: "Close" }).click();
    await d.waitFor({ state: "detached" });
    expect(stored(id).emailSent).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);

  /**
   * The dialog of a profile with a rerun's draft beside the working result (as a revision run leaves it when the result
   * was edited), opened at 375 px in the light theme, with the bio over its limit and unsaved.
   */
  async function editorWithDraft(): Promise<Opened> {
    const id = paid.dialog;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const working = stored(id).optimization as OptimisationResult;
    const draft: OptimisationResult = { ...working, bio: { ...working.bio!, optimised: `${working.bio!.optimised} Also cycles to the market.` }, conversationStarters: ["What would you sketch first?"] };
    putDraft(store.db, id, draft);

    const opened = await dashboard(id, { theme: "light", width: 375 });
    const { page } = opened;
    await review(page, id);
    const d = dialog(page);
    await d.getByTestId("review-draft").waitFor();
    await poll(() => d.getByTestId("review-draft").locator("del").count()).toBeGreaterThan(0);
    await content(page).getByLabel("Bio", { exact: true }).fill("a".repeat(320));
    await poll(() => content(page).getByTestId("review-part-bio-count").getAttribute("data-level")).toBe("over");
    return opened;
  }

  test("the editor with a new draft and a bio over its limit: in both themes at 375 and 1280 px, nothing serious for axe, no sideways scrolling", async () => {
    const { page, errors } = await editorWithDraft();
    await inEveryLook(page, async ({ theme, width }) => {
      expect(`${theme} ${width}px: ${await seriousViolations(page, { include: '[role="dialog"]' })}`).toBe(`${theme} ${width}px: `);
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth), { what: `${theme} ${width}px` }).toBe(width);
    });
    expect(errors).toEqual([]);
  }, 60_000);

  test("the preview of the unsaved text beside a new draft: in both themes at 375 and 1280 px, nothing serious for axe", async () => {
    const { page, errors } = await editorWithDraft();
    await content(page).getByRole("tab", { name: "Preview as the customer sees it" }).click();
    await content(page).getByTestId("review-preview").waitFor();
    await inEveryLook(page, async ({ theme, width }) => {
      expect(`${theme} ${width}px: ${await seriousViolations(page, { include: '[role="dialog"]' })}`).toBe(`${theme} ${width}px: `);
    });
    expect(errors).toEqual([]);
  }, 60_000);

  test("closing with unsaved text, the unsaved-changes question: in both themes at 375 and 1280 px, nothing serious for axe in it, Tab goes round its buttons only; discarding closes the dialog", async () => {
    const { page, errors } = await editorWithDraft();
    const d = dialog(page);
    await d.getByRole("button", { name: "Close" }).click();
    // The question's own checks (axe within it, Tab going round its buttons only) in each look.
    await inEveryLook(page, async () => {
      await checkedUnsavedQuestion(page);
    });
    await page.getByRole("alertdialog", { name: "You have unsaved changes" }).getByRole("button", { name: "Discard changes" }).click();
    await d.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  }, 60_000);
});
