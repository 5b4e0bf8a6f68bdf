import { describe, expect, test } from "bun:test";
import { wordDiff, words, type DiffPiece } from "./word-diff.ts";

const joined = (pieces: DiffPiece[], ...kinds: DiffPiece["kind"][]) =>
  pieces
    .filter((p) => kinds.includes(p.kind))
    .map((p) => p.text)
    .join("");
const wordsOf = (text: string) => words(text).map((w) => w.trim()).filter(Boolean);

describe("the draft chooser's word diff", () => {
  test("a changed word is one removal and one addition, the rest is the same", () => {
    expect(wordDiff("I love long walks.", "I love short walks.")).toEqual([
      { kind: "same", text: "I love " },
      { kind: "removed", text: "long " },
      { kind: "added", text: "short " },
      { kind: "same", text: "walks." },
    ]);
  });

  test("identical texts are one piece; from or to nothing is all added or all removed", () => {
    expect(wordDiff("Nurse who bakes.", "Nurse who bakes.")).toEqual([{ kind: "same", text: "Nurse who bakes." }]);
    expect(wordDiff("", "New bio")).toEqual([{ kind: "added", text: "New bio" }]);
    expect(wordDiff("Old bio", "")).toEqual([{ kind: "removed", text: "Old bio" }]);
    expect(wordDiff("", "")).toEqual([]);
  });

  test("a word moved to a new line is the same word; the new text's spacing is kept", () => {
    const pieces = wordDiff("Coffee first, then hiking.", "Coffee first,\nthen hiking.");
    expect(pieces).toEqual([{ kind: "same", text: "Coffee first,\nthen hiking." }]);
  });

  test("seeded random edits: the pieces always rebuild the new text exactly and the current text word for word", () => {
    let seed = 20;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const vocabulary = ["sourdough", "hiking", "nurse", "<b>", "&amp;", "we'll", "café", "🙂", "a", "the", "\n", "  "];
    const text = (n: number) => Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(" ");
    for (let run = 0; run < 200; run++) {
      const before = text(Math.floor(random() * 30));
      const after = text(Math.floor(random() * 30));
      const pieces = wordDiff(before, after);
      expect(joined(pieces, "same", "added")).toBe(after);
      expect(wordsOf(joined(pieces, "same", "removed"))).toEqual(wordsOf(before));
      // Neighbours differ in kind: runs are joined.
      for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.kind).not.toBe(pieces[i - 1]!.kind);
    }
  });

  test("the longest common run of words is kept, not just any", () => {
    const pieces = wordDiff("a b c d e", "x b c d y");
    expect(joined(pieces, "same").trim()).toBe("b c d");
  });
});

describe("long texts", () => {
  const para = (n: number) => Array.from({ length: 10 }, (_, i) => Array.from({ length: 100 }, (_, w) => `w${n}-${i}-${w}`).join(" ")).join("\n");

  test("a whole guide (60,000 characters a side) changed at both ends is compared line by line, in well under a second", () => {
    const before = Array.from({ length: 10 }, (_, n) => para(n)).join("\n");
    const after = before.replace("w0-0-1 ", "").replace("w5-5-50", "changed").replace(/w9-9-99$/, "w9-9-99 end");
    const started = performance.now();
    const pieces = wordDiff(before, after);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(joined(pieces, "same", "added")).toBe(after);
    expect(wordsOf(joined(pieces, "same", "removed"))).toEqual(wordsOf(before));
    // Only the three changed lines are marked; the other 97 read as the same.
    expect(pieces.filter((p) => p.kind === "removed").flatMap((p) => p.text.trim().split("\n"))).toHaveLength(3);
  });

  test("a recommendations text (6,000 characters) is still compared word by word", () => {
    const before = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
    const after = before.replace("word10 ", "").replace("word990", "changed");
    expect(wordDiff(before, after).filter((p) => p.kind !== "same").map((p) => p.text.trim())).toEqual(["word10", "word990", "changed"]);
  });

  test("one line too long for either table reads as removed then added, whole", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(" ");
    expect(wordDiff(before, after)).toEqual([
      { kind: "removed", text: `${before} ` },
      { kind: "added", text: after },
    ]);
  });
});
