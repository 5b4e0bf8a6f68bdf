/**
 * A customer who paid before sending a profile (verification answers needsProfile) is sent to /profile-form;
 * the order and plan wait here under the spec's names, and the profile form removes them once read.
 */
export const PENDING_ORDER_KEY = "pendingOrderId";
export const PENDING_PLAN_KEY = "pendingPlanId";

export function storePendingOrder(orderId: string, planId: string): void {
  try {
    localStorage.setItem(PENDING_ORDER_KEY, orderId);
    localStorage.setItem(PENDING_PLAN_KEY, planId);
  } catch {
    // Storage can be disabled; the query string to /profile-form carries the same ids.
  }
}
