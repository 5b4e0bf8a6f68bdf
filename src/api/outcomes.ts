/**
 * The results page's outcome question (issue 32), the profile id being the capability as for the results themselves:
 * PUT /api/profiles/:id/outcome/before `{ matches }` (0 to 999, or null for "I'd rather not say"), POST …/outcome/updated
 * ("I've updated my profile"), POST …/outcome/opt-out (no follow-up e-mail). Each answers the customer's outcome.
 */
import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { answerBefore, markProfileUpdated, optOut, outcomeOf, type OutcomeRow } from "../outcomes/outcomes.ts";
import { checkAccess } from "../privacy/subject.ts";
import type { CustomerOutcome } from "../shared/api/outcomes.ts";
import { beforeAnswerSchema } from "../shared/outcomes/answers.ts";
import { allowedProfile } from "./privacy.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export function customerOutcome(row: OutcomeRow | undefined, followUpMs: number): CustomerOutcome {
  return {
    before_matches: row?.beforeMatches ?? null,
    before_declined: row?.beforeDeclined ?? false,
    before_answered_at: row?.beforeAnsweredAt?.toISOString() ?? null,
    profile_updated_at: row?.profileUpdatedAt?.toISOString() ?? null,
    opted_out: row?.optedOutAt != null,
    follow_up_days: Math.round((followUpMs / DAY_MS) * 1000) / 1000,
    follow_up_sent: row?.followUpSentAt != null,
  };
}

export function outcomesRouter(ctx: AppContext) {
  const r = new Hono();
  const db = ctx.store.db;
  const limit = rateLimit(ctx, "outcomeAnswer");
  const followUpMs = ctx.config.outcomes.followUpMs;
  const profileOf = (id: string) => allowedProfile(checkAccess(db, id, null));

  r.put("/:id/outcome/before", limit, jsonBody(beforeAnswerSchema), (c) => {
    const profile = profileOf(c.req.param("id"));
    c.header("Cache-Control", "no-store");
    return c.json<CustomerOutcome>(customerOutcome(answerBefore(db, profile.id, c.req.valid("json").matches), followUpMs));
  });

  r.post("/:id/outcome/updated", limit, (c) => {
    const profile = profileOf(c.req.param("id"));
    c.header("Cache-Control", "no-store");
    return c.json<CustomerOutcome>(customerOutcome(markProfileUpdated(db, profile.id, followUpMs), followUpMs));
  });

  r.post("/:id/outcome/opt-out", limit, (c) => {
    const profile = profileOf(c.req.param("id"));
    optOut(db, profile.id);
    c.header("Cache-Control", "no-store");
    return c.json<CustomerOutcome>(customerOutcome(outcomeOf(db, profile.id), followUpMs));
  });

  return r;
}
