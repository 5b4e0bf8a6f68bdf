/** Spec section 4's profile statuses. How a profile moves between them is ./lifecycle.ts. */
export const PROFILE_STATUSES = ["created", "pending", "processing", "completed", "failed", "revision_requested"] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
