/**
 * What the pricing page and /plan-details say about each plan, as a visitor reads the server-rendered pages: the
 * plan table's promise and features, word for word.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { PLANS } from "../../shared/orders/plans.ts";
import { testApp, testContext, type TestContext } from "../../testing/context.ts";

let ctx: TestContext | undefined;
afterEach(() => {
  ctx?.cleanup();
  ctx = undefined;
});

async function page(path: string): Promise<string> {
  ctx = testContext();
  const res = await testApp(ctx).request(path);
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the plan pages say what each plan delivers", () => {
  test("the pricing page: Basic and Premium with their promise and features, no Elite", async () => {
    const text = await page("/pricing");
    for (const plan of [PLANS.basic, PLANS.premium]) {
      expect(text).toContain(plan.description);
      for (const feature of plan.features) expect(text).toContain(feature);
    }
    expect(text).not.toContain("Elite");
  });

  test("/plan-details for each plan: its promise and every feature", async () => {
    for (const plan of Object.values(PLANS)) {
      const text = await page(`/plan-details?plan=${plan.title}&planId=${plan.id}`);
      expect(text).toContain(plan.description);
      for (const feature of plan.features) expect(text).toContain(feature);
      ctx?.cleanup();
    }
  });
});
