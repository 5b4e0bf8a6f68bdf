import type { outcomes } from "../db/schema.ts";

/** Whether an outcome row holds anything the customer told us (a before or an after answer), as a deletion receipt lists it. */
export function hasAnswers(row: typeof outcomes.$inferSelect): boolean {
  return row.beforeAnsweredAt !== null || row.afterAnsweredAt !== null;
}
