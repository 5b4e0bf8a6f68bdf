import { formatUsd, type Plan } from "../../shared/orders/plans.ts";

const STEP_NAMES = {
  plan: "Choose a plan",
  email: "Your e-mail address",
  profile: "Your profile and photos",
  profileAndPlan: "Your profile, photos and plan",
  payment: "Payment",
  results: "Your optimized profile by e-mail",
} as const;

type Step = keyof typeof STEP_NAMES;

/** Each way through an order, and the step of it that the page showing the list is. */
const PATHS = {
  /** /upload, and /profile-form with a plan: the plan is chosen, this form, then payment. */
  "pay-after": { steps: ["plan", "profile", "payment", "results"], current: "profile" },
  /** /profile-form after paying first: payment is behind the customer. */
  "paid-first": { steps: ["plan", "payment", "profile", "results"], current: "profile" },
  /** /preparing-checkout: the plan is chosen, the address the results go to, then payment, then the profile. */
  "pay-first": { steps: ["plan", "email", "payment", "profile", "results"], current: "email" },
  /** /hinge-form and /bumble-form: the profile and the plan on one form, then payment. */
  "plan-on-form": { steps: ["profileAndPlan", "payment", "results"], current: "profileAndPlan" },
} as const satisfies Record<string, { steps: readonly Step[]; current: Step }>;

export type OrderPath = keyof typeof PATHS;

// Written out whole so the stylesheet build finds each class.
const WIDE_COLUMNS: Record<number, string> = { 3: "sm:grid-cols-3", 4: "sm:grid-cols-4", 5: "sm:grid-cols-5" };

/**
 * Where the customer is in the order, above a form: what is done, this page's step, and the next (payment, wherever
 * it comes next). Nobody meets a payment page they were not told about. `narrow`: in a payment card, two columns at
 * every width.
 */
export function OrderSteps({ path, narrow = false }: { path: OrderPath; narrow?: boolean }) {
  const steps: readonly Step[] = PATHS[path].steps;
  const current = steps.indexOf(PATHS[path].current);
  return (
    <ol aria-label="Order steps" className={`grid grid-cols-2 gap-2 text-sm ${narrow ? "" : WIDE_COLUMNS[steps.length]}`}>
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

/**
 * The line under a submit button that leads to payment: what comes next and what it costs (the plan table's price),
 * or, before a plan is chosen on the page, that the price is the chosen plan's.
 */
export function NextPaymentNote({ plan, id = "next-step" }: { plan?: Plan; id?: string }) {
  return (
    <p id={id} className="text-center text-sm text-muted-foreground">
      {plan ? `Next: secure payment of ${formatUsd(plan.priceCents)}` : "Next: secure payment for the plan you choose"}
    </p>
  );
}
