/**
 * Prompt answers. Which ones are rewritten depends on the plan: basic rewrites only the weakest (and only where the
 * app has no bio to edit, i.e. Hinge), premium rewrites those with problems and keeps strong ones, elite rewrites
 * every one. A kept answer carries advice instead. An answer over the limit or empty is always rewritten, since
 * what we return must fit and say something.
 */
import { answerLimit } from "../apps.ts";
import type { Finding, PromptRewrite } from "../result.ts";
import { cleanText } from "./clean.ts";
import { assemble, inVoice, joinList, limitNote, machineNote, MAX_NOTES, removalNotes, type Part, type Writer } from "./compose.ts";
import { fitToLimit, shorten } from "./fit.ts";
import { ownClosing, pick } from "./hooks.ts";
import { openAnswer, promptStyle, type PromptStyle, type Source } from "./prompt-styles.ts";
import { norm } from "./match.ts";
import { leftOut, revisionNotes } from "./revision.ts";
import { asSentence, splitSentences } from "./sentences.ts";
import { findHook, isSpecific, machineText, specificity } from "./signals.ts";

/** Endings any answer can take, for when the prompt's own are already in the customer's answer. */
const SPARE_CLOSINGS = ["Over to you: what's yours?", "Your turn."];

/** How much each problem costs an answer, for choosing the weakest: what loses matches most weighs most. */
const WEIGHT: Record<string, number> = {
  "Empty answer": 10,
  "Low effort": 5,
  "One-word answer": 5,
  "Negative tone": 4,
  Demand: 4,
  "Too long": 3,
  Cliché: 3,
  Vague: 2,
  "Too short": 2,
  "No hook": 1,
};

export function rewriteAnswers(w: Writer, problemsByField: Map<string, Finding[]>): PromptRewrite[] {
  const limit = answerLimit(w.rules);
  const prompts = w.facts.prompts.slice(0, 3);
  const problemsOf = (i: number) => problemsByField.get(`prompt${i + 1}`) ?? [];
  const weakest = prompts
    .map((p, i) => ({ i, weight: problemsOf(i).reduce((sum, f) => sum + (WEIGHT[f.title] ?? 1), 0), score: specificity(p.cleaned) }))
    .sort((a, b) => b.weight - a.weight || a.score - b.score)[0]?.i;

  const chosen = prompts.map((p, i) => {
    const mustChange = !p.response.trim() || p.response.trim().length > limit;
    if (w.input.plan === "elite" || mustChange) return true;
    if (w.input.plan === "premium") return problemsOf(i).length > 0;
    return w.rules.bioLimit === null && i === weakest;
  });
  // Revision requests are answered in the bio; without one they go with the first answer we rewrite, and a
  // revision always gets one (the weakest) even when every answer is strong.
  if (w.rules.bioLimit === null && w.revision && weakest !== undefined && !chosen.includes(true)) chosen[weakest] = true;
  const revisionHome = w.rules.bioLimit === null ? chosen.indexOf(true) : -1;
  prompts.forEach((p, i) => chosen[i] || w.written.push(p.response));

  return prompts.map((p, i) => {
    const original = p.response;
    if (!chosen[i]) {
      return { prompt: p.prompt, original, optimised: original.trim(), limit, rewritten: false, notes: advice(problemsOf(i), promptStyle(p.prompt)) };
    }
    const { text, notes } = writeAnswer(w, i, limit, i === revisionHome);
    // Nothing to change (a strong answer chosen as basic's "weakest"): say so rather than call it rewritten.
    if (w.input.plan !== "elite" && norm(text) === norm(original)) {
      w.written.push(original);
      const notes = [...advice([], promptStyle(p.prompt)), ...(i === revisionHome ? revisionNotes(w, original) : [])];
      return { prompt: p.prompt, original, optimised: original.trim(), limit, rewritten: false, notes: notes.slice(0, MAX_NOTES) };
    }
    w.written.push(text);
    return { prompt: p.prompt, original, optimised: text, limit, rewritten: true, notes: notes.slice(0, MAX_NOTES) };
  });
}

function writeAnswer(w: Writer, index: number, limit: number, withRevision: boolean): { text: string; notes: string[] } {
  const p = w.facts.prompts[index]!;
  const style = promptStyle(p.prompt);
  const cleaned = cleanText(p.response, w.facts.allText.replace(p.response, ""));
  const sentences = splitSentences(p.cleaned).filter((s) => !leftOut(w.revision, s.text));
  const ownQuestion = w.tone === "default" ? ownClosing(sentences, false) : undefined;
  const statements = sentences.filter((s) => s !== ownQuestion && !s.text.includes("?"));
  const ranked = style.keepOrder ? statements : [...statements].sort((a, b) => specificity(b.text) - specificity(a.text));
  const notes = removalNotes(cleaned.removed);
  const machine = machineText(p.response);
  if (machine.length > 0) notes.push(machineNote(machine));
  if (cleaned.fillers.length > 0) notes.push(`Dropped filler words (${cleaned.fillers.map((f) => `“${f}”`).join(", ")}).`);

  const parts: Part[] = ranked.map((s, rank) => ({
    options: [s.text],
    order: rank === 0 ? 0 : 1 + statements.indexOf(s),
    priority: rank === 0 ? 0 : 2 + rank,
  }));
  if (ranked.length > 1 && ranked[0] !== statements[0]) {
    notes.push(`Led with your most specific detail, “${shorten(ranked[0]!.text, 80)}”, so it is the first thing people read.`);
  }

  if (!isSpecific(statements.map((s) => s.text).join(" "))) {
    const extra = supplement(w, style);
    if (extra) {
      parts.push({ options: [extra.text], order: 0.5, priority: ranked.length === 0 ? 0 : 1 });
      notes.push(`Drew on ${extra.label} (“${shorten(extra.source, 80)}”), since the answer on its own gave a match little to reply to.`);
    }
  }
  if (withRevision) w.revision?.stated.forEach((s, i) => parts.push({ options: [s], order: 0.6 + i / 10, priority: 1 }));

  const hasContent = parts.length > 0;
  const closing = ownQuestion?.text ?? (hasContent ? pick(w, style.closings.map((text) => ({ text }))).text : openAnswer(style, w.openAnswers++));
  parts.push({ options: [closing], order: 100, priority: hasContent ? 1 : 0 });
  if (!hasContent) {
    notes.push("There was nothing here we could build on without inventing details, so this answer asks the match to go first. Send us one real detail and we'll rewrite it around that.");
  } else if (ownQuestion) notes.push(`Kept your own ${findHook(ownQuestion.text)!.kind} at the end: it already invites a reply.`);
  else notes.push(`Ended with “${closing}” so a match has an easy way in.`);
  const content = parts.filter((part) => part.order < 100).map((part) => part.options[0]).join(" ");
  if (hasContent && !isSpecific(content)) {
    notes.push("This is still short on detail because we only use what you told us: one real example (a moment, a place, a habit) would make it far stronger.");
  }

  let built = assemble(parts, limit);
  if (w.input.plan === "elite" && norm(built.text) === norm(p.response) && ranked[0]) {
    // Already strong as written: elite still gets a rewrite, their words with a different ending, and the choice.
    const fresh = [...style.closings, ...SPARE_CLOSINGS].filter((c) => !norm(p.response).includes(norm(c)));
    const tighter = pick(w, fresh.map((text) => ({ text }))).text;
    built = assemble([...parts.filter((part) => part.order < 100), { options: [tighter], order: 100, priority: 1 }], limit);
    notes.splice(0, notes.length, `Your answer was already strong, so this version only changes the ending, to “${tighter}”; keep whichever sounds more like you.`);
  }
  if (p.response.trim().length > limit || built.trimmed) notes.push(limitNote(w.rules, limit, "answer"));
  if (built.dropped.length > 0) notes.push(`Left out to fit: ${built.dropped.map((d) => `“${shorten(d, 50)}”`).join(", ")}.`);
  if (withRevision) notes.push(...revisionNotes(w, built.text));
  return { text: inVoice(w, built.text), notes };
}

interface Supplement {
  text: string;
  source: string;
  label: string;
}

/** Another of the customer's own facts that answers this prompt, not already said elsewhere in the result. */
function supplement(w: Writer, style: PromptStyle): Supplement | null {
  const { facts } = w;
  const values: Record<Source, { items: string[]; label: string }> = {
    date: { items: facts.idealFirstDate ? [facts.idealFirstDate] : [], label: "your first-date idea" },
    lookingFor: { items: facts.lookingFor ? [facts.lookingFor] : [], label: "what you're looking for" },
    interests: { items: facts.interests.slice(0, 3), label: "your interests" },
    vibes: { items: facts.vibes.slice(0, 3), label: "your vibes" },
  };
  for (const { from, reads } of style.sources) {
    const { items, label } = values[from];
    const first = items[0];
    if (!first || leftOut(w.revision, joinList(items))) continue;
    if (w.written.some((t) => ` ${norm(t)} `.includes(` ${norm(first)} `))) continue;
    return { text: asSentence(reads(items)), source: joinList(items), label };
  }
  return null;
}

const ADVICE: Record<string, (f: Finding, style: PromptStyle) => string> = {
  Cliché: (f) => `“${f.phrase}”: ${f.reason} Swap it for one thing only you could say.`,
  "Negative tone": (f) => `“${f.phrase}”: ${f.reason} Consider leaving it out.`,
  Demand: (f) => `“${f.phrase}”: ${f.reason} Consider saying what you like instead.`,
  "Low effort": (f) => `“${f.phrase}”: ${f.reason} One specific detail would change that.`,
  Vague: (f) => `${f.reason} Add one name, place or number.`,
  "No hook": (f, style) => `${f.reason} For example, end with “${style.closings[0]}”`,
};

/** Advice for an answer we keep as written, one line per problem. */
function advice(problems: Finding[], style: PromptStyle): string[] {
  if (problems.length === 0) return ["Already strong: specific and easy to reply to, so we kept it exactly as you wrote it."];
  return problems.slice(0, MAX_NOTES).map((f) => fitToLimit(ADVICE[f.title]?.(f, style) ?? f.reason, 400));
}
