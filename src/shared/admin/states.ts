/**
 * What the administrator has to do about a profile, by name (./review-state.ts derives a profile's state and
 * re-exports these). A module of its own, importing nothing: the dashboard's list reads the states and their order,
 * and its chunk need not carry the result's schema (and zod) that the derivation parses with.
 */

/** Every state, most urgent first: the order of the dashboard's filters and counts, and of the list within a deadline. */
export const ADMIN_STATES = ["needs_attention", "ai_failed", "failed", "revision_requested", "awaiting_review", "sending", "in_progress", "sent", "refunded", "awaiting_payment"] as const;
export type AdminState = (typeof ADMIN_STATES)[number];

/** The administrator's turn: each needs a person before the customer gets anything more. */
export const ACTION_STATES = ["needs_attention", "ai_failed", "failed", "revision_requested", "awaiting_review"] as const satisfies readonly AdminState[];

/** The machine's turn: a job will change these without anyone acting, so a screen showing one reads it again soon. */
export const MOVING_STATES = ["sending", "in_progress"] as const satisfies readonly AdminState[];

/** The states the dashboard offers as filters with a count: the administrator's turn, then the closed ones. */
export const FILTER_STATES = [...ACTION_STATES, "sent", "refunded"] as const satisfies readonly AdminState[];
