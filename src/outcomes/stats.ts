/**
 * The statistics of the measured outcome, as pure functions of the answers (issue 32): the median, its 90% interval
 * by the bootstrap (a seeded random source, so the same answers always give the same interval), and the two
 * thresholds: below MIN_FOR_MEDIAN answers no median is shown at all, below MIN_FOR_PUBLIC nothing is said publicly.
 */

import { seededRandom } from "../shared/seeded-random.ts";

export { seededRandom };

/** Below this many answers the Outcomes page says there is not enough data yet. */
export const MIN_FOR_MEDIAN = 10;
/** Below this many answers the home and pricing pages say nothing about the outcome. */
export const MIN_FOR_PUBLIC = 30;

/** Bootstrap resamples: enough that the 5th and 95th percentiles move by less than one match between seeds. */
export const RESAMPLES = 2000;
export const DEFAULT_SEED = 32;

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("the median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}


/** The value below which `p` (0 to 1) of the sorted values lie, interpolated between neighbours. */
export function quantile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/**
 * The percentile bootstrap's interval of the median at `level` (0.9: the 5th and 95th percentiles of the medians of
 * RESAMPLES samples drawn with replacement).
 */
export function bootstrapMedianInterval(values: readonly number[], options: { level?: number; resamples?: number; seed?: number } = {}): [number, number] {
  if (values.length === 0) throw new Error("the interval of no values");
  const { level = 0.9, resamples = RESAMPLES, seed = DEFAULT_SEED } = options;
  const random = seededRandom(seed);
  const medians: number[] = [];
  const sample = new Array<number>(values.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < values.length; i++) sample[i] = values[Math.floor(random() * values.length)]!;
    medians.push(median(sample));
  }
  medians.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return [quantile(medians, tail), quantile(medians, 1 - tail)];
}

/** One measure over a group of answers: the median and its interval, or only n when there are too few to say. */
export type Summary = { n: number; enough: false } | { n: number; enough: true; median: number; interval: [number, number] };

export function summarise(values: readonly number[], seed = DEFAULT_SEED): Summary {
  if (values.length < MIN_FOR_MEDIAN) return { n: values.length, enough: false };
  return { n: values.length, enough: true, median: round(median(values)), interval: bootstrapMedianInterval(values, { seed }).map(round) as [number, number] };
}

/** Two decimals: a ratio of 1.25 reads as such, and no float noise reaches the page or the CSV. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** One answer pair: matches in 7 days before and after (before null: not given or declined). */
export interface MatchPair {
  before: number | null;
  after: number;
}

/** After minus before, for every answer with both numbers. */
export function changes(pairs: readonly MatchPair[]): number[] {
  return pairs.filter((p) => p.before !== null).map((p) => p.after - p.before!);
}

/** After divided by before, where before was more than 0. */
export function ratios(pairs: readonly MatchPair[]): number[] {
  return pairs.filter((p) => p.before !== null && p.before > 0).map((p) => p.after / p.before!);
}

/** Answers over follow-ups sent, 0 to 1; null before any was sent. */
export function responseRate(answers: number, sent: number): number | null {
  return sent === 0 ? null : round(answers / sent);
}

/** A histogram's bins over the changes: one per whole match in a narrow range, wider bins of equal width otherwise. */
export interface Bin {
  /** Inclusive bounds. */
  from: number;
  to: number;
  count: number;
}

export function histogram(values: readonly number[], maxBins = 12): Bin[] {
  if (values.length === 0) return [];
  const lo = Math.floor(Math.min(...values));
  const hi = Math.floor(Math.max(...values));
  const width = Math.max(1, Math.ceil((hi - lo + 1) / maxBins));
  const bins: Bin[] = [];
  for (let from = lo; from <= hi; from += width) bins.push({ from, to: from + width - 1, count: 0 });
  for (const v of values) bins[Math.floor((Math.floor(v) - lo) / width)]!.count++;
  return bins;
}

/**
 * The home and pricing pages' sentence, only from MIN_FOR_PUBLIC answers on: the median change in matches a week,
 * in the customer's words whether it is up, none or down.
 */
export function publicSentence(values: readonly number[], since: Date): string | null {
  if (values.length < MIN_FOR_PUBLIC) return null;
  const m = round(median(values));
  const size = Math.abs(m);
  const matches = size === 1 ? "match" : "matches";
  const amount = m > 0 ? `${formatNumber(size)} more ${matches}` : m < 0 ? `${formatNumber(size)} fewer ${matches}` : "no more matches";
  const day = since.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  return `Customers who answered report a median of ${amount} a week (n = ${values.length.toLocaleString("en-US")}, since ${day})`;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
