/**
 * The 12/24/48-hour promises: a profile whose delivery deadline is two hours away (or past) and whose result has not
 * been released sends one alert e-mail to support. `queueDeadlineAlerts` runs every minute with the job loop; the
 * job's key names the profile and its deadline, so each deadline alerts once.
 */
import { and, eq, isNotNull, lte, notInArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { writeTransaction } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { DEADLINE_ALERT_MAIL, type ParsedPayload } from "../jobs/kinds.ts";
import type { RunningJob } from "../jobs/loop.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { EmailLayout, renderEmail } from "../mail/render.tsx";

export const ALERT_BEFORE_MS = 2 * 60 * 60 * 1000;

/** Queues an alert for each unreleased profile within two hours of its deadline; answers how many were new. */
export function queueDeadlineAlerts(ctx: AppContext, now = Date.now()): number {
  return writeTransaction(ctx.store.db, (tx) => {
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
      if (enqueueJob(tx, { kind: DEADLINE_ALERT_MAIL, payload: { profileId: p.id }, idempotencyKey: `mail:deadline-alert:${p.id}:${p.deadlineAt!.getTime()}`, maxAttempts: 20 })) {
        queued++;
      }
    }
    return queued;
  });
}

type ProfileRow = typeof profiles.$inferSelect;

function DeadlineAlertEmail({ profile, adminUrl }: { profile: ProfileRow; adminUrl: string }) {
  const minutes = Math.round((profile.deadlineAt!.getTime() - Date.now()) / 60_000);
  const when = minutes >= 0 ? `in ${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(-minutes / 60)} h ${-minutes % 60} min ago`;
  return (
    <EmailLayout title="Delivery deadline">
      <h1 style={{ fontSize: "20px", margin: "0 0 12px" }}>A delivery deadline is close</h1>
      <p style={{ margin: "0 0 4px" }}>
        <strong>Profile:</strong> {profile.id} ({profile.datingApp}), status {profile.status}
      </p>
      <p style={{ margin: "0 0 12px" }}>
        <strong>Deadline:</strong> {profile.deadlineAt!.toUTCString()} ({when})
      </p>
      <p style={{ margin: "0 0 12px" }}>
        Its result has not been sent to the customer yet. Review and send it in the admin area: <a href={adminUrl}>{adminUrl}</a>
      </p>
    </EmailLayout>
  );
}

export function sendDeadlineAlert(ctx: AppContext) {
  return async (job: RunningJob<ParsedPayload<typeof DEADLINE_ALERT_MAIL>>): Promise<void> => {
    const profile = ctx.store.db.select().from(profiles).where(eq(profiles.id, job.payload.profileId)).get();
    // Released meanwhile, or erased: no alert.
    if (!profile || profile.emailSent || !profile.deadlineAt) return;
    const { html, text } = renderEmail(<DeadlineAlertEmail profile={profile} adminUrl={`${ctx.config.publicUrl}/admin`} />);
    await ctx.services.mailer.send({ key: job.idempotencyKey, to: ctx.config.mail.supportEmail, subject: `Deadline in under 2 hours: profile ${profile.id}`, html, text });
  };
}
