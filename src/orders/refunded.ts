/**
 * A refund closes the order (issue 20, item 6): after it nothing more is delivered for the profile. No results
 * e-mail, no new result (regenerate, recover), no revision processed, and the customer cannot ask for one. Each of
 * those paths asks here, inside its own transaction, so a refund that lands first wins and the loser is a `conflict`
 * with a message saying why.
 */
import { and, eq } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { DomainError } from "../errors.ts";

/** What each path says when the order was refunded; the customer's words are the customer's. */
export const REFUNDED = {
  sendEmail: "This order was refunded, so its results are no longer sent.",
  rerun: "This order was refunded, so no new result is made for it.",
  processRevision: "This order was refunded, so its revision request is closed.",
  edit: "This order was refunded, so its result can no longer be edited.",
  customerRevision: "Your order was refunded, so a revision can no longer be requested. Contact support if you have a question.",
} as const;

/** Whether the profile's order was refunded (a profile belongs to one order: src/orders/orders.ts, attachableOrder). */
export function isRefunded(db: Pick<DB, "select">, profileId: string): boolean {
  return db.select({ id: orders.id }).from(orders).where(and(eq(orders.profileId, profileId), eq(orders.status, "refunded"))).get() !== undefined;
}

/** Throws a `conflict` with `message` when the profile's order was refunded. */
export function refuseIfRefunded(db: Pick<DB, "select">, profileId: string, message: string): void {
  if (isRefunded(db, profileId)) throw new DomainError("conflict", message);
}
