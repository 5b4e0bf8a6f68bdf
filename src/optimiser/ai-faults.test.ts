/** What a real model service does wrong, through the real SDK and HTTP: passing faults, cut answers, refusals, fences. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { memoryLogger } from "../log.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../testing/openai-server.ts";
import { BACKOFF_MS, MAX_TRIES, RETRY_WINDOW_MS } from "./ai.ts";
import { engine, good, goodAnswer, localResult, makeInput, MODEL, photoFolder, recordingClock } from "./ai-test-helpers.ts";
import { optimisationResultSchema } from "../shared/optimiser/result.ts";

let photoDir: string;
let server: FakeOpenAI;
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  photoDir = await photoFolder();
});
afterAll(() => rmSync(photoDir, { recursive: true, force: true }));
beforeEach(() => {
  server = startFakeOpenAI();
  log = memoryLogger();
});
afterEach(async () => {
  await server.stop();
});

const AI = { kind: "ai", model: MODEL } as const;

describe("passing faults are tried again before any fallback", () => {
  test("one 429 (Retry-After: 1) and one 503 still give the AI result, after waiting 1 s and then the backoff", async () => {
    server.enqueue({ kind: "error", status: 429, retryAfter: "1" }, { kind: "error", status: 503 }, good());
    const clock = recordingClock();
    const result = await engine(server, log, { clock }).optimise(makeInput(photoDir));

    expect(server.requests).toHaveLength(3);
    expect(result.fallback).toBeNull();
    expect(result.engines.bio).toEqual(AI);
    expect(result.bio!.optimised).toContain("Night-shift nurse");
    expect(clock.waits).toEqual([1000, BACKOFF_MS[1]]);
    // The three tries are the same request.
    expect(new Set(server.requests.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(log.lines[0]).toContain("3 request(s)");
  });

  test("a dropped connection and a slow timeout are retried too", async () => {
    server.enqueue({ kind: "drop" }, { kind: "hang" }, good());
    const clock = recordingClock();
    const result = await engine(server, log, { clock, timeoutMs: 300 }).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(3);
    expect(result.fallback).toBeNull();
    expect(clock.waits).toEqual([...BACKOFF_MS]);
  });

  test("a delay shorter than the timeout is just a slow answer", async () => {
    server.enqueue({ kind: "delay", ms: 200, then: good() });
    const started = performance.now();
    const result = await engine(server, log, { timeoutMs: 5000 }).optimise(makeInput(photoDir));
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(server.requests).toHaveLength(1);
    expect(result.fallback).toBeNull();
  });

  test(`${MAX_TRIES} failures: the local result, with a reason naming each fault`, async () => {
    server.enqueue({ kind: "error", status: 429 }, { kind: "error", status: 502 }, { kind: "drop" }, good());
    const input = makeInput(photoDir);
    const result = await engine(server, log).optimise(input);
    expect(server.requests).toHaveLength(MAX_TRIES);
    expect(result.fallback!.reason).toBe(
      "The AI service failed 3 times (HTTP 429, HTTP 502, connection failed): the AI service could not be reached (check OPENAI_BASE_URL); this result was made by the local analyzer.",
    );
    expect(result).toEqual({ ...localResult(input), generatedAt: result.generatedAt, fallback: result.fallback });
    expect(optimisationResultSchema.parse(result)).toEqual(result);
  });

  test("three timeouts: the reason says how long the model was given", async () => {
    server.enqueue({ kind: "hang" }, { kind: "hang" }, { kind: "hang" });
    const result = await engine(server, log, { timeoutMs: 200 }).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(3);
    expect(result.fallback!.reason).toBe(
      "The AI service failed 3 times (no answer within 0.2 s, no answer within 0.2 s, no answer within 0.2 s): the model did not answer in time; this result was made by the local analyzer.",
    );
  });

  test(`a Retry-After past the ${RETRY_WINDOW_MS / 60_000}-minute bound is not waited for`, async () => {
    server.enqueue({ kind: "error", status: 429, retryAfter: "600" }, good());
    const clock = recordingClock();
    const result = await engine(server, log, { clock }).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(clock.waits).toEqual([]);
    expect(result.fallback!.reason).toBe(
      "The AI service failed once (HTTP 429) and asked to wait 600 s, past our 2-minute bound for retries: a rate limit; this result was made by the local analyzer.",
    );
  });

  test("a retry late in the window gets only the time left as its timeout, and still answers", async () => {
    server.enqueue({ kind: "error", status: 503, retryAfter: "65.5" }, good());
    const clock = recordingClock();
    const result = await engine(server, log, { clock, timeoutMs: 60_000 }).optimise(makeInput(photoDir));
    expect(clock.waits).toEqual([65_500]);
    expect(server.requests).toHaveLength(2);
    expect(result.fallback).toBeNull();
  });

  test("Retry-After as an HTTP date is honored", async () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    server.enqueue({ kind: "error", status: 503, retryAfter: inFiveSeconds }, good());
    const clock = recordingClock();
    const result = await engine(server, log, { clock }).optimise(makeInput(photoDir));
    expect(result.fallback).toBeNull();
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThan(3000);
    expect(clock.waits[0]).toBeLessThanOrEqual(5000);
  });

  test.each([
    [{ kind: "error", status: 401 } as const, "The AI service answered HTTP 401, a refused API key (check OPENAI_API_KEY); this result was made by the local analyzer."],
    [{ kind: "error", status: 400 } as const, "The AI service answered HTTP 400, a request the model or server does not accept"],
    [
      { kind: "error", status: 429, code: "insufficient_quota" } as const,
      "The AI service answered HTTP 429, an exhausted quota (check the account's billing); this result was made by the local analyzer.",
    ],
  ])("a fault that would repeat is not retried: %j", async (behaviour, reason) => {
    server.enqueue(behaviour, good());
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(result.fallback!.reason).toStartWith(reason);
  });

  test("nothing listening at the base URL: three tries, then the reason names the setting", async () => {
    const closed = startFakeOpenAI();
    const baseUrl = closed.baseUrl;
    await closed.stop();
    const result = await engine(server, log, { baseUrl }).optimise(makeInput(photoDir));
    expect(result.fallback!.reason).toContain("could not be reached (check OPENAI_BASE_URL)");
  });
});

describe("an answer cut by the token limit is asked for again with a larger budget", () => {
  test("cut once: the second request has twice the budget, and its answer is used", async () => {
    server.enqueue({ kind: "text", content: '{"analysis": {"summary": "Your job and', finishReason: "length" }, good());
    const result = await engine(server, log, { maxCompletionTokens: 3000 }).optimise(makeInput(photoDir));
    expect(server.requests.map((r) => r.body.max_completion_tokens)).toEqual([3000, 6000]);
    expect(result.fallback).toBeNull();
    expect(result.engines.bio).toEqual(AI);
    // The cut answer is not sent back: the same conversation is asked again.
    expect(server.requests[1]!.body.messages).toEqual(server.requests[0]!.body.messages);
  });

  test("cut twice: the local result, and the reason names the setting", async () => {
    server.enqueue({ kind: "text", content: "{", finishReason: "length" }, { kind: "text", content: "{", finishReason: "length" }, good());
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests.map((r) => r.body.max_completion_tokens)).toEqual([8000, 16000]);
    expect(result.fallback!.reason).toBe(
      "The AI model's answer was cut off twice at the token limit, the second time at 16000 tokens (raise OPENAI_MAX_COMPLETION_TOKENS); this result was made by the local analyzer.",
    );
  });

  test("reasoning_effort is sent only when set", async () => {
    server.enqueue(good(), good());
    await engine(server, log).optimise(makeInput(photoDir));
    await engine(server, log, { reasoningEffort: "low" }).optimise(makeInput(photoDir));
    expect(server.requests.map((r) => r.body.reasoning_effort)).toEqual([undefined, "low"]);
  });
});

describe("refusals and fences", () => {
  test("a refusal is reported to the admin at once, without a retry, and its words stay out of the log", async () => {
    server.enqueue({ kind: "refusal", refusal: "I can't help with that request." }, good());
    const input = makeInput(photoDir);
    const result = await engine(server, log).optimise(input);
    expect(server.requests).toHaveLength(1);
    expect(result.fallback!.reason).toBe(
      'The AI model refused to write this profile: "I can\'t help with that request."; this result was made by the local analyzer.',
    );
    expect(result.bio).toEqual(localResult(input).bio);
    expect(log.lines.join("\n")).toContain("ai optimiser fell back to the local analyser: the model refused");
    expect(log.lines.join("\n")).not.toContain("can't help");
  });

  test("the service's content filter ends it too, without a retry", async () => {
    server.enqueue({ kind: "text", content: "", finishReason: "content_filter" }, good());
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(result.fallback!.reason).toBe("The AI service's content filter stopped the answer; this result was made by the local analyzer.");
  });

  test("a JSON answer inside one Markdown code fence is read on the first request", async () => {
    server.enqueue({ kind: "json", answer: (body) => goodAnswer(body), fenced: true });
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(result.fallback).toBeNull();
    expect(result.bio!.optimised).toContain("Night-shift nurse");
  });

  test("a fence with text around it is not an answer: refused, then the corrected answer is used", async () => {
    const fenced = JSON.stringify({ analysis: {} });
    server.enqueue({ kind: "text", content: `Here you go:\n\`\`\`json\n${fenced}\n\`\`\`` }, good());
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.messages.at(-1)!.content).toContain("the answer is not valid JSON");
    expect(result.fallback).toBeNull();
  });
});
