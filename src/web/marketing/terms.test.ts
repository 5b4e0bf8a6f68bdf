/**
 * The Terms of Service as a visitor reads them (the server-rendered page): every plan that can be bought, from the
 * plan table, and a sentence about card details that is true of whichever payment provider runs.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { formatUsd, PLANS } from "../../shared/orders/plans.ts";
import { testApp, testContext, type TestContext } from "../../testing/context.ts";

let ctx: TestContext | undefined;
afterEach(() => {
  ctx?.cleanup();
  ctx = undefined;
});

async function terms(env: Record<string, string> = {}): Promise<string> {
  ctx = testContext(env);
  const res = await testApp(ctx).request("/terms-of-service");
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/\s([),.:;])/g, "$1");
}

describe("the rendered Terms of Service", () => {
  test("list every plan that can be bought, Elite included, with its price and delivery time", async () => {
    const text = await terms();
    for (const plan of Object.values(PLANS)) {
      expect(text).toContain(`${plan.title}: ${formatUsd(plan.priceCents)}, delivered within ${plan.deliveryHours} hours.`);
    }
    expect(text).toContain("Elite: $49.99, delivered within 12 hours.");
    expect(text).toContain("Premium includes 1 revision; Elite includes 1 revision");
    expect(text).toContain("Basic does not include revisions.");
  });

  test("say what each plan includes, in the plan table's own words: its promise and every feature", async () => {
    const text = await terms();
    for (const plan of Object.values(PLANS)) {
      expect(text).toContain(`${plan.title}: ${plan.description} (${plan.features.join(", ")}.)`);
    }
    expect(text).toContain("3 Bio Versions in Different Tones");
    expect(text).toContain("Photo Plan: the Shots You're Missing");
    expect(text).not.toContain("Priority Review");
  });

  test("with the built-in test provider: no real payment, and the provider is said to be for development", async () => {
    const text = await terms();
    expect(text).toContain("built-in test payments, which are meant for development and testing: no real card is charged and no real payment is taken.");
    expect(text).not.toContain("Stripe");
  });

  test("with Stripe: card details go to Stripe's own form and never reach us", async () => {
    const text = await terms({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" });
    expect(text).toContain("Card payments are handled by Stripe: you type your card details on Stripe's own form, they go straight from your browser to Stripe, and we never see or store them.");
    expect(text).not.toContain("test payments");
  });
});
