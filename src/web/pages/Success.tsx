import { useEffect, type ReactNode } from "react";
import type { VerifyPaymentAnswer } from "../../shared/api/payments.ts";
import { formatUsd } from "../../shared/orders/plans.ts";
import { island } from "../island.tsx";
import { Link, useNavigate } from "../navigation.tsx";
import { PaymentCard } from "../payments/PaymentCard.tsx";
import { storePendingOrder } from "../payments/pending-order.ts";
import { clearAllDrafts } from "../profile/draft.ts";
import { usePublicConfig } from "../public-config.ts";
import { useToast, type ToastInput } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";

const VERIFY_FAILED = "Failed to verify payment";

/** What the server found for the return link (src/api/results-pages.tsx verifies it with the provider, as the API does). */
export type SuccessView = { state: "missing" } | { state: "failed" } | { state: "answered"; answer: VerifyPaymentAnswer };

/**
 * /success?session_id=…: the payment verified on the server (which also fulfils the order if the webhook has not
 * yet), then what happens next, or the verification issue with a way to reach support; all of it in the server's
 * HTML (decision 144). The one island does what needs the browser: the spec's toast, the order form's draft cleared
 * once paid, and for an order paid before its profile was sent, the order kept for the profile form and the customer
 * sent there.
 */
export function SuccessPage({ view, isTest }: { view: SuccessView; isTest: boolean }) {
  if (view.state === "missing") {
    return (
      <Issue message="Missing payment information">
        <PaymentArrivalIsland toast={{ title: "Could not verify payment: Missing payment information", variant: "destructive" }} />
      </Issue>
    );
  }
  if (view.state === "failed") {
    // Spec: a non-OK answer reads "Failed to verify payment", whatever the server said.
    return (
      <Issue message={VERIFY_FAILED}>
        <PaymentArrivalIsland toast={{ title: "Verification Error", description: VERIFY_FAILED, variant: "destructive" }} />
      </Issue>
    );
  }
  const result = view.answer;
  if (!result.success) {
    return (
      <Issue message={`Payment verification failed. Status: ${result.status}`}>
        <PaymentArrivalIsland toast={{ title: "Payment Not Verified", description: result.message, variant: "destructive" }} />
      </Issue>
    );
  }
  if (result.needsProfile && result.order) {
    const next = `/profile-form?${new URLSearchParams({ orderId: result.order.id, planId: result.order.plan_id })}`;
    return (
      <PaymentCard title="Payment Successful!" subtitle="Thank you for your purchase.">
        <PaymentArrivalIsland clearDrafts pendingOrder={{ orderId: result.order.id, planId: result.order.plan_id }} goTo={next} />
        <p>Your payment went through. Next, send us your profile and photos.</p>
        <Link to={next} className={buttonClass("primary", "md", "mt-6")}>
          Continue to your profile
        </Link>
      </PaymentCard>
    );
  }

  const { order, delivery } = result;
  // The plan's own promise (elite 12, premium 24, basic 48 hours): the same as the confirmation e-mail says.
  const hours = delivery?.hours ?? 48;
  return (
    <PaymentCard title="Payment Successful!" subtitle={isTest ? "Test payment: no order was charged." : "Thank you for your purchase."}>
      <PaymentArrivalIsland clearDrafts toast={{ title: "Payment successful!", description: "Thank you for your purchase. You'll receive your results soon." }} />
      {order && (
        <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Order reference</dt>
          <dd className="font-mono break-all">{order.id}</dd>
          <dt className="text-muted-foreground">Plan</dt>
          <dd>{order.plan}</dd>
          <dt className="text-muted-foreground">Amount</dt>
          <dd>{formatUsd(order.amount)}</dd>
          {delivery && (
            <>
              <dt className="text-muted-foreground">Results go to</dt>
              <dd className="break-all">{delivery.email}</dd>
            </>
          )}
        </dl>
      )}
      <h2 className="text-lg font-semibold">What happens next</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-muted-foreground">
        <li>Our AI analyzes your profile and photos.</li>
        <li>Our dating experts review and refine every recommendation.</li>
        <li>
          You receive your optimized profile by e-mail within {hours} hours
          {delivery ? `, at ${delivery.email}. We are sending you a confirmation now, with a link to follow its progress` : ""}.
        </li>
      </ol>
      <Link to="/" className={buttonClass("primary", "md", "mt-8")}>
        Return to Home
      </Link>
    </PaymentCard>
  );
}

function Issue({ message, children }: { message: string; children: ReactNode }) {
  const { supportEmail } = usePublicConfig();
  return (
    <PaymentCard title="Payment Verification Issue">
      {children}
      <p role="alert" className="font-medium text-danger">
        {message}
      </p>
      <p className="mt-4 text-muted-foreground">
        If you were charged, your payment went through and your order is safe. Please contact our support team and we
        will sort it out.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Return to Home
        </Link>
        <a href={`mailto:${supportEmail}`} className={buttonClass("outline")}>
          Contact Support
        </a>
      </div>
    </PaymentCard>
  );
}

/**
 * What the success page does once in the browser, drawing nothing: the spec's toast; once paid, the order form's
 * draft (text and photos kept in this tab) cleared, it has done its job; an order paid before its profile was sent
 * kept for the profile form (a reload there must not lose it), and the customer sent on to that form.
 */
function PaymentArrival({ toast: input, clearDrafts, pendingOrder, goTo }: { toast?: ToastInput; clearDrafts?: boolean; pendingOrder?: { orderId: string; planId: string }; goTo?: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (clearDrafts) void clearAllDrafts();
    if (pendingOrder) storePendingOrder(pendingOrder.orderId, pendingOrder.planId);
    if (input) toast(input);
    if (goTo) navigate(goTo, { replace: true });
    // Once, as the page arrives.
  }, []);
  return null;
}

export const PaymentArrivalIsland = island("PaymentArrivalIsland", PaymentArrival);
