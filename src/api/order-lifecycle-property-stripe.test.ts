/** The order lifecycle's property (src/testing/order-lifecycle-property.ts) with the real Stripe SDK against the test Stripe server. */
import { orderLifecycleProperty } from "../testing/order-lifecycle-property.ts";

orderLifecycleProperty("stripe");
