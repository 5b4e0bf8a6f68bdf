import { Link } from "../navigation.tsx";
import { PLANS, formatUsd, type Plan } from "../../shared/orders/plans.ts";
import { CheckIcon, PageHero, Section } from "../marketing/layout.tsx";
import { OutcomeClaim } from "../marketing/OutcomeClaim.tsx";
import { buttonClass } from "../ui/button.ts";

const OFFERED = Object.values(PLANS).filter((p) => p.offeredOnPricingPage);

/** Spec section 2: plan (title), price (number) and planId go to the profile form. */
export function planFormHref(plan: Plan): string {
  const query = new URLSearchParams({ plan: plan.title, price: (plan.priceCents / 100).toFixed(2), planId: plan.id });
  return `/profile-form?${query}`;
}

const FAQ = [
  {
    q: "How long does it take to get my optimized profile?",
    a: "Between 12 and 48 hours, depending on your plan: Premium results arrive within 24 hours and Basic within 48 hours of your payment and profile reaching us.",
  },
  {
    q: "Can I request revisions?",
    a: "Premium includes one revision: reply to the e-mail with your results or contact our support team and tell us what to change. Basic does not include revisions.",
  },
  {
    q: "How do I provide my current profile?",
    a: "After choosing a plan you fill in a short form: your e-mail address, your dating app, your current bio or prompt answers, and 3 to 6 photos. No password or app login is needed.",
  },
  {
    q: "Is my information kept confidential?",
    a: "Yes. We use your details only to optimize your profile, remove hidden location data from your photos, and never sell your information. Our privacy policy lists every service that handles it.",
  },
  {
    q: "Do you guarantee more matches?",
    a: "No one can promise matches, since they depend on many things outside your profile. We do guarantee the work: if we cannot deliver the service you paid for, you get your money back.",
  },
  {
    q: "What is your refund policy?",
    a: "Because the work starts as soon as you pay, fees are non-refundable except when we cannot deliver the service. Such a request must reach us within 7 days of delivery, after any revision your plan includes.",
  },
] as const;

export function PricingPage() {
  return (
    <>
      <PageHero title="Simple, One-Time Pricing" lead="Pay once, get your optimized profile by e-mail. No subscription, no account to create." />
      <section aria-label="Plans" className="mx-auto max-w-6xl px-4 pb-6">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {OFFERED.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-muted-foreground">
          Need something different?{" "}
          <Link to="/contact" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            Contact our team
          </Link>{" "}
          about a custom plan.
        </p>
        <OutcomeClaim className="mt-4 text-center" />
      </section>

      <Section id="faq" title="Frequently Asked Questions">
        <div className="max-w-3xl divide-y divide-border rounded-lg border border-border">
          {FAQ.map((item) => (
            <details key={item.q} className="group p-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                <h3 className="text-base">{item.q}</h3>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 9l6 6 6-6" />
                </svg>
              </summary>
              <p className="mt-3 text-muted-foreground">{item.a}</p>
            </details>
          ))}
        </div>
      </Section>
    </>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex h-full flex-col rounded-xl border bg-background p-6 sm:p-8 ${plan.mostPopular ? "border-primary shadow-lg ring-1 ring-primary" : "border-border"}`}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">Most Popular</p>
      )}
      <h2 id={headingId} className="text-2xl font-bold">
        {plan.title}
      </h2>
      <p className="mt-1 text-muted-foreground">{plan.description}</p>
      <p className="mt-6">
        <span className="text-4xl font-bold">{formatUsd(plan.priceCents)}</span> <span className="text-muted-foreground">one-time</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3" aria-label={`${plan.title} features`}>
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <Link
        to={planFormHref(plan)}
        className={buttonClass(plan.mostPopular ? "primary" : "outline", "lg", "mt-8 w-full")}
        aria-label={`Get Started with ${plan.title}`}
      >
        Get Started
      </Link>
    </article>
  );
}
