import { expect, test } from "bun:test";
import { DATING_APPS } from "../../shared/profiles/options.ts";
import { BUMBLE_BIO_HINT } from "../../shared/profiles/submission.ts";
import { answerLimit, appRules } from "../../shared/optimiser/apps.ts";

test("every app has rules", () => {
  for (const app of DATING_APPS) {
    const rules = appRules(app);
    expect(rules.name.length).toBeGreaterThan(0);
    expect(rules.discovery.length).toBeGreaterThan(0);
    expect(rules.firstMessage.length).toBeGreaterThan(0);
    expect(answerLimit(rules)).toBeGreaterThan(0);
  }
});

test("the numbers the analyser relies on", () => {
  expect(appRules("hinge").bioLimit).toBeNull();
  expect(appRules("hinge").promptCount).toBe(3);
  expect(appRules("hinge").promptAnswerLimit).toBe(150);
  // The spec's Bumble bio hint (section 9) and the table agree.
  expect(appRules("bumble").bioLimit).toBe(BUMBLE_BIO_HINT);
  expect(appRules("tinder").bioLimit).toBe(500);
  expect(appRules("tinder").bioWords).toMatchObject({ min: 15, max: 45 });
  expect(appRules("the_league").bioLimit).toBeLessThanOrEqual(300);
});

test("a prompt count held against the customer is what the forms offer", async () => {
  const { SECTION_FIELDS } = await import("../../web/profile/AppSections.tsx");
  for (const app of DATING_APPS) {
    const offered = SECTION_FIELDS[app].filter((f) => /^prompt\d$/.test(f)).length;
    expect([app, appRules(app).promptsOffered]).toEqual([app, offered]);
  }
});

test("an app's research is quoted only for that app", () => {
  for (const app of DATING_APPS) {
    const rules = appRules(app);
    for (const quoted of [rules.bioWords?.source, rules.statedIntent]) {
      if (quoted) expect(quoted).toContain(rules.name);
    }
  }
});
