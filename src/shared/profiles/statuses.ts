/** Spec section 4's profile statuses. How a profile moves between them is src/profiles/lifecycle.ts. */
export const PROFILE_STATUSES = ["created", "pending", "processing", "completed", "failed", "revision_requested"] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/** Spec: "In Progress (pending or processing), Completed, or the raw status"; these are the statuses a customer reads. */
export type CustomerStatus = "created" | "pending" | "processing" | "completed" | "revision_requested";
