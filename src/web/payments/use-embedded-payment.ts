import { useEffect, useState } from "react";
import type { PaymentIntentAnswer } from "../../shared/api/payments.ts";
import { apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import type { EmbeddedPaymentInfo } from "./EmbeddedPayment.tsx";

export type EmbeddedPaymentState =
  | { status: "loading" }
  | { status: "ready"; payment: EmbeddedPaymentInfo }
  | { status: "error"; message: string };

/**
 * Starts a card payment (POST /api/create-payment-intent) when the page mounts: for an order, or for a test amount.
 * `request` null means the page has nothing to pay yet.
 */
export function useEmbeddedPayment(
  request: { orderId?: string; amount?: number } | null,
  /** The toast's title on failure: the checkout page's, or the test pages' "Error creating payment intent". */
  errorTitle = "Error loading checkout",
): EmbeddedPaymentState {
  const toast = useToast();
  const [state, setState] = useState<EmbeddedPaymentState>({ status: "loading" });
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    setState({ status: "loading" });
    (async () => {
      try {
        const res = await apiRequest("POST", "/api/create-payment-intent", JSON.parse(key));
        const answer = (await res.json()) as PaymentIntentAnswer;
        if (cancelled) return;
        if (!answer.clientSecret) {
          setState({ status: "error", message: "No client secret returned" });
          toast({ title: errorTitle, description: "No client secret returned", variant: "destructive" });
          return;
        }
        setState({ status: "ready", payment: { ...answer, clientSecret: answer.clientSecret } });
      } catch (err) {
        if (cancelled) return;
        const message = messageOf(err, "An error occurred");
        setState({ status: "error", message });
        toast({ title: errorTitle, description: message, variant: "destructive" });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [key, toast, errorTitle]);

  return state;
}
