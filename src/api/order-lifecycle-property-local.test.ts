/** The order lifecycle's property (src/testing/order-lifecycle-property.ts) with the built-in local provider. */
import { orderLifecycleProperty } from "../testing/order-lifecycle-property.ts";

orderLifecycleProperty("local");
