import { afterAll, describe, expect, test } from "bun:test";
import { adminCookie } from "../../testing/admin.ts";
import { testApp, testContext } from "../../testing/context.ts";

const dev = testContext();
const devApp = testApp(dev);
const prod = testContext({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" });
const prodApp = testApp(prod);
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

const INTERNAL = [
  "/test-payment",
  "/simple-payment",
  "/stripe-test",
  "/payment-check",
  "/basic-payment-test",
  "/payment-test",
  "/stripe-checkout-test",
  "/simple-checkout",
  "/direct-checkout",
];

describe("payment pages (server-rendered)", () => {
  test.each([
    ["/checkout?orderId=abc&price=9.99", "Complete Your Purchase"],
    ["/checkout-redirect?orderId=abc&price=9.99&planId=premium", "Processing Payment"],
    ["/preparing-checkout?planId=premium&price=9.99", "Preparing Checkout"],
    ["/card-payment?planId=elite&price=49.99&orderId=abc", "Elite Package"],
    ["/success?session_id=abc", "Failed to verify payment"],
    ["/pay/abcdefghijklmnopqrstuvwxyz", "Loading payment details..."],
  ])("%s renders with status 200", async (path, text) => {
    const res = await devApp.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(text);
  });

  test("with the local provider the checkout page's CSP allows nothing from Stripe (src/ssr/headers.test.ts: with Stripe)", async () => {
    const csp = (await devApp.request("/checkout?orderId=a")).headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).not.toContain("stripe.com");
  });

  test.each(INTERNAL)("internal page %s is served in development", async (path) => {
    const res = await devApp.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("404 Page Not Found");
  });

  test.each(INTERNAL)("internal page %s is a 404 in production", async (path) => {
    const res = await prodApp.request(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("<title>Page not found | ProfileBoost</title>");
  });

  test.each(INTERNAL)("internal page %s is open to a signed-in administrator in production", async (path) => {
    const res = await prodApp.request(path, { headers: { Cookie: adminCookie(prod.store.db, "admin", { production: true }) } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("404 Page Not Found");
  });

  test("in production a test payment without an order is refused, but for a signed-in administrator", async () => {
    const pay = (headers: Record<string, string> = {}) =>
      prodApp.request("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ amount: 14.99 }) });
    expect((await pay()).status).toBe(400);
    const res = await pay({ Cookie: adminCookie(prod.store.db, "admin", { production: true }) });
    expect(res.status).toBe(200);
    expect((await res.json()).amount).toBe(1499);
  });

  test("the customer payment pages stay public in production", async () => {
    expect((await prodApp.request("/success?session_id=x")).status).toBe(200);
    expect((await prodApp.request("/checkout?orderId=x")).status).toBe(200);
  });
});
