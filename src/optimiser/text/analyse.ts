/**
 * The local text analyser: findings, rewrites, conversation starters and the strategy guide for one profile, from
 * the customer's own text alone. No network, no randomness: the same input always gives the same result, which is
 * also the grounding and the fallback for the AI engine.
 */
import { answerLimit, appRules } from "../apps.ts";
import type { OptimiserInput } from "../input.ts";
import type { Finding, PromptRewrite, StrategyGuide } from "../result.ts";
import { rewriteAnswers } from "./answers.ts";
import { rewriteBio, type TextRewrite } from "./bio.ts";
import type { Writer } from "./compose.ts";
import { gatherFacts } from "./facts.ts";
import { fieldFindings, MAX_STRENGTHS, profileFindings, rankProblems, type FieldText } from "./findings.ts";
import { readRevision } from "./revision.ts";
import { conversationStarters } from "./starters.ts";
import { strategyGuide } from "./guide.ts";
import { summarise } from "./summary.ts";

export interface TextAnalysis {
  analysis: { summary: string; strengths: Finding[]; problems: Finding[] };
  bio: TextRewrite | null;
  prompts: PromptRewrite[];
  conversationStarters: string[];
  strategyGuide: StrategyGuide | null;
}

export function analyseText(input: OptimiserInput): TextAnalysis {
  const rules = appRules(input.app);
  const revision = input.reason === "revision" ? readRevision(input.revisionNotes) : null;
  const facts = gatherFacts(input, revision?.stated, revision?.things);
  const prompts = input.profile.prompts.slice(0, 3);

  const fields: FieldText[] = [];
  if (rules.bioLimit !== null) fields.push({ field: "bio", label: "bio", text: input.profile.bio, limit: rules.bioLimit });
  const limit = answerLimit(rules);
  prompts.forEach((p, i) => fields.push({ field: `prompt${i + 1}`, label: `answer to “${p.prompt}”`, text: p.response, limit }));
  const perField = fields.map((f) => ({ field: f.field, ...fieldFindings(f, rules) }));
  const profile = profileFindings(facts, rules, input.app, prompts.length);
  const problems = rankProblems([...perField.flatMap((f) => f.problems), ...profile.problems]);
  const strengths = [...perField.flatMap((f) => f.strengths), ...profile.strengths].slice(0, MAX_STRENGTHS);

  const writer: Writer = {
    input,
    rules,
    facts,
    revision,
    tone: revision?.tone ?? "default",
    lowercase: writesInLowercase(input),
    used: new Set(),
    written: [],
    openAnswers: 0,
  };
  const bio = rewriteBio(writer);
  const problemsByField = new Map(perField.map((f) => [f.field, f.problems]));
  const rewrittenPrompts = rewriteAnswers(writer, problemsByField);
  const starters = conversationStarters(writer);
  const guide = strategyGuide(writer, { bio, prompts: rewrittenPrompts, starters });

  return {
    analysis: { summary: summarise({ writer, strengths, problems, bio, prompts: rewrittenPrompts, starters }), strengths, problems },
    bio,
    prompts: rewrittenPrompts,
    conversationStarters: starters,
    strategyGuide: guide,
  };
}

/** All their text in lowercase ("i teach year 5…") is a style; our lines follow it. */
function writesInLowercase(input: OptimiserInput): boolean {
  const own = [input.profile.bio, ...input.profile.prompts.map((p) => p.response)].filter(Boolean).join(" ");
  const letters = own.replace(/[^\p{L}]/gu, "");
  return letters.length >= 20 && letters === letters.toLowerCase() && letters !== letters.toUpperCase();
}
