/**
 * One spelling in what the code itself says to customers: the prose in string literals and JSX text of every module
 * whose words can reach a page, an e-mail or a result (the optimiser's findings, API messages, mail), beside
 * spelling.test.ts, which reads the rendered pages. Only prose is checked (a literal with a space in it); the few
 * that are internal (log lines, stored states, keys) are named below with why.
 */
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { join } from "node:path";
import { ROOT_DIR } from "../../ssr/assets.ts";

const BRITISH = /\b(optimis\w*|analys(e|ed|es|ing)\b|analyser\w*|colour\w*|favourite\w*|behaviour\w*|organis\w*|personalis\w*|prioritis\w*|customis\w*|recognis\w*|centre\w*|centred|licence|cancelled|honour\w*|enquir\w*|programme\w*)/i;

const FOLDERS = ["admin", "api", "contact", "delivery", "http", "mail", "optimiser", "orders", "outcomes", "payments", "photos", "privacy", "profiles", "web"];

/** Internal literals: file → a pattern the literal matches, and why no customer reads it. */
const INTERNAL: [file: string, literal: RegExp][] = [
  ["optimiser/ai.ts", /^ai optimiser/], // log lines
  ["optimiser/job.ts", /^optimise \$\{(job\.payload\.)?profileId\}/], // log lines
  ["optimiser/ai-answer.ts", /a\.optimised\.length/], // why an AI answer was refused: logged, then the local result is used
  ["optimiser/photos/faces.ts", /CENTRED_BAND/], // code between two JSX-looking angle brackets
  ["web/pages/CardPayment.tsx", /payment: "cancelled"/], // the query value the draft notice reads
  ["mail/order-confirmation.tsx", /COLOURS\./], // a style
  ["mail/render.tsx", /COLOURS\./], // a style
  ["payments/refund.ts", /^cancelled: the order was refunded$/], // a job's last error, for the operator
  ["admin/actions.ts", /optimiseJobKey/], // a job key
];

async function proseLiterals(): Promise<{ file: string; text: string }[]> {
  const found: { file: string; text: string }[] = [];
  for (const folder of FOLDERS) {
    for await (const rel of new Glob("**/*.{ts,tsx}").scan(join(ROOT_DIR, "src", folder))) {
      if (/\.test\.|fixture/.test(rel)) continue;
      const file = `${folder}/${rel}`;
      const code = (await Bun.file(join(ROOT_DIR, "src", file)).text())
        .replace(/\{\/\*[\s\S]*?\*\/\}/g, "")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      for (const m of code.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|'((?:[^'\\\n]|\\.)*)'|>([^<>{}]*?)</g)) {
        const text = m[1] ?? m[2] ?? m[3] ?? m[4] ?? "";
        if (/\s/.test(text.trim())) found.push({ file, text });
      }
    }
  }
  return found;
}

describe("US spelling in the code's own words", () => {
  test("no British spelling in customer-facing prose of the source", async () => {
    const literals = await proseLiterals();
    // The scan reads real code: thousands of literals, the optimiser's phrase lists among them.
    expect(literals.length).toBeGreaterThan(1000);
    expect(literals.some((l) => l.file === "optimiser/text/phrases.ts" && /favorite place/.test(l.text))).toBe(true);
    const british = literals.filter((l) => BRITISH.test(l.text) && !INTERNAL.some(([f, p]) => f === l.file && p.test(l.text)));
    expect(british.map((l) => `${l.file}: ${l.text.slice(0, 100)}`)).toEqual([]);
  });

  test("the check sees what it is for: the old wordings are British to it", () => {
    for (const old of ["Tell me your favourite part.", "colours and details look washed out", "clear and centred", "Payment cancelled: nothing was charged."]) {
      expect(BRITISH.test(old)).toBe(true);
    }
  });
});
