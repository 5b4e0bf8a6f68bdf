import { resolvePlan, type Plan } from "../shared/orders/plans.ts";

/**
 * The plan an /upload link names (spec section 2: plan and price from the query string; missing or zero, the customer
 * goes to /pricing). One rule for the server, which answers such a link with a redirect before any page is drawn,
 * for the browser's own navigation (the header's Get Started) and for the page itself.
 */
export function uploadPlan(params: URLSearchParams): Plan | undefined {
  const plan = resolvePlan(params.get("planId") ?? params.get("plan"));
  const price = Number(params.get("price") ?? "0");
  return plan !== undefined && params.get("plan") !== null && Number.isFinite(price) && price > 0 ? plan : undefined;
}
