/**
 * The evaluation of issue 19, item 7, as a test: the corpus through the local analyser on every plan, zero violations
 * per check. scripts/eval-optimiser.ts prints the same numbers as a table (and runs the AI engine when configured).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DATING_APPS } from "../../shared/profiles/options.ts";
import { createLocalOptimiser } from "../local.ts";
import { EVAL_CORPUS, type Kind } from "./corpus.fixture.ts";
import { CHECKS, checkResult, evalInput, evaluate, type Evaluation } from "./evaluate.ts";

/** Text only (no photos): the local analyser takes a few ms a profile here, so a second is far over any real run. */
const TIME_BUDGET_MS = 1000;

describe("the corpus", () => {
  test("has at least 40 profiles covering every app and every kind", () => {
    expect(EVAL_CORPUS.length).toBeGreaterThanOrEqual(40);
    for (const app of DATING_APPS) expect(EVAL_CORPUS.filter((e) => e.app === app).length).toBeGreaterThanOrEqual(8);
    const kinds: Kind[] = ["weak", "strong", "negative", "long", "empty", "non-native", "other-language", "cliché", "lowercase", "emoji"];
    for (const kind of kinds) expect({ kind, apps: new Set(EVAL_CORPUS.filter((e) => e.kinds.includes(kind)).map((e) => e.app)).size }).toEqual({ kind, apps: 4 });
    expect(new Set(EVAL_CORPUS.map((e) => e.name)).size).toBe(EVAL_CORPUS.length);
  });

  test("each fact, strong text and put-down is the customer's own words", () => {
    for (const entry of EVAL_CORPUS) {
      const own = [entry.profile.bio, ...(entry.profile.prompts ?? []).map((p) => p.response)].join("\n").toLowerCase();
      // The first form of a fact is the customer's own words; the others are how the analyser may write it corrected.
      for (const fact of entry.facts ?? []) expect({ entry: entry.name, fact, own: own.includes(fact.split("|")[0]!.toLowerCase()) }).toEqual({ entry: entry.name, fact, own: true });
      for (const putDown of entry.putDowns ?? []) expect({ entry: entry.name, putDown, own: own.includes(putDown.toLowerCase()) }).toEqual({ entry: entry.name, putDown, own: true });
      for (const field of entry.strong ?? []) {
        const text = field === "bio" ? entry.profile.bio : entry.profile.prompts?.[Number(field.slice(-1)) - 1]?.response;
        expect({ entry: entry.name, field, given: Boolean(text) }).toEqual({ entry: entry.name, field, given: true });
      }
    }
  });
});

test("the checks read the result they are given: a scarred bio is caught on every count", async () => {
  const entry = EVAL_CORPUS.find((e) => e.name === "tinder: demands after a good start")!;
  const result = await createLocalOptimiser().optimise(evalInput(entry, "premium"));
  const scarred = { ...result, bio: { ...result.bio!, optimised: "Physi who spends weekends at the quarry,. If your pics are all filters. Into curry." } };
  const checks = new Set(checkResult(entry, scarred).map((v) => v.check));
  // The scar also repeats the demand the summary quotes: a line in two parts.
  expect(checks).toEqual(new Set(["broken words", "fragments", "punctuation scars", "put-downs left in part", "facts kept", "template filler", "said once"]));
});

describe("the local analyser on the corpus, every plan", () => {
  let evaluation: Evaluation;
  beforeAll(async () => {
    evaluation = await evaluate(createLocalOptimiser(), EVAL_CORPUS, { timeBudgetMs: TIME_BUDGET_MS });
  }, 60_000);

  test("runs every profile on every plan", () => {
    expect(evaluation.runs).toBe(EVAL_CORPUS.length * 3);
  });

  for (const check of CHECKS) {
    test(`${check}: no violations`, () => {
      const found = evaluation.violations.filter((v) => v.check === check).map((v) => `${v.profile} (${v.plan}): ${v.detail}`);
      expect(found).toEqual([]);
    });
  }
});
