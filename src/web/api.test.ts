import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { ApiRequestError, apiGet, apiRequest, messageOf } from "./api.ts";

// A real HTTP server answering what each test asks for; the client under test uses the real fetch.
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    const seen = { method: req.method, type: req.headers.get("content-type"), body: await req.text() };
    switch (url.pathname) {
      case "/echo":
        return Response.json(seen);
      case "/json-error":
        return Response.json({ message: "Unknown plan" }, { status: 400 });
      case "/text-error":
        return new Response("gateway down", { status: 502 });
      case "/empty-error":
        return new Response(null, { status: 503, statusText: "Service Unavailable" });
      case "/unauthorized":
        return Response.json({ message: "Not signed in" }, { status: 401 });
      default:
        return new Response("nope", { status: 404 });
    }
  },
});
const base = `http://127.0.0.1:${server.port}`;
afterAll(() => server.stop(true));

const realFetch = globalThis.fetch;
const inits: (RequestInit | undefined)[] = [];
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  inits.push(init);
  return realFetch(input, init);
}) as typeof fetch;
afterEach(() => {
  inits.length = 0;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe("apiRequest", () => {
  test("sends JSON with a JSON content type and cookies", async () => {
    const res = await apiRequest("POST", `${base}/echo`, { plan: "basic", price: 6.99 });
    expect(await res.json()).toEqual({ method: "POST", type: "application/json", body: '{"plan":"basic","price":6.99}' });
    expect(inits[0]?.credentials).toBe("include");
  });

  test("sends FormData unchanged, letting the browser set the multipart boundary", async () => {
    const form = new FormData();
    form.append("profile", JSON.stringify({ email: "a@example.com" }));
    form.append("photos", new File(["x"], "a.jpg", { type: "image/jpeg" }));
    const seen = (await (await apiRequest("POST", `${base}/echo`, form)).json()) as { type: string; body: string };
    expect(seen.type).toStartWith("multipart/form-data; boundary=");
    expect(seen.body).toContain('name="photos"; filename="a.jpg"');
    expect(inits[0]?.headers).toBeUndefined();
  });

  test("a non-OK answer becomes an error 'STATUS: body text'", async () => {
    const err = await apiRequest("POST", `${base}/json-error`, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as Error).message).toBe('400: {"message":"Unknown plan"}');
    expect((err as ApiRequestError).serverMessage).toBe("Unknown plan");

    const text = (await apiRequest("GET", `${base}/text-error`).catch((e: unknown) => e)) as ApiRequestError;
    expect(text.message).toBe("502: gateway down");
    expect(text.serverMessage).toBe("gateway down");
  });

  test("an empty error body falls back to the status text", async () => {
    const err = (await apiRequest("GET", `${base}/empty-error`).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe("503: Service Unavailable");
  });

  test("makes exactly one request, even on failure (no retries)", async () => {
    await apiRequest("GET", `${base}/text-error`).catch(() => {});
    expect(inits).toHaveLength(1);
  });
});

describe("apiGet", () => {
  test("reads JSON with cookies", async () => {
    expect(await apiGet<{ method: string }>(`${base}/echo`)).toMatchObject({ method: "GET" });
    expect(inits[0]?.credentials).toBe("include");
  });

  test("a 401 raises by default and returns null when asked", async () => {
    const err = (await apiGet(`${base}/unauthorized`).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('401: {"message":"Not signed in"}');
    expect(await apiGet(`${base}/unauthorized`, { on401: "returnNull" })).toBeNull();
  });

  test("other errors still raise when 401 returns null", async () => {
    await expect(apiGet(`${base}/json-error`, { on401: "returnNull" })).rejects.toThrow("400: ");
  });
});

describe("messageOf", () => {
  test("the server's message, else the error's own, else the screen's fallback", () => {
    expect(messageOf(new ApiRequestError(400, '{"message":"Unknown plan"}', "Bad Request"), "fallback")).toBe("Unknown plan");
    expect(messageOf(new Error("No checkout URL returned"), "fallback")).toBe("No checkout URL returned");
    expect(messageOf(new Error(""), "fallback")).toBe("fallback");
    expect(messageOf(undefined, "fallback")).toBe("fallback");
  });

  test("a request that got no answer (fetch's TypeError) shows the fallback, not 'Failed to fetch'", async () => {
    const err = await apiRequest("GET", "http://127.0.0.1:1/nothing-listens-here").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(messageOf(err, "Please check your connection and try again.")).toBe("Please check your connection and try again.");
  });
});
