// Server code and the browser's API client (src/web/api.ts) both read a thrown value's message this way.

/** The message of any thrown value, or `fallback` when it carries none. */
export function errorMessage(err: unknown, fallback = "Unknown error"): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === "string" && err) return err;
  return fallback;
}
