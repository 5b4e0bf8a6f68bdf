/*
 * What the results routes answer (src/api/results.ts). The types live here, in the browser's share of the code, and
 * the route annotates its answer with them, so a changed answer breaks the typecheck instead of the results page.
 */
import type { PremiumContent } from "../optimiser/render.ts";
import type { OptimisationResult } from "../optimiser/result.ts";
import type { PlanId } from "../orders/plans.ts";
import type { CustomerStatus } from "../profiles/statuses.ts";
import type { CustomerOutcome } from "./outcomes.ts";

/** When a profile's photos and the rest go, or went (src/privacy/retention.ts); null where the clock has not started (nothing released yet). */
export interface RetentionDates {
  photos_deleted_at: string | null;
  /** While the photos are still there and a released result is the current one. */
  photos_delete_at: string | null;
  /** When the text and the e-mail address go. */
  text_delete_at: string | null;
}

/** What GET /api/profiles/:id/results answers; the results page imports this type. */
export interface ResultsAnswer {
  profile: {
    id: string;
    dating_app: string;
    status: CustomerStatus;
    email_sent: boolean;
    email_sent_at: string | null;
    needs_revision: boolean;
    revisions_allowed: number;
    revisions_used: number;
    created_at: string;
    /** When the photos and the rest go (or went), by the retention periods; null where no date is set yet. */
    retention: RetentionDates;
    /** Present once a result was released. */
    optimized_profile?: string | PremiumContent;
    recommendations?: string;
    optimization?: OptimisationResult;
    released_at?: string;
    /** Once a result was released: the measured-outcome question's answers so far (issue 32). */
    outcome?: CustomerOutcome;
    /**
     * In upload order; `analysis` is the released photo analysis (null for a photo it does not cover); `image` is
     * false once retention deleted the files.
     */
    photos?: { id: string; order: number; image: boolean; analysis: OptimisationResult["photos"][number] | null }[];
  };
  order: { plan_id: PlanId; plan: string; status: string; paid_at: string | null } | null;
  /** While the work is in progress on a paid order: the plan's hours and the deadline. */
  estimated_delivery: { hours: number; by: string } | null;
}
