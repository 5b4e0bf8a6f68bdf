import { describe, expect, test } from "bun:test";
import { fitToLimit, shorten } from "./fit.ts";

/** A small deterministic generator, so the texts are the same on every run. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const WORDS = ["climbing", "Leeds", "sourdough", "a", "the", "marathon", "🧗‍♀️", "jazz", "Zoë", "½", "naïve", "ramen", "👩🏽‍🍳", "questionable", "2019", "x".repeat(40)];
const PUNCT = ["", "", "", ",", ".", "!", "?", " –", ";"];

function text(rand: () => number, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(WORDS[Math.floor(rand() * WORDS.length)]! + PUNCT[Math.floor(rand() * PUNCT.length)]!);
  return parts.join(" ");
}

const wordsOf = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];

describe("fitToLimit", () => {
  test("leaves text within the limit alone", () => {
    expect(fitToLimit("  Bouldering at The Depot.  ", 100)).toBe("Bouldering at The Depot.");
  });

  test("prefers whole sentences", () => {
    expect(fitToLimit("One two three. Four five six. Seven eight nine.", 32)).toBe("One two three. Four five six.");
  });

  test("then whole clauses, ending the sentence", () => {
    expect(fitToLimit("Nurse in Leeds, climber on weekends, baker of questionable bread and cakes", 40)).toBe("Nurse in Leeds, climber on weekends.");
  });

  test("then whole words with an ellipsis", () => {
    expect(fitToLimit("Bouldering sourdough marathon questionable ramen", 30)).toBe("Bouldering sourdough marathon…");
  });

  test("never cuts inside an emoji, even in one unbroken run", () => {
    const out = fitToLimit("🧗‍♀️".repeat(50), 20);
    expect(out.length).toBeLessThanOrEqual(20);
    expect(out.replace(/…$/, "").replaceAll("🧗‍♀️", "")).toBe("");
  });

  test("random texts: within the limit, and every word is a whole word of the source", () => {
    const rand = random(42);
    for (let i = 0; i < 400; i++) {
      const source = text(rand, 5 + Math.floor(rand() * 120));
      // Above the longest word, so every cut has a word boundary to use (the one-long-run case is tested above).
      const limit = 45 + Math.floor(rand() * 500);
      const out = fitToLimit(source, limit);
      expect(out.length).toBeLessThanOrEqual(limit);
      expect(out.length).toBeGreaterThan(0);
      const sourceWords = new Set(wordsOf(source));
      for (const w of wordsOf(out)) expect(sourceWords.has(w) ? w : `cut word: ${w}`).toBe(w);
    }
  });
});

describe("shorten", () => {
  test("quotes the customer's words verbatim, with an ellipsis and nothing added", () => {
    const out = shorten("I can tell which studio a record was mixed in by the snare sound alone, I can whistle", 60);
    expect(out.endsWith("…")).toBe(true);
    expect("I can tell which studio a record was mixed in by the snare sound alone, I can whistle").toContain(out.slice(0, -1));
  });
});
