/**
 * Reading the model's answer: a zod schema built per job from the result's own pieces (so the model's parts have the
 * stored shape) with this job's rules on top (limits, prompts, plan), then the merge into a full result beside the
 * local one. A refused answer comes back as a `problem`: one line for the model's retry and for the admin's fallback
 * reason, so it names fields and numbers, never the text itself.
 */
import { z } from "zod";
import type { OptimiserInput } from "./input.ts";
import {
  optimisationResultSchema,
  promptRewriteSchema,
  STARTERS_PER_PLAN,
  strategyGuideSchema,
  textRewriteSchema,
  type Finding,
  type OptimisationResult,
} from "./result.ts";

export type Accepted = { ok: true; result: OptimisationResult } | { ok: false; problem: string };

export function acceptAnswer(content: string | null, input: OptimiserInput, local: OptimisationResult, model: string): Accepted {
  if (!content?.trim()) return { ok: false, problem: "the answer was empty" };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: "the answer is not valid JSON" };
  }
  const answer = answerSchema(input, local).safeParse(json);
  if (!answer.success) return { ok: false, problem: describe(answer.error) };
  const result = optimisationResultSchema.safeParse(merge(input, local, answer.data, model));
  if (!result.success) return { ok: false, problem: describe(result.error) };
  return { ok: true, result: result.data };
}

type Answer = z.output<ReturnType<typeof answerSchema>>;

function answerSchema(input: OptimiserInput, local: OptimisationResult) {
  const starters = STARTERS_PER_PLAN[input.plan];
  const notes = textRewriteSchema.shape.notes;
  return z.object({
    analysis: optimisationResultSchema.shape.analysis,
    bio: local.bio ? z.object({ optimised: withinLimit(local.bio.limit), notes }) : ignored(null),
    prompts: local.prompts.length > 0 ? promptAnswers(input, local) : ignored([]),
    conversationStarters:
      starters > 0
        ? optimisationResultSchema.shape.conversationStarters.length(starters, { error: `exactly ${starters} conversation starters are needed` })
        : ignored([]),
    strategyGuide: input.plan === "basic" ? ignored(null) : strategyGuideSchema,
  });
}

/**
 * A part this job does not include (basic's starters and guide, Hinge's bio): whatever the model sends there is
 * dropped rather than refused, since the rest of the answer is still good and the plan's shape is ours to enforce.
 */
function ignored<T>(value: T) {
  return z.unknown().transform(() => value);
}

function withinLimit(limit: number) {
  return textRewriteSchema.shape.optimised.superRefine((text, ctx) => {
    if (text.length > limit) ctx.addIssue({ code: "custom", message: `${text.length} characters, over the limit of ${limit}` });
  });
}

/** One answer per customer prompt, in order, each within its limit; a kept answer must itself fit. */
function promptAnswers(input: OptimiserInput, local: OptimisationResult) {
  const answer = promptRewriteSchema.pick({ prompt: true, optimised: true, rewritten: true, notes: true });
  return z
    .array(answer)
    .length(local.prompts.length, { error: `exactly ${local.prompts.length} prompt answers are needed, one per prompt of the data` })
    .superRefine((answers, ctx) => {
      answers.forEach((a, i) => {
        const expected = local.prompts[i]!;
        const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [i, field], message });
        if (comparable(a.prompt) !== comparable(expected.prompt)) issue("prompt", `does not match prompt ${i + 1} of the data; copy it exactly`);
        if (input.plan === "elite" && !a.rewritten) issue("rewritten", "the elite plan rewrites every answer");
        if (a.rewritten && a.optimised.length > expected.limit) {
          issue("optimised", `${a.optimised.length} characters, over the limit of ${expected.limit}`);
        }
        if (!a.rewritten && (expected.original ?? "").trim().length === 0) issue("rewritten", "there is no answer to keep, so write one");
        if (!a.rewritten && (expected.original ?? "").length > expected.limit) {
          issue("rewritten", `the customer's answer is over the limit of ${expected.limit} characters, so rewrite it`);
        }
      });
    });
}

function merge(input: OptimiserInput, local: OptimisationResult, answer: Answer, model: string): OptimisationResult {
  const ai = { kind: "ai", model } as const;
  const customerText = comparable(
    [...Object.values(input.profile).filter((v): v is string => typeof v === "string"), ...input.profile.prompts.map((p) => p.response)].join("\n"),
  );
  // A finding may quote the customer; a quote that is not in their text would put invented words in their mouth.
  const grounded = ({ phrase, ...finding }: Finding): Finding =>
    phrase !== undefined && customerText.includes(comparable(phrase)) ? { ...finding, phrase } : finding;
  return {
    ...local,
    generatedAt: new Date().toISOString(),
    analysis: {
      summary: answer.analysis.summary,
      strengths: answer.analysis.strengths.map(grounded),
      problems: answer.analysis.problems.map(grounded),
    },
    bio: local.bio && answer.bio ? { ...local.bio, optimised: answer.bio.optimised, notes: answer.bio.notes } : local.bio,
    prompts: local.prompts.map((p, i) => {
      const a = answer.prompts[i]!;
      // "Kept as written" means the customer's words, not the model's copy of them.
      return { ...p, rewritten: a.rewritten, optimised: a.rewritten ? a.optimised : (p.original ?? ""), notes: a.notes };
    }),
    conversationStarters: answer.conversationStarters,
    strategyGuide: answer.strategyGuide,
    engines: {
      analysis: ai,
      bio: local.bio ? ai : local.engines.bio,
      prompts: local.prompts.length > 0 ? ai : local.engines.prompts,
      photos: local.engines.photos,
      starters: STARTERS_PER_PLAN[input.plan] > 0 ? ai : null,
      guide: input.plan === "basic" ? null : ai,
    },
    fallback: null,
  };
}

/** Case, curly quotes and spacing do not make a prompt or a quote different. */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
}

function describe(error: z.ZodError): string {
  const shown = error.issues.slice(0, 6).map((issue) => `${issue.path.join(".") || "answer"}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join("; ") + (more > 0 ? `; and ${more} more` : "");
}
