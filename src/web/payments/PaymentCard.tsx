import type { ReactNode } from "react";
import { Link } from "../navigation.tsx";
import { buttonClass } from "../ui/button.ts";

/** The panel every payment screen is drawn in, so they all read the same. */
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
