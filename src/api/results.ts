import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { photos, profiles } from "../db/schema.ts";
import { requestRevision, revisionRequestSchema } from "../delivery/revision.ts";
import { sanitiseHtml } from "../html/sanitise.ts";
import { ApiError } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { countingOrder } from "../orders/orders.ts";
import { PLANS } from "../shared/orders/plans.ts";
import { retentionDates } from "../privacy/retention.ts";
import { erasureOf } from "../privacy/subject.ts";
import { goneMessage } from "./privacy.ts";
import { customerOutcome } from "./outcomes.ts";
import { outcomeOf } from "../outcomes/outcomes.ts";
import { customerView } from "../profiles/lifecycle.ts";
import { deliveryHours } from "../profiles/release.ts";
import type { ResultsAnswer } from "../shared/api/results.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";

const PROFILE_ID = /^[a-z0-9]{1,64}$/;
export const PROFILE_NOT_FOUND = "Profile not found";
/** The answer to a revision request received; the results page shows it as its confirmation. */
export const REVISION_RECEIVED = "Your revision request has been received. We'll e-mail you the revised profile.";

/**
 * GET /api/profiles/:id/results (spec section 7): the customer's view of their profile, the profile id being the
 * capability. The optimised content, recommendations and photo analysis are there only once an administrator has
 * released a result (the results e-mail was sent); before that the status reads as in progress with the estimated
 * delivery, even when the optimiser has finished. A profile whose data was erased on request, or cleared by
 * retention, answers 410 with a message saying so and when.
 */
export function resultsRouter(ctx: AppContext) {
  const r = new Hono();
  const db = ctx.store.db;

  r.get("/:id/results", (c) => {
    const read = readResults(ctx, c.req.param("id"));
    if (read.kind === "not_found") throw new ApiError(404, PROFILE_NOT_FOUND);
    if (read.kind === "gone") throw new ApiError(410, read.message);
    // Results are one person's: no shared cache may keep them.
    c.header("Cache-Control", "private, no-store");
    return c.json(read.answer);
  });

  r.post("/:id/revision-request", rateLimit(ctx, "revisionRequest"), jsonBody(revisionRequestSchema), (c) => {
    const id = c.req.param("id");
    if (!PROFILE_ID.test(id)) throw new ApiError(404, PROFILE_NOT_FOUND);
    requestRevision(db, id, c.req.valid("json").notes);
    return c.json({ message: REVISION_RECEIVED });
  });

  return r;
}

/** What a profile id reads as: its results, nothing (unknown or malformed id), or gone with the server's words. */
export type ResultsRead = { kind: "ok"; answer: ResultsAnswer } | { kind: "not_found" } | { kind: "gone"; message: string };

/**
 * The customer's view of a profile, for the results API and the results page alike (one set of rules): the optimised
 * content, recommendations and photo analysis only once an administrator released a result; a profile erased on
 * request, or cleared by retention, reads as gone.
 */
export function readResults(ctx: AppContext, id: string): ResultsRead {
  const db = ctx.store.db;
  const profile = PROFILE_ID.test(id) ? db.select().from(profiles).where(eq(profiles.id, id)).get() : undefined;
  if (!profile) {
    const erased = PROFILE_ID.test(id) ? erasureOf(db, id) : null;
    return erased ? { kind: "gone", message: goneMessage("erased", erased.at) } : { kind: "not_found" };
  }
  if (profile.textClearedAt) return { kind: "gone", message: goneMessage("cleared", profile.textClearedAt) };

  const order = countingOrder(db, id);
  const { status, released } = customerView(db, profile);
  const inProgress = status === "pending" || status === "processing" || status === "revision_requested";
  const hours = deliveryHours(order?.planId);
  const forCustomer = released ? withoutWriterNotes(released.optimization) : null;

  const answer: ResultsAnswer = {
    profile: {
      id: profile.id,
      dating_app: profile.datingApp,
      status,
      email_sent: profile.emailSent,
      email_sent_at: profile.emailSentAt?.toISOString() ?? null,
      needs_revision: profile.needsRevision,
      revisions_allowed: profile.revisionsAllowed,
      revisions_used: profile.revisionsUsed,
      created_at: profile.createdAt.toISOString(),
      retention: retentionDates(profile, ctx.config.retention),
      ...(released
        ? {
            // Sanitised again on the way out, whoever wrote it (our renderer, an admin's edit).
            optimized_profile:
              typeof released.optimizedProfile === "string"
                ? sanitiseHtml(released.optimizedProfile)
                : { ...released.optimizedProfile, html: sanitiseHtml(released.optimizedProfile.html) },
            recommendations: sanitiseHtml(released.recommendations),
            optimization: forCustomer!,
            released_at: released.releasedAt,
            outcome: customerOutcome(outcomeOf(db, id), ctx.config.outcomes.followUpMs),
            photos: db
              .select({ id: photos.id, order: photos.order })
              .from(photos)
              .where(eq(photos.profileId, id))
              .orderBy(asc(photos.order))
              .all()
              .map((p) => ({ ...p, image: profile.photosDeletedAt === null, analysis: forCustomer!.photos.find((a) => a.photoId === p.id) ?? null })),
          }
        : {}),
    },
    order: order ? { plan_id: order.planId, plan: PLANS[order.planId].title, status: order.status, paid_at: order.paidAt?.toISOString() ?? null } : null,
    estimated_delivery:
      inProgress && order?.status === "paid"
        ? { hours, by: (profile.deadlineAt ?? new Date((order.paidAt ?? profile.createdAt).getTime() + hours * 3600_000)).toISOString() }
        : null,
  };
  return { kind: "ok", answer };
}

/**
 * A result as the customer may read it: without the optimiser's notes to the writer (`needsWriter`, on the bio, the
 * prompts and elite's parts), which are the desk's workings, not advice.
 */
export function withoutWriterNotes(result: OptimisationResult): OptimisationResult {
  return JSON.parse(JSON.stringify(result, (key, value: unknown) => (key === "needsWriter" ? undefined : value))) as OptimisationResult;
}
