/**
 * Releasing a result to its customer: the results e-mail, sent once per release. An administrator's "Send
 * Optimization Email" calls `queueResultsEmail`; the job sends the e-mail with a Message-ID derived from its key, then
 * records the release in the transaction that marks the job done: the lifecycle's `release` (src/profiles/lifecycle.ts)
 * marks it sent and records the version the customer may now read.
 *
 * Exactly once, as far as SMTP allows: the job's key names the profile, the working version it sends and how many
 * releases came before, so two
 * requests to send the same result queue one job and one runner sends it; a run that finds the release already
 * recorded sends nothing. The one window left is between the SMTP server's "accepted" and our database update: a
 * crash there sends the e-mail again on the retry, with the same Message-ID, which mail clients show once.
 */
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { writeTransaction, type DB } from "../db/client.ts";
import { orders, profiles, resultReleases } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import type { Completion } from "../jobs/loop.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { Logger } from "../log.ts";
import { supportReplyTo, type Mailer } from "../mail/mailer.ts";
import { renderResultsEmail, type ResultsEmailData } from "../mail/results-email.tsx";
import { PLANS } from "../shared/orders/plans.ts";
import { REFUNDED, isRefunded, refuseIfRefunded } from "../orders/refunded.ts";
import { appRules } from "../shared/optimiser/apps.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import { startersFromMarkdown, uploadLabel } from "../shared/optimiser/render.ts";
import { customerView, release } from "../profiles/lifecycle.ts";
import { readVersion, releaseView } from "../profiles/versions.ts";

export const RESULTS_MAIL = defineJobKind({
  kind: "mail:results",
  lane: "mail",
  /** `versionId` names the working version the admin released: a newer version is not sent by this job. */
  payload: z.object({ profileId: z.string().min(1).max(64), versionId: z.number().int().positive() }),
});

/**
 * One results e-mail per release: the `releases`-th release (0 for the first) of the working version `versionId`. A
 * version released before can be released again (a revision whose draft the administrator discarded), as a new key.
 */
export function resultsMailKey(profileId: string, versionId: number, releases: number): string {
  return `mail:results:${profileId}:v${versionId}:r${releases}`;
}

/** How many releases the profile had: the next results e-mail's `releases`. */
export function releaseCount(db: Pick<DB, "select">, profileId: string): number {
  return db.select({ n: count() }).from(resultReleases).where(eq(resultReleases.profileId, profileId)).get()!.n;
}

export type QueueResultsOutcome = "queued" | "already_queued";

/**
 * Queues the results e-mail for the profile's current result. Refused (a `conflict`) when there is no finished
 * result, it was already sent or the order was refunded; asking again before the job ran changes nothing.
 */
export function queueResultsEmail(db: DB, profileId: string): QueueResultsOutcome {
  return writeTransaction(db, (tx) => queueResultsEmailIn(tx, profileId));
}

/** The same, inside a transaction the caller holds (an admin action that records itself with it). */
export function queueResultsEmailIn(tx: Pick<DB, "select" | "insert">, profileId: string): QueueResultsOutcome {
  const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
  if (!profile) throw new DomainError("not_found", "Profile not found.");
  refuseIfRefunded(tx, profileId, REFUNDED.sendEmail);
  if (profile.status !== "completed" || !profile.workingVersionId) throw new DomainError("conflict", "This profile has no finished result to send yet.");
  if (customerView(tx, profile).currentReleased) throw new DomainError("conflict", "The results e-mail for this result has already been sent.");
  const queued = enqueueJob(tx, RESULTS_MAIL, {
    payload: { profileId, versionId: profile.workingVersionId },
    idempotencyKey: resultsMailKey(profileId, profile.workingVersionId, releaseCount(tx, profileId)),
    // With the backoff capped at an hour, about half a day of mail-server outage.
    maxAttempts: 20,
  });
  return queued ? "queued" : "already_queued";
}

export function sendResultsEmail(deps: { db: DB; mailer: Mailer; log: Logger; publicUrl: string; supportEmail: string }) {
  const { db, log } = deps;
  return async (job: JobOf<typeof RESULTS_MAIL>): Promise<Completion | void> => {
    const { profileId, versionId } = job.payload;
    const profile = db.select().from(profiles).where(eq(profiles.id, profileId)).get();
    // Erased, moved on (regenerated, revised, edited) or already released by an earlier run: nothing to send.
    if (!profile || profile.status !== "completed" || profile.workingVersionId !== versionId) {
      log.info(`results e-mail ${profileId}: the result it was queued for is no longer current; not sent`);
      return;
    }
    const view = customerView(db, profile);
    if (view.currentReleased) return;
    // The refund cancels a queued e-mail; one already running (or waiting for a retry) stops here.
    if (isRefunded(db, profileId)) {
      log.info(`results e-mail ${profileId}: the order was refunded; not sent`);
      return;
    }
    const version = readVersion(db, profileId, versionId)?.result;
    if (!version) throw new Error(`profile ${profileId} has no complete result to release`);
    const sentAt = new Date();
    const snapshot = releaseView(version, sentAt);
    const order = db.select().from(orders).where(and(eq(orders.profileId, profileId), eq(orders.status, "paid"))).get();
    const plan = PLANS[order?.planId ?? snapshot.optimization.plan];
    const result = snapshot.optimization;
    const premium = typeof snapshot.optimizedProfile === "string" ? null : snapshot.optimizedProfile;

    const email = renderResultsEmail({
      planTitle: plan.title,
      appName: appRules(profile.datingApp).name,
      optimizedHtml: premium ? premium.html : (snapshot.optimizedProfile as string),
      recommendationsHtml: snapshot.recommendations,
      changes: changesOf(result, appRules(profile.datingApp).name),
      photos: result.photos.map((p) => ({ label: uploadLabel(result, p.photoId), keep: p.keep, score: p.score, reasons: p.reasons })),
      // The premium content as released (an admin may have edited it), not the optimiser's first draft.
      conversationStarters: premium ? startersFromMarkdown(premium.conversationStarters) : [],
      strategyGuide: premium?.strategyGuide || null,
      resultsUrl: resultsUrl(deps.publicUrl, profileId),
      supportEmail: deps.supportEmail,
      revisionsLeft: view.revisionsLeft,
      // A processed revision request stays open until its result is sent: this one.
      revision: view.answersRevision,
    });
    const sent = await deps.mailer.send({
      key: job.idempotencyKey,
      to: profile.email,
      replyTo: supportReplyTo(deps.supportEmail),
      ...email,
    });

    log.info(`results e-mail ${profileId}: accepted by the mail server (${sent.messageId})`);
    // Recorded in the transaction that marks the job done; a result replaced meanwhile is not released.
    return (tx) => {
      release(tx, profileId, versionId, { at: sentAt, messageId: sent.messageId });
    };
  };
}

/** Notes shown per part in the e-mail: a few short lines, not the whole record. */
const NOTES_PER_PART = 3;
const NOTE_CHARACTERS = 240;

/** Each part's notes as the e-mail lists them ("what we changed and why"): the bio, then each answer; parts without a note are left out. */
export function changesOf(result: OptimisationResult, appName: string): ResultsEmailData["changes"] {
  const parts = [
    ...(result.bio ? [{ part: `Your ${appName} bio`, notes: result.bio.notes }] : []),
    ...result.prompts.map((p) => ({ part: `Your answer to “${p.prompt}”`, notes: p.notes })),
  ];
  return parts.flatMap(({ part, notes }) => {
    const shown = notes.map((n) => n.trim()).filter(Boolean).slice(0, NOTES_PER_PART).map(short);
    return shown.length > 0 ? [{ part, notes: shown }] : [];
  });
}

function short(note: string): string {
  return note.length > NOTE_CHARACTERS ? `${note.slice(0, NOTE_CHARACTERS - 1).replace(/\s+\S*$/, "")}…` : note;
}

/** The results page of a profile: the link in every e-mail to the customer. */
export function resultsUrl(publicUrl: string, profileId: string): string {
  return `${publicUrl}/view-results?id=${encodeURIComponent(profileId)}`;
}
