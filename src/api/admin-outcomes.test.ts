/**
 * The Outcomes page's API and CSV (issue 32) and the public sentence on the home and pricing pages: the figures from
 * fixed answers (per plan, app, part used and elite bio version, each with n for the change and for after ÷ before),
 * "not enough data" below 10, nothing public below 30, and a CSV no spreadsheet runs as a formula.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { outcomes } from "../db/schema.ts";
import type { AdminOutcomesAnswer } from "../shared/api/outcomes.ts";
import type { BioVersionChoice } from "../shared/outcomes/answers.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { insertAnswers, type AnswerFixture, TWELVE_BEFORE_AFTER } from "../testing/outcome-fixtures.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

/** Twelve customers (changes -2 … 15, median 3) over plans, apps and the parts they used. */
const TWELVE: AnswerFixture[] = TWELVE_BEFORE_AFTER.map(([before, after], i) => ({ before, after, plan: i % 3 === 0 ? "basic" : "premium", app: i % 2 === 0 ? "hinge" : "tinder", parts: i < 6 ? ["bio", "photo_order"] : ["bio"] }));

async function report(username = "sam", role: "writer" | "owner" = "writer") {
  const res = await testApp(ctx).request("/api/admin/outcomes", { headers: { Cookie: adminCookie(ctx.store.db, username, { role }) } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminOutcomesAnswer;
}

describe("GET /api/admin/outcomes", () => {
  test("signed out: 401", async () => {
    ctx = testContext();
    expect((await testApp(ctx).request("/api/admin/outcomes")).status).toBe(401);
    expect((await testApp(ctx).request("/api/admin/outcomes.csv")).status).toBe(401);
  });

  test("a writer reads the figures: response rate, the median change with its interval and n, per plan, app and part, the chart and its text", async () => {
    ctx = testContext();
    insertAnswers(ctx.store.db, [...TWELVE, { before: null, after: 6, comment: "Did not say before" }]);
    // A follow-up sent and not answered.
    const [unanswered] = insertAnswers(ctx.store.db, [{ before: 3, after: 0 }]);
    ctx.store.db.update(outcomes).set({ afterMatches: null, afterAnsweredAt: null, afterUpdatedAt: null }).where(eq(outcomes.profileId, unanswered!)).run();

    const data = await report();
    expect(data.follow_ups_sent).toBe(14);
    expect(data.answers).toBe(13);
    expect(data.response_rate).toBe(0.93);
    expect(data.change).toMatchObject({ n: 12, enough: true, median: 3 });
    if (!data.change.enough) throw new Error("expected a median");
    expect(data.change.interval[0]).toBeLessThanOrEqual(3);
    expect(data.change.interval[1]).toBeGreaterThanOrEqual(3);
    // Ratios only where before > 0: ten of them.
    expect(data.ratio.n).toBe(10);
    expect(data.by_plan.map((g) => [g.label, g.change.n])).toEqual([
      ["Basic", 4],
      ["Premium", 8],
      ["Elite", 0],
    ]);
    expect(data.by_plan[0]!.change.enough).toBe(false);
    expect(data.by_app.map((g) => [g.label, g.change.n])).toEqual([
      ["Hinge", 6],
      ["Bumble", 0],
      ["Tinder", 6],
      ["The League", 0],
    ]);
    expect(data.by_part.find((g) => g.label === "The new bio")!.change).toMatchObject({ n: 12, enough: true, median: 3 });
    expect(data.by_part.find((g) => g.label === "The photo order")!.change).toEqual({ n: 6, enough: false });
    expect(data.chart!.svg).toStartWith("<svg");
    expect(data.chart!.svg).toContain('role="img"');
    expect(data.chart!.svg).toContain("<title");
    expect(data.chart!.svg).not.toContain("<script");
    expect(data.chart!.text).toStartWith("Change in matches a week (after minus before) for 12 customers.");
    expect(data.chart!.text).toContain("Median: 3.");
    expect(data.chart!.bins.reduce((n, b) => n + b.count, 0)).toBe(12);
    expect(data.comments).toEqual([{ at: expect.any(String), plan: "Premium", app: "Hinge", rating: 4, comment: "Did not say before" }]);
    expect(data.public_sentence).toBeNull();
  });

  test("below 10 answers: n and no median, no chart", async () => {
    ctx = testContext();
    insertAnswers(ctx.store.db, TWELVE.slice(0, 9));
    const data = await report("olive", "owner");
    expect(data.change).toEqual({ n: 9, enough: false });
    expect(data.ratio.enough).toBe(false);
    expect(data.chart).toBeNull();
    expect(data.min_for_median).toBe(10);
  });

  test("elite's bio version is a group of its own; each group has n for after ÷ before (before above 0) beside n for the change", async () => {
    ctx = testContext();
    // Ten said warm (two of them had 0 matches before: no ratio), one playful, one named none of the versions.
    const versions: (BioVersionChoice | undefined)[] = [...Array<BioVersionChoice>(10).fill("warm"), "playful", undefined];
    insertAnswers(ctx.store.db, TWELVE_BEFORE_AFTER.map(([before, after], i) => ({ before, after, plan: "elite", bioVersion: versions[i] })));
    const data = await report();
    expect(data.by_bio_version.map((g) => [g.label, g.change.n, g.ratio.n])).toEqual([
      ["The warm version", 10, 8],
      ["The playful version", 1, 1],
      ["The direct version", 0, 0],
      ["A mix of them", 0, 0],
      ["None of them", 0, 0],
    ]);
    // Changes -2, 0, 1, 1, 2, 3, 3, 4, 5, 6: a median from 10 answers; 8 ratios are too few for one.
    expect(data.by_bio_version[0]!.change).toMatchObject({ n: 10, enough: true, median: 2.5 });
    expect(data.by_bio_version[0]!.ratio).toEqual({ n: 8, enough: false });
    expect(data.by_plan.find((g) => g.label === "Elite")).toMatchObject({ change: { n: 12 }, ratio: { n: 10 } });
  });

  test("a bio version the form does not offer (an older row) is in no group and breaks nothing", async () => {
    ctx = testContext();
    const [id] = insertAnswers(ctx.store.db, [{ before: 2, after: 4, plan: "elite", bioVersion: "warm" }]);
    ctx.store.db.update(outcomes).set({ bioVersion: "sarcastic" }).where(eq(outcomes.profileId, id!)).run();
    const data = await report();
    expect(data.answers).toBe(1);
    expect(data.by_bio_version.every((g) => g.change.n === 0 && g.ratio.n === 0)).toBe(true);
    const csv = await (await testApp(ctx).request("/api/admin/outcomes.csv", { headers: { Cookie: adminCookie(ctx.store.db, "sam", { role: "writer" }) } })).text();
    expect(csv).toContain(",sarcastic,");
  });

  test("the CSV: one row per answer, formulas disarmed, quotes and line breaks kept inside quoted cells", async () => {
    ctx = testContext();
    const [id] = insertAnswers(ctx.store.db, [
      { before: 3, after: 5, comment: '=HYPERLINK("http://evil.test","click"), said "hi"\nbye', parts: ["bio", "starters"] },
      { before: null, after: 2, comment: "+1 from me" },
      { before: 4, after: 1, comment: "@SUM(A1) -2" },
    ]);
    const res = await testApp(ctx).request("/api/admin/outcomes.csv", { headers: { Cookie: adminCookie(ctx.store.db, "sam", { role: "writer" }) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="profileboost-outcomes-\d{4}-\d\d-\d\d\.csv"$/);
    const body = await res.text();
    const lines = body.split("\r\n");
    expect(lines[0]).toBe(
      "profile_id,plan,app,before_matches,before_declined,after_matches,change,ratio,parts_used,bio_version,rating,comment,profile_updated_at,follow_up_sent_at,answered_at,changed_at",
    );
    expect(lines[1]).toStartWith(`${id},Premium,Hinge,3,no,5,2,1.67,The new bio; The conversation starters,,4,"'=HYPERLINK(""http://evil.test"",""click""), said ""hi""\nbye",`);
    expect(body).toContain(",'+1 from me,");
    expect(body).toContain(",'@SUM(A1) -2,");
    // A negative change stays a number.
    expect(body).toContain(",4,no,1,-3,0.25,");
    expect(body).not.toMatch(/,[=+@]/);
  });
});

describe("the public sentence on the home and pricing pages", () => {
  const thirty = (n: number): AnswerFixture[] => Array.from({ length: n }, (_, i) => ({ before: 2, after: 2 + (i % 6) - 1 }));

  test("29 answers: nothing is said", async () => {
    ctx = testContext();
    insertAnswers(ctx.store.db, thirty(29));
    for (const path of ["/", "/pricing"]) {
      const html = await (await testApp(ctx).request(path)).text();
      expect(html).not.toContain("Customers who answered report");
      // The spec's marketing text stays as it is.
      if (path === "/") expect(html).toContain("average increase in quality matches");
    }
    expect((await report()).public_sentence).toBeNull();
  });

  test("30 answers: the sentence from the data, with n, the first answer's date and a link to how it is measured", async () => {
    ctx = testContext();
    insertAnswers(ctx.store.db, thirty(30));
    const sentence = "Customers who answered report a median of 1.5 more matches a week (n = 30, since March 1, 2026)";
    for (const path of ["/", "/pricing"]) {
      const html = await (await testApp(ctx).request(path)).text();
      expect(html).toContain(sentence);
      expect(html).toContain('href="/about#how-we-measure"');
      if (path === "/") expect(html).toContain("43%");
    }
    expect((await report()).public_sentence).toBe(sentence);
    expect(await (await testApp(ctx).request("/about")).text()).toContain('id="how-we-measure"');
  });
});
