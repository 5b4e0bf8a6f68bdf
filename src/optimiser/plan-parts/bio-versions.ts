/**
 * Elite's three bio versions, one per tone (warm, playful, direct), each a complete bio within the app's limit made
 * of the customer's own sentences and facts:
 * - warm tells their story in their own order and ends with an invitation;
 * - playful leads with their most specific lines and ends with a light challenge;
 * - direct says what they do, their two most specific lines and what they want, and ends with a plain ask.
 * The only words of ours are the framing of their own facts ("My idea of a lovely first date: …"). A version that
 * would not really differ from the ones before it (the same lines, only reordered, with the same ending) is not
 * offered: fewer versions, and a note that says why, rather than filler. Text in another language gets no lines of
 * ours at all.
 */
import { BIO_TONES, RESULT_LIMITS, type BioTone, type BioVersions } from "../../shared/optimiser/result.ts";
import { asActivity, assemble, joinList, lowerFirst, PRIORITY, ranked, withArticle, type Part } from "../text/compose.ts";
import { shorten } from "../text/fit.ts";
import { better, harmless } from "../text/harm.ts";
import { cleanText, findProblems } from "../text/clean.ts";
import { ownClosing } from "../text/hooks.ts";
import { norm, sameWord, words } from "../text/match.ts";
import { leftOut } from "../text/revision.ts";
import { capitalise, splitSentences } from "../text/sentences.ts";
import { isSpecific, soundsNegative } from "../text/signals.ts";
import { inVoice, type Writer } from "../text/writer.ts";
import { readsAsEnglish } from "./language.ts";

/** A piece of the customer's material, named so two versions can be compared by what they use. */
interface Item {
  key: string;
  text: string;
}

interface Material {
  /** Their bio's sentences (cleaned, no complaints, no questions), in their order, with how specific each is. */
  sentences: (Item & { score: number })[];
  /** Their own question or invitation, the best ending of all. */
  own: Item | null;
  goal: string | null;
  date: string | null;
  job: string | null;
  /** Their job title even where the bio says it already: "guess what a vet nurse does all day" still works. */
  anyJob: string | null;
  anthem: string | null;
  /** Interests their bio does not already mention. */
  interests: string[];
  /** Our framing lines may be added (the customer writes in English). */
  english: boolean;
  /** Their bio is a list, one item a line: the versions keep that layout. */
  lines: boolean;
  /** Words the analyser's certain corrections put in ("for" in "for 3 years"). */
  corrections: string[];
}

interface Draft {
  tone: BioTone;
  body: Item[];
  closing: Item | null;
  why: string;
}

export interface BioVersionsMade {
  part: BioVersions;
  /** Fewer than three versions: the review gate shows the part as needing a writer (admin-facing). */
  needsWriter: string | null;
}

const VERSIONS = 3;

export function bioVersions(w: Writer): BioVersionsMade | null {
  const limit = w.rules.bioLimit;
  if (limit === null) return null;
  const m = material(w);
  const made: { tone: BioTone; text: string; why: string; body: Item[]; closing: Item | null }[] = [];
  for (const first of [warm(m), playful(m), direct(m)]) {
    // Playful is its ending: without a light challenge to end on, it would only be the same lines reordered.
    if (first.body.length === 0 || (first.tone === "playful" && !first.closing)) continue;
    // A version that would open as an earlier one does leads with another of its lines instead, if one makes it differ.
    for (const draft of withOtherLeads(first)) {
      if (made.some((v) => !differs(v, draft))) continue;
      const text = build(w, m, draft, limit);
      if (!text || !made.every((v) => distinctVersion(v.text, text))) continue;
      made.push({ ...draft, text });
      break;
    }
  }
  const versions = made.map(({ tone, text, why }) => ({ tone, text, why: shorten(why, RESULT_LIMITS.note) }));
  const short = versions.length < VERSIONS;
  return {
    part: { versions, note: short ? fewerNote(versions.length, m.english) : null },
    needsWriter: short ? `Only ${versions.length} of 3 bio versions could be made from the customer's own words: write the ${joinList(BIO_TONES.filter((t) => !versions.some((v) => v.tone === t)))} ${versions.length === 2 ? "one" : "ones"}.` : null,
  };
}

function material(w: Writer): Material {
  const { facts } = w;
  const original = w.input.profile.bio ?? "";
  const english = readsAsEnglish(facts.bio.map((s) => s.text).join(" ") || facts.allText);
  // A line with a cliché, a complaint or a demand is no line to offer again in another tone.
  const usable = facts.bio.filter((s) => !leftOut(w.revision, s.text) && !soundsNegative(s.text) && findProblems(s.text).length === 0);
  const own = ownClosing(usable, false);
  const sentences = usable.filter((s) => s !== own && !s.text.includes("?")).map((s, i) => ({ key: `s${i}`, text: s.text, score: s.score }));
  const said = sentences.map((s) => s.text).join(" ");
  const fresh = (value: string | null, max: number) => (value && value.length <= max && !mentions(said, value) && !leftOut(w.revision, value) ? value : null);
  const job = fresh(facts.job, 40);
  return {
    sentences,
    own: own ? { key: "own", text: own.text } : null,
    // Their own line about what they want says it better than ours.
    goal: sentences.some((s) => STATES_GOAL.test(s.text)) ? null : goalPhrase(fresh(facts.lookingFor, 90)),
    date: fresh(facts.idealFirstDate, 110),
    // "Associate, venture capital" reads badly after "I'm an".
    job: job && !/[,/]/.test(job) ? job : null,
    anyJob: facts.job && facts.job.length <= 40 && !/[,/]/.test(facts.job) ? facts.job : null,
    anthem: facts.anthem && facts.anthem.length <= 60 ? facts.anthem : null,
    interests: facts.interests.filter((i) => i.length <= 30 && !mentions(said, i) && !leftOut(w.revision, i)).slice(0, 3),
    english,
    lines: (original.match(/\S[^\n]*\n/g)?.length ?? 0) >= 2,
    corrections: cleanText(original).corrected.map((c) => c.to),
  };
}

const STATES_GOAL = /\b(?:looking for|searching for|hoping (?:to find|for)|want (?:a|something|someone)|here for (?:a|something|someone))\b/iu;

const DETERMINER = /^(?:a|an|the|my|some|someone|somebody|something|anyone|people|friends?|fun|love|marriage|friendship|romance|companionship|new)\b/u;
const TERM = /^(?:long|short)[- ]term$/u;
const COUNTABLE = /\b(?:relationship|partner|connection|girlfriend|boyfriend|wife|husband|person|match|companion)$/u;

/**
 * What they are looking for as it reads after "Looking for": "long-term" becomes "something long-term", "serious
 * relationship" "a serious relationship"; a phrase no rule is sure of is left out rather than risked.
 */
export function goalPhrase(goal: string | null): string | null {
  if (!goal) return null;
  const g = /^\p{Lu}\p{Ll}*(?:[\s-]|$)/u.test(goal) && !/^I\b/.test(goal) ? goal[0]!.toLowerCase() + goal.slice(1) : goal;
  if (DETERMINER.test(g)) return g;
  if (TERM.test(g)) return `something ${g}`;
  if (COUNTABLE.test(g) && g.split(/\s+/).length <= 3) return withArticle(g);
  return null;
}

/** Their story as they told it, what they hope for, and an invitation. */
function warm(m: Material): Draft {
  const body: Item[] = [...m.sentences];
  if (m.english && m.goal) body.push({ key: "goal", text: `I'm hoping to find ${m.goal}.` });
  if (m.english && body.length === 0 && m.interests.length > 0) body.push(interestsLine(m));
  const closing =
    m.own ??
    (!m.english
      ? null
      : m.date
        ? { key: "date", text: `My idea of a lovely first date: ${lowerFirst(m.date)}. Would you join me?` }
        : m.interests[0]
          ? { key: "interest", text: `If you're into ${asActivity(m.interests[0]!)} too, I'd love to hear how you got into it.` }
          : null);
  const why = closing ? "Warm: your own lines in the order you told them, ending with an invitation." : "Warm: your own lines, in the order you told them.";
  return { tone: "warm", body, closing, why };
}

/** Their own line about what they want: kept in every version, whatever else a shorter one leaves out. */
const goalLines = (m: Material) => m.sentences.filter((s) => STATES_GOAL.test(s.text));

/** Their most specific lines first, and a light challenge. */
function playful(m: Material): Draft {
  const top = [...m.sentences].sort((a, b) => b.score - a.score).slice(0, 3);
  const body: Item[] = [...top, ...goalLines(m).filter((s) => !top.includes(s))];
  if (m.english && body.length === 0 && m.interests.length > 0) body.push(interestsLine(m));
  const topic = m.interests[0];
  const closing = !m.english
    ? m.own
    : m.date
      ? { key: "date", text: `First-date pitch: ${lowerFirst(m.date)}. Got a better idea? I'm listening.` }
      : topic
        ? { key: "interest", text: `Bonus points if you can teach me something new about ${topic}.` }
        : m.anyJob
          ? { key: "job", text: `Bet you can't guess what ${withArticle(m.anyJob)} does all day. Try me.` }
          : m.anthem
            ? { key: "anthem", text: `My song of the moment is ${m.anthem}. Judge me accordingly.` }
            : m.own;
  return { tone: "playful", body, closing, why: "Playful: leads with your most specific lines and ends with a light challenge." };
}

/** What they do, their two most specific lines, and a plain ask built on what they want. */
function direct(m: Material): Draft {
  const body: Item[] = [];
  if (m.english && m.job) body.push({ key: "job", text: `I'm ${withArticle(m.job)}.` });
  // Fewer lines than the warm version tells all: two of three or more, one of two.
  const top = [...m.sentences].sort((a, b) => b.score - a.score).slice(0, Math.max(1, Math.min(2, m.sentences.length - 1)));
  body.push(...m.sentences.filter((s) => top.includes(s) || goalLines(m).includes(s)));
  if (m.english && body.length === 0 && m.interests.length > 0) body.push(interestsLine(m));
  const closing = !m.english
    ? null
    : m.goal
      ? { key: "goal", text: `Looking for ${m.goal}. Is that what you want too?` }
      : m.date
        ? { key: "date", text: `First date: ${lowerFirst(m.date)}. Are you in?` }
        : m.interests[0]
          ? { key: "interest", text: `Do you like ${m.interests[0]} too? Tell me in your first message.` }
          : null;
  return { tone: "direct", body, closing, why: "Direct: short and plain about who you are and what you want." };
}

function interestsLine(m: Material): Item {
  return { key: "interests", text: `Outside work: ${joinList(m.interests)}.` };
}

/**
 * A version is worth offering only if it uses other material than an earlier one, or the same lines in another
 * order with another ending: the same lines reordered under the same ending are not a different tone.
 */
function differs(a: { body: Item[]; closing: Item | null }, b: Draft): boolean {
  const keys = (d: { body: Item[] }) => d.body.map((i) => i.key);
  const set = (d: { body: Item[] }) => [...keys(d)].sort().join(" ");
  if (set(a) !== set(b)) return true;
  return keys(a).join(" ") !== keys(b).join(" ") && (a.closing?.key ?? null) !== (b.closing?.key ?? null) && b.closing !== null;
}

/** The draft as it is, then with each other line of its body moved to the front (the most specific first). */
function withOtherLeads(draft: Draft): Draft[] {
  const others = draft.body.slice(1).sort((a, b) => score(b) - score(a));
  return [draft, ...others.map((lead) => ({ ...draft, body: [lead, ...draft.body.filter((i) => i !== lead)] }))];
}

const score = (item: Item) => ("score" in item && typeof item.score === "number" ? item.score : 0);

/** The sentences of a version, compared as words (case and punctuation aside). */
export function versionSentences(text: string): string[] {
  return splitSentences(text)
    .map((s) => norm(s.text))
    .filter(Boolean);
}

/**
 * Two versions differ in tone, not only in a line: each opens with its own sentence, and the later one has at least
 * one sentence besides its opening that the earlier one does not have at all (issue 30, item 4).
 */
export function distinctVersion(earlier: string, later: string): boolean {
  const a = versionSentences(earlier);
  const b = versionSentences(later);
  if (a.length === 0 || b.length === 0 || a[0] === b[0]) return false;
  return b.slice(1).some((s) => !a.includes(s));
}

/** The draft within the app's limit, in the customer's voice; null when it would not pass the do-no-harm checks. */
function build(w: Writer, m: Material, draft: Draft, limit: number): string | null {
  const parts: Part[] = draft.body.map((item, i) => ({
    options: [item.text],
    order: i,
    priority: i === 0 ? PRIORITY.lead : item.key === "goal" ? PRIORITY.goal : ranked(isSpecific(item.text) ? PRIORITY.fact : PRIORITY.filler, i),
  }));
  if (draft.closing) parts.push({ options: [draft.closing.text], order: 100, priority: draft.closing.key === "own" ? PRIORITY.closing : PRIORITY.builtClosing });
  const built = m.lines ? asLines(parts, limit) : assemble(parts, limit, w.rules.bioWords?.max ?? null).text;
  const text = m.lines ? built : inVoice(w, capitalise(built));
  const ours = [...draft.body, ...(draft.closing ? [draft.closing] : [])].filter((i) => !/^s\d/.test(i.key) && i.key !== "own").map((i) => i.text);
  const added = [...ours, ...m.corrections];
  if (!text.trim() || text.length > limit || !harmless(w, text, added)) return null;
  // A version that reads worse than what they wrote, by the analyser's own measure, is no version; as good is a fair alternative.
  const original = w.input.profile.bio;
  if (original?.trim() && better(original, text, limit)) return null;
  return text;
}

/** A list bio stays a list: whole lines, the most important first while they fit, in reading order. */
function asLines(parts: Part[], limit: number): string {
  const chosen: Part[] = [];
  let length = -1;
  for (const part of [...parts].sort((a, b) => a.priority - b.priority)) {
    const line = part.options[0]!;
    if (length + 1 + line.length > limit) continue;
    chosen.push(part);
    length += 1 + line.length;
  }
  return chosen
    .sort((a, b) => a.order - b.order)
    .map((p) => p.options[0]!)
    .join("\n");
}

function mentions(text: string, item: string): boolean {
  const said = words(text);
  const wanted = words(item).filter((w) => w.length >= 4);
  return wanted.length > 0 && wanted.every((word) => said.some((s) => sameWord(s, word)));
}

function fewerNote(count: number, english: boolean): string {
  if (count === 0) {
    return "You gave us no lines or details we could build a bio from without inventing them, so there are no extra versions of it here.";
  }
  const what = count === 1 ? "one version" : "two versions";
  // "one version that really differ" read badly: one version differs from nothing.
  return english
    ? `You gave us enough for ${count === 1 ? "one version" : "two versions that really differ"}; rather than pad with lines that aren't yours, we stopped there. A few more details (what you do, a place you love, a first-date idea) would make more.`
    : `Your bio is not in English, so we only rearranged your own sentences and added no lines of ours; that gave ${what}.`;
}
