import { expect, test } from "bun:test";
import { orders, profiles } from "../../db/schema.ts";
import { PLAN_IDS } from "../orders/plans.ts";
import { BUMBLE_PROMPTS, DATING_APPS, HEIGHT_OPTIONS, HINGE_PROMPTS, STAR_SIGNS } from "./options.ts";

test("the database's app and plan columns take their values from the domain lists", () => {
  expect(profiles.datingApp.enumValues).toEqual([...DATING_APPS]);
  expect(orders.planId.enumValues).toEqual([...PLAN_IDS]);
});

test("the spec's lists: 15 distinct Hinge prompts, 15 distinct Bumble prompts, 4 heights, 12 star signs", () => {
  expect(new Set(HINGE_PROMPTS).size).toBe(15);
  expect(new Set(BUMBLE_PROMPTS).size).toBe(15);
  expect(HEIGHT_OPTIONS.map((h) => h.value)).toEqual(["under_5_5", "5_5_to_5_8", "5_9_to_6_0", "6_1_plus"]);
  expect(STAR_SIGNS).toHaveLength(12);
  expect(STAR_SIGNS.every((s) => s === s.toLowerCase())).toBe(true);
});
