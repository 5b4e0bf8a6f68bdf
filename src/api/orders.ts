import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { ApiError } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import { createOrder, orderView } from "../orders/orders.ts";
import { resolvePlan } from "../shared/orders/plans.ts";
import type { OrderCreated } from "../shared/api/orders.ts";

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
    const { order, created } = createOrder(ctx.store.db, plan, body.profile_id ?? null);

    // The caller sent the profile id, so it may be echoed.
    const answer: OrderCreated = { ...orderView(order), profile_id: order.profileId };
    return c.json(answer, created ? 201 : 200);
  });

  return r;
}
