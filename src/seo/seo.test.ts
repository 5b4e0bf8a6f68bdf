import { afterAll, describe, expect, test } from "bun:test";
import { testApp, testContext } from "../testing/context.ts";

const ctx = testContext({ PUBLIC_URL: "https://profileboost.example" });
const app = testApp(ctx);
afterAll(() => ctx.cleanup());

const MARKETING = ["/", "/services", "/pricing", "/about", "/contact", "/privacy-policy", "/terms-of-service"];

describe("robots.txt, sitemap.xml and page meta", () => {
  test("the sitemap lists exactly the marketing pages under PUBLIC_URL", async () => {
    const res = await app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(MARKETING.map((p) => `https://profileboost.example${p}`).sort());
  });

  test("robots.txt allows the site, keeps private pages out and names the sitemap", async () => {
    const res = await app.request("/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /view-results");
    expect(text).toContain("Sitemap: https://profileboost.example/sitemap.xml");
  });

  test("every page in the sitemap renders with its own title and description", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of MARKETING) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)![1]!;
      const description = /<meta name="description" content="([^"]+)">/.exec(html)![1]!;
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toContain('<meta property="og:image" content="https://profileboost.example/og-image.jpg">');
      titles.add(title);
      descriptions.add(description);
    }
    expect(titles.size).toBe(MARKETING.length);
    expect(descriptions.size).toBe(MARKETING.length);
  });
});

test("the Open Graph image is served", async () => {
  const res = await app.request("/og-image.jpg");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/jpeg");
});

describe("private pages", () => {
  test("answer X-Robots-Tag noindex; public pages do not", async () => {
    const ctx = testContext();
    const app = testApp(ctx);
    try {
      for (const path of ["/view-results?id=abc", "/admin", "/success?session_id=x", "/upload?plan=basic&price=6.99", "/checkout?orderId=x"]) {
        expect((await app.request(path)).headers.get("x-robots-tag")).toBe("noindex, nofollow");
      }
      for (const path of ["/", "/pricing", "/administrators-are-not-a-page", "/uploads-guide"]) {
        expect((await app.request(path)).headers.get("x-robots-tag")).toBeNull();
      }
    } finally {
      ctx.cleanup();
    }
  });
});
