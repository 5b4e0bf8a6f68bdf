import { afterEach, describe, expect, test } from "bun:test";
import { CONTACT_RATE_LIMIT } from "../shared/contact/schema.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { ANONYMOUS_LIMITS, SlidingWindowLimiter } from "./rate-limit.ts";

let ctx: TestContext | undefined;
afterEach(() => {
  ctx?.cleanup();
  ctx = undefined;
});

/** Every anonymous write route and its limit. The body does not matter: every attempt counts, valid or not. */
const ROUTES: [string, keyof typeof ANONYMOUS_LIMITS][] = [
  ["/api/profiles", "profiles"],
  ["/api/orders", "orders"],
  ["/api/create-checkout-session", "checkout"],
  ["/api/create-payment-intent", "checkout"],
  ["/api/process-order", "processOrder"],
  ["/api/contact", "contact"],
  ["/api/profiles/01ARZ3NDEKTSV4RRFFQ69G5FAV/revision-request", "revisionRequest"],
  ["/api/local-checkout/cs_local_x/pay", "localPay"],
];

const from = (address: string) => ({ requestIP: () => ({ address, family: address.includes(":") ? "IPv6" : "IPv4", port: 40000 }) });
const post = (app: ReturnType<typeof testApp>, path: string, address = "203.0.113.9") =>
  app.request(path, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }, from(address));

describe("rate limits on every anonymous write", () => {
  for (const [path, name] of ROUTES) {
    test(`POST ${path}: ${ANONYMOUS_LIMITS[name].max} per client, then 429 with Retry-After and a clear message`, async () => {
      ctx = testContext({ RATE_LIMIT_SCALE: "1" });
      const app = testApp(ctx);
      for (let i = 0; i < ANONYMOUS_LIMITS[name].max; i++) expect((await post(app, path)).status).not.toBe(429);
      const res = await post(app, path);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Too many .* Please try again in \d+ minute/);
      // Another client is not affected, nor is another route.
      expect((await post(app, path, "198.51.100.7")).status).not.toBe(429);
    });
  }

  /** The reads behind the payment pages (issue 27, item 5): each may ask the provider and write. */
  const READS: [string, keyof typeof ANONYMOUS_LIMITS][] = [
    ["/api/verify-payment/cs_unknown_session", "verifyPayment"],
    ["/api/local-checkout/unknown_session", "localCheckout"],
  ];
  for (const [path, name] of READS) {
    test(`GET ${path}: ${ANONYMOUS_LIMITS[name].max} per client, then 429 with Retry-After and a clear message`, async () => {
      ctx = testContext({ RATE_LIMIT_SCALE: "1" });
      const app = testApp(ctx);
      const get = (address: string) => app.request(path, {}, from(address));
      for (let i = 0; i < ANONYMOUS_LIMITS[name].max; i++) expect((await get("203.0.113.9")).status).toBe(404);
      const res = await get("203.0.113.9");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Too many .* Please try again in \d+ minute/);
      expect((await get("198.51.100.7")).status).toBe(404);
    });
  }

  test("the contact limit is the one the privacy policy states", () => {
    expect(ANONYMOUS_LIMITS.contact).toBe(CONTACT_RATE_LIMIT);
  });

  test("RATE_LIMIT_SCALE multiplies every anonymous limit", async () => {
    ctx = testContext({ RATE_LIMIT_SCALE: "3" });
    const app = testApp(ctx);
    const max = ANONYMOUS_LIMITS.orders.max * 3;
    for (let i = 0; i < max; i++) expect((await post(app, "/api/orders")).status).not.toBe(429);
    expect((await post(app, "/api/orders")).status).toBe(429);
  });
});

describe("SlidingWindowLimiter", () => {
  test("allows max hits per window per key, then tells how long to wait", () => {
    let t = 0;
    const limiter = new SlidingWindowLimiter(2, 1000, () => t);
    expect(limiter.hit("a")).toBe(0);
    t = 400;
    expect(limiter.hit("a")).toBe(0);
    expect(limiter.hit("b")).toBe(0);
    t = 500;
    expect(limiter.hit("a")).toBe(500);
    t = 1001;
    expect(limiter.hit("a")).toBe(0);
  });

  test("an address is forgotten once its last hit leaves the window, even if nobody else writes", async () => {
    const limiter = new SlidingWindowLimiter(2, 40, Date.now);
    limiter.hit("203.0.113.9");
    limiter.hit("203.0.113.9");
    limiter.hit("203.0.113.9"); // refused: does not extend how long the address is kept
    limiter.hit("198.51.100.7");
    expect([...limiter["hits"].keys()]).toEqual(["203.0.113.9", "198.51.100.7"]);
    await Bun.sleep(100);
    expect(limiter["hits"].size).toBe(0);
  });
});
