import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { inEveryLook, launchBrowser, poll, recordPageErrors, seriousViolations, sharedTab, test, type Look, type SharedTab, type TestBrowser } from "../testing/browser.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

const SUPPORT_EMAIL = "help@profileboost.test";
let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ SUPPORT_EMAIL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.cleanup();
});

interface PageSpec {
  path: string;
  h1: string;
  /** Text the spec quotes or lists, each of which must be on the page. */
  strings: string[];
  /** [accessible name, href] of links that must be there. */
  links: [string | RegExp, string][];
  anchors?: string[];
}

const PAGES: PageSpec[] = [
  {
    path: "/",
    h1: "Make your dating profile work as hard as you do",
    strings: [
      "How It Works",
      "Submit Your Profile",
      "Expert Analysis",
      "Increase Your Matches",
      "Proven Results",
      "43%",
      "AI Profile Analysis",
      "Professional Bio Writing",
      "Photo Selection",
      "Conversation Starters",
      "Rapid Turnaround",
      "Privacy Protection",
      "Success Stories",
      "Sarah",
      "Matched on Hinge",
      "Michael",
      "Matched on Bumble",
      "Jessica",
      "Matched on Tinder",
    ],
    links: [
      ["Get Started", "/upload"],
      ["Learn More about our services", "/services"],
      ["See Plans and Prices", "/pricing"],
      ["View Pricing Options", "/pricing"],
    ],
    anchors: ["success-stories"],
  },
  {
    path: "/services",
    h1: "Our Services",
    strings: ["Profile Analysis", "Bio Writing", "Photo Selection"],
    links: [
      ["Get Started with Profile Analysis", "/pricing"],
      ["Get Started with Bio Writing", "/pricing"],
      ["Get Started with Photo Selection", "/pricing"],
      ["View Pricing", "/pricing"],
    ],
    anchors: ["profile-analysis", "bio-writing", "photo-selection"],
  },
  {
    path: "/pricing",
    h1: "Simple, One-Time Pricing",
    strings: [
      "Basic",
      "$6.99",
      "Premium",
      "$9.99",
      "one-time",
      "Most Popular",
      "AI Profile Analysis",
      "Basic Bio Optimization",
      "Photo Order Recommendations",
      "48-Hour Delivery",
      "Everything in Basic",
      "Complete Bio Rewrite",
      "Photo Selection & Ordering",
      "3 Conversation Starters",
      "Dating App Strategy Guide",
      "1 Revision",
      "24-Hour Delivery",
      "Frequently Asked Questions",
    ],
    links: [
      ["Get Started with Basic", "/profile-form?plan=Basic&price=6.99&planId=basic"],
      ["Get Started with Premium", "/profile-form?plan=Premium&price=9.99&planId=premium"],
      ["Contact our team", "/contact"],
    ],
    anchors: ["faq"],
  },
  {
    path: "/about",
    h1: "About ProfileBoost",
    strings: ["Our Mission", "Our Story", "Authenticity", "Quality Over Quantity", "Data-Driven Approach"],
    links: [["See Our Plans", "/pricing"]],
  },
  {
    path: "/privacy-policy",
    h1: "Privacy Policy",
    strings: ["Last updated: May 15, 2025", "Stripe", "takes no real payments", "GDPR", "we delete your photos 30 days after we e-mail you your results", SUPPORT_EMAIL],
    links: [
      ["contact page", "/contact"],
      ["Back to Home", "/"],
      [SUPPORT_EMAIL, `mailto:${SUPPORT_EMAIL}`],
    ],
    anchors: ["cookies"],
  },
  {
    path: "/terms-of-service",
    h1: "Terms of Service",
    strings: [
      "Last updated: May 15, 2025",
      "non-refundable, except when we cannot deliver the service",
      "Payment is required before work starts",
      "belong to you",
      "unless you opt out",
    ],
    links: [
      ["contact page", "/contact"],
      ["Back to Home", "/"],
    ],
  },
  {
    path: "/contact",
    h1: "Contact Us",
    strings: ["Contact Information", SUPPORT_EMAIL, "Send Us a Message"],
    links: [
      [SUPPORT_EMAIL, `mailto:${SUPPORT_EMAIL}`],
      [/^Instagram/, "https://www.instagram.com/"],
      [/^Facebook/, "https://www.facebook.com/"],
      [/^X \(Twitter\)/, "https://x.com/"],
    ],
  },
];

async function open(ctx: BrowserContext, path: string): Promise<Page> {
  const page = await ctx.newPage();
  await visit(page, path);
  return page;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * The looks a marketing page is checked in: both themes at a small phone's width (320 px), a larger phone's (390 px)
 * and a laptop's (1280 px); the narrowest first, the one the page is loaded in.
 */
const MARKETING_LOOKS: readonly Look[] = [320, 390, 1280].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ theme, width })));

describe("marketing pages", () => {
  // One tab goes through every page: a new document each time, the assets from its cache.
  let tab: SharedTab;
  beforeAll(async () => {
    tab = await sharedTab(browser, server.url);
  });
  afterAll(async () => {
    await tab?.close();
  });

  for (const spec of PAGES) {
    test(`${spec.path}: spec text, links, in both themes at 320, 390 and 1280 px no serious accessibility problems and no sideways scrolling`, async () => {
      const page = await tab.take({ width: 320, height: 800 });
      const errors = recordPageErrors(page);
      await visit(page, spec.path);

      const main = page.locator("main");
      expect((await main.locator("h1").textContent())?.trim()).toBe(spec.h1);
      const text = (await main.textContent()) ?? "";
      for (const s of spec.strings) expect(text).toContain(s);
      for (const id of spec.anchors ?? []) await poll(() => page.locator(`#${id}`).count()).toBe(1);

      // Loaded once, and switched in place to each look (decision 153).
      await inEveryLook(page, async ({ theme, width }) => {
        const look = `${theme} theme at ${width}px`;
        // The links are found by their role, which a link hidden at this width would not have: each look has them.
        for (const [name, href] of spec.links) {
          const link = main.getByRole("link", { name, exact: typeof name === "string" });
          await poll(() => link.count(), { what: `the link ${name} in the ${look}` }).toBeGreaterThan(0);
          await poll(() => link.first().getAttribute("href"), { what: `the link ${name}'s href in the ${look}` }).toBe(href);
        }
        // Nothing of the page's own content is wider than the screen: no sideways scrolling on a phone.
        const overflowing = await main.evaluate((el) =>
          [...el.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest("[aria-hidden=true]")).map((e) => e.outerHTML.slice(0, 80)),
        );
        expect({ look, overflowing }).toEqual({ look, overflowing: [] });
        // Nor does the shell around it (header, footer).
        await poll(() => page.evaluate(() => document.documentElement.scrollWidth), { what: `the page's width in the ${look}` }).toBe(width);
        expect({ look, violations: await seriousViolations(page) }).toEqual({ look, violations: [] });
      }, MARKETING_LOOKS);
      expect(errors).toEqual([]);
    }, 60_000);
  }

  test("every page has its own title and description", async () => {
    const seen = new Set<string>();
    for (const spec of PAGES) {
      const html = await (await fetch(`${server.url}${spec.path}`)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)![1]!;
      expect(html).toContain('<meta property="og:title"');
      expect(seen.has(title)).toBe(false);
      seen.add(title);
    }
  });

  test("the home page's testimonials show 5, 5 and 4.5 stars with a text alternative", async () => {
    const ctx = await browser.newContext();
    const page = await open(ctx, "/");
    const stars = page.locator("#success-stories").getByRole("img", { name: /out of 5 stars$/ });
    await poll(() => stars.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).toEqual([
      "5 out of 5 stars",
      "5 out of 5 stars",
      "4.5 out of 5 stars",
    ]);
    // The half star is drawn half filled.
    await poll(() => stars.nth(2).locator("svg").evaluateAll((els) => els.map((e) => e.getAttribute("data-fill")))).toEqual(["1", "1", "1", "1", "0.5"]);
    const photos = page.locator("#success-stories img");
    await poll(() => photos.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const img = photos.nth(i);
      await poll(() => img.getAttribute("alt")).toMatch(/couple/);
      await poll(() => img.getAttribute("width")).toBe("480");
      await poll(() => img.getAttribute("height")).toBe("400");
      const res = await fetch(`${server.url}${await img.getAttribute("src")}`);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(10_000);
    }
    await ctx.close();
  });

  test("the pricing page does not offer Elite, and its FAQ has the six questions, opening by keyboard", async () => {
    const ctx = await browser.newContext();
    const page = await open(ctx, "/pricing");
    const main = page.locator("main");
    await poll(() => main.textContent()).not.toContain("Elite");
    await poll(() => main.textContent()).not.toContain("49.99");
    const questions = main.locator("details summary");
    await poll(() => questions.count()).toBe(6);
    const all = (await questions.allTextContents()).join(" | ");
    for (const topic of [/How long/, /revisions/, /provide my current profile/, /confidential/, /guarantee more matches/, /refund/]) expect(all).toMatch(topic);
    const first = main.locator("details").first();
    await poll(() => first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await questions.first().focus();
    await page.keyboard.press("Enter");
    await poll(() => first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await poll(() => first.textContent()).toContain("Between 12 and 48 hours");
    await ctx.close();
  });

  test("with JavaScript disabled the pages render and links navigate", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await poll(() => page.locator("h1").textContent()).toBe(PAGES[0]!.h1);
    await page.getByRole("link", { name: "Learn More" }).click();
    await page.waitForURL(`${server.url}/services`);
    await poll(() => page.locator("h1").textContent()).toBe("Our Services");
    await page.getByRole("link", { name: "View Pricing", exact: true }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await page.getByRole("link", { name: "Contact our team" }).click();
    await page.waitForURL(`${server.url}/contact`);
    // The contact form posts without JavaScript (src/e2e/server-forms.test.ts sends one): its button is ready.
    await poll(() => page.locator('form[method="post"][action="/contact"]').count()).toBe(1);
    await poll(() => page.getByRole("button", { name: "Send Message" }).isEnabled()).toBe(true);
    await page.locator("footer").getByRole("link", { name: "Cookie Policy" }).click();
    await page.waitForURL(`${server.url}/privacy-policy#cookies`);
    await poll(() => page.locator("#cookies h2").textContent()).toContain("Cookies");
    await page.locator("footer").getByRole("link", { name: "Terms of Service" }).first().click();
    await page.waitForURL(`${server.url}/terms-of-service`);
    await page.locator("footer").getByRole("link", { name: "About Us" }).click();
    await page.waitForURL(`${server.url}/about`);
    await poll(() => page.locator("h1").textContent()).toBe("About ProfileBoost");
    await ctx.close();
  });

  test("the privacy policy's nine sections and the terms' eleven", async () => {
    const ctx = await browser.newContext();
    for (const [path, count] of [["/privacy-policy", 9], ["/terms-of-service", 11]] as const) {
      const page = await open(ctx, path);
      await poll(() => page.locator("main article > section").count()).toBe(count);
      await page.close();
    }
    await ctx.close();
  });
});
