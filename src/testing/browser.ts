import AxeBuilder from "@axe-core/playwright";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page, type ViewportSize } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, and no background connections: the sandbox's closed network refuses them and slows every start. */
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"];

/** Debian's Chromium (installed by .ci/run), with the flags this sandbox needs. */
export async function launchBrowser(): Promise<Browser> {
  return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** One browser tab that the tests of a file take turns on. */
export interface SharedTab {
  /**
   * The tab, with nothing left of the test before: showing about:blank, no routes, no console, error or request
   * listeners, no cookies, the app's local storage empty; sized to `viewport`.
   */
  take(viewport?: ViewportSize): Promise<Page>;
}

/**
 * A tab for the app at `origin`, closed with the browser. Loading a page into an open tab costs the browser about a
 * third of what a new tab or context costs, which is most of a short test's time. A test that adds init scripts,
 * emulates media, switches JavaScript off or keeps storage on another origin opens a context of its own instead.
 */
export async function sharedTab(browser: Browser, origin: string): Promise<SharedTab> {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  return {
    async take(viewport = { width: 1280, height: 720 }) {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      for (const event of ["console", "pageerror", "request"] as const) page.removeAllListeners(event);
      await page.goto("about:blank");
      await page.context().clearCookies();
      await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "local_storage" });
      await page.setViewportSize(viewport);
      return page;
    },
  };
}

/**
 * axe for a page. A page without frames is checked by axe.run in the page itself: axe's default runs each frame
 * apart and merges the results in a blank page it opens for that, which doubles the time of every check and finds
 * nothing more when there is only the one frame.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** The standards the pages are held to: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The rules whose findings are serious or critical (axe gives each rule one impact), among those of `tags` (all of
 * axe's rules but the experimental ones when `tags` is "all"), read from the axe-core in use once per process. The
 * tests fail only on serious and critical findings, so the rules that can find nothing worse than moderate are not
 * run at all: the same verdict, for about a third less of axe's time (most of a page check's cost).
 */
const seriousRules = new Map<string, Promise<string[]>>();
function rulesOfConsequence(page: Page, tags: readonly string[] | "all"): Promise<string[]> {
  const key = tags === "all" ? "all" : tags.join(",");
  let rules = seriousRules.get(key);
  if (!rules) {
    rules = (async () => {
      const probe = await page.context().browser()!.newPage();
      try {
        await probe.addScriptTag({ path: AXE_SOURCE });
        return await probe.evaluate((tags) => {
          const audit = (window as unknown as { axe: { _audit: { rules: { id: string; impact?: string; tags: string[]; enabled: boolean }[] } } }).axe._audit;
          return audit.rules
            .filter((r) => r.enabled !== false && !r.tags.includes("experimental"))
            .filter((r) => tags === "all" || r.tags.some((t) => tags.includes(t)))
            // A rule without a fixed impact may find anything: it runs.
            .filter((r) => r.impact === undefined || r.impact === "serious" || r.impact === "critical")
            .map((r) => r.id);
        }, tags);
      } finally {
        await probe.close();
      }
    })();
    seriousRules.set(key, rules);
  }
  return rules;
}

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe's serious and critical findings on the page (or within the `include` selector), one line each: rule and
 * where. `tags`: the standards (WCAG_TAGS by default), or "all" of axe's rules.
 */
export async function seriousViolations(page: Page, { include, tags = WCAG_TAGS }: { include?: string; tags?: readonly string[] | "all" } = {}): Promise<string[]> {
  const builder = axe(page).withRules(await rulesOfConsequence(page, tags));
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
