import { describe, expect, test } from "bun:test";
import {
  bootstrapMedianInterval,
  changes,
  histogram,
  median,
  MIN_FOR_MEDIAN,
  MIN_FOR_PUBLIC,
  publicSentence,
  quantile,
  ratios,
  responseRate,
  seededRandom,
  summarise,
} from "./stats.ts";

// Twelve customers' changes in matches a week (after minus before), as fixed data.
const TWELVE = [-2, 0, 1, 1, 2, 3, 3, 4, 5, 6, 8, 15];

describe("the median", () => {
  test("odd and even counts, unsorted input, negatives", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([-3, -1, -2])).toBe(-2);
    expect(median(TWELVE)).toBe(3);
    expect(() => median([])).toThrow();
  });
});

describe("the bootstrap interval", () => {
  test("the seeded source repeats itself, and differs between seeds", () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(seededRandom(8)()).not.toBe(first[0]);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });

  test("the same answers and seed give the same interval; it holds the median and lies within the data", () => {
    const one = bootstrapMedianInterval(TWELVE, { seed: 1 });
    expect(bootstrapMedianInterval(TWELVE, { seed: 1 })).toEqual(one);
    expect(one[0]).toBeLessThanOrEqual(median(TWELVE));
    expect(one[1]).toBeGreaterThanOrEqual(median(TWELVE));
    expect(one[0]).toBeGreaterThanOrEqual(-2);
    expect(one[1]).toBeLessThanOrEqual(15);
    // For these twelve values the median of a resample lies between the 3rd and 10th smallest nearly always.
    expect(one[0]).toBeGreaterThanOrEqual(1);
    expect(one[1]).toBeLessThanOrEqual(5.5);
  });

  test("answers that all agree have an interval of width 0; more spread gives a wider one", () => {
    expect(bootstrapMedianInterval(Array(12).fill(4))).toEqual([4, 4]);
    const narrow = bootstrapMedianInterval([2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4]);
    const wide = bootstrapMedianInterval([-20, -10, -5, 0, 3, 3, 3, 6, 10, 20, 30, 40]);
    expect(wide[1] - wide[0]).toBeGreaterThan(narrow[1] - narrow[0]);
  });

  test("the 90% interval sits inside the 99% one", () => {
    const ninety = bootstrapMedianInterval(TWELVE, { level: 0.9 });
    const ninetyNine = bootstrapMedianInterval(TWELVE, { level: 0.99 });
    expect(ninetyNine[0]).toBeLessThanOrEqual(ninety[0]);
    expect(ninetyNine[1]).toBeGreaterThanOrEqual(ninety[1]);
  });

  test("quantiles interpolate between neighbours", () => {
    expect(quantile([0, 10], 0.5)).toBe(5);
    expect(quantile([1, 2, 3, 4, 5], 0.05)).toBeCloseTo(1.2);
  });
});

describe("the under-10 rule", () => {
  test("nine answers give n only, no median; ten give the median and its interval", () => {
    const nine = TWELVE.slice(0, MIN_FOR_MEDIAN - 1);
    expect(summarise(nine)).toEqual({ n: 9, enough: false });
    const ten = TWELVE.slice(0, MIN_FOR_MEDIAN);
    const summary = summarise(ten);
    expect(summary).toMatchObject({ n: 10, enough: true, median: 2.5 });
    if (!summary.enough) throw new Error("expected a median");
    expect(summary.interval[0]).toBeLessThanOrEqual(2.5);
    expect(summary.interval[1]).toBeGreaterThanOrEqual(2.5);
  });
});

describe("the under-30 rule", () => {
  const since = new Date("2026-03-01T12:00:00Z");
  test("29 answers say nothing publicly; 30 give the sentence with n and the date", () => {
    const values = Array.from({ length: MIN_FOR_PUBLIC }, (_, i) => (i % 6) - 1);
    expect(publicSentence(values.slice(1), since)).toBeNull();
    // Sorted: five each of -1, 0, 1, 2, 3, 4; the middle two are 1 and 2.
    expect(publicSentence(values, since)).toBe("Customers who answered report a median of 1.5 more matches a week (n = 30, since March 1, 2026)");
  });

  test("a median of one, of none and below none are said as they are", () => {
    expect(publicSentence(Array(30).fill(1), since)).toContain("a median of 1 more match a week");
    expect(publicSentence(Array(30).fill(0), since)).toContain("a median of no more matches a week");
    expect(publicSentence(Array(30).fill(-3), since)).toContain("a median of 3 fewer matches a week");
  });
});

describe("changes, ratios, response rate and the histogram", () => {
  const pairs = [
    { before: 4, after: 10 },
    { before: 0, after: 3 },
    { before: null, after: 7 },
    { before: 10, after: 5 },
  ];
  test("after minus before needs a before; after over before needs one above 0", () => {
    expect(changes(pairs)).toEqual([6, 3, -5]);
    expect(ratios(pairs)).toEqual([2.5, 0.5]);
  });

  test("response rate is answers over follow-ups sent; none sent is null", () => {
    expect(responseRate(3, 12)).toBe(0.25);
    expect(responseRate(0, 0)).toBeNull();
  });

  test("the histogram counts every value once, in bins that cover the range", () => {
    const bins = histogram(TWELVE, 6);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(TWELVE.length);
    expect(bins[0]!.from).toBe(-2);
    expect(bins.at(-1)!.to).toBeGreaterThanOrEqual(15);
    expect(bins.length).toBeLessThanOrEqual(6);
    expect(histogram([2, 2, 3])).toEqual([
      { from: 2, to: 2, count: 2 },
      { from: 3, to: 3, count: 1 },
    ]);
    expect(histogram([])).toEqual([]);
  });
});
