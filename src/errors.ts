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
  | "unavailable"
  /** Our own disk is full, over quota or failing: never the customer's fault. */
  | "storage_full";

export class DomainError extends Error {
  /** What the answer carries beside its message, for a client to act on (e.g. the parts still to write). */
  readonly details?: Record<string, unknown>;

  constructor(
    readonly kind: ProblemKind,
    message: string,
    options?: ErrorOptions & { details?: Record<string, unknown> },
  ) {
    super(message, options);
    this.name = "DomainError";
    if (options?.details) this.details = options.details;
  }
}

export const STORAGE_PROBLEM_MESSAGE = "We could not save your upload because of a problem with our storage, not with your photos. Nothing was kept; please try again later.";

/** The same problem anywhere else (a form, a payment): what the customer sent is fine and nothing was kept. */
export const STORAGE_PROBLEM_GENERAL_MESSAGE = "We could not save this because of a problem with our storage, not with what you sent. Nothing was kept; please try again later.";

// The codes of a failing disk (the system's, and SQLite's: a full database file system, an I/O error); libvips
// (sharp) reports only the system's words, without a code.
const STORAGE_CODES = new Set(["ENOSPC", "EDQUOT", "EIO", "SQLITE_FULL"]);
const STORAGE_WORDS = /no space left on device|disk quota exceeded|input\/output error|database or disk is full/i;

/** Whether `err` is the disk failing (full, over quota, an I/O error) rather than anything about the data. */
export function isStorageError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return (code !== undefined && (STORAGE_CODES.has(code) || code.startsWith("SQLITE_IOERR"))) || STORAGE_WORDS.test(err.message);
}

/** `err` as the domain's storage problem when it is one (keeping it as the cause, for the log), else unchanged. */
export function asStorageProblem(err: unknown): unknown {
  return isStorageError(err) ? new DomainError("storage_full", STORAGE_PROBLEM_MESSAGE, { cause: err }) : err;
}
