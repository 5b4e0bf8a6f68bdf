/**
 * The model's answer, defined once: a zod schema built per job (app, plan, this profile's prompts and limits) from
 * the result's own pieces in result.ts. The same schema becomes the JSON Schema of the request's `response_format`
 * (or, for servers without JSON Schema support, the schema printed in the system prompt) and checks the answer, so
 * an answer shaped exactly as the request asks is accepted, and nothing the request leaves out is required.
 *
 * A refused answer comes back as a `problem`: one line for the model's corrective request and for the admin's
 * fallback reason, so it names fields and numbers, never the text itself.
 */
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import type { OptimiserInput } from "./input.ts";
import { agreeWithParts } from "./text/analyse.ts";
import { promptsFor } from "../shared/profiles/options.ts";
import { promptSlotsNote } from "./plan-parts/prompt-suggestions.ts";
import { answerSetText, BIO_TONES, bioVersionsSchema, findingSchema, optimisationResultSchema, STARTERS_PER_PLAN, strategyGuideSchema, textRewriteSchema, type Finding, type OptimisationResult, promptSuggestionsSchema, type BioTone, type PromptSuggestions, type StrategyGuide } from "../shared/optimiser/result.ts";

/**
 * Who makes each part of a result when the AI engine runs. A part added to result.ts must be placed here (a test
 * fails until it is): `model`, written by the model (it also needs its entry in `answerSchema` and `merge`);
 * `local`, carried over from the local result; `engine`, set by the AI engine itself; `dropped`, the local
 * analyser's verdict on texts the model replaces (its "needs a writer" mark), which does not carry over.
 */
export const RESULT_PARTS = {
  model: ["analysis", "bio", "prompts", "conversationStarters", "strategyGuide", "bioVersions", "promptSuggestions"],
  // The photo plan comes from the photo measurements, like the photo order: the model does not see the photos unless
  // vision is on, and then only to comment.
  local: ["version", "app", "plan", "reason", "photos", "photoOrder", "droppedPhotos", "revisionNotes", "photoPlan"],
  engine: ["generatedAt", "engines", "fallback", "checks"],
  // `editorial` is an administrator's, never an engine's: a fresh result has none.
  dropped: ["needsWriter", "editorial"],
} as const;

export interface AnswerSpec {
  schema: ReturnType<typeof answerSchema>;
  /** The JSON Schema sent as `response_format.json_schema` (OpenAI's strict subset). */
  jsonSchema: Record<string, unknown>;
  /** Letters, digits, `_` and `-`, at most 64 characters, as the API requires. */
  name: string;
}

export function answerSpec(input: OptimiserInput, local: OptimisationResult): AnswerSpec {
  const schema = answerSchema(input, local);
  const format = zodResponseFormat(schema, "profile");
  const jsonSchema = forStrictMode(format.json_schema.schema as Record<string, unknown>);
  return { schema, jsonSchema, name: `profile_${input.app}_${input.plan}` };
}

/** The fields a finding may name: the parts this profile has. */
export function findingFields(local: OptimisationResult): string[] {
  return [...(local.bio ? ["bio"] : []), ...local.prompts.map((_, i) => `prompt${i + 1}`), "photos", "profile"];
}

/** What `answerSchema` gives, whatever parts this job asks for (absent: not asked). */
interface Answer {
  analysis: { summary: string; strengths: ModelFinding[]; problems: ModelFinding[] };
  bio?: { optimised: string; notes: string[] };
  prompts?: Record<string, { rewritten: boolean; optimised: string; notes: string[] }>;
  conversationStarters?: string[];
  strategyGuide?: StrategyGuide;
  bioVersions?: Record<BioTone, { text: string; why: string }>;
  /** Elite on an app without a bio (Hinge): the answer set in each tone, one answer per prompt key. */
  answerTones?: Record<BioTone, { answers: Record<string, string>; why: string }>;
  promptSuggestions?: PromptSuggestions;
}

type ModelFinding = Omit<Finding, "phrase" | "field"> & { phrase: string | null; field: string | null };

function answerSchema(input: OptimiserInput, local: OptimisationResult) {
  const starters = STARTERS_PER_PLAN[input.plan];
  // Strict mode has no optional properties: what the stored finding may leave out, the model sends as null.
  const finding = findingSchema.extend({
    phrase: findingSchema.shape.phrase.unwrap().nullable(),
    field: z.enum(findingFields(local) as [string, ...string[]]).nullable(),
  });
  const analysis = optimisationResultSchema.shape.analysis;
  return z.object({
    analysis: analysis.extend({
      strengths: withElement(analysis.shape.strengths, finding),
      problems: withElement(analysis.shape.problems, finding),
    }),
    ...(local.bio && { bio: z.object({ optimised: withinLimit(local.bio.limit), notes: textRewriteSchema.shape.notes }) }),
    ...(local.prompts.length > 0 && { prompts: promptAnswers(input, local) }),
    ...(starters > 0 && {
      conversationStarters: optimisationResultSchema.shape.conversationStarters.length(starters, {
        error: `exactly ${starters} conversation starters are needed`,
      }),
    }),
    ...(input.plan !== "basic" && { strategyGuide: strategyGuideSchema }),
    ...(input.plan === "elite" && local.bio && { bioVersions: bioVersionsAnswer(local.bio.limit) }),
    ...(input.plan === "elite" && !local.bio && local.prompts.length > 0 && { answerTones: answerTonesAnswer(local) }),
    ...(input.plan === "elite" && unusedPrompts(input).length > 0 && { promptSuggestions: promptSuggestionsAnswer(input) }),
  });
}

/**
 * Elite: one version per tone, named by its tone, so strict JSON Schema itself asks for three different tones; each
 * within the bio's limit. `merge` turns them into the result's list, in BIO_TONES order.
 */
function bioVersionsAnswer(limit: number) {
  const version = z.object({ text: withinLimit(limit), why: bioVersionsSchema.shape.versions.element.shape.why });
  return z.object(Object.fromEntries(BIO_TONES.map((tone) => [tone, version])) as Record<BioTone, typeof version>);
}

/**
 * Elite on an app without a bio: the three tones are of the answer set (issue 30, item 4), one set per tone, each
 * answer under its prompt key and within its limit. `merge` writes each set as the result's version text (answerSetText).
 */
function answerTonesAnswer(local: OptimisationResult) {
  const answers = z.object(Object.fromEntries(local.prompts.map((p, i) => [`prompt${i + 1}`, withinLimit(p.limit)])));
  const tone = z.object({ answers, why: bioVersionsSchema.shape.versions.element.shape.why });
  return z.object(Object.fromEntries(BIO_TONES.map((t) => [t, tone])) as Record<BioTone, typeof tone>);
}

/** The app's prompts the customer did not answer: the only ones a suggestion may name. */
export function unusedPrompts(input: OptimiserInput): string[] {
  const answered = new Set(input.profile.prompts.map((p) => p.prompt));
  return promptsFor(input.app).filter((p) => !answered.has(p));
}

function promptSuggestionsAnswer(input: OptimiserInput) {
  const element = promptSuggestionsSchema.shape.suggestions.element;
  return promptSuggestionsSchema.extend({
    suggestions: withElement(
      promptSuggestionsSchema.shape.suggestions,
      element.extend({ prompt: z.enum(unusedPrompts(input) as [string, ...string[]]) }),
    ),
  });
}

function withinLimit(limit: number) {
  return textRewriteSchema.shape.optimised.max(limit, {
    error: (issue) => `${typeof issue.input === "string" ? issue.input.length : "too many"} characters, over the limit of ${limit}`,
  });
}

/**
 * One entry per customer prompt, named prompt1…promptN like the data, so no prompt text has to be copied back. A
 * plan or a prompt that must be rewritten (elite; no answer to keep; a kept answer over the limit) asks for
 * `rewritten: true` in the schema itself.
 */
function promptAnswers(input: OptimiserInput, local: OptimisationResult) {
  const entries = local.prompts.map((p, i) => {
    const original = p.original ?? "";
    const mustWrite = input.plan === "elite" || original.trim().length === 0 || original.length > p.limit;
    const entry = z.object({
      rewritten: mustWrite ? z.literal(true, { error: "this answer must be rewritten" }) : z.boolean(),
      optimised: withinLimit(p.limit),
      notes: textRewriteSchema.shape.notes,
    });
    return [`prompt${i + 1}`, entry] as const;
  });
  return z.object(Object.fromEntries(entries));
}

export type Read = { ok: true; result: OptimisationResult } | { ok: false; problem: string };

/** The answer's text → a full result beside the local one; one Markdown code fence around the JSON is accepted. */
export function readAnswer(content: string | null, spec: AnswerSpec, input: OptimiserInput, local: OptimisationResult, model: string): Read {
  if (!content?.trim()) return { ok: false, problem: "the answer was empty" };
  let json: unknown;
  try {
    json = JSON.parse(unfenced(content));
  } catch {
    return { ok: false, problem: "the answer is not valid JSON" };
  }
  const answer = spec.schema.safeParse(json);
  if (!answer.success) return { ok: false, problem: describe(answer.error) };
  const result = optimisationResultSchema.safeParse(merge(input, local, answer.data as Answer, model));
  if (!result.success) return { ok: false, problem: describe(result.error) };
  return { ok: true, result: result.data };
}

const FENCE = /^```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

function unfenced(content: string): string {
  const trimmed = content.trim();
  return FENCE.exec(trimmed)?.[1] ?? trimmed;
}

function merge(input: OptimiserInput, local: OptimisationResult, answer: Answer, model: string): OptimisationResult {
  const ai = { kind: "ai", model } as const;
  const customerText = comparable(
    [...Object.values(input.profile).filter((v): v is string => typeof v === "string"), ...input.profile.prompts.map((p) => p.response)].join("\n"),
  );
  // A finding may quote the customer; a quote that is not in their text would put invented words in their mouth.
  const grounded = ({ phrase, field, ...finding }: ModelFinding): Finding => ({
    ...finding,
    ...(phrase !== null && customerText.includes(comparable(phrase)) && { phrase }),
    ...(field !== null && { field }),
  });
  const prompts = answer.prompts ?? {};
  const kept = Object.fromEntries(RESULT_PARTS.local.map((part) => [part, local[part]])) as Pick<OptimisationResult, (typeof RESULT_PARTS.local)[number]>;
  // Built from the fields that describe the text, so the local analyser's marks on its own text do not carry over.
  const bio = local.bio && answer.bio ? { original: local.bio.original, limit: local.bio.limit, optimised: answer.bio.optimised, notes: answer.bio.notes } : local.bio;
  const merged = local.prompts.map((p, i) => {
    const a = prompts[`prompt${i + 1}`]!;
    // "Kept as written" means the customer's words (on a rerun, the working text it starts from), not the model's copy of them.
    const kept = input.base?.prompts.find((b) => b.prompt === p.prompt)?.response ?? p.original ?? "";
    const optimised = a.rewritten ? a.optimised : kept;
    // Kept from a rerun's current text that differs from the customer's first words: not "kept as you wrote it".
    const rewritten = a.rewritten || optimised.trim() !== (p.original ?? "").trim();
    return { prompt: p.prompt, original: p.original, limit: p.limit, rewritten, optimised, notes: a.notes };
  });
  return {
    ...kept,
    generatedAt: new Date().toISOString(),
    analysis: {
      summary: answer.analysis.summary,
      strengths: answer.analysis.strengths.map(grounded),
      // A problem in a part kept as the customer wrote it says so, as the local analyser's do.
      problems: agreeWithParts(answer.analysis.problems.map(grounded), bio, merged),
    },
    bio,
    prompts: merged,
    conversationStarters: answer.conversationStarters ?? [],
    strategyGuide: answer.strategyGuide ?? null,
    bioVersions: answer.bioVersions
      ? { versions: BIO_TONES.map((tone) => ({ tone, ...answer.bioVersions![tone] })), note: null }
      : answer.answerTones
        ? {
            versions: BIO_TONES.map((tone) => ({
              tone,
              text: answerSetText(local.prompts.map((p, i) => ({ prompt: p.prompt, answer: answer.answerTones![tone].answers[`prompt${i + 1}`]! }))),
              why: answer.answerTones![tone].why,
            })),
            note: null,
            of: "answers" as const,
          }
        : null,
    // Elite on an app whose form has prompts, all of them answered: the local verdict (no suggestions, and why) stands.
    // Suggestions made: the note says what answering one costs (an app shows a fixed number of answers), as the local analyser's does.
    promptSuggestions: answer.promptSuggestions?.suggestions.length
      ? { ...answer.promptSuggestions, note: promptSlotsNote(input.app, input.profile.prompts.filter((p) => p.response.trim()).length) }
      : (answer.promptSuggestions ?? (input.plan === "elite" ? (local.promptSuggestions ?? null) : null)),
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

/**
 * OpenAI's strict mode requires every property and rejects string length keywords; the limits still reach the
 * model, as each string's description, and the zod check still enforces them. `const` becomes a one-value `enum`,
 * which every server with JSON Schema support reads.
 */
function forStrictMode(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _, ...rest } = schema;
  return visit(rest) as Record<string, unknown>;

  function visit(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    const limits: string[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === "minLength") limits.push(value === 1 ? "not empty" : `at least ${value} characters`);
      else if (key === "maxLength") limits.push(`at most ${value} characters`);
      else if (key === "const") out.enum = [value];
      else out[key] = visit(value);
    }
    if (limits.length > 0) out.description = [out.description, `${limits.join(", ")}.`].filter(Boolean).join(" ");
    return out;
  }
}

/** The same list (its limits kept) of another element. */
function withElement<T extends z.ZodType>(array: z.ZodArray, element: T): z.ZodArray<T> {
  return array.clone({ ...array._zod.def, element }) as unknown as z.ZodArray<T>;
}

/** Case, curly quotes and spacing do not make a quote different. */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
}

function describe(error: z.ZodError): string {
  const shown = error.issues.slice(0, 6).map((issue) => `${issue.path.join(".") || "answer"}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join("; ") + (more > 0 ? `; and ${more} more` : "");
}
