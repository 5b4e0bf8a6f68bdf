import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createApp } from "../app.ts";
import { testApp, testContext } from "../testing/context.ts";
import { readManifest, type AssetManifest } from "./assets.ts";
import { CACHED_PAGE_PATHS, chooseEncoding, inlineScriptHashes, matchesETag } from "./page-cache.ts";
import { findPage } from "../web/routes.tsx";

const dev = testContext();
const devApp = testApp(dev);
const prod = testContext({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" });
const prodApp = testApp(prod);
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

const scriptSrc = (res: Response) => /script-src ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

/** Headers that say how this response was made rather than what the page is: they differ by design. */
const CACHING_HEADERS = new Set(["etag", "cache-control", "content-length", "date"]);

describe("cached pages", () => {
  test("the list names real pages, none of them internal, private or reading its query string", () => {
    for (const path of CACHED_PAGE_PATHS) {
      const page = findPage(path);
      expect(page?.path).toBe(path);
      expect(page?.internal).toBeUndefined();
      expect(page?.redirect).toBeUndefined();
    }
  });

  test.each([...CACHED_PAGE_PATHS])("%s: the same bytes each time, with a strong ETag, revalidated by the browser", async (path) => {
    const a = await devApp.request(path);
    const b = await devApp.request(path);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(a.headers.get("cache-control")).toBe("no-cache");
    const etag = a.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(b.headers.get("etag")).toBe(etag);
    const bytes = new Uint8Array(await a.arrayBuffer());
    expect(a.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(new Uint8Array(await b.arrayBuffer())).toEqual(bytes);
    const html = new TextDecoder().decode(bytes);
    expect(html).toStartWith("<!doctype html>");
    expect(html).toEndWith("</body></html>");
    expect(html).toContain(`<title>${findPage(path)!.meta.title.replace(/&/g, "&amp;")}</title>`);
  });

  test("a matching If-None-Match is a 304 without a body; any other tag gets the page", async () => {
    const first = await devApp.request("/pricing");
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await devApp.request("/pricing", { headers: { "If-None-Match": header } });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      // The 304 refreshes the browser's stored headers: its CSP must still allow the stored page's scripts.
      expect(res.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    }
    for (const header of ['"other"', etag.slice(0, -1), `${etag}x`, "", `"${"a".repeat(4000)}"`, "\u00ff\u00fe", ",,,,", "W/"]) {
      const res = await devApp.request("/pricing", { headers: { "If-None-Match": header } });
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).toBe(etag);
      expect((await res.text()).length).toBeGreaterThan(1000);
    }
    // Another page's tag does not match this one.
    const home = (await devApp.request("/")).headers.get("etag")!;
    expect((await devApp.request("/pricing", { headers: { "If-None-Match": home } })).status).toBe(200);
  });

  test("HEAD answers the headers of GET, Content-Length included, and no body", async () => {
    const get = await devApp.request("/about");
    const head = await devApp.request("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-security-policy")).toBe(get.headers.get("content-security-policy"));
    const revalidated = await devApp.request("/about", { method: "HEAD", headers: { "If-None-Match": get.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
  });

  test("over a real socket: HEAD sends GET's Content-Length and no body; a 304 sends no body", async () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: devApp.fetch });
    const exchange = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let text = "";
        const socket = connect(server.port!, "127.0.0.1", () => socket.write(`${request}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
        socket.on("data", (chunk) => (text += chunk.toString("latin1")));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
    try {
      const get = await exchange("GET /terms-of-service HTTP/1.1");
      const [getHead = "", getBody = ""] = get.split("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(getHead)?.[1];
      expect(Number(length)).toBe(Buffer.byteLength(getBody, "latin1"));
      const head = await exchange("HEAD /terms-of-service HTTP/1.1");
      expect(head).toStartWith("HTTP/1.1 200");
      expect(head).toMatch(new RegExp(`\r\ncontent-length: ${length}\r\n`, "i"));
      expect(head).toEndWith("\r\n\r\n");
      const etag = /\r\netag: ("[^"]+")/i.exec(getHead)![1];
      const notModified = await exchange(`GET /terms-of-service HTTP/1.1\r\nIf-None-Match: ${etag}`);
      expect(notModified).toStartWith("HTTP/1.1 304");
      expect(notModified).toEndWith("\r\n\r\n");
    } finally {
      server.stop(true);
    }
  });

  test("brotli and gzip are compressed once, each with its own ETag, and decode to the same page", async () => {
    const plain = await devApp.request("/");
    const plainBytes = new Uint8Array(await plain.arrayBuffer());
    const br = await devApp.request("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const gz = await devApp.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const brBytes = new Uint8Array(await br.arrayBuffer());
    const gzBytes = new Uint8Array(await gz.arrayBuffer());
    expect(br.headers.get("content-length")).toBe(String(brBytes.byteLength));
    expect(gz.headers.get("content-length")).toBe(String(gzBytes.byteLength));
    expect(brBytes.byteLength).toBeLessThan(plainBytes.byteLength / 3);
    expect(new Uint8Array(brotliDecompressSync(brBytes))).toEqual(plainBytes);
    expect(new Uint8Array(gunzipSync(gzBytes))).toEqual(plainBytes);
    const tags = [plain, br, gz].map((r) => r.headers.get("etag"));
    expect(new Set(tags).size).toBe(3);
    // A browser holding the gzip copy does not get a 304 for the brotli one.
    const crossed = await devApp.request("/", { headers: { "Accept-Encoding": "br", "If-None-Match": gz.headers.get("etag")! } });
    expect(crossed.status).toBe(200);
    expect(crossed.headers.get("content-encoding")).toBe("br");
  });

  test("hash-based CSP: script-src names the SHA-256 of every inline script, and no nonce appears anywhere", async () => {
    for (const path of CACHED_PAGE_PATHS) {
      const res = await devApp.request(path);
      const html = await res.text();
      expect(html).not.toContain("nonce=");
      expect(res.headers.get("content-security-policy")).not.toContain("'nonce-");
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline.length).toBeGreaterThan(0); // the theme script, at least
      const sources = scriptSrc(res).split(" ");
      for (const text of inline) expect(sources).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      expect(sources).toEqual(["'self'", ...inlineScriptHashes(html)]);
      expect(sources.join(" ")).not.toContain("unsafe-inline");
    }
  });

  test("rendered once per process: a later change of what the page shows does not reach the cached bytes", async () => {
    const ctx = testContext({ SUPPORT_EMAIL: "first@example.com" });
    const app = testApp(ctx);
    expect(await (await app.request("/contact")).text()).toContain("first@example.com");
    (ctx.config.mail as { supportEmail: string }).supportEmail = "second@example.com";
    expect(await (await app.request("/contact")).text()).toContain("first@example.com");
    // A page rendered per request (a query string) shows the change: the cache, not the configuration, kept the old one.
    expect(await (await app.request("/contact?from=footer")).text()).toContain("second@example.com");
    ctx.cleanup();
  });

  test("concurrent first requests all get the page, under one ETag", async () => {
    const ctx = testContext();
    const app = testApp(ctx);
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.request("/services")));
    const tags = new Set(responses.map((r) => r.headers.get("etag")));
    expect(tags.size).toBe(1);
    expect([...tags][0]).toBeTruthy();
    ctx.cleanup();
  });

  test("a new asset build is a new page: the HTML names the new files and the old ETag no longer matches", async () => {
    const built = readManifest();
    let manifest: AssetManifest = built;
    const app = createApp(dev, { assets: () => manifest });
    const before = await app.request("/");
    const etag = before.headers.get("etag")!;
    expect(await before.text()).toContain(built.shell);
    manifest = { ...built, shell: "/assets/shell-rebuilt0.js", css: "/assets/styles-rebuilt0.css" };
    const after = await app.request("/", { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const html = await after.text();
    expect(html).toContain('src="/assets/shell-rebuilt0.js"');
    expect(html).toContain('href="/assets/styles-rebuilt0.css"');
    expect(html).not.toContain(built.shell);
  });
});

describe("the same page as the uncached path draws it", () => {
  for (const [name, app] of [
    ["development", devApp],
    ["production", prodApp],
  ] as const) {
    test.each([...CACHED_PAGE_PATHS])(`${name}: %s has today's security headers and bytes, the nonce swapped for hashes`, async (path) => {
      const cached = await app.request(path);
      // A query string takes the per-request path: the same page, rendered with a fresh nonce.
      const fresh = await app.request(`${path}?utm_source=test`);
      expect(fresh.headers.get("etag")).toBeNull();
      expect(fresh.headers.get("cache-control")).toBe("no-store");
      const nonce = nonceOf(fresh)!;
      expect(nonce).toBeTruthy();

      const rest = (res: Response) => [...res.headers].filter(([k]) => !CACHING_HEADERS.has(k) && k !== "content-security-policy");
      expect(rest(cached)).toEqual(rest(fresh));
      if (name === "production") expect(cached.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
      const hashes = scriptSrc(cached).split(" ").filter((s) => s.startsWith("'sha256-"));
      expect(hashes.length).toBeGreaterThan(0);
      expect(cached.headers.get("content-security-policy")).toBe(fresh.headers.get("content-security-policy")!.replace(`'nonce-${nonce}'`, hashes.join(" ")));

      const freshHtml = (await fresh.text()).replaceAll(` nonce="${nonce}"`, "");
      expect(await cached.text()).toBe(freshHtml);
    });
  }
});

describe("pages that vary are rendered per request", () => {
  test.each([
    "/view-results?id=0123456789abcdef0123456789abcdef",
    "/view-results",
    "/success?session_id=abc",
    "/success",
    "/admin",
    "/checkout?orderId=abc&price=9.99",
    "/plan-details?plan=premium&price=9.99",
    "/pricing?plan=premium",
    "/?ref=newsletter",
    "/pricing/",
    "/PRICING",
    "/%70ricing",
    "/no/such/page",
  ])("%s: no ETag, no-store, a fresh nonce on each response", async (path) => {
    const [a, b] = await Promise.all([devApp.request(path), devApp.request(path)]);
    expect(a.headers.get("etag")).toBeNull();
    expect(a.headers.get("cache-control")).toBe("no-store");
    const nonce = nonceOf(a)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(nonceOf(b)).not.toBe(nonce);
    const html = await a.text();
    for (const [, attrs] of html.matchAll(/<script([^>]*)>/g)) {
      if (!attrs!.includes('type="application/json"')) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    await b.arrayBuffer();
  });

  test("an If-None-Match on a page that varies is ignored", async () => {
    const res = await devApp.request("/success", { headers: { "If-None-Match": "*" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<!doctype html>");
  });

  test("only GET and HEAD reach the cache", async () => {
    const res = await devApp.request("/pricing", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(res.headers.get("etag")).toBeNull();
    expect(res.status).toBe(404);
  });
});

describe("negotiation", () => {
  test.each([
    [undefined, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["gzip", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["BR;Q=1, GZIP;q=1", "br"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["deflate", "identity"],
    ["gzip;q=abc, br;q=", "identity"],
    [";;;,,,", "identity"],
    ["x".repeat(10_000), "identity"],
  ] as const)("Accept-Encoding %p chooses %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  test("If-None-Match compares weakly and lists", () => {
    expect(matchesETag('"a"', '"a"')).toBe(true);
    expect(matchesETag('W/"a"', '"a"')).toBe(true);
    expect(matchesETag(' "b" , "a" ', '"a"')).toBe(true);
    expect(matchesETag("*", '"a"')).toBe(true);
    expect(matchesETag(undefined, '"a"')).toBe(false);
    expect(matchesETag('"a-gzip"', '"a"')).toBe(false);
    expect(matchesETag("a", '"a"')).toBe(false);
  });

  test("inline scripts are hashed; external scripts and JSON data blocks are not", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/json">{"c":1}</script><script>a()</script>`;
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});
