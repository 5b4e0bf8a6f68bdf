/**
 * The browser's API client (spec section 7): every call sends cookies, JSON goes as JSON, FormData goes unchanged,
 * and any non-OK answer becomes an Error whose message is "STATUS: body text" (or the status text when the body is empty).
 * No retries, no polling, no refetching: a call happens when the page makes it.
 */
import { errorMessage } from "../shared/error-message.ts";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiRequestError";
  }

  /** The server's `{ "message": … }` when the body is one, else the whole error text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === "string" && parsed.message) return parsed.message;
    } catch {
      // not JSON: fall through to the plain text
    }
    return this.body || this.message;
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "include" };
  if (data instanceof FormData) {
    init.body = data;
  } else if (data !== undefined) {
    init.body = JSON.stringify(data);
    init.headers = { "Content-Type": "application/json" };
  }
  const res = await fetch(url, init);
  await throwIfNotOk(res);
  return res;
}

export interface ReadOptions {
  /** "returnNull": a 401 answers null instead of raising (for "am I signed in?" reads). */
  on401?: "throw" | "returnNull";
}

export async function apiGet<T>(url: string, options: ReadOptions = {}): Promise<T | null> {
  const res = await fetch(url, { credentials: "include" });
  if (res.status === 401 && options.on401 === "returnNull") return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text();
  throw new ApiRequestError(res.status, body, res.statusText);
}

/**
 * What a screen tells the customer about a failed call: the server's `{ message }` when it answered, the message of
 * an error the page's own code raised (e.g. "No checkout URL returned"), else the screen's own fallback. A TypeError
 * counts as saying nothing: it is how fetch reports that no answer came ("Failed to fetch" means nothing to a
 * customer; "Please check your connection" does), and how a bug shows.
 */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) return err.serverMessage;
  if (err instanceof TypeError) return fallback;
  return errorMessage(err, fallback);
}
