/**
 * The paid-first path: the customer gives an e-mail address and pays before sending a profile (Preparing Checkout),
 * verification answers needsProfile, and /profile-form takes the profile for that order. The order and plan wait
 * here under the spec's names, with the address, until the profile is saved: a reload or a failed upload on the
 * profile form must not lose the order the customer has paid for.
 */
export const PENDING_ORDER_KEY = "pendingOrderId";
export const PENDING_PLAN_KEY = "pendingPlanId";
export const PENDING_EMAIL_KEY = "pendingEmail";

export interface PendingOrder {
  orderId: string | null;
  planId: string | null;
  email: string | null;
}

export function storePendingOrder(orderId: string, planId: string): void {
  try {
    localStorage.setItem(PENDING_ORDER_KEY, orderId);
    localStorage.setItem(PENDING_PLAN_KEY, planId);
  } catch {
    // Storage can be disabled; the query string to /profile-form carries the same ids.
  }
}

/** The address given before payment, so the profile form after it is already filled in. */
export function storePendingEmail(email: string): void {
  try {
    localStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Storage can be disabled: the profile form then asks for the address again.
  }
}

export function readPendingOrder(): PendingOrder {
  try {
    return {
      orderId: localStorage.getItem(PENDING_ORDER_KEY),
      planId: localStorage.getItem(PENDING_PLAN_KEY),
      email: localStorage.getItem(PENDING_EMAIL_KEY),
    };
  } catch {
    return { orderId: null, planId: null, email: null };
  }
}

/** Once the profile is saved with its order: a later visit must not attach a new profile to an old order. */
export function clearPendingOrder(): void {
  try {
    for (const key of [PENDING_ORDER_KEY, PENDING_PLAN_KEY, PENDING_EMAIL_KEY]) localStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}
