import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { CDPSession, Locator, Page } from "playwright-core";
import { openStore, type Store } from "../db/client.ts";
import { orders, profiles } from "../db/schema.ts";
import { STORAGE_PROBLEM_MESSAGE } from "../errors.ts";
import { STORAGE_FULL_MESSAGE } from "../http/disk-space.ts";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, sharedTab, test, type Look, type SharedTab, type TestBrowser } from "../testing/browser.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { noisyJpeg, plainJpeg } from "../testing/test-images.ts";

/*
 * Issue 13 items 1 to 4, tried as a new customer would on a phone (375 px) and a desktop (1280 px) against the real
 * server on embedded defaults: photo feedback while choosing, upload progress on a slow uplink with the leave-page
 * warning, drafts that survive a reload, Back and "Cancel and return", and payment announced before it comes; and
 * issue 20 item 8, the live count of a bio or prompt answer against the app's limit.
 */

/**
 * A flow runs once, at 375 px (where the narrow layout or the sticky header can hide something); what it shows at a
 * checkpoint is checked at 375 and 1280 px there, the window resized in place (decision 153). The widths change only
 * the layout of these pages: no script reads the width.
 */
const WIDTHS: readonly Look[] = [
  { theme: "light", width: 375 },
  { theme: "light", width: 1280 },
];
const atBothWidths = (page: Page, check: (width: number) => Promise<void>) => inEveryLook(page, ({ width }) => check(width), WIDTHS);
/** Each of `shown` is visible at 375 and at 1280 px. */
const seenAtBothWidths = (page: Page, ...shown: Locator[]) =>
  atBothWidths(page, async (width) => {
    for (const locator of shown) await poll(() => locator.isVisible(), { what: `${locator} to be visible at ${width} px` }).toBe(true);
  });
const HOSTILE_NAME = "<img src=x onerror=window.pwned=1>notes.txt";
const UPLOAD = "/upload?plan=Premium&price=9.99&planId=premium";
const FIXTURES = join(import.meta.dir, "../optimiser/photos/fixtures");

let server: RunningServer;
let browser: TestBrowser;
let tab: SharedTab;
let cdp: CDPSession | undefined;
let store: Store;
let small: Buffer[];
let real: Buffer[];
let large: Buffer[];
let damaged: Buffer;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tab = await sharedTab(browser, server.url);
  store = openStore(join(server.dir, "app.sqlite"));
  small = await Promise.all(["#c04080", "#4080c0", "#80c040", "#c08040"].map((c) => plainJpeg(320, 240, c)));
  real = ["astronaut.jpg", "grace-hopper.jpg", "coffee.jpg"].map((f) => readFileSync(join(FIXTURES, f)));
  // Phone-sized photos that the browser sends as they are and the server takes a moment to check.
  large = await Promise.all([1, 2, 3].map(() => noisyJpeg(2048, 1536)));
  // A real JPEG cut short: its first bytes say JPEG, the browser cannot open it.
  damaged = (await noisyJpeg(400, 300)).subarray(0, 6000);
});
afterAll(async () => {
  store?.close();
  await browser?.close();
  await server?.cleanup();
});

/**
 * The shared tab at `width` (no draft left by an earlier test: `take` clears every storage of the site), with a
 * DevTools session of this test's own for the upload throttle: the one before is detached, and its throttle with it.
 */
async function open(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await tab.take({ width, height: width < 640 ? 812 : 900 });
  await cdp?.detach().catch(() => {});
  cdp = await page.context().newCDPSession(page);
  const errors = recordPageErrors(page);
  await page.goto(`${server.url}${path}`);
  await hydrated(page);
  return { page, errors };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const files = (buffers: Buffer[], prefix = "photo") => buffers.map((buffer, i) => ({ name: `${prefix}-${i + 1}.jpg`, mimeType: "image/jpeg", buffer }));
const picker = (page: Page) => page.locator("#photos-input");
const toast = (page: Page) => page.getByTestId("toast-viewport");
const continueButton = (page: Page) => page.getByRole("button", { name: "Continue to Payment" });
const stepWords = (page: Page) => page.getByTestId("submit-progress").locator("[aria-live]");
/** Failed loads the browser reports for answers a test asked for (4xx/5xx), which are not errors in the page. */
const pageErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of (4|5)\d\d/.test(e));

async function throttleUpload(bytesPerSecond: number | null) {
  await cdp!.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** Waits until the bar's value passes `above`, and answers it. */
async function valueAbove(bar: Locator, above: number): Promise<number> {
  const handle = await bar.elementHandle();
  await handle!.evaluate(
    (el, min) =>
      new Promise<void>((resolve) => {
        const check = () => Number(el.getAttribute("aria-valuenow")) > min && (observer.disconnect(), resolve());
        const observer = new MutationObserver(check);
        observer.observe(el, { attributes: true, attributeFilter: ["aria-valuenow"] });
        check();
      }),
    above,
  );
  return Number(await bar.getAttribute("aria-valuenow"));
}

/** The type of the next dialog the page opens (answered "stay"), while `act` runs. */
async function dialogDuring(page: Page, act: () => Promise<unknown>): Promise<string> {
  const seen = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  await act();
  return await seen;
}

async function fillTinder(page: Page, email: string) {
  await page.locator("#field-email").fill(email);
  await page.locator("#field-bio").fill("Weekend hiker, weekday coder.");
  await page.locator("#field-interests").fill("hiking, coffee, live music");
}

/** Holds the page's checkout request until the answer is released, so a test can look at the upload's last steps. */
async function holdCheckout(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/create-checkout-session", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("1. photo feedback", () => {
  test("refusals on their own tiles (seen at 375 and 1280 px), too few as a hint, an error only on continuing, no stale message", async () => {
    const { page, errors } = await open(UPLOAD, 375);
    await page.locator("#field-email").fill("choosing@example.com");
    await picker(page).setInputFiles([
      { name: HOSTILE_NAME, mimeType: "text/plain", buffer: Buffer.from("Dear diary") },
      { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is not a photo") },
      { name: "cut-short.jpg", mimeType: "image/jpeg", buffer: damaged },
      ...files(small.slice(0, 2)),
    ]);
    await page.getByText("2 of 6 photos selected").waitFor();

    // Each refused file at once, on its own tile, with its name and its own reason; no broken previews.
    const refused = page.getByTestId("refused-file");
    await poll(() => refused.allTextContents()).toEqual([
      expect.stringContaining(`${HOSTILE_NAME} is not a photo. Please choose JPEG, PNG, WebP, AVIF or HEIF images.`),
      expect.stringContaining("holiday.jpg is not a JPEG, PNG, WebP, AVIF or HEIF image"),
      expect.stringContaining("cut-short.jpg could not be opened"),
    ]);
    await seenAtBothWidths(page, ...(await refused.all()));
    // A file's name is shown as text, never as markup.
    await poll(() => page.evaluate(() => "pwned" in window)).toBe(false);
    await poll(() => refused.locator("img").count()).toBe(0);
    await poll(() => page.getByRole("list", { name: "Selected photos" }).getByRole("img").count()).toBe(2);
    await poll(() => page.getByRole("list", { name: "Selected photos" }).getByRole("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);

    // Two photos so far: the spec's words as a calm hint with the count, no error toast, nothing marked invalid.
    const note = page.getByTestId("photos-too-few");
    await poll(() => note.getAttribute("data-state")).toBe("hint");
    await poll(() => note.textContent()).toBe("Too few filesPlease upload at least 3 photos. (2 of at least 3 photos)");
    await poll(() => toast(page).textContent()).not.toContain("Too few files");
    await poll(() => picker(page).getAttribute("aria-invalid")).toBeNull();
    expect((await picker(page).getAttribute("aria-describedby"))!.split(" ")).toContain("photos-too-few");
    // The refusals are still there, not replaced by the count.
    await poll(() => refused.count()).toBe(3);

    // Continuing with too few: now it is an error, beside the uploader and as the spec's toast.
    await continueButton(page).click();
    await toast(page).getByText("Too few files").waitFor();
    await poll(() => note.getAttribute("data-state")).toBe("error");
    await poll(() => note.getAttribute("id")).toBe("photos-error");
    await poll(() => picker(page).getAttribute("aria-invalid")).toBe("true");
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("photos-input");

    // Two more photos: every message about the count, and the old refusals, are gone.
    await picker(page).setInputFiles(files(small.slice(2, 4), "more"));
    await page.getByText("4 of 6 photos selected").waitFor();
    await page.getByText("Too few files").first().waitFor({ state: "detached" });
    await poll(() => page.getByText("Too few files").count()).toBe(0);
    await poll(() => page.getByText("Please upload at least 3 photos").count()).toBe(0);
    await poll(() => refused.count()).toBe(0);
    await poll(() => picker(page).getAttribute("aria-invalid")).toBeNull();
    expect(pageErrors(errors)).toEqual([]);
  }, 30_000);
});

describe("2. upload progress", () => {
  test("at 320 kbit/s the bar moves with the bytes sent (seen at 375 and 1280 px), the steps are named, leaving asks first", async () => {
    const { page, errors } = await open(UPLOAD, 375);
    await fillTinder(page, "slow@example.com");
    await picker(page).setInputFiles(files(large));
    await page.getByText("3 of 6 photos selected").waitFor();
    // Every step the words go through, in order (the checkout is held below so the last one can be seen).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { steps: string[] }).steps = seen;
      const words = document.querySelector("[data-testid=submit-progress] [aria-live]")!;
      new MutationObserver(() => {
        const now = words.textContent ?? "";
        if (now && seen.at(-1) !== now) seen.push(now);
      }).observe(words, { subtree: true, childList: true, characterData: true });
    });
    const release = await holdCheckout(page);

    await throttleUpload(40_000);
    try {
      await continueButton(page).click();
      const bar = page.getByRole("progressbar", { name: "Photo upload" });
      await bar.waitFor();
      const total = Number(await bar.getAttribute("aria-valuemax"));
      expect(total).toBeGreaterThan(large.reduce((n, b) => n + b.length, 0));
      const first = await valueAbove(bar, 0);
      const later = await valueAbove(bar, first);
      expect(later).toBeLessThan(total);
      await poll(() => page.getByTestId("submit-progress").textContent()).toMatch(/^Uploading photos… \d+\.\d of \d+\.\d MB$/);
      await poll(() => page.getByRole("button", { name: "Processing..." }).isDisabled()).toBe(true);
      await seenAtBothWidths(page, bar, page.getByTestId("submit-progress"), page.getByRole("button", { name: "Processing..." }));

      // Leaving asks first: a reload (the browser's own question) and the site's own links.
      expect(await dialogDuring(page, () => page.evaluate(() => location.reload()))).toBe("beforeunload");
      expect(await dialogDuring(page, () => page.getByRole("link", { name: "Terms of Service" }).first().click())).toBe("confirm");
      expect(new URL(page.url()).pathname).toBe("/upload");
      // Still on its way after both.
      expect(await valueAbove(bar, later)).toBeGreaterThan(later);
    } finally {
      await throttleUpload(null);
    }

    await stepWords(page).getByText("Preparing payment…").waitFor();
    await poll(() => page.evaluate(() => (window as unknown as { steps: string[] }).steps)).toEqual(["Uploading photos…", "Checking photos…", "Preparing payment…"]);
    release();
    // Had the warning stayed armed, the browser would have asked (and stayed) instead of leaving for the payment.
    await page.waitForURL(/\/pay\/\w+$/);
    expect(store.db.select().from(profiles).where(eq(profiles.email, "slow@example.com")).all()).toHaveLength(1);
    expect(pageErrors(errors)).toEqual([]);
  });

  test("the API's refusals still reach the customer through the new upload, and the form can be sent again", async () => {
    const { page } = await open(UPLOAD, 375);
    await fillTinder(page, "refused@example.com");
    await picker(page).setInputFiles(files(small.slice(0, 3)));
    await page.getByText("3 of 6 photos selected").waitFor();
    const answers: [number, string][] = [
      [400, "Photo 2 (photo-2.jpg) could not be read: the file looks damaged or incomplete."],
      [429, "Too many requests from your network. Please try again in 9 minute(s)."],
      [503, STORAGE_FULL_MESSAGE],
      [507, STORAGE_PROBLEM_MESSAGE],
    ];
    for (const [status, message] of answers) {
      await page.route("**/api/profiles", (route) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ message }) }), { times: 1 });
      await continueButton(page).click();
      await toast(page).getByText("Error uploading profile").waitFor();
      await toast(page).getByText(message).waitFor();
      await continueButton(page).and(page.locator(":enabled")).waitFor();
      await poll(() => page.getByRole("progressbar").count()).toBe(0);
    }
    // No answer at all: a sentence a customer can act on, not "Failed to fetch".
    await page.route("**/api/profiles", (route) => route.abort("connectionreset"), { times: 1 });
    await continueButton(page).click();
    await toast(page).getByText("The profile could not be sent. Please check your connection and try again.").waitFor();
    await continueButton(page).and(page.locator(":enabled")).waitFor();
    expect(store.db.select().from(profiles).where(eq(profiles.email, "refused@example.com")).all()).toHaveLength(0);
  }, 30_000);
});

describe("3. nothing typed is lost", () => {
  const draftState = (page: Page) =>
    page.evaluate(async () => {
      const text = Object.keys(sessionStorage).filter((k) => k.startsWith("profile-draft:"));
      const photos = await new Promise<number>((resolve) => {
        const req = indexedDB.open("profile-drafts");
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains("photos")) return resolve(0);
          const count = db.transaction("photos").objectStore("photos").count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      });
      return { text, photos };
    });

  async function expectFilled(page: Page, email: string) {
    await page.getByText("3 of 6 photos selected").waitFor();
    await poll(() => page.locator("#field-email").inputValue()).toBe(email);
    await poll(() => page.locator("#field-bio").inputValue()).toBe("Weekend hiker, weekday coder.");
    await poll(() => page.locator("#field-interests").inputValue()).toBe("hiking, coffee, live music");
    const previews = page.getByRole("list", { name: "Selected photos" }).getByRole("img");
    await poll(() => previews.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)), { what: "the three restored previews to decode" }).toEqual([320, 320, 320]);
    await continueButton(page).and(page.locator(":enabled")).waitFor();
  }

  /** The restored form and what it says about it, seen at 375 and 1280 px. */
  const restoredSeen = (page: Page, notice: Locator) => seenAtBothWidths(page, page.getByText("3 of 6 photos selected"), page.locator("#field-email"), continueButton(page), notice);

  test("a reload, Back from the payment page and Cancel and return all come back to a filled form (seen at 375 and 1280 px); one profile, one order", async () => {
    const email = "draft@example.com";
    const { page, errors } = await open(UPLOAD, 375);
    await fillTinder(page, email);
    await picker(page).setInputFiles(files(small.slice(0, 3)));
    await page.getByText("3 of 6 photos selected").waitFor();
    // The draft is written after the photos show (IndexedDB, on the page's time): a reload before that loses it.
    await poll(() => draftState(page), { what: "the draft's text and photos to be stored" }).toEqual({ text: ["profile-draft:upload:premium"], photos: 1 });

    await page.reload();
    await hydrated(page);
    await expectFilled(page, email);
    await page.getByTestId("draft-notice").getByText("Your answers and photos from earlier are filled in.").waitFor();
    await restoredSeen(page, page.getByTestId("draft-notice").getByText("Your answers and photos from earlier are filled in."));

    await continueButton(page).click();
    await page.waitForURL(/\/pay\/\w+$/);
    const payUrl = page.url();
    await page.goBack();
    await page.waitForURL(`${server.url}${UPLOAD}`);
    await hydrated(page);
    await expectFilled(page, email);

    // Continuing again pays the same order: the profile is not sent a second time.
    await continueButton(page).click();
    await page.waitForURL(payUrl);
    await page.getByRole("link", { name: "Cancel and return" }).click();
    await page.waitForURL(/\/upload\?.*payment=cancelled/);
    await hydrated(page);
    await expectFilled(page, email);
    const notice = page.getByTestId("draft-notice");
    await notice.getByText(/^Payment canceled: nothing was charged\. Your answers and photos are still here/).waitFor();
    await restoredSeen(page, notice.getByText(/^Payment canceled: nothing was charged\. Your answers and photos are still here/));

    const saved = store.db.select().from(profiles).where(eq(profiles.email, email)).all();
    expect(saved).toHaveLength(1);
    const order = store.db.select().from(orders).where(eq(orders.profileId, saved[0]!.id)).all();
    expect(order).toMatchObject([{ status: "pending", planId: "premium" }]);
    await poll(() => draftState(page)).toEqual({ text: ["profile-draft:upload:premium"], photos: 1 });

    // The manual card form's way back lands on the form too, not on /pricing.
    await page.goto(`${server.url}/card-payment?planId=premium&price=9.99&orderId=${order[0]!.id}`);
    await hydrated(page);
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(/\/upload\?.*payment=cancelled/);
    await expectFilled(page, email);
    await page.getByTestId("draft-notice").getByText(/^Payment canceled: nothing was charged\./).waitFor();
    await restoredSeen(page, page.getByTestId("draft-notice").getByText(/^Payment canceled: nothing was charged\./));

    // Paid: the draft is gone, and the form starts empty.
    await continueButton(page).click();
    await page.waitForURL(payUrl);
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.waitForFunction(() => !Object.keys(sessionStorage).some((k) => k.startsWith("profile-draft:")));
    await poll(() => draftState(page)).toEqual({ text: [], photos: 0 });
    await page.goto(`${server.url}${UPLOAD}`);
    await hydrated(page);
    await poll(() => page.locator("#field-email").inputValue()).toBe("");
    await poll(() => page.getByTestId("draft-notice").count()).toBe(0);
    expect(pageErrors(errors)).toEqual([]);
  });

  test("from /profile-form, Cancel and return and the card form's Back both come back to the filled profile form (seen at 375 and 1280 px)", async () => {
    const email = "profile-form@example.com";
    const form = "/profile-form?planId=basic";
    const { page, errors } = await open(form, 375);
    await fillTinder(page, email);
    await picker(page).setInputFiles(files(small.slice(0, 3)));
    await page.getByText("3 of 6 photos selected").waitFor();
    const submit = page.getByRole("button", { name: "Submit Profile for Review" });
    await submit.click();
    await page.waitForURL(/\/pay\/\w+$/);
    await hydrated(page);
    await page.getByRole("link", { name: "Cancel and return" }).click();
    await page.waitForURL(`${server.url}${form}&payment=cancelled`);
    await hydrated(page);
    await page.getByTestId("draft-notice").getByText(/^Payment canceled: nothing was charged\. Your answers and photos are still here/).waitFor();
    await page.getByText("3 of 6 photos selected").waitFor();
    await poll(() => page.locator("#field-email").inputValue()).toBe(email);
    await poll(() => page.locator("#field-bio").inputValue()).toBe("Weekend hiker, weekday coder.");
    await seenAtBothWidths(page, page.getByTestId("draft-notice").getByText(/^Payment canceled: nothing was charged\. Your answers and photos are still here/), page.getByText("3 of 6 photos selected"), page.locator("#field-email"), submit);

    const saved = store.db.select().from(profiles).where(eq(profiles.email, email)).all();
    expect(saved).toHaveLength(1);
    const order = store.db.select().from(orders).where(eq(orders.profileId, saved[0]!.id)).all();
    expect(order).toMatchObject([{ status: "pending", planId: "basic" }]);

    // The card form knows the order's form from this tab's draft: Back goes to /profile-form, not /upload.
    await page.goto(`${server.url}/card-payment?planId=basic&price=6.99&orderId=${order[0]!.id}`);
    await hydrated(page);
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${server.url}${form}&payment=cancelled`);
    await page.getByText("3 of 6 photos selected").waitFor();
    await poll(() => page.locator("#field-email").inputValue()).toBe(email);
    await page.getByTestId("draft-notice").getByText(/^Payment canceled: nothing was charged\./).waitFor();
    await seenAtBothWidths(page, page.getByTestId("draft-notice").getByText(/^Payment canceled: nothing was charged\./), page.getByText("3 of 6 photos selected"), page.locator("#field-email"), submit);
    expect(pageErrors(errors)).toEqual([]);
  }, 30_000);
});

describe("4. payment is signposted", () => {
  /** Said before the customer starts (the steps above the first field) and right under the button, nothing off the side. */
  async function expectPlaced(page: Page, width: number, firstField: string, button: Locator) {
    const [stepsBox, fieldBox, buttonBox, noteBox] = await Promise.all(
      [page.getByRole("list", { name: "Order steps" }), page.locator(firstField), button, page.locator("#next-step")].map((l) => l.boundingBox()),
    );
    expect(stepsBox!.y + stepsBox!.height).toBeLessThan(fieldBox!.y);
    expect(noteBox!.y).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
    expect(noteBox!.y - (buttonBox!.y + buttonBox!.height)).toBeLessThan(32);
    await poll(() => button.getAttribute("aria-describedby")).toBe("next-step");
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  test("the step list names Payment next, and the button is followed by the plan table's price, placed so at 375 and 1280 px with no sideways scrolling", async () => {
    // The link's price is tampered with: the page says what will be charged.
    const { page, errors } = await open("/upload?plan=Premium&price=0.50&planId=premium", 375);
    const steps = page.getByRole("list", { name: "Order steps" });
    await poll(() => steps.locator('[aria-current="step"]').textContent()).toBe("2Your profile and photos");
    await poll(() => steps.locator('[aria-current="step"] + li').textContent()).toBe("3PaymentNext");
    await poll(() => page.locator("#next-step").textContent()).toBe("Next: secure payment of $9.99");
    await atBothWidths(page, (width) => expectPlaced(page, width, "#field-email", continueButton(page)));

    await page.goto(`${server.url}/profile-form?planId=basic`);
    await hydrated(page);
    await poll(() => page.getByRole("list", { name: "Order steps" }).locator('[aria-current="step"] + li').textContent()).toBe("3PaymentNext");
    await poll(() => page.locator("#next-step").textContent()).toBe("Next: secure payment of $6.99");

    // Paid first: no payment is announced.
    await page.goto(`${server.url}/profile-form?orderId=paid-already&planId=basic`);
    await hydrated(page);
    await poll(() => page.getByRole("list", { name: "Order steps" }).locator('[data-step="payment"]').textContent()).toBe("✓Payment (done)");
    await poll(() => page.locator("#next-step").count()).toBe(0);
    await poll(() => page.getByText("Next: secure payment").count()).toBe(0);

    // The Hinge and Bumble forms: the profile and the plan on this page, payment next, its price once a plan is chosen.
    for (const form of ["/hinge-form", "/bumble-form"]) {
      await page.goto(`${server.url}${form}`);
      await hydrated(page);
      const list = page.getByRole("list", { name: "Order steps" });
      await poll(() => list.locator('[aria-current="step"]').textContent()).toBe("1Your profile, photos and plan");
      await poll(() => list.locator('[aria-current="step"] + li').textContent()).toBe("2PaymentNext");
      await poll(() => page.locator("#next-step").textContent()).toBe("Next: secure payment for the plan you choose");
      await page.getByRole("radio", { name: /^Premium: \$9\.99/ }).check();
      await poll(() => page.locator("#next-step").textContent()).toBe("Next: secure payment of $9.99");
      await atBothWidths(page, (width) => expectPlaced(page, width, "#field-email", page.getByRole("button", { name: "Submit Profile" })));
    }

    // Paying first: the plan is chosen, the e-mail address is this step, payment next with the plan table's price.
    await page.goto(`${server.url}/preparing-checkout?planId=elite&price=1`);
    await hydrated(page);
    const paidFirst = page.getByRole("list", { name: "Order steps" });
    await poll(() => paidFirst.locator('[aria-current="step"]').textContent()).toBe("2Your e-mail address");
    await poll(() => paidFirst.locator('[data-step="plan"]').textContent()).toBe("✓Choose a plan (done)");
    await poll(() => paidFirst.locator('[aria-current="step"] + li').textContent()).toBe("3PaymentNext");
    await poll(() => page.locator("#next-step").textContent()).toBe("Next: secure payment of $49.99");
    await atBothWidths(page, (width) => expectPlaced(page, width, "#checkout-email", page.getByRole("button", { name: "Continue to Secure Payment" })));
    expect(pageErrors(errors)).toEqual([]);
  }, 30_000);
});

describe("5. every text an app limits is counted against the app's limit", () => {
  const count = (page: Page, name: string) => page.getByTestId(`field-${name}-count`);
  const spoken = (page: Page, name: string) => page.getByTestId(`field-${name}-announcement`);
  /** What the control's aria-describedby names, as a screen reader joins it (aria-hidden words left out). */
  const description = (page: Page, name: string) =>
    page.locator(`#field-${name}`).evaluate((control) =>
      (control.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => {
          const copy = document.getElementById(id)?.cloneNode(true) as HTMLElement | undefined;
          copy?.querySelectorAll("[aria-hidden='true']").forEach((e) => e.remove());
          return copy?.textContent ?? "";
        })
        .join(" "),
    );
  const serious = (page: Page) => seriousViolations(page, { tags: "all" });

  /** In each look: the theme shown, and nothing serious for axe. */
  const lookChecked = (page: Page, check: (look: Look) => Promise<void> = async () => {}) =>
    inEveryLook(page, async (look) => {
      await poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(look.theme === "dark");
      await check(look);
      expect(await serious(page)).toEqual([]);
    });

  test("a Bumble bio warned before 300 and over it (in both themes at 375 and 1280 px: nothing serious for axe, the warning within the window), kept in the draft with its count", async () => {
    const { page, errors } = await open(UPLOAD, 375);
    await page.locator("#field-dating_app").selectOption("bumble");
    await poll(() => count(page, "bio").textContent()).toBe("0 / 3000 of 300 characters: Bumble allows 300 characters.");
    await poll(() => description(page, "bio")).toBe("0 of 300 characters: Bumble allows 300 characters.");

    const bio = page.locator("#field-bio");
    await bio.fill("Weekend hiker. ".repeat(16).trim()); // 239 characters
    await poll(() => count(page, "bio").getAttribute("data-level")).toBe("fits");
    await poll(() => spoken(page, "bio").textContent()).toBe("");

    await bio.fill("a".repeat(280));
    await poll(() => count(page, "bio").getAttribute("data-level")).toBe("near");
    await poll(() => description(page, "bio")).toBe("280 of 300 characters: 20 left; Bumble allows 300 characters.");
    await poll(() => spoken(page, "bio").textContent()).toBe("Bio: 20 characters left; Bumble allows 300 characters.");
    await lookChecked(page);

    await bio.fill("b".repeat(326));
    await poll(() => description(page, "bio")).toBe("326 of 300 characters: Bumble allows 300 characters; we'll shorten yours to fit.");
    await poll(() => spoken(page, "bio").textContent()).toBe("Bio is over the limit: Bumble allows 300 characters; we'll shorten yours to fit.");
    // A warning, not an error: the text stays, the field is not marked invalid, the form's own limit is unchanged.
    await poll(() => bio.inputValue()).toHaveLength(326);
    await poll(() => bio.getAttribute("aria-invalid")).toBeNull();
    await poll(() => bio.getAttribute("maxlength")).toBe("2000");
    await lookChecked(page, async ({ width }) => {
      // The warning fits the screen: on a phone it wraps instead of running off the side.
      const box = (await count(page, "bio").boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    });

    // The answer counter: Bumble states no number, so the 150 is ours and the words say so.
    await page.locator("#field-response1").fill("r".repeat(140));
    await poll(() => description(page, "response1")).toBe("140 of 150 characters: 10 left; we keep Bumble answers to 150 characters.");

    // Reloaded from the draft: the count is back at once, and the live region stays quiet.
    await poll(() => page.evaluate(() => sessionStorage.getItem("profile-draft:upload:premium"))).toContain("b".repeat(326));
    await page.reload();
    await hydrated(page);
    await poll(() => bio.inputValue()).toHaveLength(326);
    await poll(() => count(page, "bio").getAttribute("data-level")).toBe("over");
    await poll(() => description(page, "bio")).toBe("326 of 300 characters: Bumble allows 300 characters; we'll shorten yours to fit.");
    await poll(() => spoken(page, "bio").textContent()).toBe("");
    expect(pageErrors(errors)).toEqual([]);
  });

  test("Hinge answers counted against 150, over it announced; in both themes at 375 and 1280 px nothing serious for axe", async () => {
    const { page, errors } = await open("/hinge-form", 375);
    for (const n of [1, 2, 3]) await poll(() => description(page, `response${n}`)).toBe("0 of 150 characters: Hinge allows 150 characters.");
    await page.locator("#field-response2").fill("h".repeat(151));
    await poll(() => spoken(page, "response2").textContent()).toBe("Your response to prompt 2 is over the limit: Hinge allows 150 characters; we'll shorten yours to fit.");
    await poll(() => count(page, "response2").getAttribute("data-level")).toBe("over");
    await lookChecked(page);
    expect(pageErrors(errors)).toEqual([]);
  });
});

describe("accessibility of the changed pages: nothing serious or critical for axe, both themes", () => {
  const serious = (page: Page) => seriousViolations(page, { tags: "all" });
  // Each state reached once, at 1280 px, and checked in both themes there, switched in place (decision 153).
  const THEMES: readonly Look[] = [
    { theme: "light", width: 1280 },
    { theme: "dark", width: 1280 },
  ];
  /** In each theme: the theme shown, `check`, and nothing serious for axe. */
  const inBothThemes = (page: Page, check: () => Promise<void> = async () => {}) =>
    inEveryLook(
      page,
      async () => {
        await check();
        expect(await serious(page)).toEqual([]);
      },
      THEMES,
    );

  test("in both themes at 1280 px: the upload form with refusals, the hint, the draft notice and the upload under way; the profile form", async () => {
    const { page } = await open(`${UPLOAD}&payment=cancelled`, 1280);
    await picker(page).setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Dear diary") }, ...files(small.slice(0, 2))]);
    await page.getByTestId("photos-too-few").waitFor();
    await page.getByTestId("draft-notice").waitFor();
    await inBothThemes(page);

    // Under way on a slow uplink: the bar and the words (the payment is held until axe has looked). 80 kbit/s: the
    // photos take several seconds, so the bar is still there for both themes' checks.
    await fillTinder(page, "axe@example.com");
    await picker(page).setInputFiles(files(real.slice(0, 1), "third"));
    await page.getByText("3 of 6 photos selected").waitFor();
    const release = await holdCheckout(page);
    await throttleUpload(10_000);
    try {
      await continueButton(page).click();
      const bar = page.getByRole("progressbar", { name: "Photo upload" });
      await bar.waitFor();
      await inBothThemes(page, async () => void (await poll(() => bar.isVisible(), { what: "the upload still under way" }).toBe(true)));
    } finally {
      await throttleUpload(null);
      release();
    }
    await page.waitForURL(/\/pay\/\w+$/);

    await page.goto(`${server.url}/profile-form?planId=premium`);
    await hydrated(page);
    await inBothThemes(page);
  });
});
