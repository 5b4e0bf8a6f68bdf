export const PLAN_IDS = ["basic", "premium", "elite"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * The one plan table (spec sections 3 and 9). The browser shows these prices and the server charges them:
 * an order's amount always comes from here, never from a request.
 */
export interface Plan {
  id: PlanId;
  title: string;
  /** What the plan delivers, in one plain sentence (issue 19, item 4): the pricing page, /plan-details and the Terms show it. */
  description: string;
  /** Integer cents. */
  priceCents: number;
  features: readonly string[];
  mostPopular: boolean;
  /** Shown on the pricing page; elite exists (spec) but is not offered there. */
  offeredOnPricingPage: boolean;
  deliveryHours: number;
  revisionsAllowed: number;
}

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: "basic",
    title: "Basic",
    description: "Your bio lightly edited and your photos put in order, with the reason for each.",
    priceCents: 699,
    features: ["AI Profile Analysis", "Basic Bio Optimization", "Photo Order Recommendations", "48-Hour Delivery"],
    mostPopular: false,
    offeredOnPricingPage: true,
    deliveryHours: 48,
    revisionsAllowed: 0,
  },
  premium: {
    id: "premium",
    title: "Premium",
    description:
      "A complete rewrite of your bio and weak answers in your voice, your photos chosen and ordered, 3 conversation starters, the app strategy guide and 1 revision.",
    priceCents: 999,
    features: [
      "Everything in Basic",
      "Complete Bio Rewrite",
      "Photo Selection & Ordering",
      "3 Conversation Starters",
      "Dating App Strategy Guide",
      "1 Revision",
      "24-Hour Delivery",
    ],
    mostPopular: true,
    offeredOnPricingPage: true,
    deliveryHours: 24,
    revisionsAllowed: 1,
  },
  elite: {
    id: "elite",
    title: "Elite",
    description:
      "Everything in Premium, plus a writer on every answer, three versions of your bio in different tones (on Hinge, which has no bio, your set of prompt answers in three tones), 5 starters each built from your profile, which prompts to answer, a photo plan and a guide made for your profile, delivered in 12 hours.",
    priceCents: 4999,
    // Not on the pricing page (spec): shown on /plan-details and in the Terms. What the elite result carries
    // (bioVersions, promptSuggestions, photoPlan, five starters: src/optimiser/plan-parts).
    features: [
      "Everything in Premium",
      "A Writer on Every Prompt Answer",
      "3 Bio Versions in Different Tones",
      "5 Conversation Starters Built From Your Profile",
      "Which Prompts to Answer",
      "Photo Plan: the Shots You're Missing",
      "Strategy Guide Made for Your Profile",
      "1 Revision",
      "12-Hour Delivery",
    ],
    mostPopular: false,
    offeredOnPricingPage: false,
    deliveryHours: 12,
    revisionsAllowed: 1,
  },
};

/** A plan by its id (basic, premium, elite), exactly as stored. */
export function findPlan(id: string | null | undefined): Plan | undefined {
  return id && Object.hasOwn(PLANS, id) ? PLANS[id as PlanId] : undefined;
}

/** A plan id or a plan title ("Premium"), in any case: what links and API callers send. */
export function resolvePlan(value: string | null | undefined): Plan | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  return Object.values(PLANS).find((p) => p.id === wanted || p.title.toLowerCase() === wanted);
}

/** Checkout page rule (spec section 9): 6.99 basic, 9.99 premium, 49.99 elite, anything else premium. */
export function planFromPrice(dollars: number): Plan {
  const cents = Math.round(dollars * 100);
  return Object.values(PLANS).find((p) => p.priceCents === cents) ?? PLANS.premium;
}

/** "$6.99" from cents: US dollars with two decimals (spec section 9). */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** "$9.99" from dollars (the prices that links carry). */
export function formatDollars(dollars: number): string {
  return formatUsd(Math.round(dollars * 100));
}
