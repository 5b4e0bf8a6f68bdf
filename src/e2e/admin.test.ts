/**
 * The admin area in the browser against the real server on embedded defaults (local payments, outbox mail, the local
 * analyser): sign-in, sign-out and the throttle; the dashboard's counts, filters, search and pages, and what the admin has
 * to do (states as badges, filters and counts, read again while a job moves a profile); the review dialog
 * (keyboard, plain-text edits saved and shown as text, premium content, photos, audit trail; the review gate's own
 * flow is src/e2e/review-gate.test.ts); every action with
 * the spec's toasts, on profiles that customers paid for over HTTP and the job loop optimised; accessibility in both
 * themes on a phone and a desktop. Failure toasts come from real refusals where a test can cause one cheaply (a
 * stale list), otherwise from a refusal the test answers in the server's place (page.route), which is all the
 * browser can tell apart.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, profiles } from "../db/schema.ts";
import { resultSignals } from "../shared/admin/review-state.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, themedTabs, until, type TestBrowser, type ThemedTabs } from "../testing/browser.ts";
import { sessionCookieOf } from "../testing/admin.ts";
import { submitAndPay } from "../testing/customer.ts";
import { keepEverything, keepEveryPartInDialog } from "../testing/desk.ts";
import { jobsEnded } from "../testing/jobs.ts";
import { profileWithResult } from "../testing/result-columns.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { plainJpeg } from "../testing/test-images.ts";

const USERNAME = "admin";
const PASSWORD = "correct horse battery staple";
const SUPPORT_EMAIL = "help@profileboost.test";

let server: RunningServer;
let browser: TestBrowser;
let tabs: ThemedTabs;
let store: Store;

/** Profiles paid for at the start, each for one test; the job loop optimises them while the first tests run. */
const paid: Record<"flow" | "failed" | "revision" | "premium" | "refund" | "truth", string> = { flow: "", failed: "", revision: "", premium: "", refund: "", truth: "" };

const CUSTOMERS: Record<keyof typeof paid, { plan: PlanId; profile: Record<string, unknown> }> = {
  flow: {
    plan: "premium",
    profile: {
      email: "flow@example.com",
      dating_app: "hinge",
      prompt1: "My simple pleasures",
      response1: "Fresh sourdough on a Sunday morning",
      prompt2: "I'm looking for",
      response2: "Someone kind",
      prompt3: "Dating me is like",
      response3: "idk, just ask",
      ideal_first_date: "A walk along the river and a coffee at a small bakery.",
      job_title: "Nurse",
      education: "King's College London",
    },
  },
  failed: { plan: "basic", profile: { email: "failed@example.com", dating_app: "tinder", bio: "Nurse by day, sourdough baker by night.", interests: "hiking, baking" } },
  revision: {
    plan: "premium",
    profile: { email: "revision@example.com", dating_app: "bumble", bio: "No drama please. Architect who sketches old buildings.", prompt1: "My perfect day", response1: "Cycling to a market, then sketching by the canal." },
  },
  premium: {
    plan: "elite",
    profile: { email: "elite@example.com", dating_app: "the_league", bio: "Product designer who runs on coffee and trail miles.", industry: "Design", education: "RISD", looking_for: "Something real", vibes: "trail running, coffee" },
  },
  refund: { plan: "basic", profile: { email: "refund@example.com", dating_app: "tinder", bio: "I love to laugh. Teacher and weekend potter.", interests: "pottery, jazz" } },
  truth: { plan: "basic", profile: { email: "truth@example.com", dating_app: "tinder", bio: "Chemist who bakes bread and climbs on weekends.", interests: "climbing, bread" } },
};

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL });
  browser = await launchBrowser();
  tabs = themedTabs(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
  const photos = await Promise.all(["#c04080", "#4080c0", "#80c040"].map((colour) => plainJpeg(480, 360, colour)));
  for (const key of Object.keys(paid) as (keyof typeof paid)[]) {
    paid[key] = (await submitAndPay(server.url, { ...CUSTOMERS[key], photos })).profileId;
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

/** A new context (theme stored before the first paint, as the toggle would) with the page open and hydrated. */
async function open(path = "/admin", options: { theme?: "light" | "dark"; width?: number; beforeLoad?: (page: Page) => Promise<void> } = {}, origin = server.url): Promise<Opened> {
  const viewport = { width: options.width ?? 1280, height: 900 };
  // The file's server: its tab for the theme, cleared for this test; another server: a context of its own.
  const page = origin === server.url ? await tabs.take(options.theme, viewport) : await browser.newPage({ viewport });
  const errors = recordPageErrors(page);
  await options.beforeLoad?.(page);
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return { ctx: page.context(), page, errors };
}

const toast = (page: Page) => page.getByTestId("toast-viewport");

/** The toast titled `title` is on screen, with `description` when given. */
async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const item = toast(page).locator("[data-variant]").filter({ has: page.getByText(title, { exact: true }) });
  await item.waitFor();
  if (description !== undefined) await poll(() => item.textContent()).toMatch(typeof description === "string" ? new RegExp(escapeRegExp(description)) : description);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signIn(page: Page) {
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await fillLogin(page, USERNAME, PASSWORD);
  await expectToast(page, "Login Successful");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
}

/**
 * A signed-in dashboard at `path` (e.g. "/admin?q=<id>"): the browser holds a session made in the database (signing
 * in by the form is the tests' of "Admin Login" above and below).
 */
async function dashboard(path = "/admin", options: Parameters<typeof open>[1] = {}): Promise<Opened> {
  const opened = await open(path, {
    ...options,
    beforeLoad: async (page) => {
      await page.context().addCookies([sessionCookieOf(store.db, USERNAME, server.url)]);
      await options.beforeLoad?.(page);
    },
  });
  await opened.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await table(opened.page).waitFor();
  return opened;
}

const table = (page: Page) => page.getByTestId("admin-profiles");
const row = (page: Page, id: string) => page.locator(`tr[data-profile-id="${id}"]`);
const statusOf = async (r: Locator) => await r.locator("[data-status]").getAttribute("data-status");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Review Profile" });

/** On a desktop screen the profiles table shows every column without scrolling in its region. */
async function expectEveryColumnShown(page: Page) {
  await poll(() => page.getByRole("region", { name: /^Profiles/ }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** The limit of a test that reaches a page once and checks it in each of the four looks (four axe runs or more). */
const LOOKS_MS = 60_000;

/** Clicks Refresh and waits for the list it reads. */
async function refresh(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes("/api/admin/profiles?"));
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await answered;
  await page.getByRole("button", { name: "Refresh", exact: true }).waitFor();
}

/** Refreshes the list until the profile's row shows `status` (the optimiser works in the background). */
async function untilRowStatus(page: Page, id: string, status: ProfileStatus) {
  // The stored row first (read without asking the page), then one Refresh shows it.
  await untilStored(id, (p) => p.status === status, `profile ${id} to be ${status}`);
  await refresh(page);
  await poll(async () => (await row(page, id).count()) === 1 && (await statusOf(row(page, id))), { what: `profile ${id} to show ${status} in the list` }).toBe(status);
}

function profileRow(id: string) {
  return profileWithResult(store.db, id);
}

const untilStored = (id: string, check: (p: ReturnType<typeof profileRow>) => boolean, what: string) => until(() => check(profileRow(id)), what);

/** Every job of the results e-mail for `id` has ended: nothing more can be written to the outbox for it. */
const untilMailJobsEnded = (id: string) => until(() => jobsEnded(server.dir, "mail:results", id), `the results e-mail jobs of ${id} to end`);

/** The test fixture's way to put a profile in a state: straight into the server's database, as another admin's action would. */
function setStatus(id: string, status: ProfileStatus) {
  store.db.update(profiles).set({ status }).where(eq(profiles.id, id)).run();
}

/** Opens the review dialog from the profile's row and waits for the profile to load in it. */
async function review(page: Page, id: string) {
  await row(page, id).getByRole("button", { name: /^Review/ }).click();
  await dialog(page).getByRole("heading", { name: "Original Profile" }).waitFor();
}

/** Answers one kind of admin request in the server's place with a refusal, until `unroute`. */
async function refuse(page: Page, method: string, pathEnd: string, status: number, message: string) {
  await page.route(
    (url) => url.pathname.endsWith(pathEnd),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      await route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ message }) });
    },
  );
}

/** The failed resource loads the browser logs for answers a test asked for (a refusal, the 401 of a wrong password). */
const unexpected = (errors: string[], ...statuses: number[]) => errors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`)));

describe("signing in and out", () => {
  test("signed out, /admin is the login form; both fields are required; a wrong password is 'Login Failed' with the server's words", async () => {
    const { page, errors } = await open();
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await poll(() => page.getByTestId("admin-profiles").count()).toBe(0);

    await page.getByRole("button", { name: "Sign In" }).click();
    await poll(() => page.getByText("Username is required").count()).toBe(1);
    await poll(() => page.getByText("Password is required").count()).toBe(1);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("admin-username");

    await fillLogin(page, USERNAME, "not the password");
    await expectToast(page, "Login Failed", "Invalid username or password");
    await poll(() => page.getByRole("heading", { name: "Admin Login" }).count()).toBe(1);
    await poll(() => page.getByRole("button", { name: "Sign In" }).isEnabled()).toBe(true);
    expect(unexpected(errors, 401)).toEqual([]);
  }, 30_000);

  test("signing in shows the dashboard ('Login Successful'), survives a reload, and Sign Out ends it", async () => {
    const { page, errors } = await open();
    await signIn(page);
    await poll(() => page.getByText(`Signed in as ${USERNAME}`).count()).toBe(1);

    await page.reload();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await poll(() => page.getByRole("heading", { name: "Admin Login" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    // The form takes the focus, and the session is gone on the server too.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("admin-login-heading");
    await page.reload();
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    const status = await page.evaluate(async () => (await fetch("/api/admin/auth-status")).json());
    expect(status).toEqual({ authenticated: false });
    expect(errors).toEqual([]);
  }, 30_000);

  test("the page is never indexed: noindex in the page and the header, disallowed in robots.txt, not in the sitemap", async () => {
    const res = await fetch(`${server.url}/admin`);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /admin");
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("/admin");
  }, 30_000);
});

describe("the whole flow on embedded defaults", () => {
  test("a paid profile appears, completes, is reviewed, edited (markup kept as text), sent once, and reads 'Email Already Sent'", async () => {
    const id = paid.flow;
    const { page, errors } = await dashboard(`/admin?q=${id}`);
    // It is in the list as soon as it is paid, with its plan and deadline; then the optimiser finishes it.
    const r = row(page, id);
    await r.waitFor();
    await poll(() => r.textContent()).toContain("flow@example.com");
    await poll(() => r.textContent()).toContain("Hinge");
    await poll(() => r.textContent()).toContain("Premium");
    await poll(() => r.locator("time[data-overdue]").textContent()).toMatch(/^(2[0-4]|1\d) h left$/);
    await untilRowStatus(page, id, "completed");
    await poll(() => r.getByTestId("email-badge").textContent()).toBe("Not Sent");

    await review(page, id);
    const d = dialog(page);
    // The original profile has Hinge's fields only.
    const original = d.getByTestId("review-original");
    await poll(() => original.textContent()).toContain("Ideal first date");
    await poll(() => original.textContent()).toContain("My simple pleasures");
    await poll(() => original.textContent()).not.toContain("Bio");
    // Before and after, the photos (thumbnails loaded, in recommended order), the audit trail.
    await poll(() => d.getByTestId("review-before-after").textContent()).toContain("Dating me is like");
    await d.getByTestId("review-photos").scrollIntoViewIfNeeded();
    const thumbs = d.getByTestId("review-photos").locator("img");
    await poll(() => thumbs.count()).toBe(3);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="review-photos"] img')].every((img) => img.complete && img.naturalWidth > 0));
    const ranks = await d.getByTestId("review-photos").locator("h4").allTextContents();
    expect(ranks.map((t) => t.split(".")[0])).toEqual(["1", "2", "3"]);
    await d.getByTestId("review-audit").waitFor();
    await poll(() => d.getByTestId("review-starters").count()).toBe(1);

    // The recommendations are plain text: markup typed into them is saved and shown as the characters typed, never run.
    const hostile = `Lead with photo 2. <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1"><a href="javascript:alert(1)">tap</a>`;
    const recommendations = d.getByRole("textbox", { name: "Recommendations", exact: true });
    await recommendations.fill(hostile);
    await d.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Changes Saved");
    await poll(() => recommendations.inputValue()).toBe(hostile);
    await d.getByRole("tab", { name: "Preview as the customer sees it" }).click();
    const shown = d.getByTestId("review-preview").getByTestId("recommendations");
    await poll(() => shown.textContent()).toContain(hostile);
    const shownHtml = await shown.innerHTML();
    for (const gone of ["<script", "<img", "<a "]) expect(shownHtml).not.toContain(gone);
    expect(profileRow(id).recommendations).toContain("&lt;script&gt;");
    expect(profileRow(id).recommendations).not.toContain("<script");
    await poll(() => page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // Premium sells the weak answers rewritten: what the local analyser drafted waits for a writer, named at the top of
    // the dialog; this writer keeps each as it is, with the reason.
    await keepEveryPartInDialog(d);
    await poll(() => d.getByTestId("review-to-write").count()).toBe(0);

    // Send asks first: Cancel gives the focus back to the button; then the spec's toast, the button's new wording, and
    // the customer's e-mail once in the outbox.
    await poll(() => d.getByTestId("review-order-reference").textContent()).toBe(store.db.select().from(orders).where(eq(orders.profileId, id)).get()!.id);
    await d.getByRole("button", { name: "Send Optimization Email" }).click();
    const question = d.getByRole("form", { name: "Send the results to the customer?" });
    await poll(() => question.textContent()).toContain("An e-mail cannot be taken back.");
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Confirm Send");
    await question.getByRole("button", { name: "Cancel" }).click();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Send Optimization Email");
    expect(profileRow(id).emailSent).toBe(false);
    await d.getByRole("button", { name: "Send Optimization Email" }).click();
    await d.getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(page, "Email Sent");
    const already = d.getByRole("button", { name: "Email Already Sent" });
    await already.waitFor();
    await poll(() => already.isDisabled()).toBe(true);
    await untilStored(id, (p) => p.emailSent, "the results e-mail");
    const outbox = join(server.dir, "outbox");
    const resultsMail = () => readdirSync(outbox).filter((f) => f.includes(id) && f.includes("results"));
    await untilMailJobsEnded(id);
    expect(resultsMail()).toHaveLength(1);

    // Escape closes the dialog and gives the focus back to the row's button; the list shows the e-mail as sent.
    await page.keyboard.press("Escape");
    await d.waitFor({ state: "detached" });
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Review/);
    await refresh(page);
    await poll(() => r.getByTestId("email-badge").textContent()).toMatch(/^Sent (just now|1 minute ago)$/);
    await poll(() => r.locator("time[data-overdue]").count()).toBe(0);

    // Reopened: still sent, nothing editable, and a second send is not offered.
    await review(page, id);
    await poll(() => dialog(page).getByRole("button", { name: "Email Already Sent" }).isDisabled()).toBe(true);
    await poll(() => dialog(page).getByRole("button", { name: "Send Optimization Email" }).count()).toBe(0);
    await poll(() => dialog(page).getByRole("textbox", { name: "Recommendations", exact: true }).count()).toBe(0);
    await poll(() => dialog(page).getByTestId("review-preview").getByTestId("recommendations").textContent()).toContain(hostile);
    await poll(() => dialog(page).getByTestId("review-audit").textContent()).toMatch(/send-email/);
    expect(resultsMail()).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test("recover a failed profile: a stale Recover is 'Recovery Failed' with the server's reason, a real one 'Profile Recovery Started'", async () => {
    const id = paid.failed;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    setStatus(id, "failed");
    const { page, errors } = await dashboard();
    await page.getByRole("button", { name: "Failed", exact: true }).click();
    // The filter shows as pressed and goes into the address once the list is asked for (not within the click).
    await page.getByRole("button", { name: "Failed", exact: true, pressed: true }).waitFor();
    await page.waitForURL(/status=failed/);
    await row(page, id).waitFor();
    await poll(() => row(page, id).getByRole("button", { name: /^Review/ }).count()).toBe(0);

    // Another administrator got there first: the profile is recovered while this Recover is on its way (changed when
    // the request leaves the browser, so no read of the list in between can take the stale row away).
    await page.route(
      `**/api/admin/profiles/${id}/recover`,
      async (route) => {
        setStatus(id, "completed");
        await route.continue();
      },
      { times: 1 },
    );
    await row(page, id).getByRole("button", { name: /^Recover/ }).click();
    await expectToast(page, "Recovery Failed", "Only a failed profile can be recovered.");
    // The list was read again: the profile is no longer failed.
    await row(page, id).waitFor({ state: "detached" });

    setStatus(id, "failed");
    await refresh(page);
    await row(page, id).getByRole("button", { name: /^Recover/ }).click();
    await expectToast(page, "Profile Recovery Started");
    await row(page, id).waitFor({ state: "detached" });
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("region");
    expect(["pending", "processing", "completed"]).toContain(profileRow(id).status);
    await untilStored(id, (p) => p.status === "completed", "the recovered profile to complete again");
    expect(unexpected(errors, 409)).toEqual([]);
  });

  test("process a revision request: released, the customer asks, the notes show, 'Revision Request Processed'", async () => {
    const id = paid.revision;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(`/admin?q=${id}`);
    await review(page, id);
    // Bumble's fields: a bio, and no Hinge-only ones.
    await poll(() => dialog(page).getByTestId("review-original").textContent()).toContain("Bio");
    await poll(() => dialog(page).getByTestId("review-original").textContent()).not.toContain("Ideal first date");
    // The analyser's drafts kept as they are (the desk's own test writes them: review-gate.test.ts).
    keepEverything({ store }, id);
    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(page, "Email Sent");
    await untilStored(id, (p) => p.emailSent, "the release");
    await page.keyboard.press("Escape");

    const notes = "Please make the bio sound more playful.";
    const asked = await fetch(`${server.url}/api/profiles/${id}/revision-request`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ notes }) });
    expect(asked.status).toBe(200);

    await page.getByRole("button", { name: "Revision Requests", exact: true }).click();
    await untilRowStatus(page, id, "revision_requested");
    await review(page, id);
    await poll(() => dialog(page).getByTestId("review-revision-notes").textContent()).toContain(notes);
    await poll(() => dialog(page).getByRole("button", { name: "Regenerate Optimization" }).count()).toBe(0);

    // Processing asks first (issue 28, item 5).
    const processRevision = async () => {
      await dialog(page).getByRole("button", { name: "Process Revision Request" }).click();
      await dialog(page).getByRole("button", { name: "Confirm Process Revision" }).click();
    };
    await refuse(page, "POST", "/process-revision", 409, "This profile has no revision request waiting.");
    await processRevision();
    await expectToast(page, "Failed to Process Revision", "This profile has no revision request waiting.");
    await page.unrouteAll();

    await processRevision();
    await expectToast(page, "Revision Request Processed");
    // The dialog stays open, the focus in it (on the line saying the optimizer is at work, while it is), and shows the
    // new result to edit once the run ends.
    await poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    // The list behind was read again: under "Revision Requests" the profile is gone; it is being revised.
    await row(page, id).waitFor({ state: "detached" });
    await untilStored(id, (p) => p.status === "completed", "the revision to run");
    await dialog(page).getByRole("textbox", { name: "Bio", exact: true }).waitFor();
    await poll(() => dialog(page).getByTestId("review-progress").textContent()).toBe("");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(profileRow(id)).toMatchObject({ revisionsUsed: 1 });
    expect(["processing", "completed"]).toContain(profileRow(id).status);
    expect(unexpected(errors, 409)).toEqual([]);
  });

  test("premium content in plain fields: 'No Content Provided', 'File Reading Error', a guide filled from a file, 'Premium Content Updated', a refusal; then Regenerate", async () => {
    const id = paid.premium;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(`/admin?q=${id}`);
    await review(page, id);
    const c = dialog(page).getByTestId("review-content");
    // Elite: five starters, one field each, and the guide in sections.
    const starter = (n: number) => c.getByLabel(`Starter ${n}`, { exact: true });
    await poll(() => c.getByTestId("review-starters").locator("textarea").count()).toBe(5);
    await poll(() => starter(1).inputValue()).not.toBe("");
    // Save and Discard sit in the dialog's sticky bar, outside the content.
    const save = dialog(page).getByRole("button", { name: "Save Changes" });

    // No starter and no guide section: nothing premium left to send.
    for (let i = 0; i < 5; i++) await c.getByRole("button", { name: "Remove starter 1" }).click();
    while ((await c.getByRole("button", { name: /^Remove section / }).count()) > 0) await c.getByRole("button", { name: /^Remove section / }).first().click();
    await save.click();
    await expectToast(page, "No Content Provided", "Please enter conversation starters or upload a strategy guide file.");
    await dialog(page).getByRole("button", { name: "Discard Changes" }).click();
    await poll(() => c.getByTestId("review-starters").locator("textarea").count()).toBe(5);

    // A file that is gone by the time it is read (moved or deleted after it was chosen).
    const gone = join(server.dir, "guide-gone.md");
    writeFileSync(gone, "# A guide that will be gone\n");
    const file = c.getByLabel("Strategy guide (.txt or .md file)");
    await file.setInputFiles(gone);
    rmSync(gone);
    await c.getByRole("button", { name: "Fill the guide from the file" }).click();
    await expectToast(page, "File Reading Error", "Failed to read the strategy guide file.");

    // Only .txt or .md.
    await file.setInputFiles({ name: "guide.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    await c.getByRole("button", { name: "Fill the guide from the file" }).click();
    await poll(() => c.getByText("Please choose a .txt or .md file.").count()).toBe(1);

    // Starters typed in place and a guide filled from a file: the premium content's toast.
    const guide = "# Your League plan\n\n## Timing\n- Open the app at 8 pm, when the day's batch arrives.\n";
    await starter(1).fill("What got you into trail running?");
    await starter(2).fill("Best coffee in town?");
    await file.setInputFiles({ name: "guide.md", mimeType: "text/markdown", buffer: Buffer.from(guide) });
    await c.getByRole("button", { name: "Fill the guide from the file" }).click();
    await poll(() => c.getByTestId("review-guide-filled").textContent()).toContain("guide.md: 1 section");
    await poll(() => c.getByLabel("Guide title", { exact: true }).inputValue()).toBe("Your League plan");
    await poll(() => c.getByLabel("Section 1 points", { exact: true }).inputValue()).toBe("Open the app at 8 pm, when the day's batch arrives.");
    await save.click();
    await expectToast(page, "Premium Content Updated");
    const stored = profileRow(id).optimizedProfile as { conversationStarters: string; strategyGuide: string };
    expect(stored.conversationStarters).toStartWith("1. What got you into trail running?\n2. Best coffee in town?\n3. ");
    expect(stored.strategyGuide).toBe("# Your League plan\n\n## Timing\n- Open the app at 8 pm, when the day's batch arrives.");

    await refuse(page, "PUT", "/parts", 400, "A conversation starter is too long (at most 400 characters)");
    await starter(3).fill("Trail or road?");
    await save.click();
    await expectToast(page, "Failed to Update Premium Content", "A conversation starter is too long (at most 400 characters)");
    await page.unrouteAll();
    await dialog(page).getByRole("button", { name: "Discard Changes" }).click();

    await refuse(page, "POST", "/regenerate", 409, "Only a completed profile can be regenerated.");
    await dialog(page).getByRole("button", { name: "Regenerate Optimization" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Regenerate" }).click();
    await expectToast(page, "Failed to Regenerate", "Only a completed profile can be regenerated.");
    await page.unrouteAll();

    await dialog(page).getByRole("button", { name: "Regenerate Optimization" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Regenerate" }).click();
    await expectToast(page, "Optimization Regenerated");
    await dialog(page).waitFor({ state: "detached" });
    // The row that opened the dialog lost its Review button: the keyboard is left in the table.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("region");
    expect(["pending", "processing", "completed"]).toContain((await statusOf(row(page, id))) ?? "");
    expect(["processing", "completed"]).toContain(profileRow(id).status);
    expect(unexpected(errors, 400, 409)).toEqual([]);
  });

  test("refusals of saving and sending show the spec's failure toasts; a refund asks for a reason, then 'Refund Issued'", async () => {
    const id = paid.refund;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(`/admin?q=${id}`);
    await review(page, id);
    const d = dialog(page);
    // Basic: no starters, no guide.
    await d.getByRole("textbox", { name: "Bio", exact: true }).waitFor();
    await poll(() => d.getByTestId("review-starters").count()).toBe(0);
    await poll(() => d.getByTestId("review-guide").count()).toBe(0);

    // An empty bio is named at its field before anything is sent.
    await d.getByRole("textbox", { name: "Bio", exact: true }).fill("  ");
    await d.getByRole("button", { name: "Save Changes" }).click();
    await poll(() => d.getByText("Write the bio: the customer's profile needs one.").count()).toBe(1);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("review-part-bio");

    await refuse(page, "PUT", "/parts", 400, "The bio is too long (at most 2,000 characters)");
    await d.getByRole("textbox", { name: "Bio", exact: true }).fill("Teacher and weekend potter.");
    await d.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Failed to Save Changes", "The bio is too long (at most 2,000 characters)");
    await poll(() => d.getByRole("textbox", { name: "Bio", exact: true }).inputValue()).toBe("Teacher and weekend potter.");
    await page.unrouteAll();
    await d.getByRole("button", { name: "Discard Changes" }).click();

    await refuse(page, "POST", "/send-email", 409, "The results e-mail is already on its way.");
    await d.getByRole("button", { name: "Send Optimization Email" }).click();
    await d.getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(page, "Failed to Send Email", "The results e-mail is already on its way.");
    await page.unrouteAll();

    await d.getByRole("button", { name: "Refund", exact: true }).click();
    await d.getByRole("button", { name: "Confirm Refund" }).click();
    await poll(() => d.getByText("Please give a reason for the refund.").count()).toBe(1);
    await d.getByLabel("Reason").fill("We could not deliver the service in time.");

    await refuse(page, "POST", "/refund", 409, "This order has already been refunded.");
    await d.getByRole("button", { name: "Confirm Refund" }).click();
    await expectToast(page, "Refund Failed", "This order has already been refunded.");
    await page.unrouteAll();

    await d.getByRole("button", { name: "Confirm Refund" }).click();
    await expectToast(page, "Refund Issued");
    await dialog(page).waitFor({ state: "detached" });
    const order = store.db.select().from(orders).where(eq(orders.profileId, id)).get()!;
    expect(order.status).toBe("refunded");

    // Reopened: a refunded order offers nothing more (no Send, no Regenerate) and says why.
    await review(page, id);
    await poll(() => dialog(page).getByTestId("review-refunded").textContent()).toMatch(/^This order was refunded on .+: nothing more is sent or made for it\.$/);
    for (const name of ["Send Optimization Email", "Regenerate Optimization", "Refund"]) {
      await poll(() => dialog(page).getByRole("button", { name, exact: true }).count(), { what: name }).toBe(0);
    }
    // Nor an editor or a Save that could only fail (issue 27, item 5): the reason stands where the editor was.
    await poll(() => dialog(page).getByText("This order was refunded, so its result can no longer be edited.").count()).toBe(1);
    for (const name of ["Save Changes", "Discard Changes"]) {
      await poll(() => dialog(page).getByRole("button", { name, exact: true }).count(), { what: name }).toBe(0);
    }
    await poll(() => dialog(page).getByRole("textbox", { name: "Bio", exact: true }).count()).toBe(0);
    // The dialog's summary, like the list, has one badge for it: Refunded, never beside Completed.
    const summary = dialog(page).getByTestId("review-summary");
    await poll(() => summary.locator("[data-status], [data-state]").allTextContents()).toEqual(["Refunded"]);
    // The list shows one badge for it: Refunded, not struck through and not beside Completed.
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await refresh(page);
    await poll(() => row(page, id).locator("[data-status]").evaluateAll((els) => els.map((e) => [e.textContent, getComputedStyle(e).textDecorationLine]))).toEqual([["Refunded", "none"]]);
    expect(unexpected(errors, 400, 409)).toEqual([]);
  });
});

describe("the dashboard", () => {
  test("counts, filters (aria-pressed, in the address), search by e-mail and id, pages, 'No profiles found'", async () => {
    // 30 unpaid profiles to page through.
    for (let i = 0; i < 30; i++) store.db.insert(profiles).values({ id: newId(), email: `paging-${i}@paging.test`, datingApp: "tinder", status: "created" }).run();
    const { page, errors } = await dashboard();
    const counts = page.getByTestId("admin-counts");
    for (const label of ["Total Profiles", "Pending", "Completed", "Emails Sent"]) await poll(() => counts.getByText(label, { exact: true }).count()).toBe(1);
    expect(Number(await counts.locator("dd").first().textContent())).toBeGreaterThanOrEqual(35);
    const filters = ["All", "Pending", "Processing", "Completed", "Failed", "Revision Requests"];
    for (const name of filters) await poll(() => page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed")).toBe(name === "All" ? "true" : "false");
    for (const column of ["ID", "Email", "Dating App", "Plan", "Status", "Email Status", "Deadline", "Created At", "Actions"]) {
      await poll(() => table(page).getByRole("columnheader", { name: column, exact: true }).count()).toBe(1);
    }

    await page.getByLabel("Search by e-mail, ID or order reference").fill("paging.test");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByTestId("admin-page-of").getByText("Page 1 of 2").waitFor();
    await poll(() => table(page).locator("tbody tr").count()).toBe(25);
    await poll(() => page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByTestId("admin-page-of").getByText("Page 2 of 2").waitFor();
    await poll(() => table(page).locator("tbody tr").count()).toBe(5);
    await poll(() => page.getByRole("button", { name: "Next", exact: true }).isDisabled()).toBe(true);
    // The view is in the address: a reload shows the same page.
    expect(new URL(page.url()).search).toBe("?q=paging.test&page=2");
    await page.reload();
    await page.getByTestId("admin-page-of").getByText("Page 2 of 2").waitFor();

    // A filter starts again at page 1 and keeps the search; nothing unpaid is completed.
    await page.getByRole("button", { name: "Completed", exact: true }).click();
    await table(page).getByText("No profiles found").waitFor();
    expect(new URL(page.url()).search).toBe("?status=completed&q=paging.test");
    await page.getByRole("button", { name: "Clear search" }).click();
    await page.waitForURL((url) => url.search === "?status=completed");
    await table(page).locator("tbody tr[data-profile-id]").first().waitFor();
    // Every row the filtered list shows is completed (read until the list has been replaced).
    await poll(async () => new Set(await table(page).locator("tbody [data-status]").evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))))).toEqual(new Set(["completed"]));

    // Search by id finds exactly that profile, by e-mail too, and by the order reference its e-mails quote (any case).
    await page.getByRole("button", { name: "All", exact: true }).click();
    const reference = store.db.select().from(orders).where(eq(orders.profileId, paid.flow)).get()!.id;
    for (const q of [paid.flow, "flow@example.com", reference.toUpperCase()]) {
      await page.getByLabel("Search by e-mail, ID or order reference").fill(q);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === q);
      await row(page, paid.flow).waitFor();
      await poll(() => table(page).locator("tbody tr").count()).toBe(1);
    }
    await page.getByLabel("Search by e-mail, ID or order reference").fill("nobody@nowhere.test");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await table(page).getByText("No profiles found").waitFor();
    expect(errors).toEqual([]);
  });

  test("a list that fails to load: 'Error Loading Admin Dashboard', who to contact, and Try Again", async () => {
    const { page, errors } = await open();
    await page.route(
      (url) => url.pathname === "/api/admin/profiles",
      (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "The database is busy." }) }),
    );
    await fillLogin(page, USERNAME, PASSWORD);
    const problem = page.getByTestId("admin-load-error");
    await problem.getByRole("heading", { name: "Error Loading Admin Dashboard" }).waitFor();
    await poll(() => problem.textContent()).toContain("The database is busy.");
    await poll(() => problem.textContent()).toContain("If the problem persists, contact support");
    await poll(() => problem.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href")).toBe(`mailto:${SUPPORT_EMAIL}`);
    await page.unrouteAll();
    await problem.getByRole("button", { name: "Try Again" }).click();
    await table(page).waitFor();
    await poll(() => page.getByTestId("admin-load-error").count()).toBe(0);
    expect(unexpected(errors, 500)).toEqual([]);
  }, 30_000);

  test("the review dialog is a modal: focus inside, Tab stays inside, Escape closes, focus returns", async () => {
    const { page, errors } = await dashboard(`/admin?q=${paid.flow}`);
    const opener = row(page, paid.flow).getByRole("button", { name: /^Review/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    await dialog(page).getByRole("heading", { name: "Original Profile" }).waitFor();
    const inside = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await poll(() => inside()).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      await poll(() => inside()).toBe(true);
    }
    // From the dialog itself, Shift+Tab wraps to its last control.
    await dialog(page).focus();
    await page.keyboard.press("Shift+Tab");
    await poll(() => inside()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // The close button does the same.
    await opener.click();
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  }, 30_000);
});

describe("what the admin has to do (issue 20, item 4)", () => {
  const stateBadge = (scope: Locator) => scope.getByTestId("state-badge");
  const stateFilter = (page: Page, state: string) => page.locator(`[data-state-filter="${state}"]`);
  /** Each read of the list the page makes. */
  function listReads(page: Page): { count: () => number } {
    let n = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/admin/profiles") n++;
    });
    return { count: () => n };
  }

  test("Send: the row and the dialog go from the result's state to Sent with no reload; the deadline goes; nothing says 'Not Sent' once sent", async () => {
    const id = paid.truth;
    await untilStored(id, (p) => p.status === "completed", "the profile to complete");
    const { page, errors } = await dashboard(`/admin?q=${id}`);
    // No reload and no Refresh from here on: a document that stays the same one, and the button never pressed.
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await page.getByRole("button", { name: "Refresh", exact: true }).evaluate((b) => b.addEventListener("click", () => ((window as { __refreshed?: boolean }).__refreshed = true)));
    const r = row(page, id);
    const signals = resultSignals(profileRow(id).optimization);
    const before = signals.needsWriter || signals.flagged ? "Needs Writer or Flagged" : "Awaiting Review";
    await poll(() => stateBadge(r).textContent()).toBe(before);
    await poll(() => r.locator("[data-status]").textContent()).toBe("Completed");
    await poll(() => r.locator("time[data-overdue]").count()).toBe(1);

    await review(page, id);
    const summary = dialog(page).getByTestId("review-summary");
    await poll(() => stateBadge(summary).textContent()).toBe(before);
    await dialog(page).getByRole("button", { name: "Send Optimization Email" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Send" }).click();
    await expectToast(page, "Email Sent");
    // The dialog reads the profile again until the job has sent it: Sent beside "Email Already Sent", never "Not Sent".
    await poll(() => stateBadge(summary).textContent()).toBe("Sent");
    await poll(() => summary.getByTestId("email-badge").textContent()).toMatch(/^Sent (just now|1 minute ago)$/);
    await poll(() => dialog(page).getByRole("button", { name: "Email Already Sent" }).isDisabled()).toBe(true);
    await poll(() => summary.getByText("Not Sent").count()).toBe(0);
    expect(profileRow(id).emailSent).toBe(true);

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await poll(() => stateBadge(r).textContent()).toBe("Sent");
    await poll(() => r.getByTestId("email-badge").textContent()).toMatch(/^Sent (just now|1 minute ago)$/);
    // Delivered: no deadline counts down any more.
    await poll(() => r.locator("time[data-overdue]").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.evaluate(() => (window as { __refreshed?: boolean }).__refreshed)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  test("a job changing a profile shows without a reload; a list where nothing moves is not read again", async () => {
    // As the optimiser would: the profile is being processed, then completes, with nobody touching the page.
    const moving = newId();
    store.db.insert(profiles).values({ id: moving, email: "moving@example.com", datingApp: "hinge", status: "processing", deadlineAt: new Date(Date.now() + 20 * 3600_000) }).run();
    // The page's clock is Playwright's (running as the real one until told otherwise), installed before it loads.
    const { page, errors } = await dashboard(`/admin?q=${moving}`, { beforeLoad: (p) => p.clock.install() });
    const r = row(page, moving);
    await poll(() => stateBadge(r).textContent()).toBe("In Progress");
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    store.db.update(profiles).set({ status: "completed" }).where(eq(profiles.id, moving)).run();
    await poll(() => stateBadge(r).textContent()).toBe("Awaiting Review");
    await poll(() => r.locator("[data-status]").textContent()).toBe("Completed");
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Nothing on screen moves now: the list is not read again on a timer (the spec's "no polling" holds).
    // A minute of the page's time passes in an instant (its clock is Playwright's since the page loaded): a reread
    // armed by a timer would fire in it.
    const reads = listReads(page);
    await page.clock.runFor(60_000);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(reads.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("the states as filters with their counts, most urgent first, beside the spec's filters and counts; each filter lists its state", async () => {
    const { page, errors } = await dashboard();
    const filters = page.getByTestId("admin-state-filters");
    const order = await filters.locator("[data-state-filter]").evaluateAll((els) => els.map((e) => e.getAttribute("data-state-filter")));
    expect(order).toEqual(["needs_attention", "ai_failed", "failed", "revision_requested", "awaiting_review", "sent", "refunded"]);
    for (const [state, label] of [["needs_attention", "Needs Writer or Flagged"], ["ai_failed", "AI Failed: Write from Local Draft"], ["failed", "Failed"], ["revision_requested", "Revision Requested"], ["awaiting_review", "Awaiting Review"], ["sent", "Sent"], ["refunded", "Refunded"]]) {
      await poll(() => stateFilter(page, state!).textContent()).toMatch(new RegExp(`^${label} \\d+$`));
    }
    // The spec's filters and counts stay as they are.
    for (const name of ["All", "Pending", "Processing", "Completed", "Failed", "Revision Requests"]) await poll(() => page.getByRole("button", { name, exact: true }).count()).toBe(1);
    for (const label of ["Total Profiles", "Pending", "Completed", "Emails Sent"]) await poll(() => page.getByTestId("admin-counts").getByText(label, { exact: true }).count()).toBe(1);

    // A profile refunded by another administrator (as the fixture writes it): counted and listed as Refunded.
    const refunded = newId();
    store.db.insert(profiles).values({ id: refunded, email: "refunded-elsewhere@example.com", datingApp: "bumble", status: "completed", emailSent: true }).run();
    store.db.insert(orders).values({ id: newId(), planId: "basic", amount: 699, profileId: refunded, status: "refunded", refundedAt: new Date() }).run();

    for (const state of ["awaiting_review", "refunded", "sent"]) {
      await stateFilter(page, state).click();
      await page.waitForURL((url) => url.searchParams.get("state") === state);
      await poll(() => stateFilter(page, state).getAttribute("aria-pressed")).toBe("true");
      await poll(() => page.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed")).toBe("false");
      // Every row listed is in that state, and the count says how many there are (read until both agree: jobs move on).
      await poll(async () => {
        const states = await table(page).locator("tbody [data-state]").evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
        const count = Number((await stateFilter(page, state).getByTestId("state-count").textContent())?.replace(/,/g, ""));
        return { only: states.every((s) => s === state), count: states.length === count };
      }, { what: state }).toEqual({ only: true, count: true });
    }
    await poll(() => row(page, refunded).count()).toBe(0);
    await stateFilter(page, "refunded").click();
    await row(page, refunded).waitFor();
    await poll(() => stateBadge(row(page, refunded)).textContent()).toBe("Refunded");
    // Refunded: no deadline, and not the look of a delivered order.
    await poll(() => row(page, refunded).locator("time[data-overdue]").count()).toBe(0);
    // Pressed again, or All: every profile again.
    await stateFilter(page, "refunded").click();
    await page.waitForURL((url) => !url.searchParams.has("state"));
    await poll(() => page.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(errors).toEqual([]);
  });

  // The dashboard is signed into once (light, on a phone), then looked at in each look in place (decision 153).
  test("the state filters, counts and badges, unfiltered and filtered to Awaiting Review, in both themes at 375 and 1280 px: nothing serious for axe, no sideways scrolling, every column on a desktop screen", async () => {
    const { page, errors } = await dashboard("/admin", { theme: "light", width: 375 });
    await page.getByTestId("admin-state-filters").waitFor();
    await table(page).getByTestId("state-badge").first().waitFor();
    await inEveryLook(page, async ({ width }) => {
      expect(await seriousViolations(page)).toEqual([]);
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // The state sits under the spec's status badge: every column still fits a desktop screen.
      if (width === 1280) await expectEveryColumnShown(page);
    });
    await stateFilter(page, "awaiting_review").click();
    await poll(() => stateFilter(page, "awaiting_review").getAttribute("aria-pressed")).toBe("true");
    await inEveryLook(page, async ({ width }) => {
      expect(await seriousViolations(page)).toEqual([]);
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (width === 1280) await expectEveryColumnShown(page);
    });
    expect(errors).toEqual([]);
  }, LOOKS_MS);
});

// Each page is reached once (light, on a phone) and looked at in each look in place (decision 153): a test per page.
describe("accessibility", () => {
  test("the login form in both themes at 375 and 1280 px: the theme's class on the page, nothing serious for axe", async () => {
    const { page, errors } = await open("/admin", { theme: "light", width: 375 });
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await inEveryLook(page, async () => {
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(errors).toEqual([]);
  });

  test("the dashboard in both themes at 375 and 1280 px: nothing serious for axe, no sideways scrolling (the table scrolls in its own region on a phone, fits a desktop), a long address on one line cut with an ellipsis", async () => {
    const { page, errors } = await dashboard("/admin", { theme: "light", width: 375 });
    await inEveryLook(page, async ({ width }) => {
      expect(await seriousViolations(page)).toEqual([]);
      // The page never scrolls sideways; on a phone the table scrolls inside its own region.
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (width === 1280) await expectEveryColumnShown(page);
    });

    // A long address stays on one line, never broken mid-word: cut with an ellipsis, whole in the cell's title.
    const longEmail = `a-rather-long-mailbox-name-${newId().slice(0, 8)}@mail.a-long-company-domain.layout.test`;
    store.db.insert(profiles).values({ id: newId(), email: longEmail, datingApp: "tinder", status: "created" }).run();
    await page.getByLabel("Search by e-mail, ID or order reference").fill(longEmail);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const emailCell = table(page).getByTestId("profile-email").filter({ hasText: longEmail });
    await emailCell.waitFor();
    await inEveryLook(page, async ({ width }) => {
      await poll(() =>
        emailCell.evaluate((cell) => ({
          lines: Math.round(cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight)),
          cut: cell.scrollWidth > cell.clientWidth,
          title: cell.getAttribute("title"),
        })),
      ).toEqual({ lines: 1, cut: true, title: longEmail });
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (width === 1280) await expectEveryColumnShown(page);
    });
    expect(errors).toEqual([]);
  }, LOOKS_MS);

  test("the review dialog with its photos in both themes at 375 and 1280 px: nothing serious for axe, no sideways scrolling", async () => {
    const { page, errors } = await dashboard("/admin", { theme: "light", width: 375 });
    await page.getByLabel("Search by e-mail, ID or order reference").fill(paid.flow);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await row(page, paid.flow).waitFor();
    await review(page, paid.flow);
    await inEveryLook(page, async ({ width }) => {
      await dialog(page).getByTestId("review-photos").scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="review-photos"] img')].every((img) => img.complete));
      expect(await seriousViolations(page)).toEqual([]);
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // Back to the dialog's top before the next look: the colour transitions the switch starts on buttons scrolled out
      // of the dialog's view never settled (their finished promises never resolved, so inEveryLook waited forever).
      await dialog(page).getByTestId("review-summary").scrollIntoViewIfNeeded();
    });
    expect(errors).toEqual([]);
  }, LOOKS_MS);
});

// On a server of its own: the lock-out it ends with would refuse every sign-in of the tests that run after it.
describe("the sign-in throttle", () => {
  let own: RunningServer;
  beforeAll(async () => {
    own = await startServer({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL });
  });
  afterAll(async () => {
    await own?.cleanup();
  });

  test("after five failures the server's wait message shows under 'Login Failed'", async () => {
    const { page, errors } = await open("/admin", {}, own.url);
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    for (let i = 0; i < 5; i++) {
      await fillLogin(page, USERNAME, `wrong password ${i}`);
      await expectToast(page, "Login Failed", "Invalid username or password");
      await toast(page).getByRole("button", { name: "Dismiss notification" }).click();
      await toast(page).locator("[data-variant]").waitFor({ state: "detached" });
    }
    await fillLogin(page, USERNAME, PASSWORD);
    await expectToast(page, "Login Failed", /^Login Failed\s*Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    await poll(() => page.getByRole("heading", { name: "Admin Login" }).count()).toBe(1);
    expect(unexpected(errors, 401, 429)).toEqual([]);
  }, 30_000);
});
