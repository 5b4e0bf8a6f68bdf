/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) for the marketing and legal pages, the contact
 * page, an order form and a released result (/view-results, on its own server only), with Debian's Chromium
 * and the same headless flags as the browser tests. Starts a production-mode server on a temp database unless a base
 * URL is given:  bun scripts/lighthouse.ts [http://host:port] [/path …] [--desktop]   (/path: only the pages it starts)
 * Prints one line per page and form factor; exits non-zero when any score is under 98 (issue 22).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROMIUM_FLAGS } from "../src/testing/browser.ts";
import { startServer, type RunningServer } from "../src/testing/server.ts";
import { isPrivatePath } from "../src/seo/seo.ts";
import { join } from "node:path";
import { insertResultsFixtures } from "../src/testing/results-fixtures.ts";

const PATHS = ["/", "/services", "/pricing", "/about", "/privacy-policy", "/terms-of-service", "/contact", "/upload?plan=Premium&price=9.99&planId=premium"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOAL = 98;

const givenUrl = process.argv.slice(2).find((a) => /^https?:/.test(a));
const formFactors = process.argv.includes("--desktop") ? (["desktop"] as const) : (["mobile", "desktop"] as const);

let server: RunningServer | undefined;
const base = givenUrl ?? (server = await startServer({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" })).url;
// A released premium result, written into the server this script started (issue 31).
if (server) PATHS.push(`/view-results?id=${(await insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"))).premium.id}`);
const only = process.argv.slice(2).filter((a) => a.startsWith("/"));
const chosen = PATHS.filter((p) => only.length === 0 || only.some((o) => p === o || p.startsWith(`${o}?`)));

// The whole browser, as a visitor's phone runs it, not the headless shell the browser tests use.
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: CHROMIUM_FLAGS,
});

let below = 0;
try {
  for (const formFactor of formFactors) {
    for (const path of chosen) {
      const result = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
      // A private page (an order form) says noindex on purpose: its SEO score leaves that one audit out.
      const ignored = isPrivatePath(new URL(path, base).pathname) ? new Set(["is-crawlable"]) : new Set<string>();
      const scoreOf = (c: (typeof CATEGORIES)[number]) => {
        const category = result.lhr.categories[c];
        if (!category) return 0;
        if (ignored.size === 0) return Math.round((category.score ?? 0) * 100);
        const refs = category.auditRefs.filter((r) => r.weight > 0 && !ignored.has(r.id) && result.lhr.audits[r.id]?.score !== null);
        const weight = refs.reduce((n, r) => n + r.weight, 0);
        return Math.round((refs.reduce((n, r) => n + r.weight * (result.lhr.audits[r.id]?.score ?? 0), 0) / weight) * 100);
      };
      const scores = CATEGORIES.map(scoreOf);
      below += scores.filter((s) => s < GOAL).length;
      console.log(`${path.padEnd(9)} ${formFactor.padEnd(8)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join("  ")}`);
      for (const c of CATEGORIES) {
        const category = result.lhr.categories[c];
        if (!category || (category.score ?? 0) >= 1) continue;
        // Name what cost points, so a score under the goal says what to fix.
        for (const ref of category.auditRefs) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && !ignored.has(ref.id) && audit && audit.score !== null && audit.score < 0.9) console.log(`    ${c}: ${audit.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server?.cleanup();
}
process.exit(below > 0 ? 1 : 0);
