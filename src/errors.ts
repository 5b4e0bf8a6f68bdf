/**
 * Errors of the domain (orders, payments, photos, profiles), in the domain's own words. Domain code throws these;
 * only the HTTP layer (src/http/errors.ts) turns a kind into a status code, so a job or a script can call the same
 * code without dragging HTTP along.
 */
export type ProblemKind =
  /** The input is not acceptable (a damaged photo, a bad field). */
  | "invalid"
  /** A card was declined. */
  | "declined"
  | "not_found"
  /** The thing exists but its state does not allow this (already paid, already has a profile). */
  | "conflict"
  | "too_large"
  /** An outside service (the payment provider) could not be reached or refused the call. */
  | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** The message of any thrown value, or `fallback` when it carries none. */
export function errorMessage(err: unknown, fallback = "Unknown error"): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === "string" && err) return err;
  return fallback;
}
