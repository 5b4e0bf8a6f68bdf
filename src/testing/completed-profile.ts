import { jobHandlers } from "../background.ts";
import { newId } from "../db/ids.ts";
import { orders, paymentSessions, profiles } from "../db/schema.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { fulfil } from "../payments/fulfil.ts";
import { PLANS, type PlanId } from "../shared/orders/plans.ts";
import type { TestContext } from "./context.ts";

/** Runs every job that is due, as the app's job loop would. */
export const runDueJobs = (ctx: TestContext) => createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) }).runDue();

/**
 * A profile written as the form stores it (`fields`: the app, the bio, the prompts…), paid through the local
 * provider and optimised by the job loop: `completed`, not released.
 */
export async function completedProfile(ctx: TestContext, plan: PlanId, fields: Omit<typeof profiles.$inferInsert, "id" | "email" | "status">) {
  const db = ctx.store.db;
  const profileId = newId();
  const email = `${profileId}@example.com`;
  db.insert(profiles).values({ ...fields, id: profileId, email, status: "created" }).run();
  const orderId = newId();
  const amount = PLANS[plan].priceCents;
  db.insert(orders).values({ id: orderId, planId: plan, amount, profileId }).run();
  const reference = newId();
  db.insert(paymentSessions).values({ id: reference, provider: "local", kind: "hosted", orderId, amount, status: "paid" }).run();
  fulfil(db, { orderId, provider: "local", reference, amount, currency: "usd" });
  await runDueJobs(ctx);
  return { profileId, orderId, email };
}
