import { PLANS, type Plan } from "../plans.ts";

/** A plan id (basic, premium, elite) or a plan title ("Premium"), in any case: what links and API callers send. */
export function resolvePlan(value: string | null | undefined): Plan | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  return Object.values(PLANS).find((p) => p.id === wanted || p.title.toLowerCase() === wanted);
}
