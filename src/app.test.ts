import { afterAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { consoleLogger } from "./log.ts";
import { testApp, testContext } from "./testing/context.ts";
import { startServer, type RunningServer } from "./testing/server.ts";

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
  test("/favicon.ico, which browsers ask for on documents naming no icon, leads to the site's icon, not a 404 page", async () => {
    const res = await app.request("/favicon.ico");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/favicon.svg");
    const icon = await app.request("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
  });

  test("a page is server-rendered HTML with its own title", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // The home page is the same for everyone: kept by the browser, revalidated each time (src/ssr/page-cache.ts).
    expect(res.headers.get("cache-control")).toBe("no-cache");
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

  test("every response carries security headers; a page rendered per request, a fresh CSP nonce that its scripts use", async () => {
    // The marketing pages use script hashes instead (src/ssr/page-cache.test.ts).
    const [a, b] = await Promise.all([app.request("/success"), app.request("/success")]);
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
    // A page with islands carries the public configuration (/contact: its form is one).
    const html = await (await testApp(secretCtx).request("/contact")).text();
    expect(html).not.toContain("do_not_leak");
    expect(html).not.toContain("do-not-leak");
    expect(html).toContain("pk_test_public");
    secretCtx.cleanup();
  });

  test("hashed assets are cached immutably; public files moderately; missing assets are 404", async () => {
    const html = await (await app.request("/")).text();
    const css = /href="(\/assets\/styles-[a-f0-9]+\.css)"/.exec(html)![1]!;
    const js = /src="(\/assets\/shell-[a-z0-9]+\.js)"/.exec(html)![1]!;
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

describe("odd requests, honest logs", () => {
  const errorsLogged = () => ctx.log.lines.filter((l) => l.startsWith("ERROR"));

  test("control characters in a path are escaped in the log, so no line can be forged", async () => {
    const res = await app.request("/x%0d%0a2026-01-01T00:00:00.000Z%20GET%20/admin%20200%200.1ms");
    expect(res.status).toBe(400);
    const line = ctx.log.lines.find((l) => l.startsWith("GET /x"));
    expect(line).toMatch(/^GET \/x\\r\\n2026-01-01T00:00:00\.000Z GET \/admin 200 0\.1ms 400 \d+\.\dms$/);
    expect(ctx.log.lines.some((l) => /[\x00-\x1f\x7f]/.test(l))).toBe(false);
  });

  test("every logger escapes control characters in what it writes, messages and errors alike", () => {
    const written: string[] = [];
    const [log, error] = [console.log, console.error];
    console.log = console.error = (...args: unknown[]) => void written.push(args.map(String).join(" "));
    try {
      consoleLogger.info("a\nb\u0000c");
      consoleLogger.error("d\re", new Error("f\ng"));
    } finally {
      [console.log, console.error] = [log, error];
    }
    expect(written[0]).toEndWith(" a\\nb\\u0000c");
    expect(written[1]).toContain("ERROR d\\re Error: f\\ng");
    // The stack's own lines stay lines; nothing else starts one.
    expect(written[1]!.split("\n").slice(1).every((l) => l.startsWith("    at "))).toBe(true);
  });

  test("a NUL byte in the path is a 400, not a 500", async () => {
    for (const path of ["/pricing%00.json", "/assets/x%00.js"]) {
      const res = await app.request(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "The request path is not valid." });
    }
    expect(errorsLogged()).toEqual([]);
  });

  test("a path segment longer than any file name is a 404, not a 500", async () => {
    for (const path of [`/a/${"b".repeat(5000)}.json`, `/${"c".repeat(256)}.png`, `/assets/${"d".repeat(300)}.js`]) {
      expect((await app.request(path)).status).toBe(404);
    }
    expect(errorsLogged()).toEqual([]);
  });
});

describe("odd requests against the real server", () => {
  let server: RunningServer;
  afterAll(() => server?.cleanup());

  async function raw(text: string, { hangUpAfterMs }: { hangUpAfterMs?: number } = {}): Promise<string> {
    const socket = connect(server.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => (answer += d));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    socket.write(text);
    if (hangUpAfterMs !== undefined) {
      await Bun.sleep(hangUpAfterMs);
      socket.destroy();
    }
    await closed;
    return answer;
  }

  test("HTTP/1.0 without a Host header is a 400 with a message, and no stack in the log", async () => {
    server = await startServer();
    for (const path of ["/", "/api/orders"]) {
      const answer = await raw(`GET ${path} HTTP/1.0\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.[01] 400 /);
      expect(answer).toContain('{"message":"The request needs a Host header."}');
    }
    expect(server.output()).not.toContain("ERROR");
  });

  test("a client that hangs up mid-upload is logged as a disconnect, not a 500", async () => {
    const before = server.output().length;
    await raw(
      'POST /api/profiles HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=abc\r\nContent-Length: 100000\r\n\r\n--abc\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nxxxx',
      { hangUpAfterMs: 200 },
    );
    let log = "";
    for (let i = 0; i < 40 && !log.includes("POST /api/profiles"); i++) {
      await Bun.sleep(50);
      log = server.output().slice(before);
    }
    expect(log).toMatch(/POST \/api\/profiles disconnected after \d+\.\dms/);
    expect(log).not.toContain("ERROR");
    expect(log).not.toContain(" 500 ");
  });
});
