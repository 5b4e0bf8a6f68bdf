/**
 * A small OpenAI-compatible server for tests: the real `openai` SDK talks to it through `baseURL`. It implements
 * `POST /v1/chat/completions` (non-streaming), records every request, and answers each one with the next behaviour
 * of a queue the test fills: a JSON answer computed from the request, any text (invalid JSON), an HTTP error, or no
 * answer at all until the client gives up (a hang). Any other path answers a 404 in OpenAI's error format.
 */

/** The parts of a Chat Completions request body that tests look at; the rest is kept as sent. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string | ContentPart[] | null }[];
  response_format?: { type: string };
  [key: string]: unknown;
}

export type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string; detail?: string } };

export interface RecordedChatRequest {
  body: ChatRequestBody;
  authorization: string | null;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type Behaviour =
  /** The assistant's content is `JSON.stringify(answer(body))`: a valid answer, or JSON that fails the schema. */
  | { kind: "json"; answer: (body: ChatRequestBody) => unknown; usage?: Usage }
  /** The assistant's content verbatim, e.g. text that is not JSON. */
  | { kind: "text"; content: string; usage?: Usage }
  | { kind: "error"; status: number; message?: string }
  /** No answer until the client disconnects (its timeout) or the server stops. */
  | { kind: "hang" };

export interface FakeOpenAI {
  /** For the SDK's `baseURL`. */
  baseUrl: string;
  requests: RecordedChatRequest[];
  /** Answers for the next requests, in order; a request with nothing queued gets a 500 naming the mistake. */
  enqueue(...behaviours: Behaviour[]): void;
  stop(): Promise<void>;
}

export function startFakeOpenAI(): FakeOpenAI {
  const requests: RecordedChatRequest[] = [];
  const queue: Behaviour[] = [];
  const stopping = Promise.withResolvers<void>();

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
        return error(404, `Unknown request URL: ${req.method} ${url.pathname}.`, "invalid_request_error", "unknown_url");
      }
      const body = (await req.json()) as ChatRequestBody;
      requests.push({ body, authorization: req.headers.get("authorization") });
      if (body.stream) return error(400, "This test server does not stream.", "invalid_request_error");

      const behaviour = queue.shift();
      if (!behaviour) return error(500, `No answer queued for request ${requests.length}.`, "server_error");
      switch (behaviour.kind) {
        case "json":
          return completion(body.model, JSON.stringify(behaviour.answer(body)), behaviour.usage);
        case "text":
          return completion(body.model, behaviour.content, behaviour.usage);
        case "error":
          return error(behaviour.status, behaviour.message ?? `Simulated HTTP ${behaviour.status}`, behaviour.status >= 500 ? "server_error" : "invalid_request_error");
        case "hang":
          await Promise.race([new Promise((resolve) => req.signal.addEventListener("abort", resolve)), stopping.promise]);
          return error(504, "The client gave up first.", "server_error");
      }
    },
  });

  return {
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    requests,
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    async stop() {
      stopping.resolve();
      await server.stop(true);
    },
  };
}

function completion(model: string, content: string, usage: Usage | undefined): Response {
  return Response.json({
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
    ...(usage && { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  });
}

function error(status: number, message: string, type: string, code: string | null = null): Response {
  return Response.json({ error: { message, type, param: null, code } }, { status });
}
