import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { OrderCreated } from "../../api/orders.ts";
import { findPlan, PLANS } from "../../orders/plans.ts";
import { apiRequest, messageOf } from "../api.ts";
import { startHostedCheckout } from "../payments/hosted-checkout.ts";
import { CheckoutErrorView, PaymentCard } from "../payments/PaymentCard.tsx";
import { useToast } from "../toast.ts";
import { Spinner } from "../ui/Spinner.tsx";

const MISSING = "Missing plan information";

/**
 * /preparing-checkout?planId=…&price=…: creates an order for the plan, then a hosted checkout session, then
 * redirects. An unknown planId falls back to premium (spec section 9); the server prices the order from its plan table.
 */
export function PreparingCheckoutPage() {
  const [params] = useSearchParams();
  const toast = useToast();
  const planId = params.get("planId");
  const price = params.get("price");
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const run = useCallback(async () => {
    if (!planId || !price) {
      setError(MISSING);
      return;
    }
    setError(null);
    const plan = findPlan(planId) ?? PLANS.premium;
    try {
      const res = await apiRequest("POST", "/api/orders", { user_id: 1, plan: plan.id, amount: Number(price) });
      const order = (await res.json()) as OrderCreated;
      const url = await startHostedCheckout({ orderId: order.id, amount: price, plan_id: plan.id });
      window.location.assign(url);
    } catch (err) {
      setError(messageOf(err, "Failed to create checkout session"));
      toast({ title: "Checkout Error", description: "Unable to start checkout process. Please try again.", variant: "destructive" });
    }
  }, [planId, price, toast]);

  useEffect(() => {
    void run();
  }, [run, attempt]);

  if (error) {
    return <CheckoutErrorView error={error} onRetry={() => setAttempt((n) => n + 1)} retried={attempt > 0} back={{ to: "/pricing", label: "Return to Pricing" }} />;
  }
  return (
    <PaymentCard title="Preparing Checkout">
      <Spinner label="Redirecting to secure payment page..." />
    </PaymentCard>
  );
}
