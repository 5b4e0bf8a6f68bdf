import type Stripe from "stripe";
import type { PaymentProvider, ProviderName } from "./provider.ts";

/** The providers this process uses, built once (src/services.ts, by `createPayments` in ./service.ts). */
export interface Payments {
  active: PaymentProvider;
  /** The Stripe SDK client when a key is set: the webhook checks signatures with it. */
  stripe: Stripe | null;
  byName(name: ProviderName): PaymentProvider | null;
}
