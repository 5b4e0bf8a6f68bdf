import { expect, test } from "bun:test";
import { appRules } from "../optimiser/apps.ts";
import { APP_TEXT_LIMITS, countCharacters } from "./app-limits.ts";
import { DATING_APPS } from "./options.ts";
import { TEXT_LIMITS } from "./submission.ts";

test("the optimiser measures against the forms' table: one number per app and text", () => {
  for (const app of DATING_APPS) {
    const rules = appRules(app);
    expect([app, rules.bioLimit, rules.promptAnswerLimit]).toEqual([app, APP_TEXT_LIMITS[app].bio, APP_TEXT_LIMITS[app].promptAnswer]);
  }
});

test("every app limits some text, within what the forms take; a limit called ours exists", () => {
  for (const app of DATING_APPS) {
    const { bio, promptAnswer, ours } = APP_TEXT_LIMITS[app];
    expect(bio ?? promptAnswer).not.toBeNull();
    if (bio !== null) expect(bio).toBeLessThan(TEXT_LIMITS.bio);
    if (promptAnswer !== null) expect(promptAnswer).toBeLessThan(TEXT_LIMITS.response);
    for (const field of ours) expect([app, field, APP_TEXT_LIMITS[app][field]]).not.toEqual([app, field, null]);
  }
});

test("characters are counted as stored: trimmed, in UTF-16 units", () => {
  expect(countCharacters("  Weekend hiker.\n")).toBe(14);
  expect(countCharacters("   ")).toBe(0);
  // An emoji outside the BMP is two units, as String.length and the optimiser count it.
  expect(countCharacters("🏔 x")).toBe(4);
});
