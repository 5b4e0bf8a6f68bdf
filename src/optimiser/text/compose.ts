/**
 * Putting a rewrite together from parts (the customer's sentences, lines built from their fields, a closing
 * question) so it never exceeds the app's limit: parts are taken in order of importance while they fit, then laid
 * out in reading order. Also the few wording helpers the rewriters share.
 */
import type { AppRules } from "../../shared/optimiser/apps.ts";
import { RESULT_LIMITS } from "../../shared/optimiser/result.ts";
import type { Problem, ProblemKind } from "./clean.ts";
import { fitToLimit, shorten } from "./fit.ts";
import { endsSentence } from "./sentences.ts";

/** textRewriteSchema allows twelve notes per text. */
export const MAX_NOTES = RESULT_LIMITS.notes;

/**
 * What goes in first when not everything fits, lowest first. The customer's facts and stated goal always come
 * before anything we add, and the word budget (Tinder's research) only ever removes filler.
 */
export const PRIORITY = {
  /** The opening line: shortened rather than left out. */
  lead: 0,
  /** The customer's own question or invitation. */
  closing: 1,
  /** A line the customer asked for in a revision. */
  requested: 1.2,
  /** What they say they are looking for. */
  goal: 1.3,
  /** Their line about work, on career-forward apps. */
  career: 1.5,
  /** Their other specific lines, most specific first (plus up to 0.99 by rank). */
  fact: 2,
  /** A closing line we built from one of their facts: after their facts, so it never pushes one out. */
  builtClosing: 3,
  /** A demand turned into a wish. */
  wish: 4,
  /** Their lines without a specific detail: the first to go for space or for the word budget. */
  filler: 6,
  /** An open question that claims nothing about them: only when there is room left. */
  genericClosing: 9,
} as const;

/** A rank among siblings, added to their priority so the order inside one level is kept. */
export const ranked = (level: number, rank: number) => level + Math.min(rank, 99) / 100;

export interface Part {
  /** Longest wording first; the first that fits is used. */
  options: string[];
  /** Position in the finished text. */
  order: number;
  /** Lower goes in first (PRIORITY). */
  priority: number;
  /** A line we wrote (a closing, a wish): only these give way to the word budget, never the customer's own lines. */
  ours?: boolean;
}

interface Assembled {
  text: string;
  /** First wording of each part that did not fit in the characters. */
  dropped: string[];
  /** Our lines left out for the word budget. */
  droppedForWords: string[];
  /** The lead had to be shortened. */
  trimmed: boolean;
}

/**
 * The parts that fit in `limit` characters (and `maxWords` for our own lines), most important first,
 * in reading order.
 * The lead always goes in, shortened if it must be, leaving room for the part right after it in importance
 * (the closing question) when that still leaves the lead half the space.
 */
export function assemble(parts: Part[], limit: number, maxWords: number | null = null): Assembled {
  const byPriority = [...parts].filter((p) => p.options.some((o) => o.trim())).sort((a, b) => a.priority - b.priority);
  const chosen: { text: string; order: number }[] = [];
  const dropped: string[] = [];
  const droppedForWords: string[] = [];
  let trimmed = false;
  const length = (extra: string) => [...chosen.map((c) => c.text), extra].join(" ").length;
  const wordCount = (extra: string) => [...chosen.map((c) => c.text), extra].join(" ").split(/\s+/).length;

  byPriority.forEach((part, i) => {
    const options = part.options.filter((o) => o.trim());
    if (i === 0) {
      // Room is kept only for the customer's own closing line: their lead is never cut for a line of ours.
      const second = byPriority[1];
      const next = second && !second.ours ? (second.options.filter((o) => o.trim()).at(-1) ?? "") : "";
      const reserve = next ? next.length + 1 : 0;
      let lead = options[0]!;
      if (lead.length + reserve > limit) {
        lead = fitToLimit(lead, Math.max(limit - reserve, Math.ceil(limit / 2)));
        trimmed = true;
      }
      chosen.push({ text: lead, order: part.order });
      return;
    }
    // The word budget (Tinder's research) only ever leaves out a line of ours, never one of the customer's.
    const fits = options.find((o) => length(o) <= limit);
    if (fits && maxWords !== null && part.ours && wordCount(fits) > maxWords) droppedForWords.push(fits);
    else if (fits) chosen.push({ text: fits, order: part.order });
    else dropped.push(options[0]!);
  });
  // Every part but the last ends its sentence, so an answer like "at the studio" does not run into the question.
  const text = chosen
    .sort((a, b) => a.order - b.order)
    .map((c, i, all) => (i < all.length - 1 && !endsSentence(c.text) ? `${c.text.replace(/[\s,;:–—-]+$/u, "")}.` : c.text))
    .join(" ");
  // Only reachable when the lead was cut to half the limit and the closing line still did not fit beside it.
  return { text: fitToLimit(text, limit), dropped, droppedForWords, trimmed };
}

/** "a", "a and b", "a, b and c" (or "or"). */
export function joinList(items: string[], last: "and" | "or" = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

/** Shorter and shorter versions of a list line, so the longest that fits can be used. */
export function listOptions(items: string[], render: (list: string) => string, max = 5): string[] {
  const options: string[] = [];
  for (let n = Math.min(items.length, max); n >= 1; n--) options.push(render(joinList(items.slice(0, n))));
  return options;
}

/**
 * The customer's phrase as it reads mid-sentence: "Ramen at Ippudo then a walk" becomes "ramen at Ippudo then a
 * walk". Only sentence-case phrases of two or more words change; a single capitalised word may be a name
 * ("Lisbon", "Google"), and a wrong capital reads better than a lowercased name.
 */
export function lowerFirst(text: string): string {
  const sentenceCase = /^\p{Lu}\p{Ll}+\s+[\p{Ll}\d]/u.test(text) || /^(?:A|An|The)\s/u.test(text);
  return sentenceCase || COMMON_NOUNS.has(text.toLowerCase()) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** One-word jobs and industries people capitalise in a form field ("Accountant", "Finance") but that are not names. */
const COMMON_NOUNS = new Set(
  (
    "finance technology tech architecture law medicine healthcare consulting education marketing design engineering media " +
    "fashion banking retail hospitality sales research government publishing advertising insurance pharma biotech energy " +
    "construction property accounting academia charity journalism music film art science software teaching nursing " +
    "recruitment logistics manufacturing accountant chef nurse teacher doctor lawyer engineer designer architect developer " +
    "consultant analyst associate manager pharmacist dentist vet paramedic firefighter electrician plumber barista writer " +
    "journalist photographer artist musician student researcher scientist physiotherapist physio surgeon pilot solicitor " +
    "barrister banker trader founder entrepreneur marketer recruiter librarian carpenter builder mechanic"
  ).split(" "),
);

/**
 * A job title with its article, as it is said (issue 30, item 5): "an engineer", "a UX designer", "an MD"; a title
 * with its department and no "of" gets one ("a VP of Marketing", never "a VP Marketing").
 */
export function withArticle(noun: string): string {
  const department = /^(VP|SVP|EVP|AVP|Head|Director|Chief)\s+(?!of\b|at\b|in\b|for\b)(?=\p{Lu})/u.exec(noun.trim());
  // A title of a department keeps its capitals either way: "a Director of Logistics", never "a director of Logistics".
  const titled = /^(?:VP|SVP|EVP|AVP|Head|Director|Chief)\s+of\s+\p{Lu}/u.test(noun.trim());
  const word = department ? `${department[1]} of ${noun.trim().slice(department[0].length)}` : titled ? noun.trim() : lowerFirst(noun);
  // An abbreviation is said letter by letter: "an MD", "an HR manager", "a UX designer".
  const initials = /^\p{Lu}{2,}\b/u.test(word);
  const vowelSound = initials ? /^[AEFHILMNORSX]/u.test(word) : /^[aeiou]/i.test(word) && !/^(?:uni|use|eu|one)/i.test(word);
  return vowelSound ? `an ${word}` : `a ${word}`;
}

/** Places and animals that read wrong bare as an interest ("into gym", "into dog"): the gym, dogs. */
const PLACES = new Set("gym beach pub park cinema theatre theater library kitchen garden allotment club bar mountains sea countryside".split(" "));
const ANIMALS: Record<string, string> = { dog: "dogs", cat: "cats", horse: "horses", bird: "birds" };

/** An interest as it reads after "into" or "about": "the gym", "dogs", and anything else as written ("climbing", "jazz"). */
export function asActivity(topic: string): string {
  const key = topic.trim().toLowerCase();
  if (PLACES.has(key)) return `the ${topic.trim()}`;
  return ANIMALS[key] ?? topic;
}

const KIND_NOTES: Record<ProblemKind, (quotes: string) => string> = {
  cliche: (q) => `Took out ${q}: lines that appear in countless profiles make yours blend in.`,
  negative: (q) => `Took out ${q}: a guarded line sets the tone before anyone has said hello.`,
  demand: (q) => `Took out ${q}: rules for strangers put kind people off before they know anything good about you.`,
  "low-effort": (q) => `Took out ${q}: lines like this tell a match you didn't want to write a profile, and give them nothing to reply to.`,
};

/** One note per kind of problem removed, quoting the customer's words. */
export function removalNotes(removed: Problem[]): string[] {
  const byKind = new Map<ProblemKind, string[]>();
  for (const p of removed) {
    const list = byKind.get(p.kind) ?? [];
    const q = `“${shorten(p.quote, 60)}”`;
    if (!list.includes(q)) list.push(q);
    byKind.set(p.kind, list);
  }
  return [...byKind].map(([kind, quotes]) => KIND_NOTES[kind](joinList(quotes.slice(0, 4))));
}

export function machineNote(fragments: string[]): string {
  return `Left out text written for machines rather than people (“${shorten(fragments[0]!, 50)}”): it would show on your profile exactly as typed.`;
}

/** "Left out …: “a”, “b”." with as many quotes as fit in one note. */
export function droppedNote(lead: string, dropped: string[], quoteLength = 60): string {
  const quotes: string[] = [];
  for (const d of dropped) {
    const next = [...quotes, `“${shorten(d, quoteLength)}”`];
    const more = dropped.length - next.length;
    const text = `${lead}: ${next.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`;
    if (text.length > RESULT_LIMITS.note) break;
    quotes.push(next.at(-1)!);
  }
  const more = dropped.length - quotes.length;
  return `${lead}: ${quotes.length > 0 ? quotes.join(", ") : "some of your lines"}${more > 0 && quotes.length > 0 ? ` and ${more} more` : ""}.`;
}

export function limitNote(rules: AppRules, limit: number, what: "bio" | "answer"): string {
  return `Kept within ${rules.name}'s ${limit}-character limit for ${what === "bio" ? "a bio" : "an answer"}, cutting only between sentences or words.`;
}
