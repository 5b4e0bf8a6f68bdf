/**
 * The Outcomes page as the admin sees it, rendered on the server from what the app's API answers (no browser): below
 * 10 answers the words that stand instead of a median and a chart; each group's table with n for the change and n for
 * after ÷ before side by side, elite's bio versions among the groups; a comment shown as text.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { AdminOutcomesAnswer } from "../../shared/api/outcomes.ts";
import type { BioVersionChoice } from "../../shared/outcomes/answers.ts";
import { adminCookie } from "../../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../../testing/context.ts";
import { insertAnswers, TWELVE_BEFORE_AFTER, type AnswerFixture } from "../../testing/outcome-fixtures.ts";
import { OutcomesReport } from "./Outcomes.tsx";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

/** The page drawn from the app's answer to GET /api/admin/outcomes. */
async function page(answers: AnswerFixture[]): Promise<string> {
  ctx = testContext();
  insertAnswers(ctx.store.db, answers);
  const res = await testApp(ctx).request("/api/admin/outcomes", { headers: { Cookie: adminCookie(ctx.store.db, "sam", { role: "writer" }) } });
  expect(res.status).toBe(200);
  return renderToStaticMarkup(<OutcomesReport data={(await res.json()) as AdminOutcomesAnswer} />);
}

/** What a reader sees: tags gone, entities read, spaces folded. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/\s+/g, " ");

/** A table's rows (header included), each as its cells' text. */
function rows(html: string, sectionId: string): string[][] {
  const section = new RegExp(`<section aria-labelledby="${sectionId}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
  return [...section.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((tr) => [...tr[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!).trim()));
}

describe("the Outcomes page", () => {
  test("below 10 answers: \"Not enough data yet\" and why, instead of a median, an interval and a chart", async () => {
    const html = await page(TWELVE_BEFORE_AFTER.slice(0, 9).map(([before, after]) => ({ before, after })));
    const figures = text(/<dl[^>]*data-testid="outcome-figures"[\s\S]*?<\/dl>/.exec(html)![0]);
    expect(figures).toContain("Change in matches a week (median) Not enough data yet n = 9; a median needs 10 answers");
    expect(figures).toContain("After ÷ before (median) Not enough data yet n = 7; a median needs 10 answers");
    expect(text(html)).toContain(
      "There is not enough data yet: 9 answers have a before and an after. The median and its interval show from 10 answers; until then any figure would be noise.",
    );
    expect(html).not.toContain("90% interval");
    expect(html).not.toContain("outcome-chart");
    expect(html).not.toContain("<svg");
    expect(text(html)).not.toContain("Distribution of the change");
    // Each group says so too, rather than a median of a handful.
    expect(rows(html, "outcomes-per-plan")[2]).toEqual(["Premium", "9", "7", "not enough data yet (fewer than 10 answers)", "not enough data yet (fewer than 10 answers)"]);
  });

  test("one answer: the sentence in the singular", async () => {
    expect(text(await page([{ before: 2, after: 5 }]))).toContain("There is not enough data yet: 1 answer has a before and an after.");
  });

  test("each group's table: n for the change beside n for after ÷ before; elite's bio versions a group of their own", async () => {
    const versions: (BioVersionChoice | undefined)[] = [...Array<BioVersionChoice>(10).fill("warm"), "direct", undefined];
    const html = await page(TWELVE_BEFORE_AFTER.map(([before, after], i) => ({ before, after, plan: "elite", bioVersion: versions[i], comment: i === 0 ? "<b>warm</b> & kind" : undefined })));
    expect(rows(html, "outcomes-by-the-elite-bio-version-used")).toEqual([
      ["Group", "n, change", "n, after ÷ before", "Change in matches a week (median)", "After ÷ before (median)"],
      ["The warm version", "10", "8", expect.stringMatching(/^\+2\.5 \(90% interval [+-]?[\d.]+ to \+[\d.]+\)$/), "not enough data yet (fewer than 10 answers)"],
      ["The playful version", "0", "0", "no answers yet", "no answers yet"],
      ["The direct version", "1", "1", "not enough data yet (fewer than 10 answers)", "not enough data yet (fewer than 10 answers)"],
      ["A mix of them", "0", "0", "no answers yet", "no answers yet"],
      ["None of them", "0", "0", "no answers yet", "no answers yet"],
    ]);
    expect(rows(html, "outcomes-per-plan")[3]).toEqual(["Elite", "12", "10", expect.stringMatching(/^\+3 \(90% interval /), expect.stringMatching(/^×[\d.]+ \(90% interval /)]);
    // A comment is text, never markup.
    expect(html).toContain("&lt;b&gt;warm&lt;/b&gt; &amp; kind");
  });
});
