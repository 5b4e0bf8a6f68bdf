import { formatUsd, type Plan } from "../../orders/plans.ts";

const STEP_NAMES = {
  plan: "Choose a plan",
  profile: "Your profile and photos",
  payment: "Payment",
  results: "Your optimized profile by e-mail",
} as const;

type Step = keyof typeof STEP_NAMES;

/**
 * Where the customer is in the order, above a form whose plan is known: the plan is chosen, this form is the current
 * step, and the next is payment (or, on the paid-first path, payment is behind them). Nobody meets a payment page
 * they were not told about.
 */
export function OrderSteps({ paid }: { paid: boolean }) {
  const steps: Step[] = paid ? ["plan", "payment", "profile", "results"] : ["plan", "profile", "payment", "results"];
  const current = steps.indexOf("profile");
  return (
    <ol aria-label="Order steps" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {steps.map((step, i) => (
        <li
          key={step}
          aria-current={i === current ? "step" : undefined}
          data-step={step}
          className={`flex items-center gap-2 rounded-md border px-3 py-2 ${i === current ? "border-primary font-medium" : "border-border text-muted-foreground"}`}
        >
          <span
            aria-hidden="true"
            className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${i <= current ? "bg-primary text-primary-foreground" : "bg-muted text-foreground"}`}
          >
            {i < current ? "✓" : i + 1}
          </span>
          <span>
            {STEP_NAMES[step]}
            {i < current && <span className="sr-only"> (done)</span>}
            {i === current + 1 && <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold text-foreground">Next</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The line under a submit button that leads to payment: what comes next and what it costs (the plan table's price). */
export function NextPaymentNote({ plan, id = "next-step" }: { plan: Plan; id?: string }) {
  return (
    <p id={id} className="text-center text-sm text-muted-foreground">
      Next: secure payment of {formatUsd(plan.priceCents)}
    </p>
  );
}
