/**
 * The AI engine: the local optimiser runs first (its result grounds the prompt and is the fallback), then a model
 * behind an OpenAI-compatible Chat Completions API writes the analysis, bio, prompt answers, starters and guide.
 * Photos (choice, order, scores) stay the local analysis. An AI failure never fails the job: the customer gets the
 * local result, and `fallback.reason` tells the admin why.
 *
 * What a real model service does, and what happens then:
 * - a passing fault (HTTP 408, 409, 429, 5xx, a timeout, a dropped or refused connection) is tried again, at most
 *   `MAX_TRIES` times within `RETRY_WINDOW_MS` of the first try, waiting the server's Retry-After or else
 *   `BACKOFF_MS`; then the local result, with a reason naming each fault;
 * - an answer cut by the token limit (`finish_reason: "length"`) is asked for once more with twice the budget;
 * - a refusal (`message.refusal`) or the service's content filter ends at once: asking again gets the same;
 * - an answer the schema refuses, or that fails the content checks (ai-checks.ts), gets one corrective request
 *   saying what failed and where (the part, the line, the phrase); a second schema failure falls back, a second check
 *   failure is stored flagged for the admin;
 * - when the corrective turn itself fails (its faults outlast the retries, a refusal, the content filter), an answer
 *   that read but failed the checks is stored flagged, the reason naming both; only an answer that never read falls
 *   back, its reason naming both too.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ReasoningEffort } from "openai/resources/shared";
import type { Logger } from "../log.ts";
import { answerSpec, readAnswer } from "./ai-answer.ts";
import { checkResult, correctionText, problemText, type CheckSources } from "./ai-checks.ts";
import { buildRequest, retryMessage } from "./ai-prompt.ts";
import type { OptimiserInput } from "./input.ts";
import type { Optimiser } from "./optimiser.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";

export type ResponseFormatSetting = "json_schema" | "json_object";
export type ReasoningEffortSetting = Exclude<ReasoningEffort, null>;

export interface AiOptimiserOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Send the photos to the model (the privacy policy must name the processor when this is on). */
  vision: boolean;
  /** `json_schema` (strict Structured Outputs, the default) or `json_object` for servers without JSON Schema support. */
  responseFormat?: ResponseFormatSetting;
  /** The answer's token budget, reasoning included; a cut answer is asked for again with twice this. Default 8000. */
  maxCompletionTokens?: number;
  /** Sent only when set: models without reasoning refuse the parameter. */
  reasoningEffort?: ReasoningEffortSetting;
  /** Per try; default 60 s. */
  timeoutMs?: number;
  local: Optimiser;
  log: Logger;
  /** Time between tries; tests pass a clock that records the waits instead of sleeping. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Tries of one request, the first included. */
export const MAX_TRIES = 3;
/** No retry starts after this long from a request's first try (a retry's own timeout is cut to fit it too). */
export const RETRY_WINDOW_MS = 120_000;
/** Waits before the second and third try when the server names none. */
export const BACKOFF_MS = [2_000, 6_000] as const;
/** A retry is not worth starting with less time than this left in the window. */
const MIN_TRY_MS = 10_000;
/** The first answer and one corrective request. */
const ANSWERS = 2;

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => Bun.sleep(ms) };

export function createAiOptimiser(options: AiOptimiserOptions): Optimiser {
  const { model, vision, local, log } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxCompletionTokens = options.maxCompletionTokens ?? 8000;
  const jsonObject = options.responseFormat === "json_object";
  const clock = options.clock ?? realClock;
  // The SDK's own retries are off: ours name each fault in the admin's reason, keep to a bound and use the clock.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: timeoutMs, maxRetries: 0 });

  /** One request with its retries of passing faults. */
  async function send(messages: ChatCompletionMessageParam[], budget: number, format: ChatCompletionCreateParamsNonStreaming["response_format"], usage: Usage): Promise<ChatCompletion> {
    const params: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages,
      response_format: format,
      max_completion_tokens: budget,
      ...(options.reasoningEffort && { reasoning_effort: options.reasoningEffort }),
    };
    const start = clock.now();
    const faults: string[] = [];
    for (let tryNo = 1; ; tryNo++) {
      const left = RETRY_WINDOW_MS - (clock.now() - start);
      usage.requests++;
      try {
        // The SDK takes whole milliseconds only.
        const completion = await client.chat.completions.create(params, { timeout: tryNo === 1 ? timeoutMs : Math.floor(Math.min(timeoutMs, left)) });
        if (completion.usage) {
          usage.reported = true;
          usage.prompt += completion.usage.prompt_tokens;
          usage.completion += completion.usage.completion_tokens;
        }
        return completion;
      } catch (err) {
        const fault = passingFault(err, timeoutMs);
        if (!fault) throw err;
        faults.push(fault.name);
        if (tryNo >= MAX_TRIES) throw new ServiceFault(faults, fault.hint);
        const wait = retryAfterMs(err) ?? BACKOFF_MS[tryNo - 1]!;
        const leftAfterWait = RETRY_WINDOW_MS - (clock.now() - start) - wait;
        if (leftAfterWait < MIN_TRY_MS) throw new ServiceFault(faults, fault.hint, wait);
        await clock.sleep(wait);
      }
    }
  }

  async function ask(input: OptimiserInput, localResult: OptimisationResult, usage: Usage): Promise<Outcome> {
    const spec = answerSpec(input, localResult);
    const boundary = crypto.randomUUID();
    const request = await buildRequest(input, localResult, { vision, boundary, schemaInPrompt: jsonObject ? spec.jsonSchema : null });
    const sources: CheckSources = { input, instructions: request.instructions, facts: request.facts, boundary };
    const format: ChatCompletionCreateParamsNonStreaming["response_format"] = jsonObject
      ? { type: "json_object" }
      : { type: "json_schema", json_schema: { name: spec.name, strict: true, schema: spec.jsonSchema } };

    let messages = request.messages;
    let budget = maxCompletionTokens;
    let cut = false;
    let flagged: OptimisationResult | null = null;
    let problem = "";
    /**
     * The corrective turn went wrong (a fault the retries did not outlast, a refusal, a cut): the first answer, when it
     * read, is still the model's work and is stored flagged, the reason naming both the failed check and this; else the
     * local result, its reason naming both.
     */
    const correctiveFailed = (what: string, err?: unknown, quiet?: string): Outcome => {
      if (flagged) {
        const checks = flagged.checks!.problems.slice(0, 11);
        return { ok: true, result: { ...flagged, checks: { flagged: true, problems: [...checks, shorten(`the corrective request failed: ${what}`, 300)] } } };
      }
      return { ok: false, reason: `The AI model's answer was refused (${shorten(problem, 300)}), and the corrective request failed: ${what}${LOCAL_MADE}`, err, ...(quiet && { quiet }) };
    };
    for (let answer = 1; answer <= ANSWERS; ) {
      const completion = await send(messages, budget, format, usage).catch((err: unknown) => {
        if (answer === 1) throw err;
        return correctiveFailed(faultText(err, timeoutMs), err);
      });
      if (!("choices" in completion)) return completion;
      const choice = completion.choices[0];
      const refusal = choice?.message.refusal;
      if (refusal) {
        if (answer > 1) return correctiveFailed(`the model refused: "${shorten(refusal, 120)}"`, undefined, "the model refused the corrective request");
        return { ok: false, reason: `The AI model refused to write this profile: "${shorten(refusal, 200)}"${LOCAL_MADE}`, quiet: "the model refused" };
      }
      if (choice?.finish_reason === "content_filter") {
        if (answer > 1) return correctiveFailed("the AI service's content filter stopped the answer");
        return { ok: false, reason: `The AI service's content filter stopped the answer${LOCAL_MADE}` };
      }
      if (choice?.finish_reason === "length") {
        const cutTwice = `cut off twice at the token limit, the second time at ${budget} tokens (raise OPENAI_MAX_COMPLETION_TOKENS)`;
        if (cut) return answer > 1 ? correctiveFailed(`the answer was ${cutTwice}`) : { ok: false, reason: `The AI model's answer was ${cutTwice}${LOCAL_MADE}` };
        cut = true;
        budget *= 2;
        continue;
      }
      const content = choice?.message.content ?? null;
      const read = readAnswer(content, spec, input, localResult, model);
      let correction = "";
      if (read.ok) {
        const problems = checkResult(read.result, sources);
        if (problems.length === 0) return { ok: true, result: { ...read.result, checks: { flagged: false, problems: [] } } };
        flagged = { ...read.result, checks: { flagged: true, problems: problems.map((p) => shorten(problemText(p), 300)) } };
        problem = `it failed our checks: ${problems.map(problemText).join("; ")}`;
        // The model is told where: the part, the line and the phrase.
        correction = `it failed our checks: ${problems.map(correctionText).join("; ")}`;
      } else {
        problem = read.problem;
        correction = read.problem;
      }
      if (answer === ANSWERS) break;
      messages = [...messages, ...(content ? [{ role: "assistant" as const, content }] : []), { role: "user", content: retryMessage(correction) }];
      answer++;
    }
    // A checked answer that failed twice is still the model's work: stored, flagged for the admin, never silently.
    if (flagged) return { ok: true, result: flagged };
    return { ok: false, reason: `The AI model's answer was refused twice (${shorten(problem, 300)})${LOCAL_MADE}` };
  }

  return {
    description: `ai ${model}`,
    async optimise(input) {
      const localResult = await local.optimise(input);
      const started = performance.now();
      const usage: Usage = { requests: 0, reported: false, prompt: 0, completion: 0 };
      const outcome = await ask(input, localResult, usage).catch((err: unknown): Outcome => ({ ok: false, reason: reasonFor(err, timeoutMs), err }));
      const ms = Math.round(performance.now() - started);
      // Numbers only: the customer's text and the model's answer stay out of the log.
      const tokens = usage.reported ? `${usage.prompt} prompt + ${usage.completion} completion tokens` : "tokens not reported";
      const verdict = !outcome.ok ? "fell back to local" : outcome.result.checks?.flagged ? "ok, flagged by the checks" : "ok";
      log.info(`ai optimiser: model ${model}, ${usage.requests} request(s), ${tokens}, ${ms} ms, ${verdict}`);
      if (outcome.ok) return outcome.result;
      log.error(`ai optimiser fell back to the local analyser: ${outcome.quiet ?? outcome.reason}`, outcome.err);
      return { ...localResult, fallback: { reason: shorten(outcome.reason, 600) } };
    },
  };
}

type Outcome = { ok: true; result: OptimisationResult } | { ok: false; reason: string; err?: unknown; quiet?: string };

interface Usage {
  requests: number;
  /** Compatible servers may leave `usage` out; then the log says so rather than counting zero. */
  reported: boolean;
  prompt: number;
  completion: number;
}

const LOCAL_MADE = "; this result was made by the local analyzer.";

/** The service kept failing (or asked for a wait past the bound): every fault in order, and what the last one means. */
class ServiceFault extends Error {
  constructor(
    readonly faults: string[],
    readonly hint: string,
    readonly refusedWaitMs?: number,
  ) {
    super(`AI service faults: ${faults.join(", ")}`);
  }
}

/** A fault worth another try, named for the admin; null for one that would fail the same way again. */
function passingFault(err: unknown, timeoutMs: number): { name: string; hint: string } | null {
  if (err instanceof APIConnectionTimeoutError) return { name: `no answer within ${timeoutMs / 1000} s`, hint: "the model did not answer in time" };
  if (err instanceof APIConnectionError) return { name: "connection failed", hint: "the AI service could not be reached (check OPENAI_BASE_URL)" };
  if (!(err instanceof APIError) || err.status === undefined) return null;
  // An exhausted quota answers 429 too, but waiting does not refill it.
  if (err.status === 429 && err.code === "insufficient_quota") return null;
  if (err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500) {
    return { name: `HTTP ${err.status}`, hint: HTTP_HINTS[err.status] ?? "a failure on the AI service's side" };
  }
  return null;
}

/** Retry-After as seconds or an HTTP date, or OpenAI's retry-after-ms; null when absent or unreadable. */
function retryAfterMs(err: unknown): number | null {
  if (!(err instanceof APIError) || !err.headers) return null;
  const ms = Number(err.headers.get("retry-after-ms") ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = err.headers.get("retry-after");
  if (value === null) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** A line an admin can act on: what went wrong and, where it is a setting, which one to check. */
function reasonFor(err: unknown, timeoutMs: number): string {
  return `${faultText(err, timeoutMs)}${LOCAL_MADE}`;
}

/** What went wrong with a request, without what was done about it. */
function faultText(err: unknown, timeoutMs: number): string {
  if (err instanceof ServiceFault) {
    const tries = err.faults.length === 1 ? "failed once" : `failed ${err.faults.length} times`;
    const waited = err.refusedWaitMs === undefined ? "" : ` and asked to wait ${Math.ceil(err.refusedWaitMs / 1000)} s, past our ${RETRY_WINDOW_MS / 60_000}-minute bound for retries`;
    return `The AI service ${tries} (${err.faults.join(", ")})${waited}: ${err.hint}`;
  }
  if (err instanceof APIError && err.status !== undefined) {
    const hint = err.status === 429 ? "an exhausted quota (check the account's billing)" : (HTTP_HINTS[err.status] ?? "a refused request");
    return `The AI service answered HTTP ${err.status}, ${hint}`;
  }
  if (err instanceof APIConnectionTimeoutError) return `The AI model did not answer within ${timeoutMs / 1000} s`;
  return "The AI request could not be prepared or sent (details in the server log)";
}

const HTTP_HINTS: Record<number, string> = {
  400: "a request the model or server does not accept (JSON Schema output: try OPENAI_RESPONSE_FORMAT=json_object; images when OPENAI_VISION is on; OPENAI_REASONING_EFFORT for a model without reasoning)",
  401: "a refused API key (check OPENAI_API_KEY)",
  403: "no access to this model (check OPENAI_API_KEY and OPENAI_MODEL)",
  404: "an unknown model or address (check OPENAI_MODEL and OPENAI_BASE_URL)",
  408: "the AI service timed out",
  409: "a conflict on the AI service's side",
  429: "a rate limit",
};

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
