import { Link, useSearchParams } from "../navigation.tsx";
import { findPlan, formatUsd, PLANS } from "../../shared/orders/plans.ts";
import { buttonClass } from "../ui/button.ts";

const NEXT_STEPS = [
  "Provide your profile information and photos",
  "Complete a secure payment",
  "Our team optimizes your profile",
  "Receive your optimized profile by e-mail",
] as const;

/**
 * /plan-details?plan=…&amount=…&planId=… (spec section 2, "Plan summary"). The price shown is the plan table's
 * price for planId, the amount that will be charged, whatever amount or price the link carries
 * (docs/decisions/029-price-shown-is-price-charged.md).
 * An unknown planId shows the link's name and amount (default 14.99) with the first three Basic features.
 */
export function PlanDetailsPage() {
  const [params] = useSearchParams();
  const planId = params.get("planId") ?? "basic";
  const plan = findPlan(planId);
  const name = plan?.title ?? params.get("plan") ?? "Basic";
  const linkAmount = Number(params.get("amount") ?? params.get("price") ?? "14.99");
  const cents = plan ? plan.priceCents : Math.round((Number.isFinite(linkAmount) ? linkAmount : 14.99) * 100);
  const features = plan ? plan.features : PLANS.basic.features.slice(0, 3);
  const delivery = plan ? `within ${plan.deliveryHours} hours` : "within the delivery time";
  const next = new URLSearchParams({ plan: name, price: (cents / 100).toFixed(2), planId });

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-muted-foreground">Plan summary</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{name}</h1>
        {plan && (
          <p className="mt-2 text-muted-foreground" data-testid="plan-description">
            {plan.description}
          </p>
        )}
        <p className="mt-2 text-2xl font-semibold" data-testid="plan-price">
          {formatUsd(cents)} <span className="text-base font-normal text-muted-foreground">one-time payment</span>
        </p>

        <h2 className="mt-8 text-lg font-semibold">What's included</h2>
        <ul className="mt-3 grid gap-2" aria-label="Plan features">
          {features.map((f) => (
            <li key={f} className="flex items-start gap-2">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-success" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M20 6 9 17l-5-5" />
              </svg>
              {f}
            </li>
          ))}
        </ul>

        <h2 className="mt-8 text-lg font-semibold">Next steps</h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-6" aria-label="Next steps">
          {NEXT_STEPS.map((s, i) => (
            <li key={s}>{i === NEXT_STEPS.length - 1 ? `${s} ${delivery}` : s}</li>
          ))}
        </ol>

        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/pricing" className={buttonClass("outline")}>
            Back to Pricing
          </Link>
          <Link to={`/upload?${next}`} className={buttonClass("primary")}>
            Continue to Profile Details
          </Link>
        </div>
      </div>
    </section>
  );
}
