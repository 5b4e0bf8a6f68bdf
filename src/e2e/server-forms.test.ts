/**
 * Forms drawn by the server (issue 31, decisions 148 and 149): with JavaScript off the marketing pages, /contact and
 * the order forms' fields render and read; /contact posts as a plain form (errors beside the fields with the values
 * kept, then the thank-you view, its e-mail sent); the order forms say plainly that sending photos needs JavaScript.
 * With JavaScript, what a person types before an island hydrates is kept, and the form checks it as usual.
 */
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { BrowserContext, Page, ViewportSize } from "playwright-core";
import { gate, inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, test, type TestBrowser } from "../testing/browser.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: "help@profileboost.test" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
  await smtp?.close();
});

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const UPLOAD = "/upload?plan=Premium&price=9.99&planId=premium";
const contactField = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const errorBeside = (page: Page, id: string) => page.locator(`#${id}-error`);

async function withoutJs(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  return { context, page: await context.newPage() };
}

/**
 * axe needs JavaScript in the page (with scripts disabled its run never ends), so a page as a browser without it shows
 * it is checked with every script file of ours refused instead (the inline theme script still runs; only <noscript>
 * notes are not drawn): a page whose scripts are refused, to go to.
 */
async function withScriptsRefused(viewport: ViewportSize): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route("**/assets/*.js", (route) => route.abort());
  return { context, page };
}

/** axe's serious findings on the page as it stands, at each of `widths` (the window resized in place), each headed by its width. */
async function axeAtWidths(page: Page, widths: readonly number[]): Promise<string[]> {
  const found: string[] = [];
  // The page's own theme: light, as when nothing is stored.
  await inEveryLook(page, async ({ width }) => void found.push(...(await seriousViolations(page)).map((f) => `at ${width} px: ${f}`)), widths.map((width) => ({ theme: "light" as const, width })));
  return found;
}

/** axe's serious findings on `path` with our scripts refused (see `withScriptsRefused`). */
async function axeWithoutScripts(path: string, viewport = DESKTOP): Promise<string[]> {
  const { context, page } = await withScriptsRefused(viewport);
  await page.goto(`${server.url}${path}`);
  const found = await seriousViolations(page);
  await context.close();
  return found;
}

describe("JavaScript off", () => {
  const MARKETING: [string, string][] = [
    ["/", "Get more matches with a dating profile that works"],
    ["/services", "Our Services"],
    ["/pricing", "Simple, Transparent Pricing"],
    ["/about", "About ProfileBoost"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-service", "Terms of Service"],
  ];
  test("at 375 and 1280 px the marketing and legal pages read whole, nothing serious for axe", async () => {
    // Each page loaded once with JavaScript off and once with our scripts refused (for axe), each resized in place.
    const { context, page } = await withoutJs(PHONE);
    const refused = await withScriptsRefused(PHONE);
    for (const [path] of MARKETING) {
      const res = await page.goto(`${server.url}${path}`);
      expect(res?.status()).toBe(200);
      for (const viewport of [PHONE, DESKTOP]) {
        // The window resized from outside the page: no script of the page runs for it.
        await page.setViewportSize(viewport);
        const where = `${path} at ${viewport.width} px`;
        await poll(() => page.locator("h1").count(), { what: `${where}: its h1` }).toBe(1);
        await poll(async () => (await page.locator("main").innerText()).length, { what: `${where}: its text` }).toBeGreaterThan(300);
        // No part of the page waits for a script to be shown (a hidden Suspense boundary, an empty island).
        await poll(() => page.locator("main [hidden]").count(), { what: `${where}: its hidden parts` }).toBe(0);
      }
      await page.setViewportSize(PHONE);
      await refused.page.goto(`${server.url}${path}`);
      expect([path, await axeAtWidths(refused.page, [PHONE.width, DESKTOP.width])]).toEqual([path, []]);
    }
    await refused.context.close();
    await context.close();
  }, 60_000);

  test("/contact: a bad post is drawn again with each message beside its field and the values kept; a good one thanks and is sent", async () => {
    const { context, page } = await withoutJs(PHONE);
    await page.goto(`${server.url}/contact`);
    await contactField(page, "First Name").fill(`<b>Ada</b> "x"`);
    await contactField(page, "Email").fill("ada@");
    await contactField(page, "Message").fill("Too short");
    const [bad] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Send Message" }).click()]);
    expect(bad.status()).toBe(400);
    await poll(() => errorBeside(page, "contact-lastName").textContent()).toBe("Last name is required");
    await poll(() => errorBeside(page, "contact-email").textContent()).toBe("Please enter a valid email address");
    await poll(() => errorBeside(page, "contact-subject").textContent()).toBe("Subject is required");
    await poll(() => errorBeside(page, "contact-message").textContent()).toBe("Message must be at least 10 characters");
    await poll(() => errorBeside(page, "contact-firstName").count()).toBe(0);
    await poll(() => contactField(page, "First Name").inputValue()).toBe(`<b>Ada</b> "x"`);
    await poll(() => contactField(page, "Email").getAttribute("aria-invalid")).toBe("true");

    const before = smtp.received.length;
    await contactField(page, "First Name").fill("Ada");
    await contactField(page, "Last Name").fill("Lovelace");
    await contactField(page, "Email").fill("ada@example.com");
    await contactField(page, "Subject").fill("Sent without JavaScript");
    await contactField(page, "Message").fill("Does a plain form reach you too?");
    const [good] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Send Message" }).click()]);
    expect(good.status()).toBe(200);
    await page.getByRole("heading", { name: "Thank you for your message!" }).waitFor();
    const received = await smtp.waitFor(before + 1);
    expect(received.at(-1)!.subject).toBe("Contact form: Sent without JavaScript");
    // Send Another Message asks for the empty form again.
    await page.getByRole("button", { name: "Send Another Message" }).click();
    await page.waitForURL(/\/contact\??$/);
    await poll(() => contactField(page, "First Name").inputValue()).toBe("");
    await context.close();
  });

  for (const [path, heading, fields] of [
    [UPLOAD, "Premium Plan: $9.99", ["email", "dating_app", "bio", "interests"]],
    ["/profile-form?planId=basic", "Complete Your Profile", ["email", "dating_app", "bio", "interests"]],
    ["/hinge-form", "Hinge Profile Optimization", ["email", "prompt1", "response1", "ideal_first_date", "job_title", "education"]],
    ["/bumble-form", "Bumble Profile Optimization", ["email", "bio", "prompt1", "response1", "height", "star_sign"]],
  ] as const) {
    test(`${path.split("?")[0]}: the fields read and can be filled, the plan is the server's, and the page says photos need JavaScript`, async () => {
      const { context, page } = await withoutJs(PHONE);
      await page.goto(`${server.url}${path}`);
      await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      for (const name of fields) {
        const field = page.locator(`#field-${name}`);
        await poll(() => field.isVisible(), { what: name }).toBe(true);
        await poll(() => field.isEnabled(), { what: name }).toBe(true);
        // Labelled, and the label is shown.
        await poll(async () => (await page.locator(`label[for="field-${name}"]`).innerText()).trim().length, { what: `${name}'s label` }).toBeGreaterThan(2);
      }
      await page.locator("#field-email").fill("sam@example.com");
      await poll(() => page.locator("#field-email").inputValue()).toBe("sam@example.com");
      // The forms that take the plan offer it as radio buttons that can be chosen.
      if (!path.startsWith("/upload") && !path.startsWith("/profile-form")) {
        await page.getByRole("radio", { name: /^Premium: \$9\.99 one-time/ }).check();
        await poll(() => page.getByRole("radio", { name: /^Premium/ }).isChecked()).toBe(true);
      }
      const note = page.getByTestId("noscript-note");
      await poll(() => note.isVisible()).toBe(true);
      await poll(() => note.innerText()).toBe("This form needs JavaScript to prepare and send your photos. Please enable it and reload the page.");
      await context.close();
      expect(await axeWithoutScripts(path, PHONE)).toEqual([]);
    });
  }

  test("/upload names the plan from the plan table, never the link's price", async () => {
    const { context, page } = await withoutJs();
    await page.goto(`${server.url}/upload?plan=Premium&price=0.50&planId=premium`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Premium Plan: $9.99");
    await context.close();
  });
});

/** Opens `path` with `island`'s script held back until `release()`: the server's form is there, the island is not. */
async function beforeHydration(path: string, island: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = recordPageErrors(page);
  const held = gate();
  await page.route(`**/assets/${island}-*.js`, async (route) => {
    await held.opened;
    await route.continue();
  });
  await page.goto(`${server.url}${path}`, { waitUntil: "commit" });
  return {
    context,
    page,
    errors,
    release: async () => {
      // Still the server's HTML: the island has not hydrated.
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? "no")).toBe("no");
      held.open();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    },
  };
}

describe("typed before the island hydrates", () => {
  test("/contact: what was typed is kept, and the form checks and sends it", async () => {
    const { context, page, errors, release } = await beforeHydration("/contact", "ContactMessageForm", PHONE);
    await contactField(page, "First Name").fill("Ada");
    await contactField(page, "Last Name").fill("Lovelace");
    await contactField(page, "Email").fill("ada@example");
    await contactField(page, "Subject").fill("Typed early");
    await contactField(page, "Message").fill("Typed before the script arrived.");
    await release();
    await poll(() => contactField(page, "First Name").inputValue()).toBe("Ada");
    await poll(() => contactField(page, "Message").inputValue()).toBe("Typed before the script arrived.");
    // The island checks what was typed: the address is incomplete, and the island (no page load) says so.
    const requests: string[] = [];
    page.on("request", (r) => r.method() === "POST" && requests.push(r.url()));
    await page.getByRole("button", { name: "Send Message" }).click();
    await poll(() => errorBeside(page, "contact-email").textContent()).toBe("Please enter a valid email address");
    await poll(() => page.locator('[id$="-error"]').count()).toBe(1);
    expect(requests).toEqual([]);
    // Typing on after hydration goes on from what was there.
    await contactField(page, "Email").press("End");
    await contactField(page, "Email").pressSequentially(".com");
    await poll(() => contactField(page, "Email").inputValue()).toBe("ada@example.com");
    await poll(() => errorBeside(page, "contact-email").count()).toBe(0);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByTestId("contact-thank-you").waitFor();
    expect(requests).toEqual([`${server.url}/api/contact`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/upload: the address and the app's fields typed early are kept and checked when sent", async () => {
    const { context, page, errors, release } = await beforeHydration(UPLOAD, "UploadIsland");
    await page.locator("#field-email").fill("sam@example");
    await page.locator("#field-bio").fill("Climber, cook and bad at puns.");
    await page.locator("#field-interests").fill("climbing, cooking");
    await release();
    await poll(() => page.locator("#field-email").inputValue()).toBe("sam@example");
    await poll(() => page.locator("#field-bio").inputValue()).toBe("Climber, cook and bad at puns.");
    await poll(() => page.locator("#field-interests").inputValue()).toBe("climbing, cooking");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await poll(() => errorBeside(page, "field-email").textContent()).toBe("Please enter a valid email address");
    await poll(() => page.locator('[id$="-error"]').allTextContents()).toEqual(["Please enter a valid email address", "Please upload at least 3 photos"]);
    await poll(() => page.locator("#field-bio").inputValue()).toBe("Climber, cook and bad at puns.");
    // Then the app changes with the island: its section is drawn for the choice.
    await page.locator("#field-dating_app").selectOption("the_league");
    await poll(() => page.getByRole("heading", { name: "Your The League profile" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/hinge-form: a prompt chosen and a plan ticked early are kept", async () => {
    const { context, page, errors, release } = await beforeHydration("/hinge-form", "HingeFormIsland");
    await page.locator("#field-email").fill("sam@example.com");
    await page.locator("#field-prompt1").selectOption("Two truths and a lie");
    await page.locator("#field-response1").fill("I have climbed in four countries.");
    await page.getByRole("radio", { name: /^Basic/ }).check();
    await release();
    await poll(() => page.locator("#field-prompt1").inputValue()).toBe("Two truths and a lie");
    await poll(() => page.getByRole("radio", { name: /^Basic/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Submit Profile" }).click();
    // Checked with what was chosen: the plan and the first prompt pass, the rest are asked for.
    await poll(() => errorBeside(page, "field-prompt2").textContent()).toBe("Prompt 2 is required for Hinge profile");
    await poll(() => page.locator("#field-plan-error").count()).toBe(0);
    await poll(() => errorBeside(page, "field-prompt1").count()).toBe(0);
    await poll(() => errorBeside(page, "field-response1").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/preparing-checkout: the address typed early is kept and checked", async () => {
    const { context, page, errors, release } = await beforeHydration("/preparing-checkout?planId=premium&price=9.99", "PreparingCheckoutIsland", PHONE);
    await page.locator("#checkout-email").fill("sam@example");
    await release();
    await poll(() => page.locator("#checkout-email").inputValue()).toBe("sam@example");
    await page.getByRole("button", { name: "Continue to Secure Payment" }).click();
    await poll(() => errorBeside(page, "checkout-email").textContent()).toBe("Please enter a valid email address");
    await poll(() => page.locator("#checkout-email").inputValue()).toBe("sam@example");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/contact answered by the server with errors, and /upload typed early: nothing serious for axe in both themes at 375 and 1280 px", async () => {
    // Each page reached once at 375 px and switched in place to each look (decision 153).
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await contactField(page, "Subject").fill("Posted past the island");
    // The form's own post, as a browser without the island sends it.
    await Promise.all([page.waitForURL(`${server.url}/contact`), page.locator('form[action="/contact"]').evaluate((f) => (f as HTMLFormElement).submit())]);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await poll(() => errorBeside(page, "contact-firstName").textContent()).toBe("First name is required");
    await poll(() => contactField(page, "Subject").inputValue()).toBe("Posted past the island");
    await inEveryLook(page, async ({ theme, width }) => {
      expect({ page: "/contact", theme, width, violations: await seriousViolations(page) }).toEqual({ page: "/contact", theme, width, violations: [] });
    });
    await page.goto(`${server.url}${UPLOAD}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await inEveryLook(page, async ({ theme, width }) => {
      expect({ page: "/upload", theme, width, violations: await seriousViolations(page) }).toEqual({ page: "/upload", theme, width, violations: [] });
    });
    await context.close();
  });
});
