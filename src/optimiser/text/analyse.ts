/**
 * The local text analyser: findings, rewrites, conversation starters and the strategy guide for one profile, from
 * the customer's own text alone. No network, no randomness: the same input always gives the same result, which is
 * also the grounding and the fallback for the AI engine.
 */
import { answerLimit, appRules } from "../../shared/optimiser/apps.ts";
import type { OptimiserInput } from "../input.ts";
import { RESULT_LIMITS, type Finding, type NeedsWriter, type PromptRewrite, type StrategyGuide } from "../../shared/optimiser/result.ts";
import { joinList } from "./compose.ts";
import { shorten } from "./fit.ts";
import { rewriteAnswers } from "./answers.ts";
import { rewriteBio, type TextRewrite } from "./bio.ts";
import { gatherFacts } from "./facts.ts";
import { fieldFindings, MAX_STRENGTHS, profileFindings, rankProblems, type FieldText } from "./findings.ts";
import { norm } from "./match.ts";
import { NOTES, WRITER_REASONS } from "./notes.ts";
import { readRevision, revisionPending } from "./revision.ts";
import { said } from "./said.ts";
import { conversationStarters } from "./starters.ts";
import { strategyGuide } from "./guide.ts";
import { summarise } from "./summary.ts";
import { inEnglish, type Writer } from "./writer.ts";
import { profileLanguage } from "./language.ts";

export interface TextAnalysis {
  analysis: { summary: string; strengths: Finding[]; problems: Finding[] };
  bio: TextRewrite | null;
  prompts: PromptRewrite[];
  conversationStarters: string[];
  strategyGuide: StrategyGuide | null;
  /** Set when a text part needs a person to write it: the parts' own reasons, joined, for the review gate. */
  needsWriter: NeedsWriter | null;
}

export function analyseText(input: OptimiserInput): TextAnalysis {
  const rules = appRules(input.app);
  const revision = input.reason === "revision" ? readRevision(input.revisionNotes) : null;
  const facts = gatherFacts(input, revision?.stated, revision?.things);
  const prompts = input.profile.prompts.slice(0, 3);

  const language = profileLanguage(input.profile);
  const english = (text: string | null) => inEnglish({ language }, text);
  const fields: FieldText[] = [];
  if (rules.bioLimit !== null) fields.push({ field: "bio", label: "bio", text: input.profile.bio, limit: rules.bioLimit, english: english(input.profile.bio) });
  const limit = answerLimit(rules);
  prompts.forEach((p, i) => fields.push({ field: `prompt${i + 1}`, label: `answer to “${p.prompt}”`, text: p.response, limit, english: english(p.response) }));
  const perField = fields.map((f) => ({ field: f.field, ...fieldFindings(f, rules) }));
  const profile = profileFindings(facts, rules, input.app, prompts.length);
  const problems = rankProblems([...perField.flatMap((f) => f.problems), ...profile.problems]);
  // A phrase is never both: a strength that quotes words a problem also quotes goes.
  const overlaps = (a: string, b: string) => a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());
  const strengths = [...perField.flatMap((f) => f.strengths), ...profile.strengths]
    .filter((s) => !s.phrase || !problems.some((p) => p.phrase && p.field === s.field && overlaps(p.phrase.replace(/…$/, ""), s.phrase!.replace(/…$/, ""))))
    .slice(0, MAX_STRENGTHS);

  const writer: Writer = { input, rules, facts, revision, tone: revision?.tone ?? "default", lowercase: writesInLowercase(input), language };
  const problemsByField = new Map(perField.map((f) => [f.field, f.problems]));
  const bioDraft = rewriteBio(writer, problemsByField.get("bio") ?? []);
  const { bio, prompts: rewrittenPrompts } = withRevisionPending(writer, bioDraft, rewriteAnswers(writer, problemsByField, bioDraft));
  // Written once: the starters are chosen against what the bio and the answers already say.
  const written = said([bio?.optimised ?? "", ...rewrittenPrompts.map((p) => p.optimised)], prompts.map((p) => p.prompt));
  // Starters are English lines of ours: a profile in another language gets none rather than English ones (issue 30).
  const starters = language.code === "en" ? conversationStarters(writer, written) : [];
  const guide = strategyGuide(writer, { bio, prompts: rewrittenPrompts, starters });

  return {
    analysis: { summary: summarise({ writer, strengths, problems, bio, prompts: rewrittenPrompts, starters }), strengths, problems: agreeWithParts(problems, bio, rewrittenPrompts) },
    bio,
    prompts: rewrittenPrompts,
    conversationStarters: starters,
    strategyGuide: guide,
    needsWriter: needsWriter(writer, bio, rewrittenPrompts),
  };
}

/**
 * A revision's requests the run did not carry out, for the writer: on the bio (where revision requests are answered),
 * or on Hinge the first answer that changed. Premium and elite only, like every writer's mark but another language's; the customer's notes
 * say nothing of them.
 */
function withRevisionPending(w: Writer, bio: TextRewrite | null, prompts: PromptRewrite[]): { bio: TextRewrite | null; prompts: PromptRewrite[] } {
  if (!w.revision || w.input.plan === "basic") return { bio, prompts };
  const before = [w.input.profile.bio ?? "", ...w.input.profile.prompts.map((p) => p.response)].join("\n");
  const finished = [bio?.optimised ?? "", ...prompts.map((p) => p.optimised)].join("\n");
  const pending = revisionPending(w.revision, w.facts, finished, before);
  if (pending.length === 0) return { bio, prompts };
  const mark = <T extends { needsWriter?: NeedsWriter | null }>(part: T): T => {
    const reason = [part.needsWriter?.reason, WRITER_REASONS.revision(pending)].filter(Boolean).join(" ");
    return { ...part, needsWriter: { reason: shorten(reason, RESULT_LIMITS.note) } };
  };
  if (bio) return { bio: mark(bio), prompts };
  const home = Math.max(0, prompts.findIndex((p) => p.rewritten));
  return { bio, prompts: prompts.map((p, i) => (i === home ? mark(p) : p)) };
}

/**
 * The problems as the recommendations show them, agreeing with the parts (issue 28, item 4): a problem in a part the
 * result keeps as the customer wrote it is not presented as something this result fixed or still fixes, but says
 * that the part was kept and the reason is advice for them. A part kept for a writer is left as it is: the writer
 * writes it before it is sent.
 */
export function agreeWithParts(problems: Finding[], bio: Omit<TextRewrite, "notes" | "limit"> | null, prompts: Omit<PromptRewrite, "notes" | "limit">[]): Finding[] {
  const partOf = (field: string | undefined) => (field === "bio" ? bio : /^prompt[1-3]$/.test(field ?? "") ? prompts[Number(field!.slice(-1)) - 1] : undefined);
  return problems.map((f) => {
    const part = partOf(f.field);
    const kept = part && !part.needsWriter && part.original !== null && norm(part.optimised) === norm(part.original);
    return kept ? { ...f, reason: `${NOTES.keptAdvice} ${f.reason}` } : f;
  });
}

/** Which parts need a writer, for the review gate's list; each part says why. */
function needsWriter(w: Writer, bio: TextRewrite | null, prompts: PromptRewrite[]): NeedsWriter | null {
  const parts = [...(bio?.needsWriter ? ["the bio"] : []), ...prompts.filter((p) => p.needsWriter).map((p) => `the answer to “${p.prompt}”`)];
  if (parts.length === 0) return null;
  if (w.language.code !== "en") return { reason: shorten(WRITER_REASONS.languageOfProfile(w.language.name, joinList(parts), parts.length > 1), RESULT_LIMITS.note) };
  return { reason: shorten(`A writer is needed for ${joinList(parts)}: the automatic edit kept the customer's text or had nothing to build on (see each part).`, RESULT_LIMITS.note) };
}

/** All their text in lowercase ("i teach year 5…") is a style; our lines follow it. */
function writesInLowercase(input: OptimiserInput): boolean {
  const own = [input.profile.bio, ...input.profile.prompts.map((p) => p.response)].filter(Boolean).join(" ");
  const letters = own.replace(/[^\p{L}]/gu, "");
  return letters.length >= 20 && letters === letters.toLowerCase() && letters !== letters.toUpperCase();
}
