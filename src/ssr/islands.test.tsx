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
  for (const [, file] of text.matchAll(/from\s*"\.\/([^"]+\.js)"|import\s*"\.\/([^"]+\.js)"/g)) if (file) closure(`/assets/${file}`, seen);
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
  test("each island's first load runs on preact/compat, never React DOM, and stays within the 90 KB budget of a form page", () => {
    for (const [name, url] of Object.entries(manifest.islands)) {
      const texts = [...closure(url)].map((f) => readFileSync(join(PUBLIC_DIR, f)));
      // React DOM's production build names its errors by URL; Preact has no such text.
      for (const text of texts) expect({ name, react: /react\.dev\/errors|__CLIENT_INTERNALS/.test(text.toString()) }).toEqual({ name, react: false });
      expect({ name, under: texts.reduce((n, t) => n + gzipSync(t, { level: 9 }).byteLength, 0) < 90 * 1024 }).toEqual({ name, under: true });
    }
  });

  test("/contact names the form's and the toaster's scripts, each next to its island, and the configuration", async () => {
    const html = await (await app.request("/contact")).text();
    expect(html).toContain('data-island="ContactMessageForm"');
    expect(html).toContain('data-island="Toaster"');
    expect(moduleScripts(html).sort()).toEqual([manifest.shell, manifest.islands.ContactMessageForm, manifest.islands.Toaster].sort());
    expect(html).toContain('<script type="application/json" id="app-config">');
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
