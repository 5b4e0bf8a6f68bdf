import AxeBuilder from "@axe-core/playwright";
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
