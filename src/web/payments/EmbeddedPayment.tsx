import { useNavigate } from "../navigation.tsx";
import type { PaymentIntentAnswer } from "../../shared/api/payments.ts";
import { usePublicConfig } from "../public-config.ts";
import { LocalCardForm } from "./LocalCardForm.tsx";
import { StripeCardForm } from "./StripeCardForm.tsx";

/** A payment started with POST /api/create-payment-intent that came back with its client secret (amount in cents). */
export type EmbeddedPaymentInfo = PaymentIntentAnswer & { clientSecret: string };

/** Adds the payment's id to a return path, e.g. "/success?test=true" → "/success?test=true&session_id=pi_…". */
function withSessionId(returnPath: string, sessionId: string): string {
  return `${returnPath}${returnPath.includes("?") ? "&" : "?"}session_id=${encodeURIComponent(sessionId)}`;
}

/** The card form for a payment started with POST /api/create-payment-intent, whichever provider runs. */
export function EmbeddedPayment({ payment, returnPath }: { payment: EmbeddedPaymentInfo; returnPath: string }) {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const back = withSessionId(returnPath, payment.sessionId);

  if (payment.provider === "local") {
    return <LocalCardForm sessionId={payment.sessionId} amountCents={payment.amount} onPaid={() => navigate(back)} />;
  }
  if (!config.stripePublishableKey) {
    return (
      <p role="alert" className="text-sm text-danger">
        The card form is not available: STRIPE_PUBLISHABLE_KEY is not set on the server.
      </p>
    );
  }
  return (
    <StripeCardForm
      publishableKey={config.stripePublishableKey}
      clientSecret={payment.clientSecret}
      amountCents={payment.amount}
      returnPath={back}
    />
  );
}
