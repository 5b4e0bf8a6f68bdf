/**
 * The team's throughput (issue 29, item 4): per writer and plan, the profiles sent today and this week and the median
 * time from claim to send; and which deadlines in the queue are at risk, estimated from the writers active today.
 * `throughput` is pure (the sends, the queue, the active writers and the clock in; the answer out), so its test fixes
 * all four; `loadThroughput` reads them from the claims (./claims.ts) and the profiles.
 */
import { and, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { claims, profiles, users } from "../db/schema.ts";
import { ACTION_STATES } from "../shared/admin/review-state.ts";
import type { AtRisk, ThroughputAnswer, WriterPlanStats } from "../shared/api/team.ts";
import { PLAN_IDS, type PlanId } from "../shared/orders/plans.ts";
import { PAID_PLAN } from "./claims.ts";
import { reviewStateSql } from "./review-state-sql.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The window the medians are taken over: recent enough to be today's pace, long enough to have a few sends. */
export const MEDIAN_WINDOW_MS = 30 * DAY;

/** Minutes from claim to send assumed for a writer with no timed send of the plan yet (issue 28: 8-10 minutes a premium order). */
export const DEFAULT_MINUTES: Record<PlanId, number> = { basic: 5, premium: 10, elite: 30 };

export interface SentRecord {
  writer: string;
  plan: PlanId | null;
  /** Null for a send nobody claimed first: counted, not timed. */
  claimedAt: Date | null;
  sentAt: Date;
}

export interface QueueItem {
  profileId: string;
  plan: PlanId | null;
  deadlineAt: Date | null;
  /** A live claim: its writer finishes it first. */
  claim: { by: string; since: Date } | null;
}

export interface ThroughputInput {
  now: Date;
  sends: SentRecord[];
  /** The profiles waiting for a person, in any order. */
  queue: QueueItem[];
  /** Who claimed or sent a profile today. */
  activeWriters: string[];
  defaults?: Record<PlanId, number>;
}

/** Midnight UTC today, and the Monday of this week. */
export function periodStarts(now: Date): { day: number; week: number } {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { day, week: day - ((now.getUTCDay() + 6) % 7) * DAY };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const planOrUnknown = (plan: PlanId | null): PlanId => plan ?? "premium";
const PLAN_RANK: Record<PlanId, number> = { elite: 0, premium: 1, basic: 2 };
const round1 = (n: number) => Math.round(n * 10) / 10;

export function throughput(input: ThroughputInput): ThroughputAnswer {
  const now = input.now.getTime();
  const defaults = input.defaults ?? DEFAULT_MINUTES;
  const { day, week } = periodStarts(input.now);

  const groups = new Map<string, { writer: string; plan: PlanId; today: number; week: number; minutes: number[] }>();
  for (const send of input.sends) {
    const plan = planOrUnknown(send.plan);
    const key = `${send.writer}\u0000${plan}`;
    const group = groups.get(key) ?? { writer: send.writer, plan, today: 0, week: 0, minutes: [] };
    groups.set(key, group);
    const sent = send.sentAt.getTime();
    if (sent >= day && sent <= now) group.today++;
    if (sent >= week && sent <= now) group.week++;
    if (send.claimedAt && sent >= now - MEDIAN_WINDOW_MS && sent <= now) group.minutes.push((sent - send.claimedAt.getTime()) / MINUTE);
  }
  const writers: WriterPlanStats[] = [...groups.values()]
    .map((g) => ({ writer: g.writer, plan: g.plan, sentToday: g.today, sentThisWeek: g.week, medianMinutes: g.minutes.length ? round1(median(g.minutes)!) : null }))
    .sort((a, b) => a.writer.localeCompare(b.writer) || PLAN_RANK[a.plan] - PLAN_RANK[b.plan]);

  const minutesOf = (writer: string, plan: PlanId | null) => {
    const p = planOrUnknown(plan);
    return writers.find((w) => w.writer === writer && w.plan === p)?.medianMinutes ?? defaults[p];
  };

  const active = [...new Set(input.activeWriters)].sort();
  const free = new Map(active.map((w) => [w, now]));
  const atRisk: AtRisk[] = [];
  const risk = (item: QueueItem, expectedAt: number | null, writer: string | null) => {
    if (item.deadlineAt && (expectedAt === null || expectedAt > item.deadlineAt.getTime())) {
      atRisk.push({ profileId: item.profileId, plan: item.plan, deadlineAt: item.deadlineAt.toISOString(), expectedAt: expectedAt === null ? null : new Date(expectedAt).toISOString(), writer });
    }
  };

  const urgent = [...input.queue].sort(
    (a, b) =>
      (a.deadlineAt?.getTime() ?? Infinity) - (b.deadlineAt?.getTime() ?? Infinity) ||
      PLAN_RANK[planOrUnknown(a.plan)] - PLAN_RANK[planOrUnknown(b.plan)],
  );
  // A profile being written now is finished first by its writer, less the time already spent on it.
  const claimed = urgent.filter((item) => item.claim && free.has(item.claim.by));
  for (const item of claimed) {
    const writer = item.claim!.by;
    const left = Math.max(0, minutesOf(writer, item.plan) * MINUTE - (now - item.claim!.since.getTime()));
    free.set(writer, free.get(writer)! + left);
    risk(item, free.get(writer)!, writer);
  }
  for (const item of urgent) {
    if (claimed.includes(item)) continue;
    if (active.length === 0) {
      risk(item, null, null);
      continue;
    }
    // The writer who would finish it soonest takes it.
    let best = active[0]!;
    let bestDone = Infinity;
    for (const writer of active) {
      const done = free.get(writer)! + minutesOf(writer, item.plan) * MINUTE;
      if (done < bestDone) [best, bestDone] = [writer, done];
    }
    free.set(best, bestDone);
    risk(item, bestDone, best);
  }

  const d = defaults;
  const method =
    "Each profile waiting for a person is given, most urgent first (the nearest deadline, then elite, premium, basic), to the active writer who would finish it soonest; " +
    "a profile someone is writing now stays theirs and is finished first, less the time they have already spent on it. " +
    "A writer is active when they claimed or sent a profile since midnight UTC. " +
    `Each writer takes their own median time from claim to send for the plan over the last 30 days, or, with no such send yet, ${d.basic} minutes for basic, ${d.premium} for premium and ${d.elite} for elite. ` +
    "A deadline is at risk when its profile would be sent after it" +
    (active.length === 0 ? "; with no writer active today, every deadline in the queue is." : ". Breaks, the end of a writer's day and new orders arriving are not counted, so the estimate is a lower bound on the risk.");

  return {
    at: input.now.toISOString(),
    writers,
    estimate: { activeWriters: active, queued: input.queue.length, atRisk: atRisk.sort((a, b) => a.deadlineAt.localeCompare(b.deadlineAt)), method },
  };
}

/** The sends of the last 30 days (and this week's), the queue and today's active writers, read from the database. */
export function loadThroughput(db: Pick<DB, "select" | "selectDistinct">, now: Date): ThroughputAnswer {
  const t = now.getTime();
  const { day, week } = periodStarts(now);
  const since = new Date(Math.min(t - MEDIAN_WINDOW_MS, week));
  const sends = db
    .select({ writer: claims.admin, plan: claims.planId, claimedAt: claims.claimedAt, sentAt: claims.endedAt })
    .from(claims)
    .where(and(eq(claims.endReason, "sent"), gte(claims.endedAt, since)))
    .all()
    .map((s) => ({ ...s, sentAt: s.sentAt! }));

  const waiting = db
    .select({ profileId: profiles.id, deadlineAt: profiles.deadlineAt, plan: PAID_PLAN })
    .from(profiles)
    .where(inArray(reviewStateSql, [...ACTION_STATES]))
    .all();
  const open = waiting.length
    ? db
        .select()
        .from(claims)
        .where(and(inArray(claims.profileId, waiting.map((w) => w.profileId)), isNull(claims.endedAt), sql`${claims.lapsesAt} > ${t}`))
        .all()
    : [];
  const claimOf = new Map(open.map((c) => [c.profileId!, { by: c.admin, since: c.claimedAt ?? c.activeAt }]));
  const queue = waiting.map((w) => ({ ...w, plan: PLAN_IDS.includes(w.plan as PlanId) ? w.plan : null, claim: claimOf.get(w.profileId) ?? null }));

  const today = new Date(day);
  const activeWriters = db
    .selectDistinct({ admin: claims.admin })
    .from(claims)
    .innerJoin(users, and(eq(users.username, claims.admin), isNull(users.disabledAt)))
    .where(or(gte(claims.claimedAt, today), gte(claims.activeAt, today), gte(claims.endedAt, today)))
    .all()
    .map((r) => r.admin);

  return throughput({ now, sends, queue, activeWriters });
}
