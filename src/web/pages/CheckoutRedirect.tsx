import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "../navigation.tsx";
import { messageOf } from "../api.ts";
import { startHostedCheckout } from "../payments/hosted-checkout.ts";
import { CheckoutErrorView, PaymentCard } from "../payments/PaymentCard.tsx";
import { useToast } from "../toast.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

const MISSING = "Missing required order information";

/** /checkout-redirect?orderId=…&price=…&planId=…: straight on to the payment provider's page. */
export function CheckoutRedirectPage() {
  const [params] = useSearchParams();
  const toast = useToast();
  const orderId = params.get("orderId");
  const price = params.get("price");
  const planId = params.get("planId");
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const run = useCallback(async () => {
    if (!orderId || !price || !planId) {
      setError(MISSING);
      return;
    }
    setError(null);
    try {
      const url = await startHostedCheckout({ orderId, amount: price, plan_id: planId });
      toast({ title: "Redirecting to Secure Checkout" });
      window.location.assign(url);
    } catch (err) {
      const message = messageOf(err, "Failed to create checkout session");
      setError(message);
      toast({ title: "Error creating checkout session", description: message, variant: "destructive" });
    }
  }, [orderId, price, planId, toast]);

  useEffect(() => {
    void run();
  }, [run, attempt]);

  if (error) {
    return <CheckoutErrorView error={error} onRetry={() => setAttempt((n) => n + 1)} retried={attempt > 0} back={{ to: "/", label: "Return to Home" }} />;
  }
  return (
    <PaymentCard title="Processing Payment">
      <Spinner label="Redirecting to secure payment page..." />
    </PaymentCard>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const CheckoutRedirectIsland = island("CheckoutRedirectIsland", CheckoutRedirectPage);
