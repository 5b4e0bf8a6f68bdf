import { formatUsd, PLANS, type Plan } from "../../shared/orders/plans.ts";

/** The plans a customer can pick on a form that has none yet: the pricing page's (Elite is not offered there). */
export const OFFERED_PLANS: readonly Plan[] = Object.values(PLANS).filter((p) => p.offeredOnPricingPage);

export const CHOOSE_PLAN = "Please choose a plan";

/**
 * "Choose your plan" on /hinge-form and /bumble-form: the saved profile is paid for with this plan, so each option
 * says what it costs and how soon the results arrive. The first radio is `field-plan`, where a missing choice's
 * error takes the focus (form-state.ts).
 */
export function PlanChoice({
  value,
  error,
  onChange,
  disabled,
}: {
  value: string;
  error?: string;
  onChange: (name: string, value: string) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? "field-plan-error" : undefined}>
      <legend className="mb-1.5 text-sm font-medium">
        Choose your plan<span aria-hidden="true" className="text-danger"> *</span>
      </legend>
      {OFFERED_PLANS.map((plan, i) => (
        <label
          key={plan.id}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-4 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name="plan"
            id={i === 0 ? "field-plan" : undefined}
            value={plan.id}
            checked={value === plan.id}
            required
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange("plan", plan.id)}
            className="mt-1 h-4 w-4 accent-primary"
          />
          <span className="grid gap-0.5">
            <span className="font-medium">
              {plan.title}: {formatUsd(plan.priceCents)} one-time
            </span>
            <span className="text-sm text-muted-foreground">
              {plan.description} Your optimized profile by e-mail within {plan.deliveryHours} hours of payment.
            </span>
          </span>
        </label>
      ))}
      {error && (
        <p id="field-plan-error" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
