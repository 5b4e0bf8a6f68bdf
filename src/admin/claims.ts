/**
 * Who is writing which profile (issue 29, item 2). A claim names the writer and when it began; each write by the
 * claimer renews it; it lapses CLAIM_LAPSE_MINUTES after the claimer's last write, and a lapsed claim holds nothing.
 * "Next" claims the most urgent profile nobody holds, in one write transaction, so two writers pressing it at once get
 * two profiles; taking over someone's live claim is explicit and recorded in the audit trail; sending ends the claim.
 * The rows stay after a claim ends: the team's throughput (./throughput.ts) reads them.
 *
 * Each function takes the transaction it runs in (or runs its own), `now` and the lapse, so the tests set the clock.
 */
import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { claims, orders, profiles, type ClaimEnd } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { ACTION_STATES } from "../shared/admin/review-state.ts";
import type { ClaimView } from "../shared/api/team.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { audit } from "./audit.ts";
import { reviewStateSql } from "./review-state-sql.ts";

type Tx = Pick<DB, "select" | "insert" | "update">;
type ClaimRow = typeof claims.$inferSelect;

export interface ClaimClock {
  now: number;
  /** CLAIM_LAPSE_MINUTES in milliseconds (config.admin.claimLapseMs). */
  lapseMs: number;
}

const view = (row: ClaimRow): ClaimView => ({ by: row.admin, since: (row.claimedAt ?? row.activeAt).toISOString(), lapsesAt: row.lapsesAt.toISOString() });

const openClaim = (db: Pick<DB, "select">, profileId: string) =>
  db
    .select()
    .from(claims)
    .where(and(eq(claims.profileId, profileId), isNull(claims.endedAt)))
    .get();

const live = (row: ClaimRow | undefined, now: number): row is ClaimRow => row !== undefined && row.lapsesAt.getTime() > now;

function end(tx: Tx, row: ClaimRow, reason: ClaimEnd, at: number): void {
  tx.update(claims).set({ endedAt: new Date(at), endReason: reason }).where(eq(claims.id, row.id)).run();
}

/** Ends a claim that lapsed, at the moment it lapsed. */
const endLapsed = (tx: Tx, row: ClaimRow) => end(tx, row, "lapsed", row.lapsesAt.getTime());

function planOf(db: Pick<DB, "select">, profileId: string): PlanId | null {
  return db.select({ plan: orders.planId }).from(orders).where(and(eq(orders.profileId, profileId), inArray(orders.status, ["paid", "refunded"]))).get()?.plan ?? null;
}

function begin(tx: Tx, profileId: string, admin: string, clock: ClaimClock): ClaimRow {
  return tx
    .insert(claims)
    .values({
      profileId,
      admin,
      planId: planOf(tx, profileId),
      claimedAt: new Date(clock.now),
      activeAt: new Date(clock.now),
      lapsesAt: new Date(clock.now + clock.lapseMs),
    })
    .returning()
    .get();
}

function renew(tx: Tx, row: ClaimRow, clock: ClaimClock): ClaimRow {
  const changes = { activeAt: new Date(clock.now), lapsesAt: new Date(clock.now + clock.lapseMs) };
  tx.update(claims).set(changes).where(eq(claims.id, row.id)).run();
  return { ...row, ...changes };
}

const at = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;

/** The 409 when someone else holds the profile: their name, since when, and what to do. */
export function heldBy(row: ClaimRow): string {
  return `${row.admin} is writing this profile (since ${at(row.claimedAt ?? row.activeAt)}). Take it over to write it yourself.`;
}

/** The live claim on the profile, or null. */
export function claimOf(db: Pick<DB, "select">, profileId: string, now: number): ClaimView | null {
  const row = openClaim(db, profileId);
  return live(row, now) ? view(row) : null;
}

/** The live claims on these profiles, by profile id. */
export function claimsOf(db: Pick<DB, "select">, profileIds: string[], now: number): Map<string, ClaimView> {
  if (profileIds.length === 0) return new Map();
  const rows = db
    .select()
    .from(claims)
    .where(and(inArray(claims.profileId, profileIds), isNull(claims.endedAt), gt(claims.lapsesAt, new Date(now))))
    .all();
  return new Map(rows.map((row) => [row.profileId!, view(row)]));
}

/** A filter for the list: the profiles `admin` holds a live claim on. */
export function claimedBy(admin: string, now: number) {
  return inArray(
    profiles.id,
    sql`(select ${claims.profileId} from ${claims} where ${claims.admin} = ${admin} and ${claims.endedAt} is null and ${claims.lapsesAt} > ${now})`,
  );
}

/**
 * Refuses (409, naming them) a write by `admin` to a profile someone else holds a live claim on. Call it inside the
 * write's own transaction, before writing. It writes nothing: ./claims.ts `touchClaim` renews after the write.
 */
export function assertClaimAllows(tx: Pick<DB, "select">, profileId: string, admin: string, now = Date.now()): void {
  const row = openClaim(tx, profileId);
  if (live(row, now) && row.admin !== admin) throw new DomainError("conflict", heldBy(row));
}

/**
 * After a write by `admin`: their claim, lapsed or not, is renewed. A write to a profile nobody holds claims nothing:
 * two people may still edit one profile part by part (issue 27) until one of them claims it.
 */
export function touchClaim(tx: Tx, profileId: string, admin: string, clock: ClaimClock): void {
  const row = openClaim(tx, profileId);
  if (row && row.admin === admin) renew(tx, row, clock);
}

/**
 * After `admin` sent the profile: their claim ends as sent (the time from its start is the throughput's measure); a
 * send nobody claimed first is recorded as sent without a start, so it counts but is not timed.
 */
export function settleOnSend(tx: Tx, profileId: string, admin: string, clock: ClaimClock): void {
  const row = openClaim(tx, profileId);
  if (row && row.admin === admin) return end(tx, row, "sent", clock.now);
  // Someone else's claim let the send through only because it had lapsed.
  if (row) endLapsed(tx, row);
  const now = new Date(clock.now);
  tx.insert(claims).values({ profileId, admin, planId: planOf(tx, profileId), claimedAt: null, activeAt: now, lapsesAt: now, endedAt: now, endReason: "sent" }).run();
}

/** States in which there is nothing for a writer to do, so nothing to claim. */
const CLOSED = ["sent", "sending", "refunded", "awaiting_payment"] as const;

/**
 * Claims the profile for `admin`, or renews their own claim. Someone else's live claim is a 409 naming them, unless
 * `takeOver`: then theirs ends and the audit trail says "took over from <them>".
 */
export function claimProfile(db: DB, profileId: string, admin: string, takeOver: boolean, clock: ClaimClock): ClaimView {
  return writeTransaction(db, (tx) => {
    const profile = tx.select({ id: profiles.id, state: reviewStateSql }).from(profiles).where(eq(profiles.id, profileId)).get();
    if (!profile) throw new DomainError("not_found", "Profile not found.");
    if ((CLOSED as readonly string[]).includes(profile.state)) throw new DomainError("conflict", "There is nothing to write on this profile now: it is sent, being sent, refunded or not paid for.");
    const row = openClaim(tx, profileId);
    if (row?.admin === admin) return view(renew(tx, row, clock));
    if (live(row, clock.now)) {
      if (!takeOver) throw new DomainError("conflict", heldBy(row));
      end(tx, row, "taken_over", clock.now);
      audit(tx, { admin, action: "took over", profileId, detail: `took over from ${row.admin}` });
    } else if (row) {
      endLapsed(tx, row);
    }
    return view(begin(tx, profileId, admin, clock));
  });
}

/** Releases `admin`'s claim on the profile; someone else's live claim is theirs to release (409). */
export function releaseClaim(db: DB, profileId: string, admin: string, now: number): void {
  writeTransaction(db, (tx) => {
    if (!tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).get()) throw new DomainError("not_found", "Profile not found.");
    const row = openClaim(tx, profileId);
    if (!row) return;
    if (row.admin === admin) return end(tx, row, "released", now);
    if (live(row, now)) throw new DomainError("conflict", `${row.admin} holds this claim: only they can release it.`);
    endLapsed(tx, row);
  });
}

/** Ends every open claim of `admin` (their account was disabled); answers how many were live. */
export function releaseClaimsOf(tx: Tx, admin: string, now: number): number {
  const rows = tx
    .select()
    .from(claims)
    .where(and(eq(claims.admin, admin), isNull(claims.endedAt)))
    .all();
  let released = 0;
  for (const row of rows) {
    if (live(row, now)) {
      end(tx, row, "disabled", now);
      released++;
    } else endLapsed(tx, row);
  }
  return released;
}

/**
 * The profile's paid order's plan, for a select from `profiles`. Written out in full: in a one-table select drizzle
 * leaves the columns unqualified, and inside the subquery `"id"` would be the order's own.
 */
export const PAID_PLAN = sql<PlanId | null>`(select "orders"."plan_id" from "orders" where "orders"."profile_id" = "profiles"."id" and "orders"."status" = 'paid' limit 1)`;

const PLAN_RANK = sql`(case ${PAID_PLAN} when 'elite' then 0 when 'premium' then 1 when 'basic' then 2 else 3 end)`;

/**
 * "Next": the most urgent profile that needs a person (src/shared/admin/review-state.ts ACTION_STATES) and that nobody
 * holds: the nearest deadline first (none last), then the plan (elite, premium, basic), then the oldest. Claims it for
 * `admin` and releases the other profiles they held (a writer works on one profile at a time; "Next" moves on). Null,
 * with nothing released, when the queue is empty. One write transaction: two writers at once get two profiles.
 */
export function claimNext(db: DB, admin: string, clock: ClaimClock): string | null {
  return writeTransaction(db, (tx) => {
    const held = sql`exists (select 1 from "claims" where "claims"."profile_id" = "profiles"."id" and "claims"."ended_at" is null and "claims"."lapses_at" > ${clock.now})`;
    const next = tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(inArray(reviewStateSql, [...ACTION_STATES]), sql`not ${held}`))
      .orderBy(sql`${profiles.deadlineAt} is null`, asc(profiles.deadlineAt), PLAN_RANK, asc(profiles.createdAt), asc(profiles.id))
      .limit(1)
      .get();
    if (!next) return null;
    const mine = tx
      .select()
      .from(claims)
      .where(and(eq(claims.admin, admin), isNull(claims.endedAt), notInArray(claims.profileId, [next.id])))
      .all();
    for (const row of mine) live(row, clock.now) ? end(tx, row, "released", clock.now) : endLapsed(tx, row);
    const row = openClaim(tx, next.id);
    if (row) endLapsed(tx, row);
    begin(tx, next.id, admin, clock);
    return next.id;
  });
}
