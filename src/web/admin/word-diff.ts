/**
 * A word diff for the draft chooser: what a new draft removed from the current text and what it added, word by word.
 * Whitespace travels with the word before it: the same and added pieces joined give back the new text exactly, the
 * same and removed ones the current text's words (a removed word gets a space where its neighbours have none).
 */

export type DiffPiece = { kind: "same" | "added" | "removed"; text: string };

/** "one two\nthree" → ["one ", "two\n", "three"]; leading whitespace is a token of its own. */
export function words(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

/** "one\ntwo" → ["one\n", "two"]: the tokens of a text too long to compare word by word. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Past this many cells the table is not built: 16 MB. A recommendations text fits by words, a whole guide by lines. */
const MAX_CELLS = 4_000_000;

/**
 * The pieces that turn `before` into `after`, from the longest common subsequence of their words (compared without
 * their trailing whitespace, so a word that moved to a new line is the same word). Neighbouring pieces of one kind
 * are joined. The tokens both texts start and end with are set aside first; a middle too long to compare word by word
 * is compared line by line, and one too long for that reads as removed, then added, whole.
 */
export function wordDiff(before: string, after: string): DiffPiece[] {
  const byWords = tokenDiff(words(before), words(after));
  return spaced(byWords ?? tokenDiff(lines(before), lines(after)) ?? wholeDiff(before, after));
}

function wholeDiff(before: string, after: string): DiffPiece[] {
  return [
    ...(before ? [{ kind: "removed" as const, text: before }] : []),
    ...(after ? [{ kind: "added" as const, text: after }] : []),
  ];
}

/** The diff of two token lists, or null when their differing middle is too long for the table. */
function tokenDiff(allA: string[], allB: string[]): DiffPiece[] | null {
  const key = (w: string) => w.trimEnd();
  let start = 0;
  while (start < allA.length && start < allB.length && key(allA[start]!) === key(allB[start]!)) start++;
  let end = 0;
  while (end < allA.length - start && end < allB.length - start && key(allA[allA.length - 1 - end]!) === key(allB[allB.length - 1 - end]!)) end++;
  const a = allA.slice(start, allA.length - end);
  const b = allB.slice(start, allB.length - end);
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) return null;
  // lcs[i][j]: the common subsequence's length of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = key(a[i]!) === key(b[j]!) ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const pieces: DiffPiece[] = [];
  const push = (kind: DiffPiece["kind"], text: string) => {
    const last = pieces[pieces.length - 1];
    if (last?.kind === kind) last.text += text;
    else pieces.push({ kind, text });
  };
  // The new text's spacing for what both have: the pieces then rebuild `after` exactly.
  for (const w of allB.slice(0, start)) push("same", w);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i]!) === key(b[j]!)) {
      push("same", b[j]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) push("removed", a[i++]!);
    else push("added", b[j++]!);
  }
  while (i < a.length) push("removed", a[i++]!);
  while (j < b.length) push("added", b[j++]!);
  for (const w of allB.slice(allB.length - end)) push("same", w);
  return pieces;
}

/**
 * A removed piece keeps a space from its neighbours (the new text's spacing may have none there), so it is never
 * read glued to them; the new text stays exact.
 */
function spaced(pieces: DiffPiece[]): DiffPiece[] {
  return pieces.map((p, n) => {
    if (p.kind !== "removed") return p;
    const before = n > 0 && !/\s$/.test(pieces[n - 1]!.text) && !/^\s/.test(p.text) ? " " : "";
    const after = n < pieces.length - 1 && !/\s$/.test(p.text) ? " " : "";
    return { kind: p.kind, text: `${before}${p.text}${after}` };
  });
}
