/**
 * Keeping text within an app's limit without breaking it: whole sentences first, then whole clauses, then whole
 * words with an ellipsis. Length is `String.length` (UTF-16 units), the stricter count: an emoji counts as two, so a
 * text that fits here fits however the app counts. A word is never cut; only a single "word" longer than the whole
 * limit (a pasted link, a run of emoji) is cut between characters, never inside one.
 */
import { splitSentences } from "./sentences.ts";

const ELLIPSIS = "…";
const words = new Intl.Segmenter("en", { granularity: "word" });
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

export function fitToLimit(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;

  // Whole sentences, as long as they keep at least half of what fits.
  let kept = "";
  for (const s of splitSentences(trimmed)) {
    const next = trimmed.slice(0, s.end);
    if (next.length > limit) break;
    kept = next;
  }
  if (kept.length >= limit / 2) return kept;

  // Whole clauses: cut at the last comma, semicolon or dash that fits, and end the sentence there.
  const room = trimmed.slice(0, limit);
  const clauseEnd = Math.max(room.lastIndexOf(", "), room.lastIndexOf("; "), room.lastIndexOf(" – "), room.lastIndexOf(" — "));
  if (clauseEnd >= limit / 2) return `${trimmed.slice(0, clauseEnd).trimEnd()}.`;

  return shorten(trimmed, limit);
}

/**
 * Whole words and an ellipsis, nothing added or changed: for quoting the customer. One unbroken run longer than
 * the limit is cut between characters (graphemes), never inside an emoji.
 */
export function shorten(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  let end = 0;
  for (const seg of words.segment(trimmed)) {
    const segEnd = seg.index + seg.segment.length;
    if (segEnd + ELLIPSIS.length > limit) break;
    if (seg.isWordLike) end = segEnd;
  }
  if (end > 0) return `${trimmed.slice(0, end).replace(/[\s,;:–—-]+$/u, "")}${ELLIPSIS}`;
  let cut = 0;
  for (const g of graphemes.segment(trimmed)) {
    if (g.index + g.segment.length + ELLIPSIS.length > limit) break;
    cut = g.index + g.segment.length;
  }
  return `${trimmed.slice(0, cut)}${ELLIPSIS}`;
}
