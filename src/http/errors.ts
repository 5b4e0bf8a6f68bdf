import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, isStorageError, STORAGE_PROBLEM_GENERAL_MESSAGE, STORAGE_PROBLEM_MESSAGE, type ProblemKind } from "../errors.ts";
import type { Logger } from "../log.ts";
import { ProviderError } from "../payments/provider.ts";

/** An error whose message is meant for the customer; the API answers it as `{ "message": … }` with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
export const PROVIDER_UNREACHABLE_MESSAGE = "The payment provider could not be reached. Please try again.";

/** The one mapping from the domain's problems to HTTP statuses. */
const STATUS_OF: Record<ProblemKind, ContentfulStatusCode> = {
  invalid: 400,
  declined: 402,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unavailable: 502,
  // 507 Insufficient Storage: the server could not store what it needed to; the client did nothing wrong.
  storage_full: 507,
};

/**
 * Whether the client hung up before the answer (Bun aborts the request's signal, and a body still being read fails
 * with an AbortError): nobody is left to answer, and it is not our failure.
 */
export function clientGone(c: Context, err?: unknown): boolean {
  return c.req.raw.signal.aborted || (err instanceof Error && err.name === "AbortError" && /connection was closed/i.test(err.message));
}

export function errorHandler(log: Logger) {
  return (err: Error, c: Context) => {
    // 499, nginx's "client closed request": never sent, only for the request log, which says "disconnected".
    if (clientGone(c, err)) return new Response(null, { status: 499 });
    if (err instanceof ApiError) return c.json({ message: err.message }, err.status);
    if (err instanceof DomainError) {
      // Someone must free space or replace the disk; the log keeps the system's own error.
      if (err.kind === "storage_full") log.error(`${c.req.method} ${c.req.path}: storage`, err.cause ?? err);
      return c.json({ ...err.details, message: err.message }, STATUS_OF[err.kind]);
    }
    if (err instanceof ProviderError) {
      // The customer learns only that the provider failed; the log keeps the cause.
      log.error(`${c.req.method} ${c.req.path}: the payment provider failed`, err);
      return c.json({ message: PROVIDER_UNREACHABLE_MESSAGE }, 502);
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      return c.json({ message: err.message || defaultMessage(status) }, status);
    }
    if (isStorageError(err)) {
      // The database's disk (SQLITE_FULL, an I/O error) or another write failing for want of space: the transaction
      // rolled back, so nothing was kept; someone must free space.
      log.error(`${c.req.method} ${c.req.path}: storage`, err);
      return c.json({ message: c.req.path === "/api/profiles" ? STORAGE_PROBLEM_MESSAGE : STORAGE_PROBLEM_GENERAL_MESSAGE }, STATUS_OF.storage_full);
    }
    log.error(`${c.req.method} ${c.req.path} failed`, err);
    return c.json({ message: INTERNAL_ERROR_MESSAGE }, 500);
  };
}

function defaultMessage(status: number): string {
  if (status === 413) return "The request is too large.";
  if (status === 400) return "The request could not be read.";
  return "The request could not be completed.";
}
