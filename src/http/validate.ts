import { zValidator } from "@hono/zod-validator";
import type { core } from "zod";

/** One readable sentence for the first problem, naming the field when there is one. */
export function describeZodError(error: core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const field = issue.path.join(".");
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) {
    return field ? `${field} is required` : "The request body is required";
  }
  // "Last name is required" already names lastName; zod's own messages ("Invalid input: …") do not.
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return field && !squash(issue.message).includes(squash(issue.path.at(-1)?.toString() ?? "")) ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Validates a JSON body at the edge; a failure answers 400 `{ message }` and the handler never runs. Classic zod and
 * zod/mini schemas alike (schemas the browser checks too are written with zod/mini, for its size).
 */
export function jsonBody<T extends core.$ZodType>(schema: T) {
  return zValidator("json", schema, (result, c) => {
    if (!result.success) return c.json({ message: describeZodError(result.error as unknown as core.$ZodError) }, 400);
  });
}
