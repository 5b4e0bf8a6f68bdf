import { afterAll, describe, expect, test } from "bun:test";
import { testApp, testContext } from "./testing/context.ts";

const ctx = testContext();
const app = testApp(ctx);
afterAll(() => ctx.cleanup());

describe("API errors", () => {
  test("an unknown /api path is a 404 JSON message", async () => {
    const res = await app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    expect(await res.json()).toEqual({ message: "No API route for GET /api/nope" });
  });

  test("a body that is neither JSON nor multipart is a 415 JSON message", async () => {
    const res = await app.request("/api/contact", { method: "POST", body: "hello", headers: { "Content-Type": "text/plain" } });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/application\/json/);
  });

  test("a JSON body over the limit is a 413 JSON message", async () => {
    const res = await app.request("/api/contact", {
      method: "POST",
      body: JSON.stringify({ message: "x".repeat(300 * 1024) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/larger than/);
  });

  test("a multipart body to any route but the upload route gets the same limit", async () => {
    const form = new FormData();
    form.append("blob", new File(["x".repeat(300 * 1024)], "big.bin"));
    const res = await app.request("/api/webhooks/stripe", { method: "POST", body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/larger than/);
  });
});

describe("health", () => {
  test("/healthz answers ok while the database answers", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("/healthz answers 503 when the database is gone", async () => {
    const other = testContext();
    const otherApp = testApp(other);
    other.store.close();
    const res = await otherApp.request("/healthz");
    expect(res.status).toBe(503);
    other.cleanup();
  });
});

describe("pages", () => {
  test("a page is server-rendered HTML with its own title, never cached", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toStartWith("<!doctype html>");
    expect(html).toContain("<title>ProfileBoost: expert dating profile optimization</title>");
    expect(html).toContain("Get Started");
    expect(html).toContain("Expert dating profile optimization service.");
    expect(html).toEndWith("</div></body></html>");
  });

  test("an unknown path is a 404 page with the not-found text", async () => {
    const res = await app.request("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  test("every response carries security headers and a fresh CSP nonce that the page's scripts use", async () => {
    const [a, b] = await Promise.all([app.request("/"), app.request("/")]);
    await b.clone().text();
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(b.headers.get("content-security-policy")!)![1]);
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // scripts: no unsafe-inline
    expect(/script-src ([^;]+)/.exec(csp)![1]).not.toContain("unsafe-inline");
    const html = await a.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    for (const attrs of scripts.filter((s) => !s.includes('type="application/json"'))) {
      expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const api = await app.request("/api/nope");
    expect(api.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  test("the public configuration embedded in the page carries no secret", async () => {
    const secretCtx = testContext({
      STRIPE_SECRET_KEY: "sk_test_do_not_leak",
      STRIPE_WEBHOOK_SECRET: "whsec_do_not_leak",
      STRIPE_PUBLISHABLE_KEY: "pk_test_public",
      OPENAI_API_KEY: "openai-do-not-leak",
      SMTP_URL: "smtp://user:do-not-leak@mail.example.com:587",
    });
    const html = await (await testApp(secretCtx).request("/")).text();
    expect(html).not.toContain("do_not_leak");
    expect(html).not.toContain("do-not-leak");
    expect(html).toContain("pk_test_public");
    secretCtx.cleanup();
  });

  test("hashed assets are cached immutably; public files moderately; missing assets are 404", async () => {
    const html = await (await app.request("/")).text();
    const css = /href="(\/assets\/styles-[a-f0-9]+\.css)"/.exec(html)![1]!;
    const js = /src="(\/assets\/entry-[a-z0-9]+\.js)"/.exec(html)![1]!;
    for (const path of [css, js]) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const logo = await app.request("/logo.svg");
    expect(logo.status).toBe(200);
    expect(logo.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await app.request("/assets/nope-123.js")).status).toBe(404);
  });

  test("static files cannot be read from outside public/", async () => {
    for (const path of ["/../package.json", "/%2e%2e/package.json", "/assets/..%2f..%2fpackage.json"]) {
      const res = await app.request(path);
      expect(await res.text()).not.toContain('"dependencies"');
    }
  });
});

describe("request log", () => {
  test("logs method, path, status and time, without the query string", async () => {
    await app.request("/api/nope?session_id=cs_secret");
    const line = ctx.log.lines.find((l) => l.startsWith("GET /api/nope "));
    expect(line).toMatch(/^GET \/api\/nope 404 \d+\.\dms$/);
    expect(ctx.log.lines.join("\n")).not.toContain("cs_secret");
  });
});
