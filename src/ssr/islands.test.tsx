import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { renderToString } from "react-dom/server";
import { testApp, testContext } from "../testing/context.ts";
import { island, IslandCollector } from "../web/island.tsx";
import { PUBLIC_DIR, readManifest } from "./assets.ts";

// Issue 22: a page ships no JavaScript but the shell script unless it draws an island, and then only that island's.
const ctx = testContext({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" });
const app = testApp(ctx);
afterAll(() => ctx.cleanup());
const manifest = readManifest();

const MARKETING = ["/", "/services", "/pricing", "/about", "/privacy-policy", "/terms-of-service", "/no/such/page"];
const moduleScripts = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1]);

/** A built file and every chunk it imports, transitively. */
function closure(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = readFileSync(join(PUBLIC_DIR, url), "utf8");
  for (const [, file] of text.matchAll(/(?:from\s*|import\s*)"(?:\.|\/assets)\/([^"]+\.js)"/g)) if (file) closure(`/assets/${file}`, seen);
  return seen;
}

/** `closure`, with the chunks it imports on demand (`import("./…")`) too: everything an entry can ever fetch. */
function everything(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = readFileSync(join(PUBLIC_DIR, url), "utf8");
  for (const [, file] of text.matchAll(/(?:from\s*|import\s*\(?\s*)"(?:\.|\/assets)\/([^"]+\.js)"/g)) if (file) everything(`/assets/${file}`, seen);
  return seen;
}

describe("marketing and legal pages", () => {
  test.each(MARKETING)("%s carries no hydration data and no script but the shell's", async (path) => {
    const html = await (await app.request(path)).text();
    expect(html).not.toContain("data-island");
    expect(html).not.toContain('id="app-config"');
    expect(moduleScripts(html)).toEqual([manifest.shell]);
    expect(html).not.toMatch(/react|hydrat/i);
  });

  test("the shell script reaches no React and stays within the 5 KB budget", () => {
    const files = [...closure(manifest.shell)];
    const texts = files.map((f) => readFileSync(join(PUBLIC_DIR, f)));
    for (const text of texts) expect(text.toString()).not.toMatch(/react\.dev\/errors|__CLIENT_INTERNALS|hydrateRoot/);
    expect(texts.reduce((n, t) => n + gzipSync(t, { level: 9 }).byteLength, 0)).toBeLessThan(5 * 1024);
  });
});

describe("a page with islands", () => {
  test("every island hydrates with React DOM itself, from React's own file, which holds nothing of ours", () => {
    const isReact = (f: string) => /react\.dev\/errors/.test(readFileSync(join(PUBLIC_DIR, f), "utf8"));
    for (const [name, url] of Object.entries(manifest.islands)) {
      // React DOM's production build names its errors by URL; nothing else in the bundle has that text.
      expect({ name, react: [...closure(url)].filter(isReact) }).toEqual({ name, react: [manifest.react] });
    }
    const react = readFileSync(join(PUBLIC_DIR, manifest.react), "utf8");
    expect(react).toContain("hydrateRoot");
    // Self-contained, and none of our modules in it (the island marker, the toast store's jotai), so its name, a hash
    // of its content, changes only with React's version.
    expect(react).not.toMatch(/\bimport\b[^;]*from\s*"/);
    expect(react.includes("data-island") || react.includes("atom not writable")).toBe(false);
    // Named by its content alone: the same React, built again, is the same file for a browser's cache.
    expect(manifest.react).toBe(`/assets/react-${new Bun.CryptoHasher("sha256").update(react).digest("hex").slice(0, 12)}.js`);
  });

  test("/contact names the form's and the toaster's scripts, each next to its island, and the configuration", async () => {
    const html = await (await app.request("/contact")).text();
    expect(html).toContain('data-island="ContactMessageForm"');
    expect(html).toContain('data-island="Toaster"');
    expect(moduleScripts(html).sort()).toEqual([manifest.shell, manifest.islands.ContactMessageForm, manifest.islands.Toaster].sort());
    expect(html).toContain('<script type="application/json" id="app-config">');
  });
});

describe("the admin's own bundle (docs/decisions/145-admin-bundle-of-its-own.md)", () => {
  test("its entry and chunks share no file with any public island's but React's, and hold no public page's module", () => {
    const admin = everything(manifest.islands.AdminIsland!);
    const publicFiles = new Set(Object.entries(manifest.islands).filter(([name]) => name !== "AdminIsland").flatMap(([, url]) => [...everything(url)]));
    expect([...admin].filter((f) => publicFiles.has(f))).toEqual([manifest.react]);
    // Its lazy chunks (the dashboard, the dialog, Outcomes) are named as its own.
    expect([...admin].filter((f) => f !== manifest.react && f !== manifest.islands.AdminIsland).every((f) => /^\/assets\/admin-[^/]+\.js$/.test(f))).toBe(true);
    expect([...admin].length).toBeGreaterThan(3);
    const text = [...admin].filter((f) => f !== manifest.react).map((f) => readFileSync(join(PUBLIC_DIR, f), "utf8")).join("\n");
    expect(text).toContain("Admin Login");
    expect(text).not.toContain("Send Message");
    // And no public island reaches the admin's words.
    const publicText = [...publicFiles].filter((f) => f !== manifest.react).map((f) => readFileSync(join(PUBLIC_DIR, f), "utf8")).join("\n");
    expect(publicText).not.toContain("Admin Login");
    expect(publicText).not.toContain("Review Profile");
  });

  test("/admin names its island's script alone, with the toaster drawn inside it", async () => {
    const html = await (await app.request("/admin")).text();
    expect(moduleScripts(html).sort()).toEqual([manifest.shell, manifest.islands.AdminIsland].sort());
    expect(html).toContain('data-testid="toast-viewport"');
    expect(html).not.toContain('data-island="Toaster"');
  });
});

describe("island()", () => {
  const Echo = island("Echo", ({ text }: { text: string }) => <p>{text}</p>);

  test("draws the component in its element, its props as JSON after it that no string can break out of", () => {
    const hostile = "</script><script>alert(1)</script>\u2028";
    const drawn = new Set<string>();
    const html = renderToString(
      <IslandCollector.Provider value={drawn}>
        <Echo text={hostile} />
      </IslandCollector.Provider>,
    );
    expect([...drawn]).toEqual(["Echo"]);
    expect(html).toStartWith('<div data-island="Echo" class="contents"><p>');
    const props = /<script type="application\/json" data-island-props="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(props).toBeDefined();
    expect(props).not.toContain("<");
    expect(JSON.parse(props!)).toEqual({ text: hostile });
  });

  test("an island inside another is drawn as part of it: no element, no props, no script of its own", () => {
    const Outer = island("Outer", () => <Echo text="inner" />);
    const drawn = new Set<string>();
    const html = renderToString(
      <IslandCollector.Provider value={drawn}>
        <Outer />
      </IslandCollector.Provider>,
    );
    expect([...drawn]).toEqual(["Outer"]);
    expect(html.match(/data-island=/g)).toHaveLength(1);
  });
});
