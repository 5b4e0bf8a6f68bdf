/**
 * First-load JavaScript and CSS of every page, gzipped, against its budget (issue 31): the marketing and legal pages
 * and the 404 at most 5 KB of JavaScript (no islands), any page with islands 100 KB with React, /admin 150 KB; 20 KB of
 * CSS everywhere. And a page with islands visited second, after another page with islands (/contact, or /upload for
 * /contact itself): what it fetches that the first page had not, at most 45 KB (the assets are named by their content
 * and cached for a year, so what the first page fetched is not fetched again: React's file, the shared chunks). "First load" is measured, not guessed: Chromium opens each page in a fresh context
 * (nothing cached) on a production server and every script and style sheet it fetches is counted, chunk by chunk, until
 * the page's islands are hydrated and the network has been idle (chunks imported during hydration included). Pages
 * that need stored data (results, a checkout session) get it first, so they draw the state a customer sees.
 *   bun scripts/bundle-size.ts [/path …] [--verbose]   (build first: bun scripts/build.ts); exit 1 when any is over
 */
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../src/testing/browser.ts";
import { prepareOrders } from "../src/testing/local-payments.ts";
import { insertResultsFixtures } from "../src/testing/results-fixtures.ts";
import { startServer } from "../src/testing/server.ts";

const KB = 1024;
const CSS_BUDGET = 20 * KB;
const MARKETING = 5 * KB;
const ISLANDS = 100 * KB;
const ADMIN = 150 * KB;
const SECOND_VISIT = 45 * KB;

interface Measured {
  page: string;
  budget: number;
  js: { raw: number; gz: number; files: string[] };
  css: { raw: number; gz: number };
  /** A page with islands opened after another: the JavaScript it fetched that the other had not. */
  second?: { after: string; gz: number };
}

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const only = args.filter((a) => a.startsWith("/"));

const server = await startServer({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" });
const browser = await launchBrowser();
const results: Measured[] = [];
try {
  const fixtures = await insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"));
  const [order] = await prepareOrders(server.url, { withProfile: 0, paidFirst: 1 }, []);
  const { orderId, sessionId } = order!;

  // Every page a visitor can open, with the query its links carry (label, URL, JavaScript budget).
  const pages: [string, string, number][] = [
    ["/", "/", MARKETING],
    ["/services", "/services", MARKETING],
    ["/pricing", "/pricing", MARKETING],
    ["/about", "/about", MARKETING],
    ["/privacy-policy", "/privacy-policy", MARKETING],
    ["/terms-of-service", "/terms-of-service", MARKETING],
    ["404", "/definitely/not/here", MARKETING],
    ["/contact", "/contact", ISLANDS],
    ["/upload", "/upload?plan=Premium&planId=premium&price=9.99", ISLANDS],
    ["/profile-form", `/profile-form?orderId=${orderId}&planId=premium`, ISLANDS],
    ["/hinge-form", "/hinge-form", ISLANDS],
    ["/bumble-form", "/bumble-form", ISLANDS],
    ["/plan-details", "/plan-details?planId=premium&price=9.99", ISLANDS],
    ["/preparing-checkout", "/preparing-checkout?planId=premium&price=9.99", ISLANDS],
    ["/checkout", `/checkout?orderId=${orderId}&price=9.99`, ISLANDS],
    ["/checkout-redirect", `/checkout-redirect?orderId=${orderId}&price=9.99&planId=premium`, ISLANDS],
    ["/card-payment", `/card-payment?orderId=${orderId}&planId=premium&price=9.99`, ISLANDS],
    ["/pay/:sessionId", `/pay/${sessionId}`, ISLANDS],
    ["/success", `/success?session_id=${sessionId}`, ISLANDS],
    ["/view-results", `/view-results?id=${fixtures.premium.id}`, ISLANDS],
    ["/admin", "/admin", ADMIN],
  ];
  for (const [label, url, budget] of pages) {
    if (only.length > 0 && !only.includes(label)) continue;
    const measured: Measured = { page: label, budget, ...(await firstLoad(url)) };
    if (budget !== MARKETING && label !== "/admin") {
      // /upload with its plan: without one it is a redirect to /pricing, which has no islands to share.
      const after = label === "/contact" ? "/upload?plan=Premium&planId=premium&price=9.99" : "/contact";
      measured.second = { after, gz: await secondLoad(after, url) };
    }
    results.push(measured);
  }
} finally {
  await browser.close();
  await server.cleanup();
}

/** The JavaScript (gzipped) a browser fetches for `url` that it had not fetched for `first`, opened just before. */
async function secondLoad(first: string, url: string): Promise<number> {
  const context = await browser.newContext();
  const before = await firstLoad(first, context);
  const fetched = new Set(before.js.files.map((f) => f.split(" ")[0]));
  const then = await firstLoad(url, context);
  await context.close();
  return then.js.files.filter((f) => !fetched.has(f.split(" ")[0])).reduce((n, f) => n + Number(f.split(" ")[1]) * KB, 0);
}

/** What a fresh browser (or `shared`, a context that opened other pages) fetches for `url` until its islands are hydrated and the network is idle. */
async function firstLoad(url: string, shared?: BrowserContext): Promise<Omit<Measured, "page" | "budget">> {
  const context = shared ?? (await browser.newContext());
  const page: Page = await context.newPage();
  const js = { raw: 0, gz: 0, files: [] as string[] };
  const css = { raw: 0, gz: 0 };
  const pending: Promise<void>[] = [];
  // A page that sends the browser on (the hosted checkout's redirect) ends its first load there.
  let left = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname !== new URL(url, server.url).pathname) left = true;
  });
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (left || (type !== "script" && type !== "stylesheet") || !res.url().startsWith(server.url)) return;
    pending.push(
      res.body().then(
        (body) => {
          const into = type === "script" ? js : css;
          into.raw += body.byteLength;
          into.gz += gzipSync(body, { level: 9 }).byteLength;
          if (type === "script") js.files.push(`${new URL(res.url()).pathname} ${(gzipSync(body, { level: 9 }).byteLength / KB).toFixed(3)} KB`);
        },
        () => {}, // a response the page navigated away from has no body to read
      ),
    );
  });
  await page.goto(`${server.url}${url}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 30_000 }).catch(() => {});
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  if (shared) await page.close();
  else await context.close();
  return { js, css };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`.padStart(9);
let over = false;
console.log(`${"page".padEnd(20)} ${"JS gz".padStart(9)} ${"budget".padStart(9)} ${"CSS gz".padStart(9)} ${"2nd visit".padStart(9)} ${"budget".padStart(9)}`);
for (const r of results) {
  const ok = r.js.gz <= r.budget && r.css.gz <= CSS_BUDGET && (r.second?.gz ?? 0) <= SECOND_VISIT;
  over ||= !ok;
  const second = r.second ? `${kb(r.second.gz)} ${kb(SECOND_VISIT)}` : `${"".padStart(9)} ${"".padStart(9)}`;
  console.log(`${r.page.padEnd(20)} ${kb(r.js.gz)} ${kb(r.budget)} ${kb(r.css.gz)} ${second}  ${ok ? "within" : "OVER"}${r.second ? ` (2nd after ${r.second.after})` : ""}`);
  if (verbose) for (const f of r.js.files) console.log(`    ${f}`);
}
process.exit(over ? 1 : 0);
