import { useEffect, useState } from "react";
import { useNavigate } from "../navigation.tsx";
import type { VerifyPaymentAnswer } from "../../shared/api/payments.ts";
import { apiGet } from "../api.ts";
import { usePublicConfig } from "../public-config.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { clearDraft } from "./draft.ts";
import { SuccessDialog } from "./SuccessDialog.tsx";

/**
 * /hinge-form and /bumble-form after payment (the checkout returns here with `session_id`). The payment is verified
 * (which fulfils the order if the webhook has not yet) and only then does the form's success dialog promise the
 * e-mail, with the paid plan's own delivery time: "within 24 hours" is the spec's sentence, and it is true of
 * Premium. Anything but a verified payment for this profile is the success page's to explain (its issue view, support).
 */
export function PaidReturn({ sessionId, title, draft }: { sessionId: string; title: string; draft: string }) {
  const navigate = useNavigate();
  const { supportEmail } = usePublicConfig();
  const [hours, setHours] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    const toSuccessPage = () => navigate(`/success?${new URLSearchParams({ session_id: sessionId })}`, { replace: true });
    apiGet<VerifyPaymentAnswer>(`/api/verify-payment/${encodeURIComponent(sessionId)}`)
      .then((result) => {
        if (cancelled) return;
        if (!result?.success || !result.delivery) return toSuccessPage();
        // Paid: the answers kept in this browser in case the customer came back are no longer needed.
        void clearDraft(draft);
        setHours(result.delivery.hours);
      })
      .catch(() => !cancelled && toSuccessPage());
    return () => {
      cancelled = true;
    };
  }, [sessionId, draft, navigate]);

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {hours === null ? (
        <>
          <Spinner label="Confirming your payment..." />
          <noscript>
            <p className="text-sm">
              Confirming your payment needs JavaScript. If you paid, your payment went through and your profile is safe: turn JavaScript on
              and reload this page, or e-mail us at <a href={`mailto:${supportEmail}`} className="underline">{supportEmail}</a>.
            </p>
          </noscript>
        </>
      ) : (
        <p className="mt-2 text-muted-foreground">Your payment is complete and your profile is with our team.</p>
      )}
      <SuccessDialog open={hours !== null} title="Profile Submitted Successfully">
        Thank you! Your optimized profile will arrive by e-mail within {hours} hours.
      </SuccessDialog>
    </section>
  );
}
