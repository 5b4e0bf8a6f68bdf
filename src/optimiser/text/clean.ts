/**
 * Taking the customer's text apart the way an editor would: clichés, negativity, demands and low-effort lines come
 * out, everything else stays in their own words. A clause that is only a cliché goes; a clause with a real detail
 * keeps the detail ("adventure seeker who climbed Kilimanjaro" keeps "climbed Kilimanjaro"). A demand becomes a
 * positive wish only when the thing it is about is in the profile elsewhere ("swipe left if you don't like dogs"
 * from someone who mentions their dog becomes "Bonus points if you like dogs.").
 */
import { findRules, findVariants, norm, sameWord, words, type RuleMatch, type Span } from "./match.ts";
import { CLICHES, CORRECTIONS, FILLERS, LOW_EFFORT, LOW_EFFORT_CLAUSE, LOW_EFFORT_WHOLE, NEGATIVITY, type NegativeRule, type PhraseRule } from "./phrases.ts";
import { capitalise, endsSentence, splitClauses, splitSentences, tidy, type Clause } from "./sentences.ts";
import { isSpecific } from "./signals.ts";
import { findDemands } from "./demands.ts";

export type ProblemKind = "cliche" | "negative" | "demand" | "low-effort";

export interface Problem extends Span {
  kind: ProblemKind;
  quote: string;
  why: string;
  /** The plain word that can stand in for it (see PhraseRule.plain). */
  plain?: string;
}

/** Every cliché, negative line, demand and low-effort phrase in a text, without overlaps. */
export function findProblems(text: string): Problem[] {
  const out: Problem[] = [];
  const add = (matches: RuleMatch<PhraseRule>[], kind: (rule: PhraseRule) => ProblemKind) => {
    for (const m of matches) {
      if (out.some((p) => m.start < p.end && m.end > p.start)) continue;
      const plain = m.rule.plain?.[norm(m.quote)];
      out.push({ start: m.start, end: m.end, quote: m.quote, why: m.rule.why, kind: kind(m.rule), ...(plain && { plain }) });
    }
  };
  // Negativity first: "don't bother" is a demand even where it overlaps a cliché. A demand or complaint is quoted
  // to the end of its clause ("Swipe left if you don't like dogs"), which is what the customer will recognise.
  add(findRules(text, NEGATIVITY).map((m) => toClauseEnd(text, m)), (rule) => (rule as NegativeRule).kind);
  // Demands by their kind (demands.ts): a listed line they overlap grows to the whole demand, condition included.
  for (const d of findDemands(text)) {
    const overlapping = out.filter((p) => d.start < p.end && d.end > p.start);
    const start = Math.min(d.start, ...overlapping.map((p) => p.start));
    const end = Math.max(d.end, ...overlapping.map((p) => p.end));
    for (const p of overlapping) out.splice(out.indexOf(p), 1);
    const kept = overlapping[0];
    const same = kept && overlapping.length === 1 && kept.start === start && kept.end === end;
    out.push({ start, end, quote: text.slice(start, end), why: kept?.why ?? d.why, kind: same ? kept.kind : "demand" });
  }
  add(findRules(text, LOW_EFFORT), () => "low-effort");
  const lowEffort = (start: number, end: number) => {
    if (out.some((p) => start < p.end && end > p.start)) return;
    out.push({ start, end, quote: text.slice(start, end), why: LOW_EFFORT_WHOLE_WHY, kind: "low-effort" });
  };
  for (const sentence of splitSentences(text)) {
    if (LOW_EFFORT_WHOLE.includes(norm(sentence.text))) {
      lowEffort(sentence.start, sentence.end);
      continue;
    }
    // Only clauses set off by a comma, semicolon or dash: "alert("hi")" is not someone saying hi.
    for (const m of sentence.text.matchAll(/[^,;–—]+/gu)) {
      const clause = m[0].trim();
      const start = sentence.start + m.index + m[0].indexOf(clause);
      if (clause && LOW_EFFORT_CLAUSE.includes(norm(clause)) && /^[\p{L}\s'’]+[.!]*$/u.test(clause)) lowEffort(start, start + clause.length);
    }
  }
  add(findRules(text, CLICHES), () => "cliche");
  return out.sort((a, b) => a.start - b.start);
}

function toClauseEnd<R extends PhraseRule>(text: string, m: RuleMatch<R>): RuleMatch<R> {
  const rest = text.slice(m.end);
  const stop = rest.search(/[,;:.!?\n(—–]|\s-\s/u);
  const end = m.end + (stop === -1 ? rest.length : stop);
  if (end - m.start > 120) return m;
  const quote = text.slice(m.start, end).trimEnd();
  return { ...m, end: m.start + quote.length, quote };
}

const LOW_EFFORT_WHOLE_WHY = "on its own it gives a match nothing to reply to, so most people keep scrolling";

export interface Cleaned {
  text: string;
  removed: Problem[];
  /** Demands turned into positive wishes, already part of `text`. */
  wishes: string[];
  /** Filler words taken out while tightening. */
  fillers: string[];
  /** Non-native patterns corrected (phrases.ts CORRECTIONS), as the customer wrote them and as they now read. */
  corrected: { from: string; to: string }[];
}

/** Words left hanging when the phrase after them is removed ("I'm a huge [foodie]"). */
const DANGLING_BEFORE = new Set(
  "a an the my your our total real big huge complete true certified self proclaimed am im is are be being such very really so as for to of on with also i and or but".split(" "),
);
const DANGLING_AFTER = new Set("and or but so who that which".split(" "));
/** A cliché that is a verb with its object ("love to travel"), whose verb another object may share after "and". */
const SHARED_VERB = /^((?:love|like|enjoy|want)\s+to)\s+\p{L}+$/iu;
const SUBJECTLESS: Record<string, string> = { has: "I've", have: "I've", is: "I'm", am: "I'm", was: "I was" };
const EDGE_PUNCTUATION = /^[\s,;:&+\-–—/]+|[\s,;:&+\-–—/]+$/gu;

/**
 * The rest of the profile is passed in `elsewhere` so a demand can become a wish only about something the
 * customer actually mentions.
 */
export function cleanText(text: string, elsewhere = ""): Cleaned {
  const problems = findProblems(text);
  const kept: { text: string; gap: string }[] = [];
  const wishes: string[] = [];
  const fillers: string[] = [];
  const corrected: Cleaned["corrected"] = [];
  let previousEnd = 0;
  for (const sentence of splitSentences(text)) {
    const gap = text.slice(previousEnd, sentence.start);
    previousEnd = sentence.end;
    const inside = problems
      .filter((p) => p.start >= sentence.start && p.end <= sentence.end)
      .map((p) => ({ ...p, start: p.start - sentence.start, end: p.end - sentence.start }));
    // A demand can become a wish about something said anywhere else, in this text or another field.
    const around = `${elsewhere}\n${text.slice(0, sentence.start)} ${text.slice(sentence.end)}`;
    let result = inside.length === 0 ? sentence.text : rebuild(sentence.text, inside, around, wishes);
    const tightened = tighten(result);
    fillers.push(...tightened.removed);
    result = correct(tightened.text, corrected);
    // A short demand that points back ("Have kids or can't hold a conversation? Keep scrolling.") takes its question with it.
    const pointsBack = !result && inside.some((p) => p.kind === "demand") && words(sentence.text).length <= 4;
    if (pointsBack && kept.at(-1)?.text.trim().endsWith("?")) kept.pop();
    // Line breaks and bullets ("climber · jazz on Sundays") are kept as the customer laid them out.
    const separator = gap.includes("\n") ? "\n" : gap.trim() ? ` ${gap.trim()} ` : " ";
    if (/[\p{L}\p{N}]/u.test(result)) kept.push({ text: result, gap: separator });
  }
  const body = kept.map((k, i) => (i === 0 ? k.text : k.gap + k.text)).join("");
  const withWishes = [body, ...wishes].filter(Boolean).join(" ");
  return { text: withWishes.trim(), removed: problems, wishes, fillers, corrected };
}

/** The sentence with the certain corrections of CORRECTIONS applied, each recorded. */
function correct(sentence: string, corrected: Cleaned["corrected"]): string {
  let out = sentence;
  for (const { pattern, fix } of CORRECTIONS) {
    out = out.replace(pattern, (match: string, ...rest: unknown[]) => {
      // The replacer's arguments after the match: the groups, then the offset (a number).
      const groups = rest.slice(0, rest.findIndex((a) => typeof a === "number")).map((g) => (typeof g === "string" ? g : ""));
      const to = fix(...groups);
      if (to !== match) corrected.push({ from: match, to });
      return to;
    });
  }
  return out;
}

function rebuild(original: string, found: Problem[], elsewhere: string, wishes: string[]): string {
  const { sentence, problems } = withSharedVerbs(original, found);
  if (problems.length === 0) return sentence;
  const parts: { text: string; before: string }[] = [];
  // A demand runs on through its list of conditions ("if you smoke, have kids or can't hold a conversation") until
  // a clause with a subject of its own starts ("…, I'm a teacher in Leeds"): it is removed whole, never in half.
  let inDemand = false;
  for (const clause of withSpannedClausesJoined(splitClauses(sentence), problems)) {
    const hits = problems.filter((p) => p.start < clause.end && p.end > clause.start);
    // "…, I'm not interested" still belongs to the demand before it.
    inDemand = inDemand && (!OWN_SUBJECT.test(clause.text) || /\b(?:not|never|no)\b|n['’]?t\b/iu.test(clause.text));
    if (inDemand) continue;
    if (hits.length === 0) {
      parts.push({ text: clause.text, before: clause.before });
      continue;
    }
    if (hits.some((h) => h.kind !== "cliche")) {
      inDemand = hits.some((h) => h.kind === "demand");
      // Its condition, set before it ("If your pics are all filters, swipe left"), goes with it, every clause of it
      // ("If you're a bot or just want a free dinner, swipe left"), back to a clause with a subject of its own.
      if (inDemand) {
        const condition = parts.findLastIndex((p) => CONDITION.test(p.text));
        if (condition >= 0 && !parts.slice(condition + 1).some((p) => OWN_SUBJECT.test(p.text))) parts.splice(condition);
      }
      const wish = inDemand ? wishFrom(sentence.slice(clause.start), elsewhere) : null;
      if (wish && !wishes.includes(wish)) wishes.push(wish);
      continue;
    }
    const local = hits.map((h) => ({ ...h, start: h.start - clause.start, end: h.end - clause.start }));
    const rest = local.every((h) => h.plain) ? withPlainWords(clause.text, local) : withoutPhrases(clause.text, local);
    // One word left over ("I love to travel and laugh" → "laugh") says nothing on its own: drop it too.
    if (rest && rest.trim().split(/\s+/).length >= 2 && isSpecific(rest)) parts.push({ text: rest, before: clause.before });
  }
  if (parts.length === 0) return "";
  let out = parts.map((p, i) => (i === 0 ? p.text : p.before + p.text)).join("");
  out = out.replace(EDGE_PUNCTUATION, "").replace(LEADING_JOIN, "").replace(/\s{2,}/g, " ");
  // One word left of a sentence that lost its phrase ("I love to travel and laugh" → "laugh") says nothing.
  if (!out || out.split(/\s+/).length < 2) return "";
  const ending = /[.!?…]+["”')\]]*$/u.exec(sentence)?.[0];
  if (ending && !endsSentence(out)) out += ending.replace(/["”')\]]/g, "");
  return /^\p{Lu}/u.test(sentence) ? capitalise(out) : out;
}

/** A clause that starts with its own subject begins a new statement, no longer part of a demand before it. */
const OWN_SUBJECT = /^(?:i|i'm|i’m|i've|i’ve|i'll|i’ll|i'd|i’d|im|ive|my|we|we're|we’re|our|me)\b/iu;
/** A condition in front of a demand ("If your pics are all filters, swipe left"). */
const CONDITION = /^(?:if|unless|when|whenever|as long as)\b/iu;
/** A joining word left at the start of what remains ("and I speak three languages"). */
const LEADING_JOIN = /^(?:and|but|or|so|plus|also|because|which|who|that)\s+/iu;

/** Clauses that one problem spans ("Netflix | and chill") joined into one, so it is removed whole, never in part. */
function withSpannedClausesJoined(clauses: Clause[], problems: Problem[]): Clause[] {
  const out: Clause[] = [];
  for (const clause of clauses) {
    const last = out.at(-1);
    if (last && problems.some((p) => p.start < last.end && p.end > clause.start)) {
      out[out.length - 1] = { ...last, end: clause.end, text: last.text + clause.before + clause.text };
    } else out.push(clause);
  }
  return out;
}

/**
 * "I love to travel and try new food": a cliché that is a verb with its object, followed by "and" and another
 * object of the same verb, loses only its object ("I love to try new food"); removing it whole would leave a
 * fragment ("Try new food."). Answers the sentence so changed and the problems still to remove, moved to match.
 */
function withSharedVerbs(sentence: string, problems: Problem[]): { sentence: string; problems: Problem[] } {
  let out = sentence;
  let left = [...problems].sort((a, b) => b.start - a.start);
  for (const p of [...left]) {
    if (p.kind !== "cliche") continue;
    const verb = SHARED_VERB.exec(out.slice(p.start, p.end));
    const join = verb && /^\s*(?:and|&)\s+(?=(\p{L}[^,;.!?]*))/u.exec(out.slice(p.end));
    // One word after it ("I love to travel and laugh") says nothing: the whole sentence still goes, as before. A clause
    // with a subject of its own ("and I'm just as happy…") is no object of "love to": never "I love to I'm…".
    if (!verb || !join || join[1]!.trim().split(/\s+/).length < 2 || OWN_SUBJECT.test(join[1]!) || /^(?:you|he|she|they|it)\b/iu.test(join[1]!)) continue;
    const replacement = `${verb[1]} `;
    const removed = p.end + join[0].length - p.start - replacement.length;
    out = out.slice(0, p.start) + replacement + out.slice(p.end + join[0].length);
    left = left.filter((q) => q !== p).map((q) => (q.start >= p.end ? { ...q, start: q.start - removed, end: q.end - removed } : q));
  }
  return { sentence: out, problems: left };
}

function withPlainWords(clause: string, problems: Problem[]): string {
  let out = clause;
  for (const p of [...problems].sort((a, b) => b.start - a.start)) {
    const word = /^\p{Lu}/u.test(p.quote) ? capitalise(p.plain!) : p.plain!;
    out = out.slice(0, p.start) + word + out.slice(p.end);
  }
  return out;
}

/** A clause without the given phrases, with the words they leave hanging. */
function withoutPhrases(clause: string, spans: Span[]): string {
  let out = clause;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    const before = out.slice(0, span.start).trim().split(/\s+/).filter(Boolean);
    while (before.length > 0 && DANGLING_BEFORE.has(norm(before[before.length - 1]!))) before.pop();
    const after = out.slice(span.end).trim().split(/\s+/).filter(Boolean);
    let joined = false;
    while (after.length > 0 && DANGLING_AFTER.has(norm(after[0]!))) {
      after.shift();
      joined = true;
    }
    // "Adventure seeker who has hiked Kilimanjaro" keeps its subject: "I've hiked Kilimanjaro".
    const verb = after[0] && SUBJECTLESS[norm(after[0])];
    if (before.length === 0 && joined && verb) after[0] = verb;
    out = [before.join(" "), after.join(" ")].filter(Boolean).join(" ");
  }
  return out.replace(EDGE_PUNCTUATION, "").trim();
}

const DISLIKE = /(?:dont|do not|cant|cannot|wont)\s+(?:like|love|stand|want)\s+|(?:hate|hates|dislike|dislikes)\s+|(?:arent|are not|not)\s+(?:into|a fan of)\s+/;

/** "swipe left if you don't like dogs" → "Bonus points if you like dogs." when dogs come up elsewhere. */
function wishFrom(demand: string, elsewhere: string): string | null {
  const text = norm(demand);
  const m = DISLIKE.exec(text);
  if (!m) return null;
  const object = text.slice(m.index + m[0].length).split(" ").slice(0, 3).join(" ");
  const objectWords = object.split(" ").filter((w) => w.length >= 3);
  if (objectWords.length === 0) return null;
  const mentioned = words(elsewhere);
  if (!objectWords.every((w) => mentioned.some((said) => sameWord(said, w)))) return null;
  return `Bonus points if you like ${object}.`;
}

/** Filler words out, repeated punctuation collapsed; nothing that changes meaning. */
function tighten(text: string): { text: string; removed: string[] } {
  const removed: string[] = [];
  let out = text;
  for (const span of findVariants(out, FILLERS).sort((a, b) => b.start - a.start)) {
    removed.push(out.slice(span.start, span.end));
    out = out.slice(0, span.start) + out.slice(span.end).replace(/^\s*,/, "");
  }
  out = out
    .replace(/!{2,}/g, "!")
    .replace(/\?{2,}/g, "?")
    .replace(/\.{4,}/g, "…")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/^[\s,]+/, "")
    .trim();
  out = tidy(out);
  if (removed.length > 0 && /^\p{Ll}/u.test(out) && /^\p{Lu}/u.test(text.trim())) out = capitalise(out);
  return { text: out, removed };
}
