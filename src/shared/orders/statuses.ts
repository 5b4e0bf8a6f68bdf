/** An order's statuses (the database column takes its values from here); the pages read them in the API's answers. */
export const ORDER_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
