import { afterAll, describe, expect, test } from "bun:test";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext } from "../testing/context.ts";

const STRIPE_ENV = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };
const local = testContext();
const stripe = testContext(STRIPE_ENV);
const apps = { local: testApp(local), stripe: testApp(stripe) };
afterAll(() => {
  local.cleanup();
  stripe.cleanup();
});

/** One path of each page type: a cached marketing page, a rendered one, the order form, a payment page, the results, the admin, the API. */
const PAGE_TYPES = {
  marketing: "/pricing",
  contact: "/contact",
  "order form": "/upload?plan=Premium&price=9.99&planId=premium",
  "local checkout": "/pay/abcdefghijklmnopqrstuvwxyz",
  success: "/success?session_id=abc",
  results: "/view-results?id=abc",
  admin: "/admin",
  api: "/api/profiles/abc/results",
  health: "/healthz",
} as const;

const directive = (csp: string, name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `) || d === name) ?? "";
const headersOf = async (provider: keyof typeof apps, path: string, init?: RequestInit) => {
  const res = await apps[provider].request(path, init);
  return { status: res.status, csp: res.headers.get("content-security-policy") ?? "", permissions: res.headers.get("permissions-policy") ?? "" };
};
const DENIED = ["camera=()", "microphone=()", "geolocation=()"];

describe("headers per page type (issue 31, item 6)", () => {
  for (const provider of ["local", "stripe"] as const) {
    test.each(Object.entries(PAGE_TYPES))(`${provider} payments: %s (%s) allows nothing from Stripe, and denies camera, microphone, geolocation and payment`, async (_type, path) => {
      const { csp, permissions } = await headersOf(provider, path);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain("stripe.com");
      expect(directive(csp, "frame-src")).toBe("frame-src 'none'");
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
      for (const denied of [...DENIED, "payment=()"]) expect(permissions.split(", ")).toContain(denied);
    });
  }

  test("the signed-in admin gets the same: no Stripe host on /admin with Stripe configured", async () => {
    const cookie = adminCookie(stripe.store.db, "admin");
    const { status, csp, permissions } = await headersOf("stripe", "/admin", { headers: { Cookie: cookie } });
    expect(status).toBe(200);
    expect(csp).not.toContain("stripe.com");
    expect(permissions).toContain("payment=()");
  });

  test("with Stripe configured, the checkout page allows Stripe's script, frames and API, and the Payment Request API to Stripe only", async () => {
    const { csp, permissions } = await headersOf("stripe", "/checkout?orderId=abc&price=9.99");
    expect(directive(csp, "script-src")).toMatch(/^script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com$/);
    expect(directive(csp, "frame-src")).toBe("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://api.stripe.com");
    for (const denied of DENIED) expect(permissions.split(", ")).toContain(denied);
    expect(permissions).toContain(`payment=(self "https://js.stripe.com")`);
  });

  test("with the local provider, the same checkout page allows nothing from Stripe", async () => {
    const { csp, permissions } = await headersOf("local", "/checkout?orderId=abc&price=9.99");
    expect(csp).not.toContain("stripe.com");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(permissions).toContain("payment=()");
  });

  test("a cached marketing page keeps its hash-based script-src, without Stripe's hosts even when Stripe is configured", async () => {
    const { csp } = await headersOf("stripe", "/");
    const sources = directive(csp, "script-src").split(" ").filter(Boolean).slice(1);
    expect(sources[0]).toBe("'self'");
    expect(sources.slice(1).every((s) => s.startsWith("'sha256-"))).toBe(true);
  });
});
