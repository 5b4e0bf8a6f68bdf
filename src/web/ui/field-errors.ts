import type { core } from "zod";

/**
 * Field name → its first problem, for showing each message beside its field (the schemas are shared with the API,
 * so the browser and the server word a mistake alike). A problem that belongs to no field is keyed "form".
 */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
