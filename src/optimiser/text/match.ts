/**
 * Phrase matching that tolerates how people type: case, punctuation, hyphens, curly or missing apostrophes and extra
 * spaces are all ignored ("Partner-in-crime!!" matches "partner in crime", "dont" matches "don’t"). Every match maps
 * back to the customer's own characters, so a finding can quote their exact words.
 */
import type { PhraseRule } from "./phrases.ts";

export interface Span {
  start: number;
  end: number;
}

interface Normalised {
  /** Lowercase letters and digits, words separated by single spaces. */
  text: string;
  /** For each character of `text`, the original span it came from. */
  from: Span[];
}

const APOSTROPHES = new Set(["'", "’", "‘", "`", "´", "ʼ"]);
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/**
 * Texts already normalised, most recent last: the analyser matches hundreds of phrase variants (constant) against
 * the same few texts of one profile, and normalising them again each time was most of its time (61 % of the
 * sweep's). A handful is kept, so the process holds no more than a few recent customers' texts beyond what the job
 * itself holds; a result is never changed by its callers.
 */
const normalised = new Map<string, Normalised>();
const NORMALISED_KEPT = 16;

function normalise(source: string): Normalised {
  const known = normalised.get(source);
  if (known) return known;
  const made = normaliseNew(source);
  if (normalised.size >= NORMALISED_KEPT) normalised.delete(normalised.keys().next().value!);
  normalised.set(source, made);
  return made;
}

/** The phrase tables' variants, normalised once: our own constant words, never a customer's. */
const variantForms = new Map<string, string>();
function normVariant(variant: string): string {
  let form = variantForms.get(variant);
  if (form === undefined) {
    form = normaliseNew(variant).text;
    if (variantForms.size < 20_000) variantForms.set(variant, form);
  }
  return form;
}

function normaliseNew(source: string): Normalised {
  let text = "";
  const from: Span[] = [];
  let i = 0;
  for (const ch of source) {
    const span = { start: i, end: i + ch.length };
    i += ch.length;
    if (APOSTROPHES.has(ch)) continue;
    if (WORD_CHAR.test(ch)) {
      for (const lower of ch.toLowerCase()) {
        text += lower;
        from.push(span);
      }
    } else if (text.length > 0 && !text.endsWith(" ")) {
      text += " ";
      from.push(span);
    }
  }
  if (text.endsWith(" ")) {
    text = text.slice(0, -1);
    from.pop();
  }
  return { text, from };
}

/** The normalised form of a phrase or a whole text, for comparisons (the same text as `normalise`, without spans). */
export function norm(source: string): string {
  const known = normalised.get(source) ?? normText.get(source);
  if (known !== undefined) return typeof known === "string" ? known : known.text;
  const made = normNew(source);
  if (normText.size >= NORM_KEPT) normText.delete(normText.keys().next().value!);
  normText.set(source, made);
  return made;
}

/**
 * The sentences and phrases of the profile in hand, normalised: a rewrite compares each of them with its siblings many
 * times. As with `normalised`, only a few profiles' worth is kept.
 */
const normText = new Map<string, string>();
const NORM_KEPT = 512;

function normNew(source: string): string {
  let text = "";
  for (const ch of source) {
    if (APOSTROPHES.has(ch)) continue;
    if (WORD_CHAR.test(ch)) text += ch.toLowerCase();
    else if (text.length > 0 && text[text.length - 1] !== " ") text += " ";
  }
  return text.endsWith(" ") ? text.slice(0, -1) : text;
}

/** Every whole-word occurrence of any variant, longest variant first, without overlaps (`n`: the source, normalised). */
export function findVariants(source: string, variants: readonly string[], notAfter: readonly string[] = [], n = normalise(source)): Span[] {
  const taken: Span[] = [];
  const found: Span[] = [];
  const sorted = variants.map(normVariant).sort((a, b) => b.length - a.length);
  for (const variant of sorted) {
    if (!variant) continue;
    let at = n.text.indexOf(variant);
    while (at !== -1) {
      const end = at + variant.length;
      const wholeWord = (at === 0 || n.text[at - 1] === " ") && (end === n.text.length || n.text[end] === " ");
      const before = n.text.slice(0, at).trimEnd().split(" ").pop() ?? "";
      const overlaps = taken.some((t) => at < t.end && end > t.start);
      if (wholeWord && !overlaps && !notAfter.includes(before)) {
        taken.push({ start: at, end });
        found.push({ start: n.from[at]!.start, end: n.from[end - 1]!.end });
      }
      at = n.text.indexOf(variant, at + 1);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export interface RuleMatch<R extends PhraseRule> extends Span {
  rule: R;
  /** The customer's words, exactly as typed. */
  quote: string;
}

/** Every match of every rule; where two rules overlap, the earlier rule in the list wins. */
export function findRules<R extends PhraseRule>(source: string, rules: readonly R[]): RuleMatch<R>[] {
  const out: RuleMatch<R>[] = [];
  const n = normalise(source);
  for (const rule of rules) {
    for (const span of findVariants(source, rule.variants, rule.notAfter, n)) {
      if (out.some((m) => span.start < m.end && span.end > m.start)) continue;
      out.push({ ...span, rule, quote: source.slice(span.start, span.end) });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export function containsAny(source: string, phrases: readonly string[]): string | null {
  const n = normalise(source);
  for (const phrase of phrases) {
    const [span] = findVariants(source, [phrase], [], n);
    if (span) return source.slice(span.start, span.end);
  }
  return null;
}

/** The normalised words of a text. */
export function words(source: string): string[] {
  const text = norm(source);
  return text ? text.split(" ") : [];
}

/** The same word give or take a plural ending: "scone" and "scones", "dog" and "dogs", "class" and "classes". */
export function sameWord(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short === long || (short.length >= 3 && long.startsWith(short) && /^(?:s|es)$/.test(long.slice(short.length)));
}
