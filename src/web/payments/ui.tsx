import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../ui/button.ts";

/** Small pieces the payment pages share, so every payment screen reads the same. */

export const inputClass =
  "h-10 w-full rounded-md border border-border bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 aria-[invalid=true]:border-destructive";

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <span className="text-muted-foreground">{label}</span>
    </div>
  );
}

export function PaymentCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12">
      <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <div className="mt-1 text-muted-foreground">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The error view of the pages that start a checkout on their own: the message, Try Again, and a way back.
 * After a retry that failed again, Try Again has the focus back (the view it was in was replaced meanwhile).
 */
export function CheckoutErrorView({
  error,
  onRetry,
  back,
  retried = false,
}: {
  error: string;
  onRetry: () => void;
  back: { to: string; label: string };
  retried?: boolean;
}) {
  return (
    <PaymentCard title="Checkout Error">
      <p role="alert" className="text-danger">
        {error}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" autoFocus={retried} className={buttonClass("primary")} onClick={onRetry}>
          Try Again
        </button>
        <Link to={back.to} className={buttonClass("outline")}>
          {back.label}
        </Link>
      </div>
    </PaymentCard>
  );
}
