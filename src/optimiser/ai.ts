/**
 * The AI engine: the local optimiser runs first (its result grounds the prompt and is the fallback), then a model
 * behind an OpenAI-compatible Chat Completions API writes the analysis, bio, prompt answers, starters and guide.
 * Photos (choice, order, scores) stay the local analysis. An AI failure never fails the job: the customer gets the
 * local result, and `fallback.reason` tells the admin why.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Logger } from "../log.ts";
import { acceptAnswer } from "./ai-answer.ts";
import { buildMessages, retryMessage } from "./ai-prompt.ts";
import type { OptimiserInput } from "./input.ts";
import type { Optimiser } from "./optimiser.ts";
import type { OptimisationResult } from "./result.ts";

export interface AiOptimiserOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Send the photos to the model (the privacy policy must name the processor when this is on). */
  vision: boolean;
  /** Per request (a refused answer's retry is a second request, so a job can wait twice this); default 60 s. */
  timeoutMs?: number;
  local: Optimiser;
  log: Logger;
}

/** A refused answer is asked for once more, with what was wrong; a second refusal falls back. */
const ATTEMPTS = 2;

export function createAiOptimiser(options: AiOptimiserOptions): Optimiser {
  const { model, vision, local, log } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  // No SDK retries: a failed request falls back to the local result at once instead of keeping the job waiting.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: timeoutMs, maxRetries: 0 });

  async function ask(input: OptimiserInput, localResult: OptimisationResult, usage: Usage): Promise<Outcome> {
    let messages: ChatCompletionMessageParam[] = await buildMessages(input, localResult, { vision, boundary: crypto.randomUUID() });
    let problem = "";
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      usage.requests++;
      const completion = await client.chat.completions.create({ model, messages, response_format: { type: "json_object" } });
      if (completion.usage) {
        usage.reported = true;
        usage.prompt += completion.usage.prompt_tokens;
        usage.completion += completion.usage.completion_tokens;
      }
      const content = completion.choices[0]?.message.content ?? null;
      const accepted = acceptAnswer(content, input, localResult, model);
      if (accepted.ok) return accepted;
      problem = accepted.problem;
      messages = [...messages, ...(content ? [{ role: "assistant" as const, content }] : []), { role: "user", content: retryMessage(problem) }];
    }
    return { ok: false, reason: `The AI model's answer was refused twice (${cut(problem, 300)})${LOCAL_MADE}` };
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
      log.info(`ai optimiser: model ${model}, ${usage.requests} request(s), ${tokens}, ${ms} ms, ${outcome.ok ? "ok" : "fell back to local"}`);
      if (outcome.ok) return outcome.result;
      log.error(`ai optimiser fell back to the local analyser: ${outcome.reason}`, outcome.err);
      return { ...localResult, fallback: { reason: outcome.reason } };
    },
  };
}

type Outcome = { ok: true; result: OptimisationResult } | { ok: false; reason: string; err?: unknown };

interface Usage {
  requests: number;
  /** Compatible servers may leave `usage` out; then the log says so rather than counting zero. */
  reported: boolean;
  prompt: number;
  completion: number;
}

const LOCAL_MADE = "; this result was made by the local analyzer.";

/** A line an admin can act on: what went wrong and, where it is a setting, which one to check. */
function reasonFor(err: unknown, timeoutMs: number): string {
  if (err instanceof APIConnectionTimeoutError) return `The AI model did not answer within ${timeoutMs / 1000} s${LOCAL_MADE}`;
  if (err instanceof APIConnectionError) return `The AI service could not be reached (check OPENAI_BASE_URL)${LOCAL_MADE}`;
  if (err instanceof APIError && err.status !== undefined) {
    const hint = HTTP_HINTS[err.status] ?? (err.status >= 500 ? "a failure on the AI service's side" : "a refused request");
    return `The AI service answered HTTP ${err.status}, ${hint}${LOCAL_MADE}`;
  }
  return `The AI request could not be prepared or sent (details in the server log)${LOCAL_MADE}`;
}

const HTTP_HINTS: Record<number, string> = {
  400: "a request the model or server does not accept (JSON mode, or images when OPENAI_VISION is on)",
  401: "a refused API key (check OPENAI_API_KEY)",
  403: "no access to this model (check OPENAI_API_KEY and OPENAI_MODEL)",
  404: "an unknown model or address (check OPENAI_MODEL and OPENAI_BASE_URL)",
  429: "a rate limit or an exhausted quota",
};

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
