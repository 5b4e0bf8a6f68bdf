/**
 * The bio. Basic gets a light edit (the customer's sentences, in their order and layout, minus clichés and
 * negativity, plus a closing question); premium and elite a rewrite that leads with their most specific line. Either
 * way only whole sentences of theirs, in their words (with the certain corrections of phrases.ts), within the app's
 * limit. Two rules come before any edit: a bio judged strong is kept as written, and an edit that is not better than
 * the original (or that would read worse) is not used: the original is kept and, on premium and elite, marked as
 * needing a writer. A bio in another language is kept and marked on every plan (decision 151).
 */
import type { z } from "zod";
import type { Finding, NeedsWriter, textRewriteSchema } from "../../shared/optimiser/result.ts";
import { cleanText, type Cleaned } from "./clean.ts";
import { answersRequest, better, harmless } from "./harm.ts";
import { assemble, droppedNote, joinList, limitNote, lowerFirst, machineNote, PRIORITY, ranked, removalNotes, type Part } from "./compose.ts";
import { fitToLimit } from "./fit.ts";
import { bioClosings, ownClosing, pick, type Closing } from "./hooks.ts";
import { norm, sameWord, words } from "./match.ts";
import { JOB_WORDS } from "./phrases.ts";
import { NOTES, WRITER_REASONS } from "./notes.ts";
import { leftOut, revisionNotes, shorterTarget } from "./revision.ts";
import { capitalise, splitSentences } from "./sentences.ts";
import { findHook, isSpecific, machineText, soundsNegative, specificity } from "./signals.ts";
import { inEnglish, inVoice, languageName, type Writer } from "./writer.ts";

export type TextRewrite = z.infer<typeof textRewriteSchema>;

interface Draft {
  text: string;
  notes: string[];
  /** Words we added (closing lines, wishes, corrections): every other word must be the customer's. */
  added: string[];
  needsWriter?: NeedsWriter;
}

/** `problems`: the findings about the bio (findings.ts); none means the analyser judged it strong. */
export function rewriteBio(w: Writer, problems: Finding[]): TextRewrite | null {
  const limit = w.rules.bioLimit;
  if (limit === null) return null;
  const original = w.input.profile.bio;
  const sells = w.input.plan !== "basic";
  const keep = (notes: string[], reason: NeedsWriter | null): TextRewrite => ({
    original,
    optimised: original!.trim(),
    limit,
    notes: [...notes, ...revisionNotes(w.revision, w.facts, original!, original!)],
    needsWriter: sells ? reason : null,
  });

  // Another language: our rules and lines are English, so their text stays as written (cut to the limit at most).
  if (original?.trim() && !inEnglish(w, original)) {
    const name = languageName(w, original);
    const reason = { reason: WRITER_REASONS.language(name) };
    const fitted = original.trim().length <= limit ? original.trim() : fitToLimit(original, limit);
    const notes = [NOTES.otherLanguage(name), ...(fitted === original.trim() ? [] : [limitNote(w.rules, limit, "bio")])];
    // Marked on every plan, basic included: the light edit basic sells is English only, so a person who knows the
    // language reads it before it leaves (decision 151).
    return { ...keep(notes, reason), optimised: fitted, needsWriter: reason };
  }
  if (original?.trim() && problems.length === 0 && !w.revision) {
    return keep([NOTES.strongKept], { reason: WRITER_REASONS.strong });
  }
  const draft = w.input.plan === "basic" && original?.trim() ? editBio(w, limit, original) : writeBio(w, limit);
  if (original?.trim() && !(draft && harmless(w, draft.text, draft.added) && (better(draft.text, original, limit) || answersRequest(w, draft.text, original)))) {
    if (original.trim().length <= limit) return keep([NOTES.keptNotBetter], { reason: WRITER_REASONS.notBetter });
    return { ...keep([NOTES.keptCutToLimit(w.rules.name, limit)], { reason: WRITER_REASONS.notBetter }), optimised: fitToLimit(original, limit), needsWriter: sells ? { reason: WRITER_REASONS.notBetter } : null };
  }
  const text = draft!.text;
  const notes = original && norm(text) === norm(original) ? [NOTES.strongKept, ...revisionNotes(w.revision, w.facts, text, original)] : draft!.notes;
  return { original, optimised: text, limit, notes, needsWriter: sells ? (draft!.needsWriter ?? null) : null };
}

/** Basic: the customer's own bio, edited lightly. Falls back to a written bio when nothing of it survives. */
function editBio(w: Writer, limit: number, original: string): Draft | null {
  const cleaned = cleanText(original, w.facts.allText.replace(original, ""));
  const sentences = splitSentences(cleaned.text).filter((s) => !leftOut(w.revision, s.text));
  if (sentences.length === 0) {
    const written = writeBio(w, limit);
    return written && { ...written, notes: [NOTES.nothingLeftOfBio, ...written.notes] };
  }
  // A wish we wrote ("Bonus points if…") is not their closing line; their own question or invitation is.
  const own = ownClosing(sentences.filter((s) => !cleaned.wishes.includes(s.text)));
  const closing = own ? null : pick([], bioClosings(w));
  const stated = requested(w);
  const closingPart = closing ? [{ options: [closing.text], order: 100, priority: closingPriority(closing), ours: true }] : [];

  // Whole, when it fits, so their layout (line breaks, bullets) stays; otherwise sentence by sentence, the least
  // specific going first, their own question or invitation last of all.
  const body = w.revision?.leaveOut.length ? sentences.map((s) => s.text).join(" ") : cleaned.text;
  const whole: Part[] = [{ options: [body], order: 0, priority: PRIORITY.lead }, ...stated, ...closingPart];
  const bySentence: Part[] = [
    ...sentences.map((s, i) => ({ options: [s.text], order: i, priority: i === 0 ? PRIORITY.lead : s === own ? PRIORITY.closing : sentencePriority(w, s.text, sentences) })),
    ...stated,
    ...closingPart,
  ];
  const fitsWhole = [body, ...stated.map((p) => p.options[0]), closing?.text].filter(Boolean).join(" ").length <= limit;

  const notes = editNotes(w, cleaned);
  const machine = machineText(original);
  if (machine.length > 0) notes.push(NOTES.machineInBio(machine[0]!));
  if (cleaned.fillers.length > 0) notes.push(NOTES.fillers(cleaned.fillers));
  const ending = closing ? { text: closing.text, note: closingNote(closing) } : own ? { text: own.text, note: NOTES.ownClosingKept(findHook(own.text)!.kind, own.text) } : null;
  const added = [closing?.text ?? "", ...cleaned.wishes, ...cleaned.corrected.map((c) => c.to)];
  return finish(w, fitsWhole && !w.revision?.shorter ? whole : bySentence, limit, null, notes, original, added, ending);
}

/** Premium and elite: the customer's own sentences, most specific first, with a closing line. */
function writeBio(w: Writer, limit: number): Draft | null {
  const { facts } = w;
  const parts: Part[] = [];
  const notes: string[] = [];
  const added: string[] = [];
  let needsWriter: NeedsWriter | undefined;
  const focus = new Set(w.revision?.focus ?? []);
  const original = w.input.profile.bio;
  if (original) {
    const cleaned = cleanText(original, facts.allText.replace(original, ""));
    notes.push(...editNotes(w, cleaned));
    added.push(...cleaned.wishes, ...cleaned.corrected.map((c) => c.to));
  }
  const machine = machineText(original ?? "");
  if (machine.length > 0) notes.push(machineNote(machine));
  const sentences = facts.bio.filter((s) => !leftOut(w.revision, s.text));
  // Their own question or invitation is the best closing, unless they asked for a different tone.
  const own = w.tone === "default" ? ownClosing(sentences, false) : undefined;
  const statements = sentences.filter((s) => s !== own && !s.text.includes("?"));
  // A complaint never leads, however specific it is. When their bio will not fit whole, what they do leads: it is
  // short, and the fact a match looks for first.
  const candidates = [...statements].filter((s) => isSpecific(s.text) && !soundsNegative(s.text)).sort((a, b) => b.score - a.score);
  const tooLong = statements.map((s) => s.text).join(" ").length > limit;
  const lead = (tooLong ? candidates.find((s) => talksAboutWork(w, s.text)) : undefined) ?? candidates[0];
  if (lead) {
    parts.push({ options: [lead.text], order: 0, priority: PRIORITY.lead });
    notes.push(NOTES.openedWith(lead.text));
  }
  // What they do is kept before other details; The League is career-forward, so there it comes right after the opening.
  const careerFirst = w.input.app === "the_league" || focus.has("job") || focus.has("industry");
  const workSentence = statements.find((s) => s !== lead && talksAboutWork(w, s.text));
  if (workSentence && careerFirst) notes.push(NOTES.careerForward);
  statements.forEach((s, i) => {
    if (s === lead) return;
    parts.push({ options: [s.text], order: s === workSentence && careerFirst ? 0.5 : 1 + i / 100, priority: sentencePriority(w, s.text, statements) });
  });
  parts.push(...requested(w));
  facts.wishes.filter((wish) => !leftOut(w.revision, wish)).forEach((wish) => parts.push({ options: [wish], order: 50, priority: PRIORITY.wish, ours: true }));

  // Nothing of their bio to keep: their interests, in their own words, are the only honest material.
  const said = statements.map((s) => s.text).join(" ");
  const interests = facts.interests.filter((i) => !mentionedIn(said, i) && !leftOut(w.revision, i) && !w.revision?.things.includes(i));
  const fields = statements.length === 0 ? [workFields(w), joinList(interests.slice(0, 5))].filter((f): f is string => !!f) : [];
  fields.forEach((field, i) => parts.push({ options: [`${capitalise(field)}.`], order: 1 + i, priority: i === 0 ? PRIORITY.lead : PRIORITY.fact }));
  if (fields.length > 0) {
    notes.push(NOTES.fromInterests);
    needsWriter = { reason: WRITER_REASONS.fromFields };
  }

  const closings = bioClosings(w).filter((c) => !(c.text.startsWith("Looking for") && leftOut(w.revision, c.text)));
  if (focus.has("date")) closings.sort((a, b) => Number(b.from === "your first-date idea") - Number(a.from === "your first-date idea"));
  const closing: Closing = own ? { text: own.text, from: "own" } : pick([], closings);
  if (!own) added.push(closing.text);
  parts.push({ options: [closing.text], order: 100, priority: parts.length === 0 ? PRIORITY.lead : closingPriority(closing), ours: !own });
  const ending = { text: closing.text, note: own ? NOTES.ownClosingKept(findHook(own.text)!.kind, own.text) : closingNote(closing) };
  if (parts.length === 1) {
    notes.push(NOTES.nothingToBuildOn);
    needsWriter = { reason: WRITER_REASONS.empty };
  }
  const maxWords = w.rules.bioWords?.max ?? null;
  const draft = finish(w, parts, limit, maxWords, notes, original, added, ending);
  return needsWriter ? { ...draft, needsWriter } : draft;
}

/** Lines the customer asked for in a revision: their own statements, and things to mention. */
function requested(w: Writer): Part[] {
  const stated = (w.revision?.stated ?? []).map((text, i) => ({ options: [text], order: 50 + i / 10, priority: PRIORITY.requested }));
  const things = w.revision?.things.filter((t) => !mentionedIn(w.facts.bio.map((s) => s.text).join(" "), t)) ?? [];
  // Their own word, asked for by name: the one place a short "Into …" line is theirs rather than ours.
  const mention = things.length > 0 ? [{ options: [`Into ${joinList(things)}.`], order: 2, priority: PRIORITY.requested }] : [];
  return [...stated, ...mention];
}

/** What cleaning took out of the bio, and the demands it turned into wishes (unless the customer asked to leave them out). */
function editNotes(w: Writer, cleaned: Cleaned): string[] {
  const notes = removalNotes(cleaned.removed);
  const wishes = cleaned.wishes.filter((wish) => !leftOut(w.revision, wish));
  if (wishes.length > 0) notes.push(NOTES.wish(wishes));
  if (cleaned.corrected.length > 0) notes.push(NOTES.corrected(cleaned.corrected));
  return notes;
}

/** Is an interest already in the text ("scones" in "the best scone in derbyshire")? */
function mentionedIn(text: string, item: string): boolean {
  const said = words(text);
  return words(item).every((word) => said.some((s) => sameWord(s, word)));
}

/**
 * Shared last steps: fit to the limit (shorter on request), voice, notes about what did not fit and the revision.
 * `ending`: the closing line and its note, which is said only when the line made it into the text.
 */
function finish(
  w: Writer,
  parts: Part[],
  limit: number,
  maxWords: number | null,
  notes: string[],
  original: string | null,
  added: string[],
  ending: { text: string; note: string } | null,
): Draft {
  let built = assemble(parts, limit, maxWords);
  const essential = parts.filter((p) => p.priority < PRIORITY.fact).map((p) => p.options[0]!);
  const target = shorterTarget(w.revision, built.text.length, limit, essential.join(" ").length);
  if (target !== null) built = assemble(parts, target, maxWords);
  const out = [...notes];
  if (ending && built.text.includes(ending.text)) out.push(ending.note);
  if (built.dropped.length > 0) out.push(droppedNote(NOTES.droppedToFit, built.dropped));
  const research = w.rules.bioWords;
  if (built.droppedForWords.length > 0 && research) out.push(droppedNote(NOTES.droppedForWords(research.min, research.max, research.source), built.droppedForWords));
  if ((original?.length ?? 0) > limit || built.trimmed) out.push(limitNote(w.rules, limit, "bio"));
  out.push(...revisionNotes(w.revision, w.facts, built.text, original ?? ""));
  return { text: inVoice(w, built.text), notes: out, added };
}

/** Their job title and industry in their own words ("Associate, venture capital"), the industry only when it adds something. */
function workFields(w: Writer): string | null {
  const { job, industry } = w.facts;
  const jobWords = words(job ?? "");
  const adds = industry && !words(industry).every((i) => jobWords.some((j) => i.startsWith(j) || j.startsWith(i)));
  return [job, adds ? lowerFirst(industry) : null].filter(Boolean).join(", ") || null;
}

/** Does a sentence say what the customer does (a word of their job title or industry, a job's name, "I work as")? */
export function talksAboutWork(w: Writer, text: string): boolean {
  const keys = [w.facts.job, w.facts.industry].flatMap((f) => words(f ?? "")).filter((k) => k.length >= 5);
  const said = words(text);
  const joined = said.join(" ");
  return (
    keys.some((k) => said.includes(k)) ||
    said.some((s) => JOB_WORDS.some((j) => sameWord(s, j))) ||
    /\bi (?:work|am working) (?:as|at|in)\b/u.test(joined) ||
    // "I'm a VP of Engineering", "I'm the head of…": a title is what they do, whatever the field.
    /\b(?:im|i am) (?:a|an|the) (?:\S+ ){0,2}(?:vp|svp|evp|head|director|chief|lead|ceo|cto|cfo|coo|founder|cofounder|partner|associate)\b/u.test(joined)
  );
}

/** "Looking for a serious relationship", "I'm hoping to find…": the customer's stated goal, never dropped for space. */
export function statesGoal(text: string): boolean {
  return /\b(?:looking for|searching for|hoping (?:to find|for)|want (?:a|something|someone)|here for (?:a|something|someone))\b/iu.test(text);
}

function closingPriority(closing: Closing): number {
  return closing.from === null ? PRIORITY.genericClosing : closing.from === "own" ? PRIORITY.closing : PRIORITY.builtClosing;
}

function closingNote(closing: Closing): string {
  return closing.from && closing.from !== "own" ? NOTES.builtClosing(closing.from) : NOTES.openClosing;
}

/** A sentence of theirs: their goal, what they do, another fact (ranked by how specific it is among its siblings) or filler. */
function sentencePriority(w: Writer, text: string, sentences: { text: string }[]): number {
  if (statesGoal(text)) return PRIORITY.goal;
  if (talksAboutWork(w, text)) return PRIORITY.career;
  const rank = [...sentences].sort((a, b) => specificity(b.text) - specificity(a.text)).findIndex((s) => s.text === text);
  return ranked(isSpecific(text) ? PRIORITY.fact : PRIORITY.filler, rank);
}
