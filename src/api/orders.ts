import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { writeTransaction } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, profiles } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { orderView } from "../orders/orders.ts";
import type { OrderCreated } from "../shared/api/orders.ts";
import { PLANS, resolvePlan } from "../shared/orders/plans.ts";

/**
 * Spec section 7 sends `{ profile_id, plan, price }` (one variant `{ user_id, plan, amount }`). The browser's price,
 * amount and user_id are accepted and ignored: the amount charged is the plan table's, in cents.
 */
const newOrderSchema = z.object({
  plan: z.string().trim().min(1, "plan is required").max(64, "plan is not a known plan"),
  profile_id: z.string().trim().min(1, "profile_id must not be empty").max(64, "profile_id is not valid").nullish(),
  price: z.unknown().optional(),
  amount: z.unknown().optional(),
  user_id: z.unknown().optional(),
});

export function ordersRouter(ctx: AppContext) {
  const r = new Hono();

  r.post("/", rateLimit(ctx, "orders"), jsonBody(newOrderSchema), (c) => {
    const body = c.req.valid("json");
    const plan = resolvePlan(body.plan);
    if (!plan) throw new ApiError(400, `Unknown plan "${body.plan}". Choose basic, premium or elite.`);
    const profileId = body.profile_id ?? null;

    const { order, created } = writeTransaction(ctx.store.db, (tx) => {
      if (profileId) {
        const profile = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).get();
        if (!profile) throw new ApiError(404, "That profile was not found. Please submit your profile again.");
        const earlier = tx.select().from(orders).where(eq(orders.profileId, profileId)).all();
        if (earlier.some((o) => o.status === "paid")) throw new ApiError(409, "This profile has already been paid for.");
        // One payable order per profile, or a retried request (or a second tab) could make the customer pay twice.
        const unpaid = earlier.find((o) => o.status === "pending" || o.status === "failed");
        if (unpaid && unpaid.planId === plan.id) return { order: unpaid, created: false };
        if (unpaid) throw new ApiError(409, `This profile already has an order for the ${PLANS[unpaid.planId].title} plan.`);
      }
      const inserted = tx
        .insert(orders)
        .values({ id: newId(), planId: plan.id, amount: plan.priceCents, profileId, userId: null, status: "pending" })
        .returning()
        .get();
      return { order: inserted, created: true };
    });

    // The caller sent the profile id, so it may be echoed.
    const answer: OrderCreated = { ...orderView(order), profile_id: order.profileId };
    return c.json(answer, created ? 201 : 200);
  });

  return r;
}
