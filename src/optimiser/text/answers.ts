/**
 * Prompt answers. Which ones are rewritten depends on the plan: basic rewrites only the weakest (and only where the
 * app has no bio to edit, i.e. Hinge), premium and elite rewrite those with problems. An answer judged strong is
 * kept as written on every plan (elite marks it for a writer, since elite sells every answer rewritten), and so is
 * one our rewrite would not improve. A kept answer carries advice instead. An answer over the limit or empty is
 * always rewritten, since what we return must fit and say something.
 */
import { answerLimit } from "../../shared/optimiser/apps.ts";
import type { Finding, PromptRewrite } from "../../shared/optimiser/result.ts";
import { statesGoal, talksAboutWork, type TextRewrite } from "./bio.ts";
import { cleanText } from "./clean.ts";
import { assemble, droppedNote, joinList, limitNote, machineNote, MAX_NOTES, PRIORITY, ranked, removalNotes, type Part } from "./compose.ts";
import { fitToLimit } from "./fit.ts";
import { better, harmless } from "./harm.ts";
import { NOTES, WRITER_REASONS } from "./notes.ts";
import { inEnglish, inVoice, languageName, type Writer } from "./writer.ts";
import { ownClosing, pick } from "./hooks.ts";
import { openAnswer, promptStyle, type PromptStyle, type Source } from "./prompt-styles.ts";
import { norm } from "./match.ts";
import { leftOut, revisionNotes } from "./revision.ts";
import { said } from "./said.ts";
import { asSentence, splitSentences } from "./sentences.ts";
import { findHook, isSpecific, machineText, specificity } from "./signals.ts";

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

/** `bio`: the bio already written for this result, whose closing line an answer must not repeat. */
export function rewriteAnswers(w: Writer, problemsByField: Map<string, Finding[]>, bio: TextRewrite | null): PromptRewrite[] {
  const limit = answerLimit(w.rules);
  const prompts = w.facts.prompts.slice(0, 3);
  const problemsOf = (i: number) => problemsByField.get(`prompt${i + 1}`) ?? [];
  const weakest = prompts
    .map((p, i) => ({ i, weight: problemsOf(i).reduce((sum, f) => sum + (WEIGHT[f.title] ?? 1), 0), score: specificity(p.cleaned) }))
    .sort((a, b) => b.weight - a.weight || a.score - b.score)[0]?.i;

  // Another language: our rules and lines are English, so their answer stays as written (cut to the limit at most).
  const foreign = prompts.map((p) => Boolean(p.response.trim()) && !inEnglish(w, p.response));
  const chosen = prompts.map((p, i) => {
    if (foreign[i]) return false;
    const mustChange = !p.response.trim() || p.response.trim().length > limit;
    if (mustChange) return true;
    if (w.input.plan !== "basic") return problemsOf(i).length > 0;
    // Basic is sent as the machine wrote it: a demand never stays in it, whichever answer it is in (issue 30, item 2).
    if (problemsOf(i).some((f) => f.title === "Demand")) return true;
    return w.rules.bioLimit === null && i === weakest;
  });
  // Revision requests are answered in the bio; without one they go with the first answer we rewrite, and a
  // revision always gets one (the weakest) even when every answer is strong.
  if (w.rules.bioLimit === null && w.revision && weakest !== undefined && !chosen.includes(true)) chosen[weakest] = true;
  const revisionHome = w.rules.bioLimit === null ? chosen.indexOf(true) : -1;
  // What this result already says, in order: an answer neither repeats a closing line nor a fact said before it.
  const written = [...(bio ? [bio.optimised] : []), ...prompts.filter((_, i) => !chosen[i]).map((p) => p.response)];
  let openAnswers = 0;
  const writerFor = (i: number) => (w.input.plan === "elite" ? { reason: i >= 0 && problemsOf(i).length === 0 ? WRITER_REASONS.strong : WRITER_REASONS.notBetter } : null);

  return prompts.map((p, i) => {
    const original = p.response;
    const style = promptStyle(p.prompt);
    const kept = (notes: string[], needsWriter: PromptRewrite["needsWriter"] = null): PromptRewrite => ({
      prompt: p.prompt,
      original,
      optimised: original.trim(),
      limit,
      rewritten: false,
      notes: [...notes, ...(i === revisionHome ? revisionNotes(w.revision, w.facts, original, original) : [])].slice(0, MAX_NOTES),
      needsWriter,
    });
    if (foreign[i]) {
      const name = languageName(w, original);
      const fitted = original.trim().length <= limit ? original.trim() : fitToLimit(original, limit);
      const notes = [NOTES.otherLanguage(name), ...(fitted === original.trim() ? [] : [limitNote(w.rules, limit, "answer")])];
      // Marked on every plan, basic included (decision 151): the edits are English only.
      return { ...kept(notes, { reason: WRITER_REASONS.language(name) }), optimised: fitted, rewritten: fitted !== original.trim() };
    }
    if (!chosen[i]) return kept(advice(problemsOf(i), style), problemsOf(i).length === 0 ? writerFor(i) : null);
    // A game ("Two truths and a lie") works only with every line: an edit that would cut one leaves it to a writer.
    if (style.keepOrder && original.trim().length <= limit && cleanText(original).removed.length > 0) {
      return kept([NOTES.gameKept, ...advice(problemsOf(i), style)], w.input.plan === "basic" ? null : { reason: WRITER_REASONS.game(p.prompt) });
    }
    const answer = writeAnswer(w, i, limit, i === revisionHome, written, openAnswers);
    if (answer.open) openAnswers++;
    const fits = original.trim().length > 0 && original.trim().length <= limit;
    // An answer with nothing of theirs to build on is a placeholder, not the answer premium and elite sell.
    const placeholder = answer.open && w.input.plan !== "basic" ? { reason: WRITER_REASONS.openAnswer(p.prompt, original) } : null;
    // Nothing to change, or nothing better: their own answer stays, with advice (never "already strong" beside a problem).
    if (norm(answer.text) === norm(original)) return kept(advice(problemsOf(i), style), placeholder);
    if (fits && !(harmless(w, answer.text, answer.added) && better(answer.text, original, limit))) {
      return kept([NOTES.answerNotBetter, ...advice(problemsOf(i), style)], w.input.plan === "basic" ? null : { reason: WRITER_REASONS.notBetter });
    }
    written.push(answer.text);
    return { prompt: p.prompt, original, optimised: answer.text, limit, rewritten: true, notes: answer.notes.slice(0, MAX_NOTES), needsWriter: placeholder };
  });
}



interface Answer {
  text: string;
  notes: string[];
  /** Lines we added (closing, a supplement from their other fields): every other word must be theirs. */
  added: string[];
  /** It is an open answer that claims nothing (prompt-styles.ts openAnswer). */
  open: boolean;
}

/** `written`: the texts of this result so far; `nthOpen`: how many open answers came before, to vary their wording. */
function writeAnswer(w: Writer, index: number, limit: number, withRevision: boolean, written: readonly string[], nthOpen: number): Answer {
  const p = w.facts.prompts[index]!;
  const style = promptStyle(p.prompt);
  const cleaned = cleanText(p.response, w.facts.allText.replace(p.response, ""));
  // A line the result already says (their bio, another answer) is said once: left out here while other lines remain.
  const own = splitSentences(p.cleaned).filter((s) => !leftOut(w.revision, s.text));
  const already = said(written, [p.prompt]);
  // A game's lines are all kept, even one the result says elsewhere: without it the game no longer works.
  const fresh = style.keepOrder ? own : own.filter((s) => !already.repeats(s.text));
  const sentences = fresh.length > 0 ? fresh : own;
  const repeated = own.filter((s) => !sentences.includes(s)).map((s) => s.text);
  const ownQuestion = w.tone === "default" ? ownClosing(sentences, false) : undefined;
  const statements = sentences.filter((s) => s !== ownQuestion && !s.text.includes("?"));
  // An answer that continues the prompt ("After work, you can find me" … "at the gym") keeps its first line first.
  const keepOrder = style.keepOrder || /^\p{Ll}/u.test(statements[0]?.text ?? "");
  const byDetail = keepOrder ? statements : [...statements].sort((a, b) => specificity(b.text) - specificity(a.text));
  const notes = removalNotes(cleaned.removed);
  if (repeated.length > 0) notes.push(droppedNote(NOTES.saidElsewhere, repeated, 50));
  const added: string[] = cleaned.corrected.map((c) => c.to);
  const machine = machineText(p.response);
  if (machine.length > 0) notes.push(machineNote(machine));
  if (cleaned.fillers.length > 0) notes.push(NOTES.answerFillers(cleaned.fillers));

  // Every line of theirs is kept before anything we add; the order inside keeps a list ("Two truths and a lie") whole.
  // What they say about themselves (their goal, their work) is never left out to make room for a closing of ours.
  const aboutThem = (text: string) => (statesGoal(text) ? PRIORITY.goal : talksAboutWork(w, text) ? PRIORITY.career : null);
  const parts: Part[] = byDetail.map((s, rank) => ({
    options: [s.text],
    order: rank === 0 ? 0 : 1 + statements.indexOf(s),
    priority: rank === 0 ? PRIORITY.lead : (aboutThem(s.text) ?? ranked(isSpecific(s.text) || keepOrder ? PRIORITY.fact : PRIORITY.filler, rank)),
  }));
  if (byDetail.length > 1 && byDetail[0] !== statements[0]) {
    notes.push(NOTES.ledWithDetail(byDetail[0]!.text));
  }

  // Another field's fact adds to a thin answer of theirs, never stands in for an empty one: an answer made of their
  // first-date idea alone says it in the wrong place, and the idea then travels through the whole result (issue 28).
  if (byDetail.length > 0 && !isSpecific(statements.map((s) => s.text).join(" "))) {
    const extra = supplement(w, style, written);
    if (extra) {
      added.push(extra.text);
      parts.push({ options: [extra.text], order: 0.5, priority: PRIORITY.closing, ours: true });
      notes.push(NOTES.drewOn(extra.label, extra.source));
    }
  }
  if (withRevision) w.revision?.stated.forEach((s, i) => parts.push({ options: [s], order: 0.6 + i / 10, priority: PRIORITY.requested }));

  const hasContent = parts.length > 0;
  // The prompt's own question comes after its closings, so two answers never end on the same line.
  const closing = ownQuestion?.text ?? (hasContent ? pick(written, [...style.closings, style.ask].map((text) => ({ text }))).text : openAnswer(style, nthOpen));
  if (!ownQuestion) added.push(closing);
  parts.push({ options: [closing], order: 100, priority: !hasContent ? PRIORITY.lead : ownQuestion ? PRIORITY.closing : PRIORITY.builtClosing });
  if (!hasContent) {
    notes.push(NOTES.openAnswer);
  } else if (ownQuestion) notes.push(NOTES.ownClosingKept(findHook(ownQuestion.text)!.kind, ownQuestion.text));
  else notes.push(NOTES.endedWith(closing));
  const content = parts.filter((part) => part.order < 100).map((part) => part.options[0]).join(" ");
  if (hasContent && !isSpecific(content)) {
    notes.push(NOTES.stillThin);
  }

  if (cleaned.corrected.length > 0) notes.push(NOTES.corrected(cleaned.corrected));
  const built = assemble(parts, limit);
  if (p.response.trim().length > limit || built.trimmed) notes.push(limitNote(w.rules, limit, "answer"));
  if (built.dropped.length > 0) notes.push(droppedNote(NOTES.droppedToFit, built.dropped, 50));
  if (withRevision) notes.push(...revisionNotes(w.revision, w.facts, built.text, p.response));
  return { text: inVoice(w, built.text), notes, added, open: !hasContent };
}

interface Supplement {
  text: string;
  source: string;
  label: string;
}

/** Another of the customer's own facts that answers this prompt, not already said elsewhere in the result. */
function supplement(w: Writer, style: PromptStyle, written: readonly string[]): Supplement | null {
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
    if (written.some((t) => ` ${norm(t)} `.includes(` ${norm(first)} `))) continue;
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
