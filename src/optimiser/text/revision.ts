/**
 * Reading a customer's revision request simply and honestly. We act on what a rule can recognise (shorter, funnier,
 * more or less formal, mention or leave out something) and say in the notes what we changed. A "mention" becomes part
 * of the rewrite only when the customer states it as a fact about themselves ("mention that I play cello") or when
 * it is already in their profile; anything else is answered with a note, never made up.
 */
import { cleanText } from "./clean.ts";
import type { Facts } from "./facts.ts";
import { shorten } from "./fit.ts";
import { norm, sameWord, words } from "./match.ts";
import { asSentence, splitSentences } from "./sentences.ts";

export type Tone = "default" | "playful" | "casual" | "formal";
export type Focus = "job" | "education" | "industry" | "date" | "interests";

const FOCUS_WORDS: [RegExp, Focus][] = [
  [/^(?:job|work|career|profession|what i do)$/i, "job"],
  [/^(?:education|degree|school|uni|university|college|studies)$/i, "education"],
  [/^(?:industry|field|sector)$/i, "industry"],
  [/^(?:(?:ideal )?first date(?: idea)?|date idea)$/i, "date"],
  [/^(?:interests|hobbies|passions)$/i, "interests"],
];

export interface Revision {
  shorter: boolean;
  tone: Tone;
  /** Sentences about themselves the customer asked us to add ("I play cello."). */
  stated: string[];
  /** Things to mention that are plain nouns ("cello"): added as interests, which claims nothing more. */
  things: string[];
  /** Parts of their profile to bring forward ("mention my job"). */
  focus: Focus[];
  /** Words to leave out of the rewrite. */
  leaveOut: string[];
  /** One line per request, for the notes. */
  understood: string[];
  /** Requests no rule recognised: left to the writer (revisionPending), never promised to the customer. */
  unread: string[];
  /** The notes as a whole, quoted when nothing in them could be acted on. */
  notes: string;
}

const SHORTER = /\b(shorter|too long|more concise|less text|cut it down|trim|briefer|fewer words)\b/i;
const PLAYFUL = /\b(funn(y|ier)|humou?r|playful|witty|more fun|cheeky|joke)/i;
const CASUAL = /\b(less formal|more casual|too formal|relaxed|laid[- ]back tone|chill(er)? tone|informal|stiff)\b/i;
const FORMAL = /\b(more formal|more serious|more professional|less silly|too casual|classier)\b/i;
const MENTION = /\b(?:mention|include|add|say|talk about|put in|bring up)\s+(?:that\s+)?(.+)/i;
const NEXT_REQUEST = /\s*(?:,\s*)?\b(?:and|also|plus)\s+(?=(?:please\s+)?(?:mention|include|add|remove|leave out|don'?t|do not|make|keep|change|use|say)\b)/gi;
const LEAVE_OUT = /\b(?:don'?t|do not|never)\s+(?:mention|include|say|talk about)\s+(.+)|\b(?:remove|leave out|take out|drop|delete)\s+(?:the\s+(?:bit|part|line)\s+about\s+)?(.+)/i;

export function readRevision(notes: string | null): Revision | null {
  if (!notes || !notes.trim()) return null;
  const revision: Revision = {
    shorter: false,
    tone: "default",
    stated: [],
    things: [],
    focus: [],
    leaveOut: [],
    understood: [],
    unread: [],
    notes: notes.trim(),
  };
  // One request per sentence, and "… and mention X" starts a new one.
  const requests = splitSentences(notes.replace(NEXT_REQUEST, ". "));
  for (const { text } of requests) {
    let read = false;
    if (SHORTER.test(text)) {
      revision.shorter = read = true;
      revision.understood.push("shorter");
    }
    const tone: Tone | null = PLAYFUL.test(text) ? "playful" : FORMAL.test(text) ? "formal" : CASUAL.test(text) ? "casual" : null;
    if (tone && revision.tone === "default") {
      revision.tone = tone;
      revision.understood.push(TONE_WORDS[tone]);
    }
    read ||= tone !== null;
    const leave = LEAVE_OUT.exec(text);
    const mention = leave ? null : MENTION.exec(text);
    if (leave) {
      const what = cleanPhrase(leave[1] ?? leave[2] ?? "").replace(/^(?:my|the|our|that)\s+/i, "");
      if (what) {
        revision.leaveOut.push(what);
        revision.understood.push(`leave out “${what}”`);
        read = true;
      }
    } else if (mention) {
      read = mentionRequest(revision, cleanPhrase(mention[1]!)) || read;
    }
    if (!read) revision.unread.push(text);
  }
  return revision;
}

function mentionRequest(revision: Revision, what: string): boolean {
  if (!what) return false;
  revision.understood.push(`mention “${what}”`);
  if (STATEMENT.test(what)) {
    // Cleaned like any of their text, so a note cannot slip a cliché or a demand into the rewrite.
    const statement = cleanText(what).text;
    if (statement) revision.stated.push(asSentence(statement));
    return true;
  }
  const thing = what.replace(/^(?:my|the|our)\s+(?:love of|passion for|interest in)?\s*/i, "").trim();
  const focus = FOCUS_WORDS.find(([re]) => re.test(thing))?.[1];
  if (focus) revision.focus.push(focus);
  else if (thing) revision.things.push(thing);
  return true;
}

/** "I play cello", "my dog is called Biscuit": the customer telling us a fact, which we may use. */
const STATEMENT = /^(?:i|i'm|i’m|i am|i've|i’ve|i have|i'd|i’d)\b|^my\s+\w+(?:\s+\w+)?\s+(?:is|are|was|were)\b/i;

const TONE_WORDS: Record<Exclude<Tone, "default">, string> = { playful: "funnier", casual: "less formal", formal: "more formal" };

function cleanPhrase(text: string): string {
  return text
    .replace(/\b(?:please|pls|thanks|thank you|in the bio|in my bio|in my profile|somewhere|too|as well)\b/gi, "")
    .replace(/[.!?…]+$/u, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Does a text say something the customer asked to leave out? */
export function leftOut(revision: Revision | null, text: string): boolean {
  return revision !== null && revision.leaveOut.some((phrase) => mentions(text, phrase));
}

/**
 * With "shorter" in the notes: about seven tenths of what the rewrite would otherwise be, but never less than
 * `floor`, what the opening, the closing and the customer's own requested lines need.
 */
export function shorterTarget(revision: Revision | null, length: number, limit: number, floor: number): number | null {
  return revision?.shorter ? Math.min(limit, Math.max(floor, Math.round(length * 0.7))) : null;
}

/**
 * What we did about each request, checked against the text before this run (`before`) and the finished text: a note
 * claims a change only when the part really changed that way ("Added, as you asked" of a line that was not there
 * before and is now). What was not done is said plainly when it is a fact ("it didn't fit"), and otherwise left to
 * the writer (`revisionPending`); no note promises that a person will do something later.
 */
export function revisionNotes(r: Revision | null, facts: Facts, finished: string, before = ""): string[] {
  if (!r) return [];
  const has = (text: string) => ` ${norm(finished)} `.includes(` ${norm(text)} `);
  const had = (text: string) => ` ${norm(before)} `.includes(` ${norm(text)} `);
  const changed = norm(finished) !== norm(before);
  const notes: string[] = [];
  if (r.shorter && finished.length < before.length) {
    notes.push(`You asked for it shorter: this version is ${finished.length} characters, keeping your opening line, your closing and anything you asked us to add.`);
  }
  if (r.tone !== "default" && changed) {
    notes.push(
      `You asked for it ${TONE_WORDS[r.tone]}: the closing lines we write now have that tone. The rest stays in your own words; we never add jokes or claims about you that you haven't told us.`,
    );
  }
  for (const s of r.stated) {
    if (has(s) && !had(s)) notes.push(`Added, as you asked: “${s}”`);
    else if (!has(s)) notes.push(`You asked us to add “${s}”; it didn't fit within the limit beside your other details.`);
  }
  for (const t of r.things) {
    if (has(t) && !had(t)) notes.push(`Mentioned “${t}”, as you asked.`);
    else if (!has(t)) notes.push(`You asked us to mention “${t}”; it didn't fit within the limit.`);
  }
  for (const f of r.focus) {
    const note = focusNote(facts, f, has, had);
    if (note) notes.push(note);
  }
  for (const l of r.leaveOut) if (mentions(before, l) && !mentions(finished, l)) notes.push(`Left out “${l}”, as you asked.`);
  return notes;
}

/**
 * The requests of a revision note this run did not carry out (for the writer, admin-facing): what no rule read, and
 * what a rule read but the finished text does not show.
 */
export function revisionPending(r: Revision | null, facts: Facts, finished: string, before = ""): string[] {
  if (!r) return [];
  const has = (text: string) => ` ${norm(finished)} `.includes(` ${norm(text)} `);
  const pending = [...r.unread];
  if (r.shorter && finished.length >= before.length) pending.push("shorter");
  if (r.tone !== "default" && norm(finished) === norm(before)) pending.push(TONE_WORDS[r.tone]);
  pending.push(...r.stated.filter((s) => !has(s)).map((s) => `add “${s}”`));
  pending.push(...r.things.filter((t) => !has(t)).map((t) => `mention “${t}”`));
  for (const f of r.focus) {
    const value = focusValue(facts, f);
    if (!value || !has(value)) pending.push(`bring the ${FOCUS_LABELS[f]} forward`);
  }
  pending.push(...r.leaveOut.filter((l) => mentions(finished, l)).map((l) => `leave out “${l}”`));
  return pending;
}

/** Every word of `phrase` is in `text` (in any form: "dogs" mentions "dog"). */
function mentions(text: string, phrase: string): boolean {
  const said = words(text);
  return words(phrase).every((w) => said.some((s) => sameWord(s, w)));
}

const FOCUS_LABELS: Record<Focus, string> = {
  job: "job",
  education: "education",
  industry: "industry",
  date: "first-date idea",
  interests: "interests",
};

function focusValue(f: Facts, focus: Focus): string | null {
  return { job: f.job, education: f.education, industry: f.industry, date: f.idealFirstDate, interests: f.interests[0] ?? null }[focus];
}

function focusNote(f: Facts, focus: Focus, has: (text: string) => boolean, had: (text: string) => boolean): string | null {
  const value = focusValue(f, focus);
  const label = FOCUS_LABELS[focus];
  if (!value) return `You asked us to bring your ${label} forward, but your profile doesn't include it yet.`;
  if (has(value)) return had(value) ? null : `Brought your ${label} (“${shorten(value, 60)}”) forward, as you asked.`;
  return `You asked us to bring your ${label} (“${shorten(value, 60)}”) forward; it is shown in your profile's details, and the space here went to things those details can't say.`;
}
