/**
 * The measured outcome (issue 32): what the customer tells us before and after using the result, and the one
 * follow-up e-mail that asks for the "after". Every write is one statement or one transaction here; the routes
 * (src/api/outcomes.ts, src/api/outcome-pages.tsx) only validate and call.
 *
 * - Before: on the results page once a result is released; changeable until "I've updated my profile".
 * - "I've updated my profile" stores the day and moves the follow-up to OUTCOME_FOLLOW_UP_DAYS after it.
 * - The follow-up: queued when the first results e-mail is recorded (OUTCOME_FOLLOW_UP_DAYS after it), sent once by
 *   the job loop, never for a profile refunded, erased (its job goes with it), cleared by retention or opted out.
 * - After: one answer per profile from the follow-up's signed link, changeable until the link expires.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { writeTransaction, type DB } from "../db/client.ts";
import { outcomes, profiles, resultReleases } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import type { Completion, RunningJob } from "../jobs/loop.ts";
import { enqueueJob, rescheduleJob } from "../jobs/queue.ts";
import type { Logger } from "../log.ts";
import { supportReplyTo, type Mailer } from "../mail/mailer.ts";
import { renderOutcomeFollowUpEmail } from "../mail/outcome-follow-up.tsx";
import { isRefunded } from "../orders/refunded.ts";
import { appRules } from "../shared/optimiser/apps.ts";
import type { AfterAnswer } from "../shared/outcomes/answers.ts";
import { FOLLOW_UP_LINK_MS, followUpUrl, optOutUrl } from "./links.ts";

export type OutcomeRow = typeof outcomes.$inferSelect;
type Reader = Pick<DB, "select">;
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export const OUTCOME_FOLLOW_UP_MAIL = defineJobKind({
  kind: "mail:outcome-follow-up",
  lane: "mail",
  payload: z.object({ profileId: z.string().min(1).max(64) }),
});

/** One follow-up per profile, ever: a second release (a revision) finds the key taken. */
export function followUpKey(profileId: string): string {
  return `mail:outcome-follow-up:${profileId}`;
}

export const MESSAGES = {
  notReleased: "Your results have not been sent yet, so there is nothing to ask about yet.",
  refunded: "This order was refunded, so we do not ask about its results.",
  beforeFixed: "You have told us you updated your profile, so the answer from before can no longer be changed.",
} as const;

export function outcomeOf(db: Reader, profileId: string): OutcomeRow | undefined {
  return db.select().from(outcomes).where(eq(outcomes.profileId, profileId)).get();
}

function released(db: Reader, profileId: string): boolean {
  return db.select({ id: resultReleases.id }).from(resultReleases).where(eq(resultReleases.profileId, profileId)).limit(1).get() !== undefined;
}

/** The profile's outcome row, made empty when it has none yet (inside the caller's transaction). */
function ensureRow(tx: Tx, profileId: string, at: Date): void {
  tx.insert(outcomes).values({ profileId, createdAt: at, updatedAt: at }).onConflictDoNothing().run();
}

function refuseUnlessAskable(tx: Reader, profileId: string): void {
  if (!released(tx, profileId)) throw new DomainError("conflict", MESSAGES.notReleased);
  if (isRefunded(tx, profileId)) throw new DomainError("conflict", MESSAGES.refunded);
}

/** The before answer (null: "I'd rather not say"); refused once the customer said they updated their profile. */
export function answerBefore(db: DB, profileId: string, matches: number | null, now = new Date()): OutcomeRow {
  return writeTransaction(db, (tx) => {
    refuseUnlessAskable(tx, profileId);
    ensureRow(tx, profileId, now);
    if (outcomeOf(tx, profileId)!.profileUpdatedAt) throw new DomainError("conflict", MESSAGES.beforeFixed);
    tx.update(outcomes).set({ beforeMatches: matches, beforeDeclined: matches === null, beforeAnsweredAt: now, updatedAt: now }).where(eq(outcomes.profileId, profileId)).run();
    return outcomeOf(tx, profileId)!;
  });
}

/**
 * "I've updated my profile": stores the day (once; asked again, the first day stands) and moves the follow-up, if it
 * has not gone yet, to `followUpMs` after it.
 */
export function markProfileUpdated(db: DB, profileId: string, followUpMs: number, now = new Date()): OutcomeRow {
  return writeTransaction(db, (tx) => {
    refuseUnlessAskable(tx, profileId);
    ensureRow(tx, profileId, now);
    const row = outcomeOf(tx, profileId)!;
    if (row.profileUpdatedAt) return row;
    tx.update(outcomes).set({ profileUpdatedAt: now, updatedAt: now }).where(eq(outcomes.profileId, profileId)).run();
    rescheduleJob(tx, followUpKey(profileId), new Date(now.getTime() + followUpMs));
    return outcomeOf(tx, profileId)!;
  });
}

/** No follow-up e-mail for this profile; asked again, nothing changes. Allowed whatever the profile's state. */
export function optOut(db: DB, profileId: string, now = new Date()): void {
  writeTransaction(db, (tx) => {
    ensureRow(tx, profileId, now);
    tx.update(outcomes)
      .set({ optedOutAt: sql`coalesce(${outcomes.optedOutAt}, ${now.getTime()})`, updatedAt: now })
      .where(eq(outcomes.profileId, profileId))
      .run();
  });
}

/** Takes back an opt-out (the opt-out page's "Ask me after all"): the follow-up goes if it has not yet. */
export function optBackIn(db: DB, profileId: string, now = new Date()): void {
  db.update(outcomes).set({ optedOutAt: null, updatedAt: now }).where(eq(outcomes.profileId, profileId)).run();
}

/**
 * The after answer from the follow-up form: one per profile, replaced by a later submission while the link works (the
 * caller checked it). `bio_version` is kept for elite only.
 */
export function answerAfter(db: DB, profileId: string, answer: AfterAnswer, elite: boolean, now = new Date()): OutcomeRow {
  return writeTransaction(db, (tx) => {
    if (isRefunded(tx, profileId)) throw new DomainError("conflict", MESSAGES.refunded);
    ensureRow(tx, profileId, now);
    tx.update(outcomes)
      .set({
        afterMatches: answer.matches,
        partsUsed: [...new Set(answer.parts)],
        bioVersion: elite ? (answer.bio_version ?? null) : null,
        rating: answer.rating,
        comment: answer.comment || null,
        afterAnsweredAt: sql`coalesce(${outcomes.afterAnsweredAt}, ${now.getTime()})`,
        afterUpdatedAt: now,
        updatedAt: now,
      })
      .where(eq(outcomes.profileId, profileId))
      .run();
    return outcomeOf(tx, profileId)!;
  });
}

/**
 * The results e-mail job, followed by the follow-up queued in the transaction that records the release: once per
 * profile (its key), OUTCOME_FOLLOW_UP_DAYS after the first release.
 */
export function withOutcomeFollowUp<P extends { profileId: string }>(send: (job: RunningJob<P>) => Promise<Completion | void>, followUpMs: number) {
  return async (job: RunningJob<P>): Promise<Completion | void> => {
    const completion = await send(job);
    if (!completion) return;
    return (tx) => {
      completion(tx);
      const { profileId } = job.payload;
      if (!released(tx, profileId)) return;
      const updated = outcomeOf(tx, profileId)?.profileUpdatedAt;
      enqueueJob(tx, OUTCOME_FOLLOW_UP_MAIL, {
        payload: { profileId },
        idempotencyKey: followUpKey(profileId),
        runAt: new Date((updated ?? new Date()).getTime() + followUpMs),
        maxAttempts: 20,
      });
    };
  };
}

export interface FollowUpDeps {
  db: DB;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  supportEmail: string;
}

/** Why a due follow-up is not sent, or null when it should go. */
export function followUpBlocked(db: Reader, profileId: string): string | null {
  const profile = db.select().from(profiles).where(eq(profiles.id, profileId)).get();
  if (!profile) return "the profile was erased";
  if (profile.textClearedAt || !profile.email) return "the profile's data was deleted";
  if (!released(db, profileId)) return "no result was released";
  if (isRefunded(db, profileId)) return "the order was refunded";
  const row = outcomeOf(db, profileId);
  if (row?.optedOutAt) return "the customer opted out";
  if (row?.followUpSentAt) return "it was sent already";
  return null;
}

/** The follow-up e-mail job: sent once, with its form link (60 days) and a one-click opt-out (List-Unsubscribe). */
export function sendOutcomeFollowUp(deps: FollowUpDeps) {
  const { db, log } = deps;
  return async (job: JobOf<typeof OUTCOME_FOLLOW_UP_MAIL>): Promise<Completion | void> => {
    const { profileId } = job.payload;
    const blocked = followUpBlocked(db, profileId);
    if (blocked) {
      log.info(`outcome follow-up ${profileId}: not sent, ${blocked}`);
      return;
    }
    const profile = db.select().from(profiles).where(eq(profiles.id, profileId)).get()!;
    const sentAt = new Date();
    const expiresAt = new Date(sentAt.getTime() + FOLLOW_UP_LINK_MS);
    const unsubscribe = optOutUrl(db, deps.publicUrl, profileId);
    const email = renderOutcomeFollowUpEmail({
      appName: appRules(profile.datingApp).name,
      formUrl: followUpUrl(db, deps.publicUrl, profileId, expiresAt),
      optOutUrl: unsubscribe,
      expiresAt,
      supportEmail: deps.supportEmail,
    });
    const sent = await deps.mailer.send({ key: job.idempotencyKey, to: profile.email, replyTo: supportReplyTo(deps.supportEmail), listUnsubscribe: unsubscribe, ...email });
    log.info(`outcome follow-up ${profileId}: accepted by the mail server (${sent.messageId})`);
    return (tx) => {
      ensureRow(tx, profileId, sentAt);
      tx.update(outcomes).set({ followUpSentAt: sentAt, followUpExpiresAt: expiresAt, updatedAt: sentAt }).where(eq(outcomes.profileId, profileId)).run();
    };
  };
}
