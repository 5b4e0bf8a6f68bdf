/**
 * Every job kind the product queues, with its lane and the schema of its payload. The loop checks each payload
 * against its schema before the handler runs, and `enqueueJob` checks it before it is stored.
 */
import { z } from "zod";

/** Lanes have their own workers, so a two-minute optimisation never delays an e-mail. */
export const LANES = ["mail", "optimise", "housekeeping"] as const;
export type Lane = (typeof LANES)[number];

export const OPTIMISE_PROFILE = "optimise-profile";
export const CONTACT_MAIL = "mail:contact";
export const ORDER_CONFIRMATION_MAIL = "mail:order-confirmation";
export const RESULTS_MAIL = "mail:results";
export const REVISION_REQUEST_MAIL = "mail:revision-request";
export const REVISION_RECEIVED_MAIL = "mail:revision-received";
export const REFUND_MAIL = "mail:refund";
export const DEADLINE_ALERT_MAIL = "mail:deadline-alert";
export const DELETION_RECEIPT_MAIL = "mail:deletion-receipt";
export const RETENTION_PASS = "housekeeping:retention";

const id = z.string().min(1).max(64);

export const JOB_KINDS = {
  [OPTIMISE_PROFILE]: {
    lane: "optimise",
    payload: z.object({
      orderId: id,
      profileId: id,
      /** First run after payment, an admin's regeneration, or a customer's revision request. */
      reason: z.enum(["initial", "regenerate", "revision"]).default("initial"),
    }),
  },
  [CONTACT_MAIL]: {
    lane: "mail",
    payload: z.object({ contactMessageId: z.number().int().positive() }),
  },
  [ORDER_CONFIRMATION_MAIL]: {
    lane: "mail",
    payload: z.object({ orderId: id, profileId: id }),
  },
  [RESULTS_MAIL]: {
    lane: "mail",
    /** `resultAt` names the result the admin released (its optimized_at): a newer result is not sent by this job. */
    payload: z.object({ profileId: id, resultAt: z.number().int().positive() }),
  },
  [REVISION_REQUEST_MAIL]: {
    lane: "mail",
    payload: z.object({ profileId: id, revision: z.number().int().min(1) }),
  },
  [REVISION_RECEIVED_MAIL]: {
    lane: "mail",
    /** The customer's acknowledgement of revision request number `revision`. */
    payload: z.object({ profileId: id, revision: z.number().int().min(1) }),
  },
  [REFUND_MAIL]: {
    lane: "mail",
    payload: z.object({ orderId: id }),
  },
  [DEADLINE_ALERT_MAIL]: {
    lane: "mail",
    payload: z.object({ profileId: id }),
  },
  [DELETION_RECEIPT_MAIL]: {
    lane: "mail",
    /** The address and what was deleted are on the deletion's row (src/privacy/deletions.ts), not here. */
    payload: z.object({ deletionId: id }),
  },
  [RETENTION_PASS]: {
    lane: "housekeeping",
    /** The profile whose results e-mail was just sent; the pass deletes whatever is due, this profile's and any other. */
    payload: z.object({ profileId: id }),
  },
} as const satisfies Record<string, { lane: Lane; payload: z.ZodType }>;

export type JobKind = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKind> = z.input<(typeof JOB_KINDS)[K]["payload"]>;
export type ParsedPayload<K extends JobKind> = z.output<(typeof JOB_KINDS)[K]["payload"]>;
