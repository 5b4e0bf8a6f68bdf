/**
 * The deletion receipt's job kind, in a module of its own because three others name it: ./deletions.ts queues it,
 * ./receipt.ts runs it and ./subject.ts finds a profile's receipts; the first two import from the third.
 */
import { z } from "zod";
import { defineJobKind } from "../jobs/kind.ts";

export const DELETION_RECEIPT_MAIL = defineJobKind({
  kind: "mail:deletion-receipt",
  lane: "mail",
  /** The address and what was deleted are on the deletion's row (./deletions.ts), not here. */
  payload: z.object({ deletionId: z.string().min(1).max(64) }),
});
