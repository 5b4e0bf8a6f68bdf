import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { MOVING_STATES, type AdminState } from "../../admin/review-state.ts";
import { apiGet, messageOf } from "../api.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { ActionBar } from "./ActionBar.tsx";
import { AuditTrail } from "./AuditTrail.tsx";
import { appLabel, DeadlineText, EmailBadge, planTitle, StateBadge, StatusBadge } from "./badges.tsx";
import { BeforeAfter } from "../ui/BeforeAfter.tsx";
import { ContentEditor } from "./ContentEditor.tsx";
import { DataActions } from "./DataActions.tsx";
import { EliteParts } from "./EliteParts.tsx";
import { Modal } from "./Modal.tsx";
import { OriginalProfile } from "./OriginalProfile.tsx";
import { PhotoReview } from "./PhotoReview.tsx";
import { PremiumContentForm } from "./PremiumContentForm.tsx";
import { formatDateTime } from "./time.ts";
import type { AdminAction, AdminProfileDetail } from "./types.ts";
import { useNow } from "./use-now.ts";
import { useRereadWhileMoving } from "./use-reread.ts";
import { CloseIcon } from "../ui/CloseIcon.tsx";

type Detail = { state: "loading" } | { state: "loaded"; data: AdminProfileDetail } | { state: "failed"; message: string };

const MOVING = new Set<AdminState>(MOVING_STATES);

/** After these the profile leaves review (it is queued again, or refunded): the dialog closes and the list shows where it went. */
const LEAVES_REVIEW = new Set<AdminAction>(["regenerate", "process-revision", "recover", "refund"]);

/**
 * The review dialog (spec sections 2 and 4, issue 11): what the customer sent beside what the optimiser made, the
 * editable result, the premium content, the photos, the audit trail, and the actions the server allows now. Every
 * change reads the profile again and refreshes the list behind.
 */
export function ReviewDialog({
  profileId,
  onClose,
  onChanged,
  onSessionEnded,
  returnFocus,
}: {
  profileId: string;
  /** `left`: an action took the profile out of review, so the row that opened the dialog is about to change. */
  onClose: (left: boolean) => void;
  onChanged: () => void;
  onSessionEnded: () => void;
  returnFocus: (opener: HTMLElement | null) => HTMLElement | null;
}) {
  const [detail, setDetail] = useState<Detail>({ state: "loading" });
  const [dirty, setDirty] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    try {
      const data = await apiGet<AdminProfileDetail>(`/api/admin/profiles/${encodeURIComponent(profileId)}`, { on401: "returnNull" });
      if (!mounted.current) return;
      if (!data) return onSessionEnded();
      setDetail({ state: "loaded", data });
    } catch (err) {
      if (mounted.current) setDetail({ state: "failed", message: messageOf(err, "The server could not be reached.") });
    }
  }, [profileId, onSessionEnded]);

  useEffect(() => {
    void load();
  }, [load]);
  // After Send, the e-mail goes out from the job loop: the dialog reads the profile again until it says "Sent".
  useRereadWhileMoving(detail.state === "loaded" && MOVING.has(detail.data.state), load, detail);

  const saved = useCallback(async () => {
    await load();
    onChanged();
  }, [load, onChanged]);

  const actionDone = async (action: AdminAction, ok: boolean) => {
    onChanged();
    if (ok && LEAVES_REVIEW.has(action)) onClose(true);
    else await load();
  };

  const data = detail.state === "loaded" ? detail.data : null;

  return (
    <Modal labelledBy="review-title" onClose={() => onClose(false)} returnFocus={returnFocus}>
      <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h2 id="review-title" className="text-xl font-semibold">
            Review Profile
          </h2>
          <p className="truncate text-sm text-muted-foreground">{data ? `${data.email || "address deleted"} · ${appLabel(data.dating_app)}` : profileId}</p>
        </div>
        <button type="button" onClick={() => onClose(false)} aria-label="Close" className={buttonClass("ghost", "icon", "shrink-0")}>
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6" data-testid="review-body">
        {detail.state === "loading" && <Spinner label="Loading the profile..." />}
        {detail.state === "failed" && (
          <div role="alert" className="py-6 text-center">
            <p className="font-semibold">The profile could not be loaded.</p>
            <p className="mt-1 break-words text-muted-foreground">{detail.message}</p>
            <button
              type="button"
              onClick={() => {
                setDetail({ state: "loading" });
                void load();
              }}
              className={buttonClass("outline", "md", "mt-4")}
            >
              Try Again
            </button>
          </div>
        )}
        {data && <ReviewBody profile={data} onSaved={saved} onDirtyChange={setDirty} />}
      </div>
      {data && (
        <div className="max-h-[45vh] shrink-0 overflow-y-auto border-t border-border px-4 py-3 sm:px-6">
          <ActionBar profile={data} unsavedEdits={dirty} onDone={actionDone} />
          <div className="mt-3 border-t border-border pt-3">
            <DataActions
              profile={data}
              onErased={() => {
                onChanged();
                onClose(true);
              }}
            />
          </div>
        </div>
      )}
    </Modal>
  );
}

function ReviewBody({ profile, onSaved, onDirtyChange }: { profile: AdminProfileDetail; onSaved: () => Promise<void>; onDirtyChange: (dirty: boolean) => void }) {
  const now = useNow();
  const premium = profile.plan_id === "premium" || profile.plan_id === "elite";
  const optimized = profile.optimized_profile;
  const html = typeof optimized === "string" ? optimized : (optimized?.html ?? null);
  const premiumSaved = typeof optimized === "object" && optimized !== null ? optimized : null;
  const fallback = profile.optimization?.fallback;
  const flagged = profile.optimization?.checks?.flagged ? profile.optimization.checks.problems : null;
  // The server refuses edits of a result the customer has (src/admin/actions.ts): regenerate or revise it instead.
  // The server's rule (`editable`), not a copy of it.
  const locked = profile.editable ? null : "This result has been sent to the customer, so it can no longer be edited. Regenerate it or process a revision to change it.";

  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4" data-testid="review-summary">
        <Fact label="Status">
          <StatusBadge status={profile.status} />
        </Fact>
        <Fact label="Review State">
          <StateBadge state={profile.state} />
        </Fact>
        <Fact label="Plan">{planTitle(profile.plan_id)}</Fact>
        <Fact label="Email Status">
          <EmailBadge sent={profile.email_sent} sentAt={profile.email_sent_at} now={now} />
        </Fact>
        <Fact label="Deadline">
          <DeadlineText deadline={profile.deadline_at} state={profile.state} now={now} />
        </Fact>
        <Fact label="Email">
          <span className="break-all">{profile.email || "Deleted (retention)"}</span>
        </Fact>
        <Fact label="ID">
          <span className="font-mono text-xs break-all">{profile.id}</span>
        </Fact>
        <Fact label="Order Reference">
          <span className="font-mono text-xs break-all" data-testid="review-order-reference">
            {profile.order?.id ?? "None"}
          </span>
        </Fact>
        <Fact label="Created At">{formatDateTime(profile.created_at)}</Fact>
        <Fact label="Order">
          {profile.order ? `$${(profile.order.amount / 100).toFixed(2)}, ${profile.order.status}` : "None"}
        </Fact>
        {profile.revisions_allowed > 0 && (
          <Fact label="Revisions">
            {profile.revisions_used} of {profile.revisions_allowed} used
          </Fact>
        )}
      </dl>

      {(profile.photos_deleted_at || profile.text_cleared_at) && (
        <section aria-labelledby="review-retention-heading" className="rounded-lg border border-border bg-muted p-4" data-testid="review-retention">
          <h3 id="review-retention-heading" className="font-semibold">
            Deleted under the retention policy
          </h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {profile.photos_deleted_at && <li>The photo files were deleted on {formatDateTime(profile.photos_deleted_at)}; this profile can no longer be optimized again.</li>}
            {profile.text_cleared_at && <li>The profile text, the results and the e-mail address were cleared on {formatDateTime(profile.text_cleared_at)}; the order and the dates remain.</li>}
          </ul>
        </section>
      )}

      {profile.revision_notes?.trim() && (
        <section aria-labelledby="review-notes-heading" className="rounded-lg border border-primary/50 p-4" data-testid="review-revision-notes">
          <h3 id="review-notes-heading" className="text-lg font-semibold">
            Revision Notes
          </h3>
          <p className="mt-2 whitespace-pre-line break-words">{profile.revision_notes}</p>
        </section>
      )}

      {fallback && (
        <section aria-labelledby="review-fallback-heading" className="rounded-lg border border-danger p-4" data-testid="review-fallback">
          <h3 id="review-fallback-heading" className="font-semibold">
            The AI model was not used for this result
          </h3>
          <p className="mt-1 break-words text-sm">
            The local analyzer's result stands in. Reason: <span className="font-medium">{fallback.reason}</span>
          </p>
        </section>
      )}

      {flagged && (
        <section aria-labelledby="review-checks-heading" className="rounded-lg border border-danger p-4" data-testid="review-checks">
          <h3 id="review-checks-heading" className="font-semibold">
            The AI model's texts failed our checks twice
          </h3>
          <p className="mt-1 text-sm">Read and fix these before sending:</p>
          <ul className="mt-1 list-disc pl-5 text-sm break-words">
            {flagged.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <OriginalProfile profile={profile} />
        {profile.optimization ? (
          <BeforeAfter result={profile.optimization} appName={appLabel(profile.dating_app)} reader="admin" />
        ) : (
          <section aria-labelledby="review-compare-heading">
            <h3 id="review-compare-heading" className="text-lg font-semibold">
              Before and After
            </h3>
            <p className="mt-2 text-muted-foreground">No structured result is stored for this profile.</p>
          </section>
        )}
      </div>

      {profile.optimization && <EliteParts result={profile.optimization} />}

      {html !== null ? (
        <ContentEditor profileId={profile.id} saved={{ html, recommendations: profile.recommendations ?? "" }} locked={locked} onSaved={onSaved} onDirtyChange={onDirtyChange} />
      ) : (
        <p className="text-muted-foreground">There is no optimized content to edit yet.</p>
      )}

      {premium && (
        <PremiumContentForm
          profileId={profile.id}
          saved={{ conversationStarters: premiumSaved?.conversationStarters ?? "", strategyGuide: premiumSaved?.strategyGuide ?? "" }}
          locked={locked}
          onSaved={onSaved}
        />
      )}

      <PhotoReview photos={profile.photos} deletedAt={profile.photos_deleted_at} />
      <AuditTrail entries={profile.audit} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-muted p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium">{children}</dd>
    </div>
  );
}
