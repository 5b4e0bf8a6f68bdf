/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) for the marketing pages, with Debian's Chromium
 * and the same headless flags as the browser tests. Starts a production-mode server on a temp database unless a base
 * URL is given:  bun scripts/lighthouse.ts [http://host:port] [--desktop]
 * Prints one line per page and form factor; exits non-zero when any score is under 95.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../src/testing/browser.ts";
import { startServer, type RunningServer } from "../src/testing/server.ts";

const PATHS = ["/", "/pricing"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOAL = 95;

const givenUrl = process.argv.slice(2).find((a) => /^https?:/.test(a));
const formFactors = process.argv.includes("--desktop") ? (["desktop"] as const) : (["mobile", "desktop"] as const);

let server: RunningServer | undefined;
const base = givenUrl ?? (server = await startServer({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" })).url;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

let below = 0;
try {
  for (const formFactor of formFactors) {
    for (const path of PATHS) {
      const result = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
      const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      below += scores.filter((s) => s < GOAL).length;
      console.log(`${path.padEnd(9)} ${formFactor.padEnd(8)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join("  ")}`);
      for (const c of CATEGORIES) {
        const category = result.lhr.categories[c];
        if (!category || (category.score ?? 0) >= 1) continue;
        // Name what cost points, so a score under the goal says what to fix.
        for (const ref of category.auditRefs) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) console.log(`    ${c}: ${audit.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server?.cleanup();
}
process.exit(below > 0 ? 1 : 0);
