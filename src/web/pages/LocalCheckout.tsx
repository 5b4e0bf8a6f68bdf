import { useEffect, useState } from "react";
import { Link, useNavigate, usePathname } from "../navigation.tsx";
import type { LocalCheckoutAnswer } from "../../shared/api/payments.ts";
import { formatUsd } from "../../shared/orders/plans.ts";
import { apiGet, messageOf } from "../api.ts";
import { BRAND } from "../brand.ts";
import { LocalCardForm } from "../payments/LocalCardForm.tsx";
import { PaymentCard } from "../payments/PaymentCard.tsx";
import { usePublicConfig } from "../public-config.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

type View = { state: "loading" } | { state: "ready"; session: LocalCheckoutAnswer } | { state: "error"; message: string };

/**
 * /pay/:sessionId: the built-in provider's hosted checkout, a stand-in for Stripe's page when no Stripe key is set.
 * It shows the plan and the amount the server will charge, with the test card prefilled.
 */
export function LocalCheckoutPage() {
  const sessionId = decodeURIComponent(usePathname().slice("/pay/".length));
  const navigate = useNavigate();
  const { supportEmail } = usePublicConfig();
  const [view, setView] = useState<View>({ state: "loading" });

  useEffect(() => {
    let cancelled = false;
    apiGet<LocalCheckoutAnswer>(`/api/local-checkout/${encodeURIComponent(sessionId)}`)
      .then((session) => !cancelled && session && setView({ state: "ready", session }))
      .catch((err) => !cancelled && setView({ state: "error", message: messageOf(err, "An error occurred") }));
    return () => {
      cancelled = true;
    };
  }, [sessionId]);

  if (view.state === "loading") {
    return (
      <PaymentCard title="Secure checkout">
        <Spinner label="Loading payment details..." />
        <noscript>
          <p data-testid="noscript-note" className="mt-2 text-sm">
            Paying on this page needs JavaScript, and nothing has been charged. Turn JavaScript on and reload this page to pay, or e-mail us
            at <a href={`mailto:${supportEmail}`} className="underline">{supportEmail}</a> if you need help.
          </p>
        </noscript>
      </PaymentCard>
    );
  }
  if (view.state === "error") {
    return (
      <PaymentCard title="Secure checkout">
        <p role="alert" className="text-danger">
          {view.message}
        </p>
        <Link to="/" className={buttonClass("outline", "md", "mt-6")}>
          Return to Home
        </Link>
      </PaymentCard>
    );
  }

  const { session } = view;
  return (
    <PaymentCard
      title={`Pay ${BRAND.name}`}
      subtitle={
        <span className="inline-flex items-center gap-2">
          <span data-testid="test-mode-badge" className="shrink-0 whitespace-nowrap rounded bg-muted px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">
            Test mode
          </span>
          Built-in test payments: no real card is charged.
        </span>
      }
    >
      <dl className="mb-6 flex items-baseline justify-between rounded-lg bg-muted p-4">
        <dt className="font-medium">{session.plan ? `${session.plan} Package` : "Test payment"}</dt>
        <dd className="text-2xl font-bold" data-testid="checkout-amount">
          {formatUsd(session.amount)}
        </dd>
      </dl>
      {session.status === "open" ? (
        <>
          <LocalCardForm sessionId={session.id} amountCents={session.amount} onPaid={(url) => navigate(url)} />
          <p className="mt-4 text-xs text-muted-foreground">
            Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
          </p>
          {session.cancelUrl && (
            <Link to={session.cancelUrl} className={buttonClass("ghost", "md", "mt-4 w-full")}>
              Cancel and return
            </Link>
          )}
        </>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert">{session.status === "paid" ? "This payment has already been completed." : "This payment session has ended. Please start again."}</p>
          {session.status === "paid" && (
            <Link to={`/success?session_id=${encodeURIComponent(session.id)}`} className={buttonClass("primary")}>
              View your order
            </Link>
          )}
        </div>
      )}
    </PaymentCard>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const LocalCheckoutIsland = island("LocalCheckoutIsland", LocalCheckoutPage);
