/**
 * The 12/24/48-hour promises: a profile whose delivery deadline is two hours away (or past) and whose result has not
 * been released sends one alert e-mail to support. `queueDeadlineAlerts` runs every minute with the job loop; the
 * job's key names the profile and its deadline, so each deadline alerts once.
 */
import { and, eq, isNotNull, lte, notInArray } from "drizzle-orm";
import { z } from "zod";
import { writeTransaction, type DB } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { renderDeadlineAlertEmail } from "../mail/deadline-alert.tsx";
import type { Mailer } from "../mail/mailer.ts";

export const DEADLINE_ALERT_MAIL = defineJobKind({ kind: "mail:deadline-alert", lane: "mail", payload: z.object({ profileId: z.string().min(1).max(64) }) });

export const ALERT_BEFORE_MS = 2 * 60 * 60 * 1000;

/** Queues an alert for each unreleased profile within two hours of its deadline; answers how many were new. */
export function queueDeadlineAlerts(db: DB, now = Date.now()): number {
  return writeTransaction(db, (tx) => {
    const due = tx
      .select({ id: profiles.id, deadlineAt: profiles.deadlineAt })
      .from(profiles)
      .where(
        and(
          eq(profiles.emailSent, false),
          isNotNull(profiles.deadlineAt),
          lte(profiles.deadlineAt, new Date(now + ALERT_BEFORE_MS)),
          notInArray(profiles.status, ["created"]),
        ),
      )
      .all();
    let queued = 0;
    for (const p of due) {
      if (enqueueJob(tx, DEADLINE_ALERT_MAIL, { payload: { profileId: p.id }, idempotencyKey: `mail:deadline-alert:${p.id}:${p.deadlineAt!.getTime()}`, maxAttempts: 20 })) {
        queued++;
      }
    }
    return queued;
  });
}

export function sendDeadlineAlert(deps: { db: DB; mailer: Mailer; publicUrl: string; supportEmail: string }) {
  return async (job: JobOf<typeof DEADLINE_ALERT_MAIL>): Promise<void> => {
    const profile = deps.db.select().from(profiles).where(eq(profiles.id, job.payload.profileId)).get();
    // Released meanwhile, or erased: no alert.
    if (!profile || profile.emailSent || !profile.deadlineAt) return;
    const email = renderDeadlineAlertEmail({
      profileId: profile.id,
      datingApp: profile.datingApp,
      status: profile.status,
      deadline: profile.deadlineAt,
      adminUrl: `${deps.publicUrl}/admin`,
    });
    await deps.mailer.send({ key: job.idempotencyKey, to: deps.supportEmail, ...email });
  };
}
