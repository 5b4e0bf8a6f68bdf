/** A price from the query string in dollars, or the fallback when it is missing or not a positive number. */
export function priceParam(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
