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

/**
 * The pieces that turn `before` into `after`, from the longest common subsequence of their words (compared without
 * their trailing whitespace, so a word that moved to a new line is the same word). Neighbouring pieces of one kind
 * are joined. Texts are at most a few thousand words (the parts' limits), so the table stays small.
 */
export function wordDiff(before: string, after: string): DiffPiece[] {
  const a = words(before);
  const b = words(after);
  const key = (w: string) => w.trimEnd();
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
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i]!) === key(b[j]!)) {
      // The new text's spacing: the pieces then rebuild `after` exactly, and `before` up to a word's spacing.
      push("same", b[j]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) push("removed", a[i++]!);
    else push("added", b[j++]!);
  }
  while (i < a.length) push("removed", a[i++]!);
  while (j < b.length) push("added", b[j++]!);
  // A removed word keeps a space from its neighbours (the new text's spacing may have none there), so it is never
  // read glued to them; the new text stays exact.
  return pieces.map((p, n) => {
    if (p.kind !== "removed") return p;
    const before = n > 0 && !/\s$/.test(pieces[n - 1]!.text) && !/^\s/.test(p.text) ? " " : "";
    const after = n < pieces.length - 1 && !/\s$/.test(p.text) ? " " : "";
    return { kind: p.kind, text: `${before}${p.text}${after}` };
  });
}
