/**
 * The note at the top of a profile form that was filled in again from its draft (draft.ts): after "Cancel and
 * return" on the payment page (the form's cancel URL carries `payment=cancelled`, see cancelReturnUrl), or after a
 * reload or the browser's Back. Preparing Checkout, which has no draft, shows only its first sentence.
 */
export function DraftNotice({ cancelled, restored }: { cancelled: boolean; restored: boolean }) {
  if (!cancelled && !restored) return null;
  return (
    <p role="status" data-testid="draft-notice" className="mt-4 rounded-lg border border-border bg-muted/40 p-4 text-sm">
      {cancelled && "Payment canceled: nothing was charged. "}
      {restored && (cancelled ? "Your answers and photos are still here; check them and continue when you are ready." : "Your answers and photos from earlier are filled in.")}
    </p>
  );
}

export const PAYMENT_CANCELLED = { name: "payment", value: "cancelled" } as const;

/** This page with `payment=cancelled`: where the payment provider's cancel link brings the customer back. */
export function cancelReturnUrl(): string {
  const url = new URL(window.location.href);
  url.searchParams.set(PAYMENT_CANCELLED.name, PAYMENT_CANCELLED.value);
  return `${url.pathname}${url.search}`;
}
