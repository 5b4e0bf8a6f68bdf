import { useEffect, useState } from "react";
import { useSearchParams } from "../navigation.tsx";
import type { OrderCreated } from "../../shared/api/orders.ts";
import { findPlan, formatUsd, PLANS, type Plan } from "../../shared/orders/plans.ts";
import { apiRequest, messageOf } from "../api.ts";
import { startHostedCheckout } from "../payments/hosted-checkout.ts";
import { CheckoutErrorView, PaymentCard } from "../payments/PaymentCard.tsx";
import { readPendingOrder, storePendingEmail } from "../payments/pending-order.ts";
import { cancelReturnUrl, DraftNotice, PAYMENT_CANCELLED } from "../profile/DraftNotice.tsx";
import { NextPaymentNote, OrderSteps } from "../profile/OrderSteps.tsx";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { EmailField } from "../ui/EmailField.tsx";
import { useHydrated } from "../ui/hydrated.ts";
import { onFirstUse, useOneSubmitAtATime } from "../ui/on-first-use.ts";
import { useTypedBeforeHydration } from "../ui/typed-before-hydration.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

const MISSING = "Missing plan information";

type View = { state: "email" } | { state: "preparing" } | { state: "error"; message: string };

/**
 * /preparing-checkout?planId=…&price=…: the paid-first path. It asks where the results should go before anything is
 * charged (the address fills the profile form after payment), then creates an order for the plan and a hosted
 * checkout session, and redirects. An unknown planId falls back to premium (spec section 9); the server prices the
 * order from its plan table. "Cancel and return" on the payment page comes back here, plan and address kept.
 */
export function PreparingCheckoutPage() {
  const [params] = useSearchParams();
  const toast = useToast();
  const planId = params.get("planId");
  const price = params.get("price");
  const cancelled = params.get(PAYMENT_CANCELLED.name) === PAYMENT_CANCELLED.value;
  const plan = findPlan(planId) ?? PLANS.premium;
  const [view, setView] = useState<View>({ state: "email" });
  const [attempts, setAttempts] = useState(0);

  const run = async () => {
    setView({ state: "preparing" });
    try {
      const res = await apiRequest("POST", "/api/orders", { user_id: 1, plan: plan.id, amount: Number(price) });
      const order = (await res.json()) as OrderCreated;
      const url = await startHostedCheckout({ orderId: order.id, amount: price ?? undefined, plan_id: plan.id, cancelUrl: cancelReturnUrl() });
      window.location.assign(url);
    } catch (err) {
      setView({ state: "error", message: messageOf(err, "Failed to create checkout session") });
      setAttempts((n) => n + 1);
      toast({ title: "Checkout Error", description: "Unable to start checkout process. Please try again.", variant: "destructive" });
    }
  };

  if (!planId || !price) {
    return <CheckoutErrorView error={MISSING} onRetry={() => window.location.reload()} back={{ to: "/pricing", label: "Return to Pricing" }} />;
  }
  if (view.state === "error") {
    return <CheckoutErrorView error={view.message} onRetry={() => void run()} retried={attempts > 1} back={{ to: "/pricing", label: "Return to Pricing" }} />;
  }
  if (view.state === "preparing") {
    return (
      <PaymentCard title="Preparing Checkout">
        <Spinner label="Redirecting to secure payment page..." />
      </PaymentCard>
    );
  }
  return (
    <EmailStep
      plan={plan}
      cancelled={cancelled}
      onDone={(email) => {
        storePendingEmail(email);
        void run();
      }}
    />
  );
}

/** The e-mail rule and zod, fetched on the form's first focus rather than with the page (decision 147). */
const emailRules = onFirstUse(() => import("../../shared/profiles/submission.ts"));

/** Before any payment: the address the results and every message about this order go to. */
function EmailStep({ plan, cancelled, onDone }: { plan: Plan; cancelled: boolean; onDone: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const hydrated = useHydrated();
  // Typed before the island hydrated: kept (decision 149).
  const formRef = useTypedBeforeHydration((typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });
  // Back from the payment page: the address given before it (kept until the profile is saved) is filled in again.
  useEffect(() => {
    const stored = cancelled ? readPendingOrder().email : null;
    if (stored) setEmail((typed) => typed || stored);
  }, [cancelled]);

  const submit = useOneSubmitAtATime(async () => {
    let rules: Awaited<ReturnType<typeof emailRules.load>>;
    try {
      rules = await emailRules.load();
    } catch {
      setError("The address could not be checked. Please check your connection and try again.");
      return;
    }
    const parsed = rules.emailAddress.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById("checkout-email")?.focus();
      return;
    }
    onDone(parsed.data);
  });

  return (
    <PaymentCard title="Preparing Checkout" subtitle={`${plan.title} Package · ${formatUsd(plan.priceCents)} one-time payment`}>
      <OrderSteps path="pay-first" narrow />
      <DraftNotice cancelled={cancelled} restored={false} />
      <form ref={formRef} noValidate onSubmit={submit} onFocus={() => emailRules.load().catch(() => {})} className="mt-6 flex flex-col gap-4">
        <EmailField
          id="checkout-email"
          name="email"
          label="Email"
          error={error}
          hint={`Your optimized profile arrives here within ${plan.deliveryHours} hours of receiving your profile.`}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
        />
        <button type="submit" disabled={!hydrated} aria-describedby="next-step" className={buttonClass("primary", "lg", "w-full")}>
          Continue to Secure Payment
        </button>
        <NextPaymentNote plan={plan} />
      </form>
    </PaymentCard>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const PreparingCheckoutIsland = island("PreparingCheckoutIsland", PreparingCheckoutPage);
