import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatUsd } from "../../shared/orders/plans.ts";
import { messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { Spinner } from "../ui/Spinner.tsx";

/**
 * Stripe's Payment Element. Stripe.js is imported only here, when a card form is shown, so no other page loads it.
 * The card never touches this server; Stripe confirms the payment and returns the customer to returnPath.
 */
export function StripeCardForm({ publishableKey, clientSecret, amountCents, returnPath }: { publishableKey: string; clientSecret: string; amountCents: number; returnPath: string }) {
  const toast = useToast();
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(processing);

  useEffect(() => {
    let destroyed = false;
    let unmount: (() => void) | undefined;
    (async () => {
      try {
        const { loadStripe } = await import("@stripe/stripe-js");
        const stripe = await loadStripe(publishableKey);
        if (!stripe) throw new Error("Stripe.js could not be loaded.");
        if (destroyed || !mountRef.current) return;
        const elements = stripe.elements({ clientSecret });
        const element = elements.create("payment");
        element.mount(mountRef.current);
        unmount = () => element.destroy();
        setReady({ stripe, elements });
      } catch (err) {
        if (destroyed) return;
        const message = messageOf(err, "An error occurred");
        setLoadError(message);
        toast({ title: "Error loading checkout", description: message, variant: "destructive" });
      }
    })();
    return () => {
      destroyed = true;
      unmount?.();
    };
  }, [publishableKey, clientSecret, toast]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setProcessing(true);
    try {
      // On success Stripe navigates to returnUrl; it answers here only with an error.
      const { error } = await ready.stripe.confirmPayment({ elements: ready.elements, confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() } });
      toast({ title: "Payment Failed", description: error.message ?? "An error occurred during payment processing", variant: "destructive" });
    } catch {
      toast({ title: "Payment Failed", description: "An error occurred", variant: "destructive" });
    }
    setProcessing(false);
  }

  if (loadError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {loadError}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {!ready && <Spinner label="Loading secure card form..." />}
      <div ref={mountRef} />
      <button ref={button} type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={!ready || processing}>
        {processing ? "Processing..." : `Pay ${formatUsd(amountCents)}`}
      </button>
    </form>
  );
}
