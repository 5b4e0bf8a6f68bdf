/**
 * A small OpenAI-compatible server for tests: the real `openai` SDK talks to it through `baseURL`. It implements
 * `POST /v1/chat/completions` (non-streaming), records every request, and answers each one with the next behaviour
 * of a queue the test fills: a JSON answer computed from the request (plain or inside a Markdown fence), any text,
 * an answer cut by the token limit (`finish_reason: "length"`), a refusal (`message.refusal`), an HTTP error with
 * `Retry-After`, a delay before any of these, a dropped connection, or no answer at all until the client gives up.
 * Any other path answers a 404 in OpenAI's error format.
 *
 * Built on node:http rather than Bun.serve because a test needs to drop the TCP connection before any answer, the
 * way a proxy or a crashed upstream does, and only a raw socket can do that.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The parts of a Chat Completions request body that tests look at; the rest is kept as sent. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string | ContentPart[] | null }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  max_completion_tokens?: number;
  reasoning_effort?: string;
  [key: string]: unknown;
}

export type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string; detail?: string } };

export interface RecordedChatRequest {
  body: ChatRequestBody;
  authorization: string | null;
  /** performance.now() when the request arrived: tests measure the waits between tries with it. */
  at: number;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** How a completion ends; "length" is an answer cut by max_completion_tokens. */
export type FinishReason = "stop" | "length" | "content_filter";

export type Behaviour =
  /** The assistant's content is `JSON.stringify(answer(body))`, inside a ```json fence when `fenced`. */
  | { kind: "json"; answer: (body: ChatRequestBody) => unknown; usage?: Usage; fenced?: boolean; finishReason?: FinishReason }
  /** The assistant's content verbatim, e.g. text that is not JSON, or the first half of a JSON answer. */
  | { kind: "text"; content: string; usage?: Usage; finishReason?: FinishReason }
  /** The model declines: `message.refusal` is set and `content` is null. */
  | { kind: "refusal"; refusal: string }
  /** An HTTP error in OpenAI's format; `retryAfter` is sent as the Retry-After header, as written (seconds or a date). */
  | { kind: "error"; status: number; message?: string; retryAfter?: string; code?: string }
  /** Wait, then behave as `then`: a slow model. */
  | { kind: "delay"; ms: number; then: Behaviour }
  /** The TCP connection is closed before any answer, as when an upstream crashes. */
  | { kind: "drop" }
  /** No answer until the client disconnects (its timeout) or the server stops. */
  | { kind: "hang" };

export interface FakeOpenAI {
  /** For the SDK's `baseURL`. */
  baseUrl: string;
  requests: RecordedChatRequest[];
  /** Answers for the next requests, in order. */
  enqueue(...behaviours: Behaviour[]): void;
  stop(): Promise<void>;
}

export interface FakeOpenAIOptions {
  /** The answer to a request with nothing queued; unset, a 500 naming the mistake (a test queued too few answers). */
  whenEmpty?: Behaviour;
}

export function startFakeOpenAI(options: FakeOpenAIOptions = {}): FakeOpenAI {
  const requests: RecordedChatRequest[] = [];
  const queue: Behaviour[] = [];
  const stopping = Promise.withResolvers<void>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const raw = await readBody(req);
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return error(res, 404, `Unknown request URL: ${req.method} ${path}.`, "invalid_request_error", "unknown_url");
    }
    const body = JSON.parse(raw) as ChatRequestBody;
    requests.push({ body, authorization: req.headers.authorization ?? null, at: performance.now() });
    if (body.stream) return error(res, 400, "This test server does not stream.", "invalid_request_error");

    const next = queue.shift() ?? options.whenEmpty;
    if (!next) return error(res, 500, `No answer queued for request ${requests.length}.`, "server_error");
    const behaviour = await afterDelays(next);
    switch (behaviour.kind) {
      case "json": {
        const json = JSON.stringify(behaviour.answer(body));
        const content = behaviour.fenced ? `\`\`\`json\n${json}\n\`\`\`` : json;
        return completion(res, body.model, { content, refusal: null }, behaviour.finishReason ?? "stop", behaviour.usage);
      }
      case "text":
        return completion(res, body.model, { content: behaviour.content, refusal: null }, behaviour.finishReason ?? "stop", behaviour.usage);
      case "refusal":
        return completion(res, body.model, { content: null, refusal: behaviour.refusal }, "stop", undefined);
      case "error": {
        const type = behaviour.status === 429 ? "rate_limit_exceeded" : behaviour.status >= 500 ? "server_error" : "invalid_request_error";
        const headers: Record<string, string> = behaviour.retryAfter === undefined ? {} : { "retry-after": behaviour.retryAfter };
        return error(res, behaviour.status, behaviour.message ?? `Simulated HTTP ${behaviour.status}`, type, behaviour.code ?? null, headers);
      }
      case "drop":
        req.socket.destroy();
        return;
      case "hang":
        await Promise.race([new Promise((resolve) => res.on("close", resolve)), stopping.promise]);
        if (!res.writableEnded && !res.destroyed) error(res, 504, "The client gave up first.", "server_error");
        return;
    }
  }

  async function afterDelays(behaviour: Behaviour): Promise<Exclude<Behaviour, { kind: "delay" }>> {
    if (behaviour.kind !== "delay") return behaviour;
    await Promise.race([Bun.sleep(behaviour.ms), stopping.promise]);
    return afterDelays(behaviour.then);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, `Test server error: ${String(err)}`, "server_error");
    });
  });
  const listening = new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // node:http's listen(0) picks the port synchronously in Bun; waiting is only needed before the first request.
  const port = () => (server.address() as AddressInfo).port;

  return {
    get baseUrl() {
      return `http://127.0.0.1:${port()}/v1`;
    },
    requests,
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    async stop() {
      await listening;
      stopping.resolve();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function completion(
  res: ServerResponse,
  model: string,
  message: { content: string | null; refusal: string | null },
  finishReason: FinishReason,
  usage: Usage | undefined,
): void {
  send(res, 200, {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason, logprobs: null }],
    ...(usage && { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  });
}

function error(res: ServerResponse, status: number, message: string, type: string, code: string | null = null, headers: Record<string, string> = {}): void {
  send(res, status, { error: { message, type, param: null, code } }, headers);
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(json);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}
