import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "../log.ts";

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

export function errorHandler(log: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError) return c.json({ message: err.message }, err.status);
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      return c.json({ message: err.message || defaultMessage(status) }, status);
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
