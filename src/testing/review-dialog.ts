/**
 * The review dialog's questions as the browser tests check them (src/e2e/review-gate.test.ts,
 * src/e2e/writer-desk.test.ts).
 */
import { expect } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { poll, seriousViolations } from "./browser.ts";

/** The unsaved-changes question, once open: nothing serious for axe in it, and Tab goes round its buttons only. */
export async function checkedUnsavedQuestion(page: Page): Promise<Locator> {
  const question = page.getByRole("alertdialog", { name: "You have unsaved changes" });
  await question.waitFor();
  expect(await seriousViolations(page, { include: '[role="alertdialog"]' })).toEqual([]);
  const buttons = await question.getByRole("button").count();
  for (let i = 0; i <= buttons; i++) {
    await page.keyboard.press("Tab");
    await poll(() => page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') !== null)).toBe(true);
  }
  return question;
}
