import AxeBuilder from "@axe-core/playwright";
import { test as bunTest, expect } from "bun:test";
import { createRequire } from "node:module";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page, type ViewportSize } from "playwright-core";
import { HYDRATION_MISMATCH, THEME_TOGGLE_ATTRIBUTE } from "../web/dom-markers.ts";
import { THEME_SCRIPT, THEME_STORAGE_KEY, themeToggleLabel, themeToggleTitle } from "../web/theme.ts";
import { fairDeadline, MAX_STRETCH } from "./fair-clock.ts";

export { until } from "./wait.ts";

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium without the browser's windowing layers)
 * when it is installed, else Debian's Chromium; CHROMIUM_PATH overrides both. The shell took a third less CPU per
 * browser test on this kind of machine (results.test.ts: 16.2 s of CPU against 11.1), and the browser tests are most of
 * the suite's time.
 */
export const HEADLESS_SHELL_PATH = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : "/usr/bin/chromium");

/** Headless, and no background connections: the sandbox's closed network refuses them and slows every start. */
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"];

/**
 * The Chromium a test file drives, launched again when the one before died (a crash, a kill): the tests after a dead
 * browser get a new one instead of failing in a millisecond each with "browser has been closed".
 */
export interface TestBrowser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** The live Chromium (launched again first if it died). */
  current(): Promise<Browser>;
  /** The contexts open now (none when the browser died). */
  contexts(): BrowserContext[];
  close(): Promise<void>;
}

/** Debian's Chromium (installed by .ci/run), with the flags this sandbox needs. */
export async function launchBrowser(): Promise<TestBrowser> {
  let browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  let closed = false;
  const current = async () => {
    if (closed) throw new Error("the test browser was closed by its file");
    if (!browser.isConnected()) browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    return browser;
  };
  const testBrowser: TestBrowser = {
    current,
    newContext: async (options) => untimed(await (await current()).newContext(options)),
    newPage: async (options) => {
      const page = await (await current()).newPage(options);
      untimed(page.context());
      return page;
    },
    contexts: () => (browser.isConnected() ? browser.contexts() : []),
    async close() {
      closed = true;
      liveBrowsers.delete(testBrowser);
      if (browser.isConnected()) await browser.close();
    },
  };
  liveBrowsers.add(testBrowser);
  return testBrowser;
}

/**
 * No wall-clock time-out of Playwright's own (30 s by default) on a step: on a busy machine a step may wait for a core
 * longer than that. What ends a step that never comes is its test's limit (see `test`), counted in fair time, which
 * closes the test's pages; the step's error then names what it waited for.
 */
function untimed(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  context.on("console", (msg) => {
    if (msg.type() === "error" && msg.text().startsWith(HYDRATION_MISMATCH)) mismatches.push(`${msg.page()?.url() ?? "a page"}: ${msg.text()}`);
  });
  return context;
}

/**
 * What React reported, on any page of any test browser, as a difference between the server's HTML and its own first
 * render (src/client/islands.tsx) since the running test began: `test` fails a test that leaves one here.
 */
const mismatches: string[] = [];

/** The hydration mismatches reported so far in this test, taken: a test that causes one on purpose reads it here. */
export function takeHydrationMismatches(): string[] {
  return mismatches.splice(0);
}

/** The browsers of this process, whose contexts a test opened are closed when it ends (see `test`). */
const liveBrowsers = new Set<TestBrowser>();
/** The contexts of shared tabs, which outlive a test. */
const tabContexts = new WeakSet<BrowserContext>();
const openContexts = () => [...liveBrowsers].flatMap((b) => b.contexts());

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
   * The tab with nothing left of the test before (see `sharedTab`), showing the origin's health probe with no
   * history, sized to `viewport`.
   */
  take(viewport?: ViewportSize): Promise<Page>;
  close(): Promise<void>;
}

export interface SharedTabOptions {
  /** Stored as the theme choice before every document, as the toggle would (a page's first paint is themed). */
  theme?: "light" | "dark";
  /** Options of the tab's own context, e.g. colorScheme. */
  context?: BrowserContextOptions;
  /** A cheap document of the origin, where the tab clears its session storage; the health probe by default. */
  blankPath?: string;
}

/** Every shared tab of this process: a failed test retires them all, so the next test starts in a new context. */
const liveTabs = new Set<{ retire(): Promise<void> }>();

/** A page as the event emitter it is at run time (its typings list `on` and `off` per event only). */
const emitter = (page: Page) => page as unknown as { listeners(event: string): ((...args: unknown[]) => void)[]; off(event: string, listener: (...args: unknown[]) => void): void };

/** Page events a test may listen to; what a test added is removed between tests. */
const PAGE_EVENTS = ["console", "pageerror", "request", "requestfailed", "requestfinished", "response", "dialog", "download", "filechooser", "popup", "frameattached", "framedetached", "framenavigated", "load", "domcontentloaded", "websocket", "worker", "crash", "close"] as const;

/**
 * A tab for the app at `origin`, in a context of its own, closed with the browser. Loading a page into an open tab
 * costs the browser about half of what a new context costs, which is most of a short test's time; so the tab is kept
 * and everything a test can leave in it is cleared by `take()`: every storage of the origin (local and session
 * storage, IndexedDB, Cache Storage, cookies, service workers), routes, listeners, dialogs, permissions, emulated
 * media, offline mode, history, focus (a new document). What cannot be undone in place (an init script, an exposed function)
 * retires the tab: the next `take()` opens a new context, as it does after a failed test or a dead browser.
 */
export async function sharedTab(browser: TestBrowser, origin: string, options: SharedTabOptions = {}): Promise<SharedTab> {
  let open: { context: BrowserContext; page: Page; cdp: CDPSession; own: Map<string, Set<unknown>> } | undefined;
  let dirty = false;

  async function openContext() {
    const context = await browser.newContext(options.context);
    tabContexts.add(context);
    if (options.theme) await context.addInitScript((t) => localStorage.setItem("theme", t), options.theme);
    const page = await context.newPage();
    // What a test cannot take back in this tab marks it for a new context before the next test.
    for (const method of ["addInitScript", "exposeFunction", "exposeBinding"] as const) {
      const original = page[method].bind(page) as unknown as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        dirty = true;
        return original(...args);
      };
    }
    // A fake clock is an init script of the context too.
    const install = page.clock.install.bind(page.clock);
    page.clock.install = (...args) => {
      dirty = true;
      return install(...args);
    };
    const cdp = await context.newCDPSession(page);
    // Playwright's own listeners, if any, stay; only those a test added are removed.
    const own = new Map(PAGE_EVENTS.map((event) => [event, new Set(emitter(page).listeners(event))]));
    return { context, page, cdp, own };
  }

  const tab = {
    async retire() {
      const old = open;
      open = undefined;
      dirty = false;
      await old?.context.close().catch(() => {});
    },
    async take(viewport: ViewportSize = { width: 1280, height: 720 }) {
      if (open && (dirty || open.page.isClosed() || !open.context.browser()?.isConnected())) await tab.retire();
      if (!open) open = await openContext();
      const { context, page, cdp, own } = open;
      // Pages a test opened beside the tab (a second tab of the same context) go with the test.
      await Promise.all(context.pages().filter((p) => p !== page).map((p) => p.close()));
      await page.unrouteAll({ behavior: "ignoreErrors" });
      for (const event of PAGE_EVENTS) {
        for (const listener of emitter(page).listeners(event)) if (!own.get(event)?.has(listener)) emitter(page).off(event, listener);
      }
      // The next document is the origin's health probe (the cheapest one): leaving the last test's page runs its
      // unload handlers (a draft saved on the way out) before anything is cleared, and a document of the origin is
      // where its session storage can be cleared (it belongs to the tab, not to the origin's storage).
      await context.setOffline(false);
      await page.emulateMedia({ media: null, colorScheme: options.context?.colorScheme ?? null, reducedMotion: null, forcedColors: null });
      await page.goto(`${origin}${options.blankPath ?? "/healthz"}`);
      await context.clearCookies();
      await context.clearPermissions();
      await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
      await page.evaluate(() => sessionStorage.clear());
      // Back and forward lead nowhere: the last test's pages are not in this one's history.
      await cdp.send("Page.resetNavigationHistory");
      await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      liveTabs.delete(tab);
      await tab.retire();
    },
  };
  liveTabs.add(tab);
  return tab;
}

/** The last line of a Playwright call log ("waiting for locator('#x') to be visible"), else the error's first line. */
function lastStep(message: string): string {
  const lines = message.replace(/\u001b\[\d+m/g, "").split("\n");
  const log = lines.filter((l) => /^\s+- /.test(l));
  return (log.at(-1) ?? lines[0] ?? "").trim().replace(/^- /, "");
}

/** One shared tab per theme ("none": the page's own default), opened when first asked for. */
export interface ThemedTabs {
  take(theme: "light" | "dark" | undefined, viewport?: ViewportSize): Promise<Page>;
}

export function themedTabs(browser: TestBrowser, origin: string): ThemedTabs {
  const tabs = new Map<string, Promise<SharedTab>>();
  return {
    async take(theme, viewport) {
      const key = theme ?? "none";
      let tab = tabs.get(key);
      if (!tab) tabs.set(key, (tab = sharedTab(browser, origin, theme ? { theme } : {})));
      return (await tab).take(viewport);
    },
  };
}

/** How a page looks: its theme and the width of the window. */
export interface Look {
  theme: "light" | "dark";
  width: number;
}
/** The looks every page state is checked in: both themes, at a phone's width and a laptop's. */
export const LOOKS: readonly Look[] = [
  { theme: "light", width: 375 },
  { theme: "dark", width: 375 },
  { theme: "light", width: 1280 },
  { theme: "dark", width: 1280 },
];

/**
 * Runs `check` on the page as it stands, once in each look, switched in place: the window resized, and the theme
 * applied as a page applies a stored choice before its first paint (`THEME_SCRIPT`), with the toggle showing it, as
 * after a press. What a page looks like follows from its markup, its CSS (media queries and the `dark` class) and the
 * resize listeners, so a state reached once (an order paid, a dialog open, a draft typed) is checked four ways without
 * being reached four times: reaching it was most of a looks test's time (decision 153). The page is left as it came,
 * in its own theme and size.
 */
export async function inEveryLook(page: Page, check: (look: Look) => Promise<void>, looks: readonly Look[] = LOOKS): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const stored = await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY);
  const widthsChecked = new Set<number>();
  try {
    for (const look of looks) {
      await showLook(page, look.theme, { width: look.width, height: viewport.height });
      // The page shows the look's theme before anything is checked in it.
      await poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), { what: `the dark theme's mark in ${look.theme} at ${look.width} px` }).toBe(look.theme === "dark");
      if (widthsChecked.has(look.width)) coloursOnly.add(page);
      try {
        await check(look);
      } finally {
        coloursOnly.delete(page);
      }
      widthsChecked.add(look.width);
    }
  } finally {
    if (!page.isClosed()) await showLook(page, stored, viewport).catch(() => {});
  }
}

/**
 * The axe rules whose findings follow from colours. A theme changes colours and nothing else (the `dark` class sets
 * the colour custom properties; no `dark:` variant hides, shows or moves anything), so on a page already checked at
 * a width in one theme, the other theme's check at that width runs these only: the rest would find what they found
 * (about a third of a page check's time, decision 153).
 */
export const COLOUR_RULES: readonly string[] = ["color-contrast", "link-in-text-block"];
/** Pages that `inEveryLook` is checking at a width it has already checked in the other theme. */
const coloursOnly = new WeakSet<Page>();

/** The theme (a stored choice, or none) and the window's size, applied to the page in place. */
async function showLook(page: Page, theme: string | null, viewport: ViewportSize): Promise<void> {
  await page.setViewportSize(viewport);
  const shown = theme === "dark" || theme === "system" ? theme : "light";
  await page.evaluate(
    ({ key, theme, toggle, label, title }) => {
      if (theme === null) localStorage.removeItem(key);
      else localStorage.setItem(key, theme);
      for (const button of document.querySelectorAll<HTMLElement>(`[${toggle}]`)) {
        button.dataset.theme = theme ?? "light";
        button.setAttribute("aria-label", label);
        button.title = title;
      }
    },
    { key: THEME_STORAGE_KEY, theme, toggle: THEME_TOGGLE_ATTRIBUTE, label: themeToggleLabel(shown), title: themeToggleTitle(shown) },
  );
  await page.evaluate(THEME_SCRIPT);
  // Two frames: resize listeners have run and what they changed is laid out; then the colours' transitions (a
  // button's `transition-colors`) are taken to their end, so the look is the one a page loaded in it shows, not a blend.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await finishTransitions(page);
}

/**
 * How long a browser test may run before it is failed here, by default (a test may give its own): at least four times
 * what the test needs on an idle machine, counted in fair time (`src/testing/fair-clock.ts`: time spent queueing for a
 * core does not count), and never more than `MAX_STRETCH` times as long on the wall clock.
 */
export const BROWSER_TEST_MS = 30_000;
/** What bun gets on top: bun's own time-out kills every child process, the file's server and browser included. */
const BUN_GRACE_MS = 15_000;

/**
 * Where the runner (scripts/test.ts) collects each browser test's times (wall and fair) and limit, one JSON line per
 * test, for the summary's slowest tests.
 */
const TIMES_FILE = process.env.TEST_TIMES_FILE;

/**
 * `test` for browser files: the test is failed here after `ms` of fair time, before bun's own time-out, which would
 * kill every child process of the file (the server and the browser: one failure would become every test after it).
 * Whatever the test opened is closed when it ends, so an awaited step that never came stops there; after a failure
 * every shared tab starts again in a new context. Each test so starts from a clean slate whatever the one before did.
 */
export function test(name: string, fn: () => Promise<unknown> | void, ms = BROWSER_TEST_MS): void {
  bunTest(
    name,
    async () => {
      const before = new Set(openContexts());
      const closeWhatItOpened = () => Promise.all(openContexts().filter((c) => !before.has(c) && !tabContexts.has(c)).map((c) => c.close().catch(() => {})));
      const retireTabs = () => Promise.all([...liveTabs].map((t) => t.retire()));
      mismatches.length = 0;
      const deadline = fairDeadline(ms);
      const run = Promise.resolve().then(fn).then(() => {
        if (mismatches.length > 0) throw new Error(`React reported a hydration mismatch:\n${takeHydrationMismatches().join("\n")}`);
      });
      let timer: ReturnType<typeof setInterval> | undefined;
      const outcome = await Promise.race([
        run.then(() => ({ done: true as const }), (error: unknown) => ({ done: false as const, error })),
        new Promise<"late">((resolve) => (timer = setInterval(() => deadline.passed() && resolve("late"), 100))),
      ]);
      clearInterval(timer);
      const fairMs = deadline.fairElapsed();
      const wallMs = deadline.wallElapsed();
      deadline.release();
      if (TIMES_FILE) appendFileSync(TIMES_FILE, `${JSON.stringify({ name, wallMs: Math.round(wallMs), fairMs: Math.round(fairMs), limitMs: ms })}\n`);
      await closeWhatItOpened();
      if (outcome !== "late" && outcome.done) return;
      // A failed test may have left anything in its tab: every shared tab starts again in a new context.
      await retireTabs();
      if (outcome !== "late") throw outcome.error;
      // Closing its pages ended the step it was waiting for: that step's error says what it was.
      const waitedFor = await Promise.race([run.then(() => null, (error: unknown) => error), Bun.sleep(2_000).then(() => null)]);
      const step = waitedFor instanceof Error ? `; its last step: ${lastStep(waitedFor.message)}` : "";
      const busy = wallMs > fairMs * 1.25 ? ` (${(wallMs / 1000).toFixed(1)} s on the wall clock: the machine was busy)` : "";
      throw new Error(`"${name}" did not finish in ${ms / 1000} s${step}${busy}`);
    },
    ms * MAX_STRETCH + BUN_GRACE_MS,
  );
}

/**
 * A gate for a held answer: a route handler awaits `opened` and the test calls `open()` once it has seen what the
 * page shows while it waits (a pending button, say), so the pending state is seen for certain, and for no longer.
 */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}


/**
 * axe's own builder for a page, for what the checks below leave out (axe's "incomplete" results, a page with frames).
 * A page without frames is checked by axe.run in the page itself: axe's default runs each frame apart and merges the
 * results in a blank page it opens for that, which doubles the time of every check and finds nothing more when there
 * is only the one frame.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** The standards the pages are held to: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axeScript: string | undefined;

/** A violation as the tests read it: the rule, its impact, and where (one selector per element). */
interface Violation {
  id: string;
  impact: string | null | undefined;
  where: string[];
}

/**
 * Takes every finite animation of the page to its end (a filter button's pressed colour fading in, the colours of a
 * theme just switched): colours read in the middle of a transition are neither the state before nor after, and axe
 * judges what the page shows once they have arrived. Finished, not awaited: a headless page that draws no new frame
 * (nothing visible changing elsewhere) leaves a transition's clock where it stopped, and awaiting it hung (two
 * hundred 150 ms transitions behind an open review dialog, at 33 ms for 40 s). An endless animation is left running.
 */
async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
  });
}

/**
 * axe.run in the page, the page's violations only. The builder's own analyze sends axe's 500 KB source and gets back
 * every rule's passes with every element they passed, a page after a page: three fifths of a check's time (36 checks of
 * three pages: 18.6 s of CPU against 7.7 s this way), for the same violations (`resultTypes` trims only the other
 * kinds of result). axe is sent only to a page that does not have it yet. A page with frames goes through the builder,
 * which runs axe in each frame.
 */
async function violationsOf(page: Page, { include, rules }: { include?: string; rules?: string[] }): Promise<Violation[]> {
  if (page.frames().length > 1) {
    let builder = axe(page);
    if (rules) builder = builder.withRules(rules);
    if (include) builder = builder.include(include);
    return (await builder.analyze()).violations.map((v) => ({ id: v.id, impact: v.impact, where: v.nodes.map((n) => n.target.join(" ")) }));
  }
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function"))) await page.evaluate((axeScript ??= readFileSync(AXE_SOURCE, "utf8")));
  await finishTransitions(page);
  return await page.evaluate(
    async ({ include, rules }) => {
      type Run = (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
      const { run } = (window as unknown as { axe: { run: Run } }).axe;
      const result = await run(include ? { include: [include] } : document, { resultTypes: ["violations"], ...(rules ? { runOnly: { type: "rule", values: rules } } : {}) });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, where: v.nodes.map((n) => n.target.join(" ")) }));
    },
    { include, rules },
  );
}

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

/**
 * axe's serious and critical findings on the page (or within the `include` selector), one line each: rule and
 * where. `tags`: the standards (WCAG_TAGS by default), or "all" of axe's rules. Inside `inEveryLook`, at a width
 * already checked in the other theme, only the colour rules run (COLOUR_RULES).
 */
export async function seriousViolations(page: Page, { include, tags = WCAG_TAGS }: { include?: string; tags?: readonly string[] | "all" } = {}): Promise<string[]> {
  let rules = await rulesOfConsequence(page, tags);
  // In a look whose width was checked in the other theme: what a theme can change (inEveryLook).
  if (coloursOnly.has(page)) rules = rules.filter((rule) => COLOUR_RULES.includes(rule));
  const violations = await violationsOf(page, { include, rules });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.where.join(", ")}`);
}

/** Every finding of axe's default rules on the page, whatever its impact, one line each: rule and where. */
export async function allViolations(page: Page): Promise<string[]> {
  return (await violationsOf(page, {})).map((v) => `${v.id}: ${v.where.join(", ")}`);
}

type Matchers<T> = ReturnType<typeof expect<T>>;
type Polled<T> = { [K in keyof Matchers<T> as K extends "not" | "resolves" | "rejects" ? never : K]: Matchers<T>[K] extends (...args: infer A) => unknown ? (...args: A) => Promise<void> : never };

/**
 * `expect` for what a page shows, read again until the matcher passes: `await poll(() => locator.textContent()).toBe("Sent")`.
 * A state that follows an action (text, a count, an attribute, focus, a decoded image) arrives on the page's time, so
 * a single read right after the action races it. After `ms` (fair time, as a test's limit) the last read's assertion error is thrown, headed by
 * `what` (or the reading function's source) so the failure says what was awaited.
 */
export function poll<T>(read: () => Promise<T> | T, { ms = 10_000, what }: { ms?: number; what?: string } = {}): Polled<T> & { not: Polled<T> } {
  const matchers = (negate: boolean): Polled<T> & { not: Polled<T> } =>
    new Proxy({} as Polled<T> & { not: Polled<T> }, {
      get: (_, matcher: string) => {
        if (matcher === "not") return matchers(!negate);
        // Not a promise itself: `await poll(read)` without a matcher is a mistake, not a wait.
        if (matcher === "then") return undefined;
        return async (...args: unknown[]) => {
          const deadline = fairDeadline(ms);
          try {
            for (;;) {
              const value = await read();
              try {
                const subject = negate ? expect(value).not : expect(value);
                (subject as unknown as Record<string, (...a: unknown[]) => void>)[matcher]!(...args);
                return;
              } catch (error) {
                if (deadline.passed()) {
                  if (error instanceof Error) error.message = `waited ${ms / 1000} s for ${what ?? read.toString()}:\n${error.message}`;
                  throw error;
                }
                await Bun.sleep(50);
              }
            }
          } finally {
            deadline.release();
          }
        };
      },
    });
  return matchers(false);
}
