/*
 * What the payment routes answer (src/api/payments.ts). The types live here, in the browser's share of the code, and
 * the routes annotate their answers with them, so a changed answer breaks the typecheck instead of a customer's page.
 */
import type { PlanId } from "../orders/plans.ts";
import type { OrderView } from "./orders.ts";

export interface CheckoutSessionAnswer {
  url: string | null;
  sessionId: string;
}
export interface PaymentIntentAnswer {
  clientSecret: string | null;
  sessionId: string;
  provider: "stripe" | "local";
  amount: number;
  planId: PlanId | null;
}
export interface ProcessOrderAnswer {
  success: true;
  message: string;
  sessionId: string;
  order: OrderView;
}
export interface VerifyPaymentAnswer {
  success: boolean;
  message: string;
  status: string;
  needsProfile: boolean;
  order: OrderView | null;
  /** For a paid order with its profile: the address the results go to and the plan's delivery promise. */
  delivery: { email: string; hours: number; by: string | null } | null;
  test: boolean;
}
export interface LocalCheckoutAnswer {
  id: string;
  status: "open" | "paid" | "failed" | "expired";
  amount: number;
  currency: string;
  plan: string | null;
  cancelUrl: string | null;
}
export interface LocalPayAnswer {
  success: true;
  redirectUrl: string;
}
