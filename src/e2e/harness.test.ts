/**
 * The browser tests' harness (src/testing/browser.ts) keeps its promises: every test starts from a clean slate, and
 * one failure stays one failure.
 */
import { afterAll, beforeAll, expect } from "bun:test";
import { join } from "node:path";
import { launchBrowser, poll, sharedTab, test, type SharedTab, type TestBrowser } from "../testing/browser.ts";

const PAGE = `<!doctype html><title>probe</title><input id="name" autofocus>`;
let server: ReturnType<typeof Bun.serve>;
let origin: string;
let browser: TestBrowser;
let tab: SharedTab;

beforeAll(async () => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => new URL(req.url).pathname === "/probe" ? new Response("from the server") : new Response(PAGE, { headers: { "content-type": "text/html" } }),
  });
  origin = `http://127.0.0.1:${server.port}`;
  browser = await launchBrowser();
  tab = await sharedTab(browser, origin);
});
afterAll(async () => {
  await browser?.close();
  server?.stop(true);
});

/** Everything a page of the origin can see of what an earlier test left. */
const leftovers = () => ({
  local: localStorage.length,
  session: sessionStorage.length,
  cookies: document.cookie,
  databases: indexedDB.databases().then((d) => d.map((x) => x.name)),
  caches: caches.keys(),
  dark: matchMedia("(prefers-color-scheme: dark)").matches,
  online: navigator.onLine,
  geolocation: navigator.permissions.query({ name: "geolocation" }).then((p) => p.state),
  marked: (window as unknown as { marked?: boolean }).marked ?? false,
  probe: fetch("/probe").then((r) => r.text()),
});
async function read(page: Awaited<ReturnType<SharedTab["take"]>>) {
  return await page.evaluate(async (source) => {
    const read = new Function(`return (${source})()`) as () => Record<string, unknown>;
    const values = read();
    return Object.fromEntries(await Promise.all(Object.entries(values).map(async ([k, v]) => [k, await v])));
  }, leftovers.toString());
}
const CLEAN = { local: 0, session: 0, cookies: "", databases: [], caches: [], dark: false, online: true, geolocation: "prompt", marked: false, probe: "from the server" };

test("take() clears every storage of the origin, routes, listeners, media, offline mode, permissions and init scripts", async () => {
  let page = await tab.take();
  await page.goto(origin);
  expect(await read(page)).toEqual(CLEAN);

  await page.evaluate(async () => {
    localStorage.setItem("a", "1");
    sessionStorage.setItem("draft", "2");
    document.cookie = "c=3; path=/";
    await new Promise((resolve) => {
      const open = indexedDB.open("drafts", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("photos");
      open.onsuccess = () => (open.result.close(), resolve(null));
    });
    await (await caches.open("assets")).put("/x", new Response("x"));
  });
  await page.route("**/probe", (route) => route.fulfill({ body: "routed" }));
  page.on("console", () => {});
  page.on("dialog", (d) => void d.accept());
  await page.emulateMedia({ colorScheme: "dark" });
  await page.context().grantPermissions(["geolocation"], { origin });
  await page.reload();
  const dirty = await read(page);
  expect(dirty).toMatchObject({ local: 1, session: 1, cookies: "c=3", databases: ["drafts"], caches: ["assets"], dark: true, geolocation: "granted", probe: "routed" });
  await page.context().setOffline(true);
  await page.locator("#name").blur();

  const context = page.context();
  page = await tab.take();
  // Cleared in place: the same context, which is what keeps the shared tab cheap.
  expect(page.context()).toBe(context);
  expect(page.url()).toBe(`${origin}/healthz`);
  // No way back to the last test's pages.
  expect(await page.evaluate(() => history.length)).toBe(1);
  const events = page as unknown as { listenerCount(event: string): number };
  expect(events.listenerCount("console") + events.listenerCount("dialog")).toBe(0);
  await page.goto(origin);
  expect(await read(page)).toEqual(CLEAN);
  // Focus is where a new document puts it, not where the last test left it.
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("name");
});

test("take() clears the tab's session storage on its own, where the drafts of the order forms live", async () => {
  let page = await tab.take();
  await page.goto(`${origin}/upload`);
  await page.evaluate(() => sessionStorage.setItem("profile-draft:upload:basic", "{}"));
  await page.goto(`${origin}/contact`);
  await poll(() => page.evaluate(() => sessionStorage.length)).toBe(1);
  page = await tab.take();
  await page.goto(`${origin}/upload`);
  await poll(() => page.evaluate(() => sessionStorage.length)).toBe(0);
});

test("an init script, which cannot be taken back, retires the tab: the next take() is a new context without it", async () => {
  let page = await tab.take();
  const context = page.context();
  await page.addInitScript(() => ((window as unknown as { marked: boolean }).marked = true));
  await page.goto(origin);
  await poll(() => page.evaluate(() => (window as unknown as { marked?: boolean }).marked)).toBe(true);

  page = await tab.take();
  expect(page.context()).not.toBe(context);
  await page.goto(origin);
  expect(await read(page)).toEqual(CLEAN);
});

test("a test that fails (times out, throws, loses its browser) fails alone: the tests after it in its file run and pass", async () => {
  const run = Bun.spawn([process.execPath, "test", "--timeout=30000", join(import.meta.dir, "../testing/fixtures/failing-browser-tests.ts")], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: "test" },
  });
  const [, report] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  const verdicts = [...report.matchAll(/^\((pass|fail)\) (\d) /gm)].map((m) => `${m[2]} ${m[1]}`);
  expect(verdicts).toEqual(["1 pass", "2 fail", "3 fail", "4 fail", "5 pass", "6 pass", "7 pass"]);
  // The time-out is ours, before bun's (which kills every child process, the file's server and browser with them),
  // and it names what the test was waiting for.
  expect(report).not.toContain("dangling process");
  expect(report).toContain(`"2 times out waiting for what never appears" did not finish in 1.5 s; its last step: waiting for locator('#never') to be visible`);
}, 60_000);
