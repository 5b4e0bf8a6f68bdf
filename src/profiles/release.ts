/**
 * What a customer may see of their profile. A result reaches the customer only when an administrator releases it
 * (spec section 1: reviewed and approved before it is e-mailed): the release copies the working result into
 * `released_result`, in the transaction that records the results e-mail as sent (./lifecycle.ts, `release`). Until
 * then, and whatever the optimiser has finished, the customer reads "in progress" with the plan's delivery estimate.
 */
import { z } from "zod";
import type { profiles } from "../db/schema.ts";
import { findPlan, type PlanId } from "../shared/orders/plans.ts";
import { specFields } from "../shared/optimiser/render.ts";
import { optimisationResultSchema } from "../shared/optimiser/result.ts";

type ProfileRow = typeof profiles.$inferSelect;

export const releasedResultSchema = z.object({
  optimizedProfile: z.union([z.string(), z.object({ html: z.string(), conversationStarters: z.string(), strategyGuide: z.string() })]),
  recommendations: z.string(),
  optimization: optimisationResultSchema,
  releasedAt: z.iso.datetime(),
});
export type ReleasedResult = z.infer<typeof releasedResultSchema>;

/**
 * The snapshot a release stores: the working result as the admin approved it, with the spec's HTML fields rendered
 * from it here, so every reader of the release (results page, e-mail, export) has the same parts, edits included.
 */
export function snapshotForRelease(profile: ProfileRow, at: Date): ReleasedResult | null {
  const optimization = optimisationResultSchema.safeParse(profile.optimization);
  if (!optimization.success) return null;
  const fields = specFields(optimization.data);
  return releasedResultSchema.parse({
    optimizedProfile: fields.optimizedProfile,
    recommendations: fields.recommendations,
    optimization: optimization.data,
    releasedAt: at.toISOString(),
  });
}

export function releasedOf(profile: ProfileRow): ReleasedResult | null {
  const parsed = releasedResultSchema.safeParse(profile.releasedResult);
  return parsed.success ? parsed.data : null;
}

/** The plan's delivery promise (spec: elite 12 hours, premium 24 hours, otherwise 48 hours). */
export function deliveryHours(planId: PlanId | null | undefined): number {
  return findPlan(planId)?.deliveryHours ?? 48;
}
