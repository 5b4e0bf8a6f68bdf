/**
 * Elite on an app without a bio (Hinge): what elite sells as "3 Bio Versions in Different Tones" becomes the customer's
 * set of answers in three tones (issue 30, item 4). Each version holds every answered prompt with its answer, built
 * from the customer's own sentences, so the writer's desk and the results page read it as they read bio versions
 * (result.ts `answerSetText`, `of: "answers"`):
 * - warm keeps the answers in the customer's order, each in their order, and ends with an invitation;
 * - playful leads with their most specific answer, each answer with its most specific line, and ends with a light challenge;
 * - direct leads with an answer no other version leads with, keeps each answer's most specific line, and ends with a plain ask.
 * A version that would open as an earlier one does, or share every other sentence with it, is not offered: fewer
 * versions, and the writer is told which tones to write. Text in another language gets no lines of ours.
 */
import { answerSetText, BIO_TONES, RESULT_LIMITS, type BioTone, type BioVersions } from "../../shared/optimiser/result.ts";
import { assemble, joinList, lowerFirst, PRIORITY, ranked, withArticle, type Part } from "../text/compose.ts";
import { shorten } from "../text/fit.ts";
import { harmless } from "../text/harm.ts";
import { cleanText, findProblems } from "../text/clean.ts";
import { norm, sameWord, words } from "../text/match.ts";
import { promptStyle } from "../text/prompt-styles.ts";
import { leftOut } from "../text/revision.ts";
import { capitalise, splitSentences } from "../text/sentences.ts";
import { isSpecific, soundsNegative, specificity } from "../text/signals.ts";
import { inVoice, type Writer } from "../text/writer.ts";
import { distinctVersion, goalPhrase, versionSentences, type BioVersionsMade } from "./bio-versions.ts";
import { readsAsEnglish } from "./language.ts";

interface Answer {
  prompt: string;
  /** The customer's usable sentences of this answer, in their order. */
  sentences: string[];
  /** The order is the point of the answer ("Two truths and a lie"): every line stays, in order, in every tone. */
  keepOrder: boolean;
  specificity: number;
}

interface Draft {
  tone: BioTone;
  /** Answers in the order this tone shows them, each with its lines. */
  answers: { prompt: string; lines: string[] }[];
  closings: string[];
  why: string;
}

const VERSIONS = 3;
const STATES_GOAL = /\b(?:looking for|searching for|hoping (?:to find|for)|want (?:a|something|someone)|here for (?:a|something|someone))\b/iu;

/**
 * The answer set in three tones, or null where the app has a bio or the customer answered no prompt. `mainAnswers`:
 * the result's own answers, and `alsoSaid` other parts' lines (the prompts to answer), whose facts a closing line of
 * ours does not say again.
 */
export function answerVersions(w: Writer, mainAnswers: readonly { prompt: string; optimised: string }[], alsoSaid: readonly string[] = []): BioVersionsMade | null {
  const limit = w.rules.promptAnswerLimit;
  if (w.rules.bioLimit !== null || limit === null) return null;
  if (w.facts.prompts.length === 0) return null;
  const answers = answersOf(w);
  const english = readsAsEnglish(answers.flatMap((a) => a.sentences).join(" ") || w.facts.allText);
  const said = [...mainAnswers.map((a) => a.optimised), ...alsoSaid].join(" ");
  // An answer with no line of theirs to offer again (a cliché, a complaint) stays as the result has it, last, in every set.
  const fixed = mainAnswers.filter((m) => m.optimised.trim() && !answers.some((a) => a.prompt === m.prompt)).map((m) => ({ prompt: m.prompt, answer: m.optimised }));
  const made: { tone: BioTone; text: string; body: string; why: string }[] = [];
  const corrections = w.facts.prompts.flatMap((p) => cleanText(p.response).corrected.map((c) => c.to));
  // The closing goes on the same answer in every tone (their last that does not end on their own question): a fact of
  // theirs that a closing names is then said in one answer, whichever set the customer picks.
  const home = answers.filter((a) => !a.sentences.at(-1)!.trim().endsWith("?")).at(-1)?.prompt;
  for (const tone of answers.length > 0 ? [warm, playful, direct] : []) {
    const draft = tone(w, answers, english, said, made.map((v) => versionSentences(v.body)[0]));
    if (draft.answers.length === 0) continue;
    const built = build(w, draft, limit, corrections, fixed, home);
    if (!built || !made.every((v) => distinctVersion(v.body, built.body))) continue;
    made.push({ tone: draft.tone, text: built.text, body: built.body, why: draft.why });
  }
  const versions = made.map(({ tone, text, why }) => ({ tone, text, why: shorten(why, RESULT_LIMITS.note) }));
  const short = versions.length < VERSIONS;
  const missing = BIO_TONES.filter((t) => !versions.some((v) => v.tone === t));
  return {
    part: { versions, note: null, of: "answers" },
    // The writer's to know (the desk's brief), never the customer's: a person writes the missing tones before anything is sent.
    needsWriter: short
      ? `${w.rules.name} has no bio, so elite's three tones are of the answer set; only ${versions.length} of 3 differed enough to offer from the customer's own words: write the ${joinList(missing)} ${missing.length === 1 ? "one" : "ones"}.`
      : null,
  };
}

function answersOf(w: Writer): Answer[] {
  return w.facts.prompts
    .slice(0, 3)
    .map((p) => {
      const all = splitSentences(p.cleaned).map((s) => s.text);
      const keepOrder = promptStyle(p.prompt).keepOrder === true;
      // A complaint or a cliché is no line to offer again in another tone; a game's lines all stay, or the game breaks.
      const usable = keepOrder ? all : all.filter((s) => !leftOut(w.revision, s) && !soundsNegative(s) && findProblems(s).length === 0);
      return { prompt: p.prompt, sentences: usable, keepOrder, specificity: specificity(usable.join(" ")) };
    })
    .filter((a) => a.sentences.length > 0);
}

/** An answer's lines in their order: a later line often leans on the one before ("Folk songs…. Bonus points if you can sing the chorus."). */
const asTold = (a: Answer) => a.sentences;
/**
 * An answer down to its first line, the one that answers the prompt, and their own question if it has one (a way to
 * reply is never cut); a game answer keeps every line.
 */
function firstLineOnly(a: Answer): string[] {
  if (a.keepOrder || a.sentences.length === 1) return a.sentences;
  const first = a.sentences.find((s) => !s.includes("?"));
  return first ? [first, ...a.sentences.filter((s) => s.includes("?"))] : a.sentences;
}

/** Closings of ours built on a fact the result's answers do not already say; none on text in another language. */
function fresh(said: string, fact: string | null, max: number): string | null {
  if (!fact || fact.length > max) return null;
  const wanted = words(fact).filter((word) => word.length >= 4);
  const saidWords = words(said);
  return wanted.length > 0 && wanted.every((word) => saidWords.some((s) => sameWord(s, word))) ? null : fact;
}

/**
 * The answers that may lead this tone: its opening line is specific (a set never opens on "Ask me."), and no earlier
 * version opened with it. None: the tone is not offered, and the writer is told.
 */
const leads = (answers: Answer[], openings: (string | undefined)[], first: (a: Answer) => string[]) =>
  answers.filter((a) => isSpecific(first(a)[0] ?? "") && !openings.includes(norm(first(a)[0] ?? "")));

function warm(w: Writer, answers: Answer[], english: boolean, said: string): Draft {
  const date = fresh(said, w.facts.idealFirstDate, 70);
  const interest = fresh(said, w.facts.interests.find((i) => i.length <= 30) ?? null, 30);
  const closings = !english ? [] : [...(date ? [`My idea of a lovely first date: ${lowerFirst(date)}. Would you join me?`] : []), ...(interest ? [`If you're into ${interest} too, I'd love to hear how you got into it.`] : [])];
  return {
    tone: "warm",
    answers: answers.map((a) => ({ prompt: a.prompt, lines: a.sentences })),
    closings,
    why: "Warm: your answers in the order you gave them, each told as you told it, ending with an invitation.",
  };
}

function playful(w: Writer, answers: Answer[], english: boolean, said: string, openings: (string | undefined)[]): Draft {
  const lead = [...leads(answers, openings, asTold)].sort((a, b) => b.specificity - a.specificity)[0];
  const ordered = lead ? [lead, ...answers.filter((a) => a !== lead)] : [];
  // "a Beekeeper" reads as a name: a one-word job typed with a capital is written as the noun it is.
  const job = w.facts.job && w.facts.job.length <= 30 && !/[,/]/.test(w.facts.job) ? (/^\p{Lu}\p{Ll}+$/u.test(w.facts.job) ? w.facts.job.toLowerCase() : lowerFirst(w.facts.job)) : null;
  const interest = fresh(said, w.facts.interests.find((i) => i.length <= 30) ?? null, 30);
  const closings = !english
    ? []
    : [...(job ? [`Bet you can't guess what ${withArticle(job)} does all day. Try me.`] : []), ...(interest ? [`Bonus points if you can teach me something new about ${interest}.`] : [])];
  return {
    tone: "playful",
    answers: ordered.map((a) => ({ prompt: a.prompt, lines: asTold(a) })),
    closings,
    why: "Playful: leads with your most specific answer and ends with a light challenge.",
  };
}

function direct(w: Writer, answers: Answer[], english: boolean, said: string, openings: (string | undefined)[]): Draft {
  // The lead: an answer that says what they want, else the most specific; never one whose line an earlier version opened with.
  const free = leads(answers, openings, firstLineOnly);
  const lead = free.find((a) => a.sentences.some((s) => STATES_GOAL.test(s))) ?? [...free].sort((a, b) => b.specificity - a.specificity)[0];
  const ordered = lead ? [lead, ...answers.filter((a) => a !== lead)] : [];
  const goal = goalPhrase(fresh(said, w.facts.lookingFor, 60));
  const date = fresh(said, w.facts.idealFirstDate, 70);
  const closings = !english ? [] : [...(goal ? [`Looking for ${goal}. Is that what you want too?`] : []), ...(date ? [`First date: ${lowerFirst(date)}. Would you come?`] : [])];
  return {
    tone: "direct",
    answers: ordered.map((a) => ({ prompt: a.prompt, lines: firstLineOnly(a) })),
    closings,
    why: "Direct: each answer down to its first line, and a plain ask at the end.",
  };
}

/**
 * The set as text (each answer within the app's limit, in the customer's voice) and its body (the answers alone,
 * for comparing versions); the closing goes on the answer `homePrompt` when it has room. Null when an answer would not
 * pass the do-no-harm checks.
 */
function build(w: Writer, draft: Draft, limit: number, corrections: string[], fixed: { prompt: string; answer: string }[], homePrompt: string | undefined): { text: string; body: string } | null {
  const home = draft.answers.findIndex((a) => a.prompt === homePrompt);
  const texts: string[] = [];
  for (const [i, a] of draft.answers.entries()) {
    const parts: Part[] = a.lines.map((line, rank) => ({ options: [line], order: rank, priority: rank === 0 ? PRIORITY.lead : ranked(PRIORITY.fact, rank) }));
    const own = inVoice(w, capitalise(assemble(parts, limit).text));
    if (!own.trim() || !harmless(w, own, corrections)) return null;
    const closing =
      i === home ? draft.closings.map((c) => inVoice(w, capitalise(`${ended(own)} ${c}`))).find((t) => t.length <= limit && harmless(w, t, [...corrections, ...draft.closings])) : undefined;
    texts.push(closing ?? own);
  }
  const text = answerSetText([...draft.answers.map((a, i) => ({ prompt: a.prompt, answer: texts[i]! })), ...fixed]);
  return text.length > 2000 ? null : { text, body: texts.join("\n") };
}

/** A line that ends its sentence, so a closing after it starts a new one ("…jokes first. My idea of…"). */
function ended(text: string): string {
  return /[.!?…]["”')\]]*$/u.test(text) ? text : `${text.replace(/[\s,;:–—-]+$/u, "")}.`;
}

/** The versions' part of the guide: what to do with three sets of answers. */
export function answerTonesPoint(versions: BioVersions): string | null {
  if (versions.versions.length < 2) return null;
  const names = versions.versions.map((v) => v.tone.charAt(0).toUpperCase() + v.tone.slice(1)).join(", ");
  return `Your answers come in ${versions.versions.length} tones (${names}). Use one set for a week, then switch to another, and keep the one that brings more likes and comments.`;
}
