/**
 * What a customer may see of their profile. A result reaches the customer only when an administrator releases it
 * (spec section 1: reviewed and approved before it is e-mailed): the release records the version it sent
 * (`result_releases`, ./versions.ts), in the transaction that records the results e-mail as sent (./lifecycle.ts,
 * `release`). Until then, and whatever the optimiser has finished, the customer reads "in progress" with the plan's
 * delivery estimate.
 */
import { findPlan, type PlanId } from "../shared/orders/plans.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";

/** A released version as every reader of it (results page, e-mail, export) sees it: the parts and the spec's HTML rendered from them. */
export interface ReleasedResult {
  optimizedProfile: string | { html: string; conversationStarters: string; strategyGuide: string };
  recommendations: string;
  optimization: OptimisationResult;
  releasedAt: string;
}

/** The plan's delivery promise (spec: elite 12 hours, premium 24 hours, otherwise 48 hours). */
export function deliveryHours(planId: PlanId | null | undefined): number {
  return findPlan(planId)?.deliveryHours ?? 48;
}
