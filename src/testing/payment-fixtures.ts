import { count, eq } from "drizzle-orm";
import { createHash, createHmac } from "node:crypto";
import Stripe from "stripe";
import type { DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { jobs, orders, profiles } from "../db/schema.ts";
import { PLANS, type PlanId } from "../shared/orders/plans.ts";
import { TEST_WEBHOOK_SECRET } from "./stripe-server.ts";

/** A profile waiting for payment and its order, written directly (as POST /api/profiles and /api/orders would). */
export function insertOrder(db: DB, options: { plan?: PlanId; withProfile?: boolean } = {}) {
  const plan = PLANS[options.plan ?? "premium"];
  let profileId: string | null = null;
  if (options.withProfile !== false) {
    profileId = newId();
    db.insert(profiles).values({ id: profileId, email: "sam@example.com", datingApp: "hinge", status: "created" }).run();
  }
  const orderId = newId();
  db.insert(orders).values({ id: orderId, planId: plan.id, amount: plan.priceCents, profileId }).run();
  return { orderId, profileId, amount: plan.priceCents };
}

export function orderState(db: DB, orderId: string) {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get()!;
  const profile = order.profileId ? db.select().from(profiles).where(eq(profiles.id, order.profileId)).get() : undefined;
  const jobCount = db.select({ n: count() }).from(jobs).where(eq(jobs.idempotencyKey, `optimise:${orderId}`)).get()!.n;
  return { order, profileStatus: profile?.status ?? null, jobs: jobCount };
}

/**
 * Under Bun the SDK loads its web build, whose crypto is async only; the synchronous signing helper needs a
 * synchronous HMAC, which node:crypto gives.
 */
const syncCrypto = {
  computeHMACSignature: (payload: string, secret: string) => createHmac("sha256", secret).update(payload, "utf8").digest("hex"),
  computeHMACSignatureAsync: async (payload: string, secret: string) => createHmac("sha256", secret).update(payload, "utf8").digest("hex"),
  computeSHA256Async: async (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()),
};

/** A webhook delivery signed the way Stripe signs it. */
export function signedEvent(
  type: string,
  object: { id: string; [key: string]: unknown },
  options: { id?: string; secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp,
    cryptoProvider: syncCrypto,
  });
  return { payload, header };
}
