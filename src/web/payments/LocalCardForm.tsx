import { useState, type FormEvent } from "react";
import type { LocalPayAnswer } from "../../shared/api/payments.ts";
import { formatUsd } from "../../shared/orders/plans.ts";
import { apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { CardFields, type CardValues } from "./CardFields.tsx";

/** Test card details prefilled by the built-in provider: it accepts no real card. */
const LOCAL_TEST_CARD: CardValues = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

/**
 * The built-in provider's card form (the /pay page and the embedded form on /checkout under the local provider).
 * The card goes to this server only to pick the test outcome; it is never stored.
 */
export function LocalCardForm({ sessionId, amountCents, onPaid }: { sessionId: string; amountCents: number; onPaid: (redirectUrl: string) => void }) {
  const toast = useToast();
  const [card, setCard] = useState<CardValues>(LOCAL_TEST_CARD);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useFocusAfterBusy<HTMLButtonElement>(processing);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProcessing(true);
    setError(null);
    try {
      const res = await apiRequest("POST", `/api/local-checkout/${encodeURIComponent(sessionId)}/pay`, {
        cardNumber: card.number,
        expiry: card.expiry,
        cvc: card.cvc,
      });
      const { redirectUrl } = (await res.json()) as LocalPayAnswer;
      onPaid(redirectUrl);
    } catch (err) {
      const message = messageOf(err, "An error occurred");
      setError(message);
      toast({ title: "Payment Failed", description: message, variant: "destructive" });
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <CardFields value={card} onChange={setCard} disabled={processing} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <button ref={button} type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={processing}>
        {processing ? "Processing..." : `Pay ${formatUsd(amountCents)}`}
      </button>
    </form>
  );
}
