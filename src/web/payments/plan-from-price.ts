import { PLANS, type Plan } from "../../plans.ts";

/** Checkout page rule (spec section 9): 6.99 basic, 9.99 premium, 49.99 elite, anything else premium. */
export function planFromPrice(price: number): Plan {
  const cents = Math.round(price * 100);
  return Object.values(PLANS).find((p) => p.priceCents === cents) ?? PLANS.premium;
}

/** A price from the query string in dollars, or the fallback when it is missing or not a positive number. */
export function priceParam(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** "$9.99" from dollars. */
export function formatDollars(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
