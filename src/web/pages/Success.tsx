import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "../navigation.tsx";
import type { VerifyPaymentAnswer } from "../../shared/api/payments.ts";
import { apiGet, ApiRequestError, messageOf } from "../api.ts";
import { PaymentCard } from "../payments/PaymentCard.tsx";
import { storePendingOrder } from "../payments/pending-order.ts";
import { clearAllDrafts } from "../profile/draft.ts";
import { usePublicConfig } from "../public-config.ts";
import { useToast } from "../toast.ts";
import { formatUsd } from "../../shared/orders/plans.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

const VERIFY_FAILED = "Failed to verify payment";

type View = { state: "verifying" } | { state: "verified"; receipt: VerifyPaymentAnswer | null } | { state: "issue"; message: string };

/**
 * /success?session_id=…: asks the server to verify the payment (which also fulfils the order if the webhook has not
 * yet), then shows what happens next, or the verification issue with a way to reach support. Stripe's embedded
 * form returns with payment_intent=… instead of session_id; both name the payment.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { supportEmail } = usePublicConfig();
  const sessionId = params.get("session_id") ?? params.get("payment_intent");
  const isTest = params.get("test") === "true";
  const [view, setView] = useState<View>({ state: "verifying" });

  useEffect(() => {
    if (!sessionId) {
      setView({ state: "issue", message: "Missing payment information" });
      toast({ title: "Could not verify payment: Missing payment information", variant: "destructive" });
      return;
    }
    let cancelled = false;
    (async () => {
      let result: VerifyPaymentAnswer | null;
      try {
        result = await apiGet<VerifyPaymentAnswer>(`/api/verify-payment/${encodeURIComponent(sessionId)}`);
      } catch (err) {
        if (cancelled) return;
        // Spec: a non-OK answer reads "Failed to verify payment", whatever the server said.
        const message = err instanceof ApiRequestError ? VERIFY_FAILED : messageOf(err, VERIFY_FAILED);
        setView({ state: "issue", message });
        toast({ title: "Verification Error", description: message, variant: "destructive" });
        return;
      }
      if (cancelled || !result) return;
      if (!result.success) {
        setView({ state: "issue", message: `Payment verification failed. Status: ${result.status}` });
        toast({ title: "Payment Not Verified", description: result.message, variant: "destructive" });
        return;
      }
      // Paid: the order form's draft (text and photos kept in this tab) has done its job.
      void clearAllDrafts();
      if (result.needsProfile && result.order) {
        storePendingOrder(result.order.id, result.order.plan_id);
        navigate(`/profile-form?${new URLSearchParams({ orderId: result.order.id, planId: result.order.plan_id })}`, { replace: true });
        return;
      }
      setView({ state: "verified", receipt: result });
      toast({ title: "Payment successful!", description: "Thank you for your purchase. You'll receive your results soon." });
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId, navigate, toast]);

  if (view.state === "verifying") {
    return (
      <PaymentCard title="Verifying your payment">
        <Spinner label="Please wait while we confirm your payment..." />
        <noscript>
          <p data-testid="noscript-note" className="mt-2 text-sm">
            Confirming your payment needs JavaScript. If you paid, your payment went through and your order is safe: turn JavaScript on and
            reload this page to see what happens next, or e-mail us at <a href={`mailto:${supportEmail}`} className="underline">{supportEmail}</a>{" "}
            and we will finish your order with you.
          </p>
        </noscript>
      </PaymentCard>
    );
  }

  if (view.state === "issue") {
    return (
      <PaymentCard title="Payment Verification Issue">
        <p role="alert" className="font-medium text-danger">
          {view.message}
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

  const { order, delivery } = view.receipt ?? { order: null, delivery: null };
  // The plan's own promise (elite 12, premium 24, basic 48 hours): the same as the confirmation e-mail says.
  const hours = delivery?.hours ?? 48;
  return (
    <PaymentCard title="Payment Successful!" subtitle={isTest ? "Test payment: no order was charged." : "Thank you for your purchase."}>
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

/** The whole page is interactive: one island (issue 22). */
export const SuccessIsland = island("SuccessIsland", SuccessPage);
