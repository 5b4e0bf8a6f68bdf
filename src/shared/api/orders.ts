/*
 * How the API shows an order, and what the order routes answer (src/api/orders.ts). The types live here, in the
 * browser's share of the code, and the server annotates its answers with them (src/orders/orders.ts `orderView`).
 */
import type { PlanId } from "../orders/plans.ts";
import type { OrderStatus } from "../orders/statuses.ts";

/**
 * The order as the API shows it to whoever holds an order or payment session id (spec section 7: id, plan_id, plan,
 * price/amount). Never its profile id: that opens the results page, and these ids travel in more URLs.
 */
export interface OrderView {
  id: string;
  plan_id: PlanId;
  /** The plan's title. */
  plan: string;
  /** Integer cents. */
  amount: number;
  /** Dollars. */
  price: number;
  currency: string;
  status: OrderStatus;
  created_at: string;
}

/** POST /api/orders answers this (201 new, 200 the profile's unpaid order for the same plan). */
export type OrderCreated = OrderView & { profile_id: string | null };
