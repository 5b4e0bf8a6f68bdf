/**
 * A customer's revision request (spec: `revisions_allowed`, `revisions_used`, `needs_revision`, `revision_notes`;
 * Premium includes 1 revision): allowed on a released result while revisions are left, one at a time. The profile
 * moves `completed → revision_requested` with the notes, and support is told by e-mail; an administrator processes it.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { writeTransaction, type DB } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { REVISION_REQUEST_MAIL, type ParsedPayload } from "../jobs/kinds.ts";
import type { RunningJob } from "../jobs/loop.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { EmailLayout, renderEmail } from "../mail/render.tsx";
import { transition } from "../profiles/lifecycle.ts";
import { releasedOf } from "../profiles/release.ts";

export { revisionRequestSchema } from "./revision-schema.ts";

export const PHOTOS_GONE_NO_REVISION =
  "Your photos have been deleted, as our privacy policy says, so a revision is no longer possible. Contact support if something in your results is wrong.";

export function requestRevision(db: DB, profileId: string, notes: string): void {
  writeTransaction(db, (tx) => {
    const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
    if (!profile) throw new DomainError("not_found", "Profile not found");
    if (profile.revisionsAllowed === 0) {
      throw new DomainError("conflict", "Your plan does not include revisions. Contact support if something in your results is wrong.");
    }
    if (!releasedOf(profile)) throw new DomainError("conflict", "You can ask for a revision once your results have been sent to you.");
    // A revision is a new run of the optimiser, which needs the photos (src/privacy/retention.ts).
    if (profile.photosDeletedAt) throw new DomainError("conflict", PHOTOS_GONE_NO_REVISION);
    if (profile.status === "revision_requested" || profile.needsRevision) throw new DomainError("conflict", "Your revision request has been received and is in progress.");
    if (profile.revisionsUsed >= profile.revisionsAllowed) {
      throw new DomainError("conflict", "You have used the revisions your plan includes. Contact support if something in your results is wrong.");
    }
    if (!transition(tx, profileId, "requestRevision", { needsRevision: true, revisionNotes: notes })) {
      throw new DomainError("conflict", "Your results are being updated right now. Please try again once you have received them.");
    }
    const revision = profile.revisionsUsed + 1;
    enqueueJob(tx, { kind: REVISION_REQUEST_MAIL, payload: { profileId, revision }, idempotencyKey: `mail:revision-request:${profileId}:${revision}`, maxAttempts: 20 });
  });
}

type ProfileRow = typeof profiles.$inferSelect;

function RevisionRequestEmail({ profile, revision, adminUrl }: { profile: ProfileRow; revision: number; adminUrl: string }) {
  return (
    <EmailLayout title="Revision request">
      <h1 style={{ fontSize: "20px", margin: "0 0 12px" }}>A customer asked for a revision</h1>
      <p style={{ margin: "0 0 4px" }}>
        <strong>Profile:</strong> {profile.id} ({profile.datingApp}), revision {revision} of {profile.revisionsAllowed}
      </p>
      <p style={{ margin: "0 0 4px" }}>
        <strong>Deadline:</strong> {profile.deadlineAt ? profile.deadlineAt.toUTCString() : "none set"}
      </p>
      <div style={{ whiteSpace: "pre-wrap", borderLeft: "3px solid #b3186b", paddingLeft: "12px", margin: "12px 0" }}>{profile.revisionNotes}</div>
      <p style={{ margin: "16px 0 0" }}>
        Process it in the admin area: <a href={adminUrl}>{adminUrl}</a>
      </p>
    </EmailLayout>
  );
}

export function sendRevisionRequestMail(ctx: AppContext) {
  return async (job: RunningJob<ParsedPayload<typeof REVISION_REQUEST_MAIL>>): Promise<void> => {
    const profile = ctx.store.db.select().from(profiles).where(eq(profiles.id, job.payload.profileId)).get();
    if (!profile || !profile.needsRevision) return;
    const { html, text } = renderEmail(<RevisionRequestEmail profile={profile} revision={job.payload.revision} adminUrl={`${ctx.config.publicUrl}/admin`} />);
    await ctx.services.mailer.send({ key: job.idempotencyKey, to: ctx.config.mail.supportEmail, subject: `Revision request for profile ${profile.id}`, html, text });
  };
}
