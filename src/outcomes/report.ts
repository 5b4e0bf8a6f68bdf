/**
 * What the answers add up to (issue 32): the Outcomes page's figures for the business, its CSV, and the one sentence
 * the home and pricing pages may show once MIN_FOR_PUBLIC answers exist. Reads only; the maths is ./stats.ts.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { orders, outcomes, profiles } from "../db/schema.ts";
import type { AdminOutcomesAnswer, OutcomeGroup } from "../shared/api/outcomes.ts";
import { PLAN_IDS, PLANS, type PlanId } from "../shared/orders/plans.ts";
import { BIO_VERSION_CHOICES, BIO_VERSION_LABELS, OUTCOME_PART_LABELS, OUTCOME_PARTS, type BioVersionChoice } from "../shared/outcomes/answers.ts";
import { DATING_APP_LABELS, DATING_APPS, type DatingApp } from "../shared/profiles/options.ts";
import { chartText, distributionSvg } from "./chart.tsx";
import { changes, histogram, MIN_FOR_MEDIAN, MIN_FOR_PUBLIC, publicSentence, ratios, responseRate, round, summarise, type MatchPair } from "./stats.ts";

export interface AnswerRow {
  profileId: string;
  plan: PlanId | null;
  app: DatingApp;
  before: number | null;
  beforeDeclined: boolean;
  after: number | null;
  parts: string[];
  bioVersion: string | null;
  rating: number | null;
  comment: string | null;
  profileUpdatedAt: Date | null;
  followUpSentAt: Date | null;
  answeredAt: Date | null;
  updatedAt: Date | null;
}

/** Every outcome row with its profile's app and its paid (or refunded) order's plan. */
export function outcomeRows(db: Pick<DB, "select">): AnswerRow[] {
  return db
    .select({ o: outcomes, app: profiles.datingApp, plan: orders.planId })
    .from(outcomes)
    .innerJoin(profiles, eq(profiles.id, outcomes.profileId))
    .leftJoin(orders, and(eq(orders.profileId, outcomes.profileId), inArray(orders.status, ["paid", "refunded"])))
    .orderBy(outcomes.afterAnsweredAt, outcomes.profileId)
    .all()
    .map(({ o, app, plan }) => ({
      profileId: o.profileId,
      plan,
      app,
      before: o.beforeMatches,
      beforeDeclined: o.beforeDeclined,
      after: o.afterMatches,
      parts: o.partsUsed ?? [],
      bioVersion: o.bioVersion,
      rating: o.rating,
      comment: o.comment,
      profileUpdatedAt: o.profileUpdatedAt,
      followUpSentAt: o.followUpSentAt,
      answeredAt: o.afterAnsweredAt,
      updatedAt: o.afterUpdatedAt,
    }));
}

const answered = (rows: AnswerRow[]) => rows.filter((r) => r.after !== null && r.answeredAt !== null);
const pairs = (rows: AnswerRow[]): MatchPair[] => rows.map((r) => ({ before: r.before, after: r.after! }));

function group(label: string, rows: AnswerRow[]): OutcomeGroup {
  return { label, change: summarise(changes(pairs(rows))), ratio: summarise(ratios(pairs(rows))) };
}

/** The Outcomes page. */
export function outcomesReport(rows: AnswerRow[]): AdminOutcomesAnswer {
  const done = answered(rows);
  const all = pairs(done);
  const diffs = changes(all);
  const change = summarise(diffs);
  const bins = histogram(diffs);
  const shownMedian = change.enough ? change.median : null;
  return {
    follow_ups_sent: rows.filter((r) => r.followUpSentAt !== null).length,
    answers: done.length,
    response_rate: responseRate(done.filter((r) => r.followUpSentAt !== null).length, rows.filter((r) => r.followUpSentAt !== null).length),
    change,
    ratio: summarise(ratios(all)),
    by_plan: PLAN_IDS.map((p) => group(PLANS[p].title, done.filter((r) => r.plan === p))),
    by_app: DATING_APPS.map((a) => group(DATING_APP_LABELS[a], done.filter((r) => r.app === a))),
    by_part: OUTCOME_PARTS.map((part) => group(OUTCOME_PART_LABELS[part], done.filter((r) => r.parts.includes(part)))),
    by_bio_version: BIO_VERSION_CHOICES.map((v) => group(BIO_VERSION_LABELS[v], done.filter((r) => r.bioVersion === v))),
    // Below MIN_FOR_MEDIAN no picture either: a handful of bars reads as a result.
    chart: change.enough ? { svg: distributionSvg(bins, shownMedian), text: chartText(bins, shownMedian), bins } : null,
    comments: done
      .filter((r) => r.comment)
      .sort((a, b) => b.answeredAt!.getTime() - a.answeredAt!.getTime())
      .map((r) => ({ at: r.answeredAt!.toISOString(), plan: r.plan ? PLANS[r.plan].title : "Unknown", app: DATING_APP_LABELS[r.app], rating: r.rating, comment: r.comment! })),
    public_sentence: publicClaimOf(rows),
    min_for_median: MIN_FOR_MEDIAN,
    min_for_public: MIN_FOR_PUBLIC,
  };
}

/** The public sentence from the rows, or null below MIN_FOR_PUBLIC answers with a before and an after. */
export function publicClaimOf(rows: AnswerRow[]): string | null {
  const withBefore = answered(rows).filter((r) => r.before !== null);
  if (withBefore.length < MIN_FOR_PUBLIC) return null;
  const since = new Date(Math.min(...withBefore.map((r) => r.answeredAt!.getTime())));
  return publicSentence(changes(pairs(withBefore)), since);
}

const CLAIM_TTL_MS = 60_000;
const claims = new WeakMap<object, { at: number; sentence: string | null }>();

/**
 * The sentence for the home and pricing pages, worked out at most once a minute per database (those pages are
 * served from memory; src/ssr/page-cache.ts renders them again when the sentence changes).
 */
export function publicClaim(db: DB, now = Date.now()): string | null {
  const known = claims.get(db);
  if (known && now - known.at < CLAIM_TTL_MS) return known.sentence;
  const withAnswers = db.select({ id: outcomes.profileId }).from(outcomes).where(isNotNull(outcomes.afterAnsweredAt)).limit(MIN_FOR_PUBLIC).all().length;
  const sentence = withAnswers < MIN_FOR_PUBLIC ? null : publicClaimOf(outcomeRows(db));
  claims.set(db, { at: now, sentence });
  return sentence;
}

/**
 * A CSV cell: text that a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return)
 * gets a leading apostrophe (OWASP's CSV injection advice); then any cell with a comma, quote or line break is quoted.
 * Numbers are written as numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_COLUMNS = [
  "profile_id",
  "plan",
  "app",
  "before_matches",
  "before_declined",
  "after_matches",
  "change",
  "ratio",
  "parts_used",
  "bio_version",
  "rating",
  "comment",
  "profile_updated_at",
  "follow_up_sent_at",
  "answered_at",
  "changed_at",
] as const;

/** Every answer, one row each, oldest first. */
export function outcomesCsv(rows: AnswerRow[]): string {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of answered(rows)) {
    lines.push(
      [
        r.profileId,
        r.plan ? PLANS[r.plan].title : null,
        DATING_APP_LABELS[r.app],
        r.before,
        r.beforeDeclined ? "yes" : "no",
        r.after,
        r.before === null ? null : r.after! - r.before,
        r.before ? round(r.after! / r.before) : null,
        r.parts.map((p) => OUTCOME_PART_LABELS[p as keyof typeof OUTCOME_PART_LABELS] ?? p).join("; "),
        r.bioVersion ? (BIO_VERSION_LABELS[r.bioVersion as BioVersionChoice] ?? r.bioVersion) : null,
        r.rating,
        r.comment,
        iso(r.profileUpdatedAt),
        iso(r.followUpSentAt),
        iso(r.answeredAt),
        iso(r.updatedAt),
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

