import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "../navigation.tsx";
import { findPlan, planFromPrice } from "../../shared/orders/plans.ts";
import { EmbeddedPayment } from "../payments/EmbeddedPayment.tsx";
import { PaymentCard } from "../payments/PaymentCard.tsx";
import { priceParam } from "../payments/price-param.ts";
import { useEmbeddedPayment } from "../payments/use-embedded-payment.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

/** Checkout price when the link carries none (spec section 9). */
const DEFAULT_CHECKOUT_PRICE = 9.99;

/** /checkout?orderId=…&price=…: the card form for an order; the server charges the order's own amount. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get("orderId");
  const rawPrice = params.get("price");
  const price = priceParam(rawPrice, DEFAULT_CHECKOUT_PRICE);
  const nothingToPay = !orderId && !rawPrice;

  useEffect(() => {
    if (nothingToPay) navigate("/pricing", { replace: true });
  }, [nothingToPay, navigate]);

  const state = useEmbeddedPayment(nothingToPay ? null : orderId ? { orderId } : { amount: price });
  const plan = (state.status === "ready" && findPlan(state.payment.planId)) || planFromPrice(price);

  return (
    <PaymentCard title="Complete Your Purchase" subtitle={`${plan.title} Package`}>
      {state.status === "loading" && <Spinner label="Preparing secure payment..." />}
      {state.status === "error" && (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm text-danger">
            {state.message}
          </p>
          <Link to="/pricing" className={buttonClass("outline")}>
            Return to Pricing
          </Link>
        </div>
      )}
      {state.status === "ready" && <EmbeddedPayment payment={state.payment} returnPath="/success" />}
    </PaymentCard>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const CheckoutIsland = island("CheckoutIsland", CheckoutPage);
