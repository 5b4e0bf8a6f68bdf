/**
 * The bio: a light edit for basic (the customer's sentences, in their order, minus clichés and negativity, plus a
 * closing question), a full rewrite for premium and elite (lead with their most specific line, one or two more of
 * their facts, then a question built from their content). Either way only their facts, in their words, within the
 * app's limit.
 */
import type { z } from "zod";
import type { textRewriteSchema } from "../result.ts";
import { cleanText, type Cleaned } from "./clean.ts";
import { assemble, inVoice, limitNote, listOptions, lowerFirst, machineNote, MAX_NOTES, removalNotes, type Part, type Writer } from "./compose.ts";
import { shorten } from "./fit.ts";
import { norm, sameWord, words } from "./match.ts";
import { bioClosings, ownClosing, pick, type Closing } from "./hooks.ts";
import { leftOut, revisionNotes, shorterTarget } from "./revision.ts";
import { splitSentences } from "./sentences.ts";
import { findHook, isSpecific, machineText, specificity } from "./signals.ts";

export type TextRewrite = z.infer<typeof textRewriteSchema>;

export function rewriteBio(w: Writer): TextRewrite | null {
  const limit = w.rules.bioLimit;
  if (limit === null) return null;
  const original = w.input.profile.bio;
  const result = w.input.plan === "basic" && original?.trim() ? editBio(w, limit, original) : writeBio(w, limit);
  if (!result) return null;
  if (original && norm(result.text) === norm(original)) {
    result.notes = ["Already strong: specific, easy to read and easy to reply to, so we kept it exactly as you wrote it.", ...revisionNotes(w, result.text)];
  }
  w.written.push(result.text);
  return { original, optimised: result.text, limit, notes: result.notes.slice(0, MAX_NOTES) };
}

interface Draft {
  text: string;
  notes: string[];
}

/** Basic: the customer's own bio, edited lightly. Falls back to a written bio when nothing of it survives. */
function editBio(w: Writer, limit: number, original: string): Draft | null {
  const cleaned = cleanText(original, w.facts.allText.replace(original, ""));
  const sentences = splitSentences(cleaned.text).filter((s) => !leftOut(w.revision, s.text));
  if (sentences.length === 0) {
    const written = writeBio(w, limit);
    const why = "Nothing in your bio could stay as it was, so we built a new one from your other details.";
    return written && { ...written, notes: [why, ...written.notes] };
  }
  // A wish we wrote ("Bonus points if…") is not their closing line; their own question or invitation is.
  const own = ownClosing(sentences.filter((s) => !cleaned.wishes.includes(s.text)));
  const closing = own ? null : pick(w, bioClosings(w));
  const stated = (w.revision?.stated ?? []).map((text, i) => ({ options: [text], order: 50 + i / 10, priority: 1.2 }));
  const closingPart = closing ? [{ options: [closing.text], order: 100, priority: 1 }] : [];

  // Whole, when it fits, so their layout (line breaks, bullets) stays; otherwise sentence by sentence, the least
  // specific going first, their own question or invitation last of all.
  const body = w.revision?.leaveOut.length ? sentences.map((s) => s.text).join(" ") : cleaned.text;
  const whole: Part[] = [{ options: [body], order: 0, priority: 0 }, ...stated, ...closingPart];
  const bySentence: Part[] = [
    ...sentences.map((s, i) => ({ options: [s.text], order: i, priority: i === 0 ? 0 : s === own ? 1 : 2 + rankOf(s.text, sentences) })),
    ...stated,
    ...closingPart,
  ];
  const fitsWhole = [body, ...stated.map((p) => p.options[0]), closing?.text].filter(Boolean).join(" ").length <= limit;

  const notes = editNotes(w, cleaned);
  const machine = machineText(original);
  if (machine.length > 0) {
    notes.push(`Your bio contains text written for machines rather than people (“${shorten(machine[0]!, 50)}”). A light edit keeps your words, but it would show on your profile exactly as typed, so consider removing it.`);
  }
  if (cleaned.fillers.length > 0) {
    notes.push(`Tightened: dropped filler words (${cleaned.fillers.map((f) => `“${f}”`).join(", ")}) and repeated punctuation.`);
  }
  if (closing) notes.push(closingNote(closing));
  else if (own) notes.push(`Kept your own ${findHook(own.text)!.kind} (“${shorten(own.text, 60)}”): it already gives a match an easy way in.`);
  return finish(w, fitsWhole && !w.revision?.shorter ? whole : bySentence, limit, null, notes, original);
}

/** Premium and elite: a new bio from the customer's facts. */
function writeBio(w: Writer, limit: number): Draft | null {
  const { facts } = w;
  const parts: Part[] = [];
  const notes: string[] = [];
  const focus = new Set(w.revision?.focus ?? []);
  const original = w.input.profile.bio;
  if (original) notes.push(...editNotes(w, cleanText(original, facts.allText.replace(original, ""))));
  const machine = machineText(original ?? "");
  if (machine.length > 0) notes.push(machineNote(machine));
  const sentences = facts.bio.filter((s) => !leftOut(w.revision, s.text));
  // Their own question or invitation is the best closing, unless they asked for a different tone.
  const own = w.tone === "default" ? ownClosing(sentences, false) : undefined;
  // Only concrete lines, unless their bio has nothing concrete and there are no interests to build on instead.
  const candidates = sentences.filter((s) => s !== own && !s.text.includes("?"));
  const concrete = candidates.filter((s) => isSpecific(s.text));
  const statements = concrete.length > 0 || facts.interests.length > 0 ? concrete : candidates.slice(0, 1);
  const ranked = [...statements].sort((a, b) => b.score - a.score);
  const lead = ranked.find((s) => isSpecific(s.text));
  if (lead) {
    parts.push({ options: [lead.text], order: 0, priority: 0 });
    notes.push(`Opened with your most specific line, “${shorten(lead.text, 80)}”, because details like that are what people remember.`);
  }
  // The League is career-forward: their own line about work comes second, or a line built from their fields.
  const careerFirst = w.input.app === "the_league" || focus.has("job") || focus.has("industry");
  const workSentence = careerFirst ? statements.find((s) => talksAboutWork(w, s.text)) : undefined;
  for (const s of statements) {
    if (s === lead) continue;
    parts.push({ options: [s.text], order: 1 + statements.indexOf(s) / 100, priority: s === workSentence ? 1.5 : 2 + ranked.indexOf(s) });
  }
  w.revision?.stated.forEach((text, i) => parts.push({ options: [text], order: 0.5 + i / 10, priority: 1.2 }));
  if (careerFirst && !workSentence) {
    const career = careerLine(w);
    if (career) parts.push({ options: [career], order: 0.8, priority: lead ? 1.5 : 0 });
  }
  if (careerFirst && (workSentence || careerLine(w))) notes.push("Kept it career-forward: your work comes right after the opening.");
  if (focus.has("education") && facts.education) parts.push({ options: [`Education: ${facts.education}.`], order: 0.9, priority: 1.6 });

  const said = statements.map((s) => s.text).join(" ");
  const newInterests = facts.interests.filter((i) => !mentionedIn(said, i) && !leftOut(w.revision, i));
  if (newInterests.length > 0) {
    parts.push({ options: listOptions(newInterests, (l) => `Into ${l}.`), order: 2, priority: !lead ? 0 : focus.has("interests") ? 1.2 : 2.5 });
  }
  if (facts.vibes.length > 0) parts.push({ options: listOptions(facts.vibes, (l) => `Vibes: ${l}.`), order: 3, priority: 5.5 });
  facts.wishes.filter((wish) => !leftOut(w.revision, wish)).forEach((wish) => parts.push({ options: [wish], order: 50, priority: 2.8 }));

  const closings = bioClosings(w).filter((c) => !(c.text.startsWith("Looking for") && leftOut(w.revision, c.text)));
  if (focus.has("date")) closings.sort((a, b) => Number(b.from === "your first-date idea") - Number(a.from === "your first-date idea"));
  const closing: Closing = own ? { text: own.text, from: null } : pick(w, closings);
  if (facts.lookingFor && !closing.text.includes(facts.lookingFor) && !leftOut(w.revision, facts.lookingFor)) {
    parts.push({ options: [`Looking for ${facts.lookingFor}.`], order: 4, priority: w.input.app === "the_league" ? 2.2 : 4.5 });
  }
  parts.push({ options: [closing.text], order: 100, priority: parts.length === 0 ? 0 : 1 });
  notes.push(own ? `Ended on your own ${findHook(own.text)!.kind}: it already gives a match an easy first message.` : closingNote(closing));

  if (parts.length === 1) {
    notes.push(
      "You gave us no details to build on, so this is an open question that claims nothing about you. Send us two or three real facts (what you do, what you love, a place you know well) and we'll write a full bio from them.",
    );
  } else if (!lead) {
    notes.push(
      `Your bio had no specific details we could keep, so this version opens with ${newInterests.length > 0 ? "your interests" : "your other details"}. One thing only you could say (a place you love, something you've made) would do more than anything we can add.`,
    );
  }
  const maxWords = w.rules.bioWords?.max ?? null;
  return finish(w, parts, limit, maxWords, notes, original);
}

/** What cleaning took out of the bio, and the demands it turned into wishes (unless the customer asked to leave them out). */
function editNotes(w: Writer, cleaned: Cleaned): string[] {
  const notes = removalNotes(cleaned.removed);
  const wishes = cleaned.wishes.filter((wish) => !leftOut(w.revision, wish));
  if (wishes.length > 0) notes.push(`Turned a demand into a wish you can stand behind: “${wishes.join(" ")}”`);
  return notes;
}

/** Is an interest already in the text ("scones" in "the best scone in derbyshire")? */
function mentionedIn(text: string, item: string): boolean {
  const said = words(text);
  return words(item).every((word) => said.some((s) => sameWord(s, word)));
}

/** Shared last steps: fit to the limit (shorter on request), voice, notes about what did not fit and the revision. */
function finish(w: Writer, parts: Part[], limit: number, maxWords: number | null, notes: string[], original: string | null): Draft {
  let built = assemble(parts, limit, maxWords);
  const essential = parts.filter((p) => p.priority < 2).map((p) => p.options[0]!);
  const target = shorterTarget(w.revision, built.text.length, limit, essential.join(" ").length);
  if (target !== null) built = assemble(parts, target, maxWords);
  const out = [...notes];
  if (built.dropped.length > 0) {
    const why = maxWords ? ` (Tinder's research favours ${w.rules.bioWords!.min} to ${maxWords} words)` : "";
    out.push(`Left out to keep it readable${why}: ${built.dropped.map((d) => `“${shorten(d, 60)}”`).join(", ")}.`);
  }
  if ((original?.length ?? 0) > limit || built.trimmed) out.push(limitNote(w.rules, limit, "bio"));
  out.push(...revisionNotes(w, built.text));
  return { text: inVoice(w, built.text), notes: out };
}

/** Does a sentence already say what the customer does (a word of their job title or industry)? */
function talksAboutWork(w: Writer, text: string): boolean {
  const keys = [w.facts.job, w.facts.industry].flatMap((f) => words(f ?? "")).filter((k) => k.length >= 5);
  const said = new Set(words(text));
  return keys.some((k) => said.has(k));
}

function careerLine(w: Writer): string | null {
  const { job, industry } = w.facts;
  if (job && industry) return `${job}, working in ${lowerFirst(industry)}.`;
  if (industry) return `Working in ${lowerFirst(industry)}.`;
  if (job) return `${job} by day.`;
  return null;
}

function closingNote(closing: Closing): string {
  return closing.from
    ? `Ended with a question built from ${closing.from}, so a match has an easy first message.`
    : "Ended with an open question that claims nothing about you but gives a match an easy first message.";
}

/** How far down a sentence is in specificity among its siblings (0 = most specific). */
function rankOf(text: string, sentences: { text: string }[]): number {
  return [...sentences].sort((a, b) => specificity(b.text) - specificity(a.text)).findIndex((s) => s.text === text);
}
