import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { adminOnly } from "../admin/guard.ts";
import type { AppContext } from "../context.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { optimisationResultSchema } from "../optimiser/result.ts";
import { PROFILE_STATUSES } from "../profiles/statuses.ts";
import { adminFields } from "../profiles/view.ts";

const listQuery = z.object({
  status: z.enum(PROFILE_STATUSES, `status must be one of ${PROFILE_STATUSES.join(", ")}`).optional(),
  limit: z.coerce.number("limit must be a number").int().min(1).max(500).default(100),
  offset: z.coerce.number("offset must be a number").int().min(0).max(1_000_000).default(0),
});

/**
 * The admin's read API (spec section 7): GET /api/admin/profiles (the list, newest first, `?status=` to filter,
 * `?limit=`/`?offset=` to page; `X-Total-Count` gives the whole count) and GET /api/admin/profiles/:id (one profile
 * with its order's plan, its photos with their analysis, and the structured result as `optimization`). Only for a
 * signed-in administrator.
 */
export function adminProfilesRouter(ctx: AppContext) {
  const r = adminOnly(ctx);
  const db = ctx.store.db;

  r.get("/profiles", (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "The query is not valid.");
    const { status, limit, offset } = parsed.data;
    const where: SQL | undefined = status ? eq(profiles.status, status) : undefined;
    const total = db.select({ n: count() }).from(profiles).where(where).get()!.n;
    const rows = db.select().from(profiles).where(where).orderBy(desc(profiles.createdAt), desc(profiles.id)).limit(limit).offset(offset).all();
    const planOf = plansOf(rows.map((p) => p.id));
    c.header("X-Total-Count", String(total));
    return c.json(rows.map((p) => ({ ...adminFields(p), plan_id: planOf.get(p.id) ?? null })));
  });

  r.get("/profiles/:id", (c) => {
    const profile = db.select().from(profiles).where(eq(profiles.id, c.req.param("id"))).get();
    if (!profile) throw new ApiError(404, "Profile not found.");
    const order = paidOrLatestOrder(profile.id);
    const photoRows = db.select().from(photos).where(eq(photos.profileId, profile.id)).orderBy(asc(photos.order)).all();
    const optimization = optimisationResultSchema.safeParse(profile.optimization);
    return c.json({
      ...adminFields(profile),
      plan_id: order?.planId ?? null,
      order: order ? { id: order.id, plan_id: order.planId, status: order.status, amount: order.amount, paid_at: order.paidAt?.toISOString() ?? null } : null,
      photos: photoRows.map((p) => ({ id: p.id, order: p.order, width: p.width, height: p.height, analysis: parseAnalysis(p.analysis) })),
      optimization: optimization.success ? optimization.data : null,
    });
  });

  /** Each profile's plan: its paid order's, else its latest order's. */
  function plansOf(profileIds: string[]): Map<string, string> {
    const map = new Map<string, string>();
    if (profileIds.length === 0) return map;
    const rows = db
      .select({ profileId: orders.profileId, planId: orders.planId, status: orders.status })
      .from(orders)
      .where(inArray(orders.profileId, profileIds))
      .orderBy(asc(orders.createdAt))
      .all();
    for (const row of rows) if (row.profileId && (row.status === "paid" || !map.has(row.profileId))) map.set(row.profileId, row.planId);
    return map;
  }

  function paidOrLatestOrder(profileId: string) {
    return (
      db.select().from(orders).where(and(eq(orders.profileId, profileId), eq(orders.status, "paid"))).get() ??
      db.select().from(orders).where(eq(orders.profileId, profileId)).orderBy(desc(orders.createdAt)).get()
    );
  }

  return r;
}

function parseAnalysis(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
