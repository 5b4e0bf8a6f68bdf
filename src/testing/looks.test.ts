/**
 * What lets inEveryLook (./browser.ts) check a width's second theme with axe's colour rules only: the dark theme
 * changes colours and nothing else. If a page ever hides, shows or moves something by theme, this fails, and the
 * second theme's check must run every rule again.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT_DIR } from "../ssr/assets.ts";

const WEB = join(ROOT_DIR, "src/web");
const COLOUR_UTILITY = /^(?:text|bg|border(?:-[trblxy])?|ring|outline|fill|stroke|decoration|placeholder|divide|caret|accent|from|via|to)-(?:[a-z]+-\d{2,3}|black|white|transparent|current|inherit|background|foreground|muted|muted-foreground|border|primary|primary-foreground|destructive|destructive-foreground|danger|success|ring)(?:\/\d{1,3})?$/;

/** Every `dark:` class written in the pages' sources, with its file. */
function darkVariants(): { file: string; utility: string }[] {
  const found: { file: string; utility: string }[] = [];
  for (const name of readdirSync(WEB, { recursive: true }).map(String)) {
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
    const source = readFileSync(join(WEB, name), "utf8");
    for (const match of source.matchAll(/(?<![\w-])dark:([\w/[\]#.-]+)/g)) found.push({ file: name, utility: match[1]! });
  }
  return found;
}

/** The declarations of a top-level CSS rule whose selector is exactly `selector`. */
function declarationsOf(css: string, selector: string): string[] {
  const at = css.search(new RegExp(`(^|\\n)${selector.replace(/\./g, "\\.")}\\s*\\{`));
  if (at < 0) return [];
  const body = css.slice(css.indexOf("{", at) + 1, css.indexOf("}", at));
  return body.split(";").map((d) => d.trim()).filter(Boolean);
}

describe("the dark theme changes colours only", () => {
  test("the `.dark` rule of the stylesheet sets colour custom properties and nothing else", () => {
    const css = readFileSync(join(ROOT_DIR, "src/styles.css"), "utf8");
    const declarations = declarationsOf(css, ".dark");
    expect(declarations.length).toBeGreaterThan(5);
    for (const declaration of declarations) expect(declaration).toMatch(/^--[\w-]+:\s*oklch\([\d.\s]+\)$/);
  });

  test("every `dark:` class in the pages is a colour utility", () => {
    const variants = darkVariants();
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.filter((v) => !COLOUR_UTILITY.test(v.utility))).toEqual([]);
  });

  test("the checks themselves: a layout utility under `dark:` and a non-colour declaration would be caught", () => {
    for (const utility of ["hidden", "block", "w-10", "p-2", "sr-only", "flex"]) expect(COLOUR_UTILITY.test(utility)).toBe(false);
    for (const utility of ["text-amber-400", "bg-background", "border-border/50", "ring-primary"]) expect(COLOUR_UTILITY.test(utility)).toBe(true);
    expect(declarationsOf(".dark {\n  --muted: oklch(0.25 0.02 265);\n  display: none;\n}", ".dark")).toEqual(["--muted: oklch(0.25 0.02 265)", "display: none"]);
  });
});
