import { describe, expect, test } from "bun:test";
import { PLANS } from "./plans.ts";

describe("the plan table", () => {
  test("Basic's and Premium's features are the spec's pricing-page lists, exactly", () => {
    expect(PLANS.basic.features).toEqual(["AI Profile Analysis", "Basic Bio Optimization", "Photo Order Recommendations", "48-Hour Delivery"]);
    expect(PLANS.premium.features).toEqual([
      "Everything in Basic",
      "Complete Bio Rewrite",
      "Photo Selection & Ordering",
      "3 Conversation Starters",
      "Dating App Strategy Guide",
      "1 Revision",
      "24-Hour Delivery",
    ]);
  });

  test("Elite lists each part it adds to Premium, with its revision and delivery time", () => {
    expect(PLANS.elite.features).toEqual([
      "Everything in Premium",
      "A Writer on Every Prompt Answer",
      "3 Bio Versions in Different Tones",
      "5 Conversation Starters Built From Your Profile",
      "Which Prompts to Answer",
      "Photo Plan: the Shots You're Missing",
      "Strategy Guide Made for Your Profile",
      "1 Revision",
      "12-Hour Delivery",
    ]);
    expect(PLANS.elite.features).toContain(`${PLANS.elite.revisionsAllowed} Revision`);
    expect(PLANS.elite.features).toContain(`${PLANS.elite.deliveryHours}-Hour Delivery`);
    expect(PLANS.elite.offeredOnPricingPage).toBe(false);
  });

  test("each plan's one-sentence promise says what it delivers (issue 19, item 4)", () => {
    expect(PLANS.basic.description).toBe("Your bio lightly edited and your photos put in order, with the reason for each.");
    for (const part of ["complete rewrite of your bio and weak answers in your voice", "photos chosen and ordered", "3 conversation starters", "strategy guide", "1 revision"]) {
      expect(PLANS.premium.description).toContain(part);
    }
    for (const part of ["a writer on every answer", "three versions of your bio in different tones", "5 starters each built from your profile", "which prompts to answer", "a photo plan", "a guide made for your profile", "12 hours"]) {
      expect(PLANS.elite.description).toContain(part);
    }
    // Hinge has no bio: the plan says what its three tones are of there (issue 30, item 4).
    expect(PLANS.elite.description).toContain("(on Hinge, which has no bio, your set of prompt answers in three tones)");
  });
});
