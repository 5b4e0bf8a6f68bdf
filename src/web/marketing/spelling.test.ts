/**
 * One spelling throughout: the spec quotes US English ("Optimized Profile", "Send Optimization Email",
 * "Expert dating profile optimization service."), so the site's own words use it too. Every page a customer can
 * open is rendered by the server and its visible text searched for British spellings.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testApp, testContext, type TestContext } from "../../testing/context.ts";
import { pages } from "../routes.tsx";

const BRITISH = /\b(optimis\w*|analys(e|ed|es|ing)\b|analyser\w*|colour\w*|favourite\w*|behaviour\w*|organis\w*|personalis\w*|prioritis\w*|customis\w*|recognis\w*|centre\w*|licence|cancelled|honour\w*|enquir\w*|programme\w*)/gi;

let ctx: TestContext;
beforeAll(() => {
  ctx = testContext();
});
afterAll(() => ctx.cleanup());

/** The words a visitor reads: scripts, styles and tags dropped. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

// Customer pages with the query strings that show their content (the upload page needs a plan to be drawn).
const CUSTOMER_PAGES = pages
  .filter((p) => !p.internal && p.path !== "/admin" && !p.path.includes(":"))
  .map((p) => (p.path === "/upload" ? "/upload?plan=Premium&price=9.99&planId=premium" : p.path));

describe("US spelling on every customer page", () => {
  for (const path of [...CUSTOMER_PAGES, "/definitely/not/here"]) {
    test(path, async () => {
      const res = await testApp(ctx).request(path);
      expect([200, 404]).toContain(res.status);
      const text = `${visibleText(await res.text())}`;
      expect(text.match(BRITISH) ?? []).toEqual([]);
    });
  }
});
