/**
 * First-load JavaScript and CSS of a page (default `/`), raw and gzipped, against the budget (100 KB JS, 20 KB CSS,
 * gzipped). "First load" is measured, not guessed: Chromium opens the page on a fresh server and every script and
 * style sheet it fetches until the page is hydrated is counted, chunk by chunk.
 *   bun scripts/bundle-size.ts [/path]   (build first: bun scripts/build.ts)
 */
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../src/testing/browser.ts";
import { startServer } from "../src/testing/server.ts";

const BUDGET_GZ = { js: 100 * 1024, css: 20 * 1024 };
const path = process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/";

interface Asset {
  url: string;
  kind: "js" | "css";
  raw: number;
  gz: number;
}

const server = await startServer({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" });
const browser = await launchBrowser();
const assets: Asset[] = [];
try {
  const page = await browser.newPage();
  const pending: Promise<void>[] = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      res.body().then((body) => {
        assets.push({ url: new URL(res.url()).pathname, kind: type === "script" ? "js" : "css", raw: body.byteLength, gz: gzipSync(body, { level: 9 }).byteLength });
      }),
    );
  });
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
} finally {
  await browser.close();
  await server.cleanup();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
let over = false;
console.log(`first load of ${path}`);
for (const kind of ["js", "css"] as const) {
  const list = assets.filter((a) => a.kind === kind).sort((a, b) => b.gz - a.gz);
  for (const a of list) console.log(`  ${kb(a.raw)} raw ${kb(a.gz)} gz  ${a.url}`);
  const raw = list.reduce((n, a) => n + a.raw, 0);
  const gz = list.reduce((n, a) => n + a.gz, 0);
  const ok = gz <= BUDGET_GZ[kind];
  over ||= !ok;
  console.log(`${kind.toUpperCase().padEnd(3)} total ${kb(raw)} raw ${kb(gz)} gz  (budget ${kb(BUDGET_GZ[kind]).trim()} gz: ${ok ? "within" : "OVER"})\n`);
}
process.exit(over ? 1 : 0);
