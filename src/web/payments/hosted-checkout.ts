import type { CheckoutSessionAnswer } from "../../shared/api/payments.ts";
import { apiRequest } from "../api.ts";

/** Creates a hosted checkout session (Stripe's page, or the local provider's /pay page) and answers its URL. */
export async function startHostedCheckout(body: {
  orderId?: string;
  amount?: number | string;
  plan_id?: string;
  successUrl?: string;
  cancelUrl?: string;
}): Promise<string> {
  const res = await apiRequest("POST", "/api/create-checkout-session", body);
  const { url } = (await res.json()) as CheckoutSessionAnswer;
  if (!url) throw new Error("No checkout URL returned");
  return url;
}
