import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { MOVING_STATES, type AdminState } from "../../shared/admin/states.ts";
import { apiGet, messageOf } from "../api.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { ActionBar } from "./ActionBar.tsx";
import { AuditTrail } from "./AuditTrail.tsx";
import { VersionHistory } from "./VersionHistory.tsx";
import { appLabel, DeadlineText, EmailBadge, planTitle, StatusAndState } from "./badges.tsx";
import { BeforeAfter } from "../ui/BeforeAfter.tsx";
import { DataActions } from "./DataActions.tsx";
import { EliteParts } from "./EliteParts.tsx";
import { StillToWrite } from "./WriterDesk.tsx";
import { Modal } from "./Modal.tsx";
import { OriginalProfile } from "./OriginalProfile.tsx";
import { PhotoReview } from "./PhotoReview.tsx";
import { formatDateTime } from "./time.ts";
import type { AdminAction, AdminProfileDetail } from "./types.ts";
import { useNow } from "./use-now.ts";
import { useRereadWhileMoving } from "./use-reread.ts";
import { CloseIcon } from "../ui/CloseIcon.tsx";
import { DATING_APPS, type DatingApp } from "../../shared/profiles/options.ts";
import type { PartKey } from "../../shared/optimiser/parts.ts";
import { Tabs } from "../results/Tabs.tsx";
import { useToast } from "../toast.ts";
import { writeDetail } from "./actions.ts";
import { DraftChooser } from "./DraftChooser.tsx";
import { PartsEditor } from "./PartsEditor.tsx";
import { PartsPreview } from "./PartsPreview.tsx";
import { PartNavigator } from "./PartNavigator.tsx";
import { fieldId, partLabel } from "./parts-form.ts";
import { useSaveParts, type SavePartsState } from "./use-save-parts.ts";
import { WriterBar } from "./WriterBar.tsx";
import { useUnsavedGuard } from "./UnsavedGuard.tsx";
import { useLeaveGuard } from "./leave-guard.ts";
import type { PartsForm } from "./parts-form.ts";
import { usePartsForm, type PartsFormState } from "./use-parts-form.ts";
import { focusField, goToField, nextPartToWrite } from "./focus-field.ts";
import { ClaimPanel } from "./ClaimPanel.tsx";
import { NextProfile, type NextAnswer } from "./NextProfile.tsx";
import { ShortcutHint, ShortcutsHelp } from "./ShortcutsHelp.tsx";
import { shortcutOf, typingIn, type ShortcutId } from "./shortcuts.ts";

type Detail = { state: "loading" } | { state: "loaded"; data: AdminProfileDetail } | { state: "failed"; message: string };

const MOVING = new Set<AdminState>(MOVING_STATES);

/**
 * After these the profile leaves review (it is queued again, or refunded): the dialog closes and the list shows where
 * it went. Not a revision: the dialog stays open on it and shows the new draft when the run ends (issue 28, item 5).
 */
const LEAVES_REVIEW = new Set<AdminAction>(["regenerate", "recover", "refund"]);

/**
 * The review dialog (spec sections 2 and 4, issues 11 and 20): what the customer sent beside what the optimiser made,
 * the result's parts to edit in plain text with a preview as the customer will see it, a new draft to choose from,
 * the photos, the audit trail, and the actions the server allows now. Every change reads the profile again and
 * refreshes the list behind. Unsaved text is never lost: closing, Escape, an action or a reload asks first. Save and
 * the actions sit in a bar that stays in view, in the preview too, with Save and send (issue 28, item 5). For the
 * writer's path (decision 121): it opens with the focus in the first part to write, its text selected; after a send it
 * offers the queue's Next profile; it shows who is writing the profile (./ClaimPanel.tsx); and its keys
 * (./shortcuts.ts) are shown in the bar and listed by `?`.
 */
export function ReviewDialog({
  me,
  profileId,
  initial,
  onNext,
  onStep,
  onClose,
  onChanged,
  onSessionEnded,
  returnFocus,
}: {
  /** The signed-in username: one's own claim reads "You are writing this". */
  me: string;
  profileId: string;
  /** The detail when the caller has it already (the queue's Next answers it): shown at once, not read again. */
  initial?: AdminProfileDetail;
  /** The queue's Next: the next profile claimed and opened in this dialog's place. */
  onNext: () => Promise<NextAnswer>;
  /** The profile `delta` rows away in the list opened in this dialog's place; false when there is none. */
  onStep: (delta: 1 | -1) => boolean;
  /** `left`: an action took the profile out of review, so the row that opened the dialog is about to change. */
  onClose: (left: boolean) => void;
  onChanged: () => void;
  onSessionEnded: () => void;
  returnFocus: (opener: HTMLElement | null) => HTMLElement | null;
}) {
  const [detail, setDetail] = useState<Detail>(initial ? { state: "loaded", data: initial } : { state: "loading" });
  const toast = useToast();
  const loaded = detail.state === "loaded" ? detail.data : null;
  const parts = usePartsForm(loaded?.parts ?? null, loaded?.version ?? null);
  const { ask, choose, dialog: unsavedQuestion } = useUnsavedGuard(parts.dirty, parts.discard);
  // The editor (0) or the preview (1): a save that stops at a field brings the editor back.
  const [view, setView] = useState(0);
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

  const given = useRef(initial !== undefined);
  useEffect(() => {
    if (given.current) given.current = false;
    else void load();
  }, [load]);
  // After Send, the e-mail goes out from the job loop: the dialog reads the profile again until it says "Sent".
  useRereadWhileMoving(detail.state === "loaded" && MOVING.has(detail.data.state), load, detail);

  // A save or an applied draft answers the new detail: shown at once, and the list behind is read again.
  const saved = useCallback(
    (data: AdminProfileDetail, sent?: PartsForm) => {
      setDetail({ state: "loaded", data });
      if (data.parts) parts.saved(data.parts, data.version, sent);
      onChanged();
    },
    [onChanged, parts.saved],
  );

  // A save that met another administrator's: the profile as stored now; the form keeps the conflicted parts.
  const conflicted = useCallback(
    (data: AdminProfileDetail) => {
      setDetail({ state: "loaded", data });
      onChanged();
    },
    [onChanged],
  );

  const saving = useSaveParts({
    profileId,
    premium: loaded !== null && sellsPremium(loaded),
    state: parts,
    showEditor: () => setView(0),
    onSaved: saved,
    onConflict: conflicted,
    onRefused: load,
  });
  const saveFirst = async () => {
    const outcome = await saving.save();
    return outcome === "saved" || outcome === "nothing";
  };
  const unsavedParts = parts.dirty && parts.base ? parts.toSave.map((k) => partLabel(k, parts.base!.parts)) : [];

  const applyDraft = async (take: PartKey[]) => {
    if (!loaded || !(await ask("apply the draft choices"))) return false;
    const answer = await writeDetail(loaded.id, "POST", "draft", { version: loaded.version, take });
    if (!answer.ok) {
      toast({ title: "Failed to Apply the Draft", description: answer.message, variant: "destructive" });
      if (answer.status === 409) await load();
      return false;
    }
    toast({ title: "Draft Choices Applied", description: take.length === 0 ? "The current text was kept and the new draft discarded." : "The chosen parts now hold the new draft's text." });
    saved(answer.detail);
    // The chooser is gone with the draft: the focus goes to the content it settled.
    requestAnimationFrame(() => document.getElementById("review-content-heading")?.focus());
    return true;
  };

  // Closing (asked already, or after an action): the step back to the list that follows is not held again.
  const leaving = useRef(false);
  const leave = (left: boolean) => {
    leaving.current = true;
    onClose(left);
  };
  const close = async () => {
    if (await ask("close the dialog")) leave(false);
  };
  useLeaveGuard(parts.dirty, leaving, ask);

  // Sent from this dialog: it offers the queue's next profile (issue 28, item 6).
  const [sent, setSent] = useState(false);
  const actionDone = async (action: AdminAction, ok: boolean) => {
    onChanged();
    if (ok && action === "send-email") setSent(true);
    if (ok && LEAVES_REVIEW.has(action)) leave(true);
    else await load();
  };

  useFocusOnOpen(loaded, parts);
  const [help, setHelp] = useState(false);
  useDialogShortcuts({
    active: unsavedQuestion === null && !help,
    onHelp: () => setHelp(true),
    run: (id) => {
      const editor = loaded !== null && editing(loaded, parts) && loaded.editable;
      switch (id) {
        case "nextPart": {
          const next = editor ? nextPartToWrite(loaded.desk?.toWrite ?? [], parts.toSave) : null;
          if (next) goToField(next);
          return;
        }
        case "save":
          if (editor) void saving.save();
          return;
        case "preview":
          if (!editor) return;
          setView((v) => (v === 0 ? 1 : 0));
          // The tab now shown takes the focus: the field that had it may be hidden.
          requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="dialog"] [role="tab"][aria-selected="true"]')?.focus());
          return;
        case "saveAndSend":
          // The bar's own button, with its confirmation: Save and send, or Send when nothing is unsaved.
          (document.querySelector<HTMLButtonElement>('[data-offer="save-and-send"]') ?? document.querySelector<HTMLButtonElement>('[data-offer="send-email"]'))?.click();
          return;
        case "nextProfile":
        case "previousProfile":
          void ask("open another profile").then((go) => go && onStep(id === "nextProfile" ? 1 : -1));
          return;
      }
    },
  });

  const data = loaded;

  return (
    <Modal labelledBy="review-title" onClose={() => void close()} returnFocus={returnFocus}>
      <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h2 id="review-title" className="text-xl font-semibold">
            Review Profile
          </h2>
          <p className="truncate text-sm text-muted-foreground">{data ? `${data.email || "address deleted"} · ${appLabel(data.dating_app)}` : profileId}</p>
        </div>
        <button type="button" onClick={() => void close()} aria-label="Close" className={buttonClass("ghost", "icon", "shrink-0")}>
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
        {data && (
          <div className="mb-6 empty:hidden">
            <ClaimPanel profileId={data.id} claim={data.claim} me={me} onChanged={load} />
          </div>
        )}
        {data && (
          <ReviewBody profile={data} parts={parts} saving={saving} view={view} onView={setView} onApplyDraft={applyDraft} onRestored={saved} onDetail={conflicted}>
            <DataActions
              profile={data}
              ask={ask}
              onErased={() => {
                onChanged();
                leave(true);
              }}
            />
          </ReviewBody>
        )}
      </div>
      {data && (
        // The writer's bar, in reach wherever the dialog is scrolled and in the preview too: Save, then the actions.
        <div className="max-h-[45vh] shrink-0 space-y-3 overflow-y-auto border-t border-border px-4 py-3 sm:px-6">
          {editing(data, parts) && <WriterBar parts={parts} saving={saving} />}
          <ActionBar profile={data} ask={ask} choose={choose} unsaved={unsavedParts} saveFirst={saveFirst} onDone={actionDone} />
          {sent && <NextProfile onNext={onNext} />}
          <ShortcutHint />
        </div>
      )}
      {unsavedQuestion}
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </Modal>
  );
}

/**
 * Opened on a result the writer can edit with parts still to write: the focus goes to the first one's field, its text
 * selected, so the writer pastes or types at once (issue 28, item 6). Once per profile: a save or a reread leaves it.
 */
function useFocusOnOpen(profile: AdminProfileDetail | null, parts: PartsFormState) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !profile) return;
    // The form follows the detail by a render: wait for it.
    if (profile.editable && profile.parts && !parts.form) return;
    done.current = true;
    const first = editing(profile, parts) ? profile.desk?.toWrite[0] : undefined;
    if (first) requestAnimationFrame(() => focusField(fieldId.part(first.part)));
  }, [profile, parts]);
}

/**
 * The dialog's keys (./shortcuts.ts): each shortcut runs whatever has the focus, in a text field too, since none is a
 * key a field types or edits with; `?` opens the list outside text fields. Nothing runs while a question of the
 * dialog's own (unsaved text, the list itself) is open. The keys listen from the moment the dialog is drawn (a layout
 * effect): Next and Previous profile open a new dialog, and a key pressed as soon as it showed, before a passive
 * effect had run, was dropped (a busy machine's browser test caught it: Previous did nothing).
 */
function useDialogShortcuts({ active, onHelp, run }: { active: boolean; onHelp: () => void; run: (id: ShortcutId) => void }) {
  const latest = useRef({ active, onHelp, run });
  latest.current = { active, onHelp, run };
  useLayoutEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const { active, onHelp, run } = latest.current;
      if (!active || e.defaultPrevented || e.isComposing) return;
      if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target)) {
        e.preventDefault();
        onHelp();
        return;
      }
      const id = shortcutOf(e);
      if (!id) return;
      e.preventDefault();
      run(id);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/** Whether the dialog shows the editor: a result the server lets this admin edit, of an app the editor knows. */
function editing(profile: AdminProfileDetail, parts: PartsFormState): boolean {
  return Boolean(profile.editable && parts.form && parts.base && profile.optimization && appOf(profile));
}

/** Premium and elite sell the starters and the strategy guide. */
const sellsPremium = (profile: AdminProfileDetail) => profile.plan_id === "premium" || profile.plan_id === "elite";

const appOf = (profile: AdminProfileDetail): DatingApp | null => ((DATING_APPS as readonly string[]).includes(profile.dating_app) ? (profile.dating_app as DatingApp) : null);

/**
 * The dialog's body, laid out for the writer (issue 28, item 5): what the profile is and what needs attention, then
 * the content to write (a new draft to choose from first), then what informs it (the original and Before and After,
 * elite's parts), then the record (history, photos, audit) and the customer's data. `children`: the data actions.
 */
function ReviewBody({
  profile,
  parts,
  saving,
  view,
  onView,
  onApplyDraft,
  onRestored,
  onDetail,
  children,
}: {
  profile: AdminProfileDetail;
  parts: PartsFormState;
  saving: SavePartsState;
  view: number;
  onView: (view: number) => void;
  onApplyDraft: (take: PartKey[]) => Promise<boolean>;
  /** A version restored from the history: its detail, as a save's. */
  onRestored: (detail: AdminProfileDetail) => void;
  /** The desk's answer (a part kept as it is): shown, with any text still unsaved kept in the form. */
  onDetail: (detail: AdminProfileDetail) => void;
  children: ReactNode;
}) {
  const now = useNow();
  const fallback = profile.optimization?.fallback;
  const flagged = profile.optimization?.checks?.flagged ? profile.optimization.checks.problems : null;
  // The server refuses edits of a result the customer has (src/admin/actions.ts): regenerate or revise it instead; and
  // of a refunded order's result, which nothing changes any more. The server's rule (`editable`), not a copy of it.
  const locked = profile.editable
    ? null
    : profile.order?.status === "refunded"
      ? "This order was refunded, so its result can no longer be edited."
      : profile.state === "in_progress"
        ? "The optimizer is working on this profile: its result can be edited when the new draft is ready."
        : "This result has been sent to the customer, so it can no longer be edited. Regenerate it or process a revision to change it.";

  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4" data-testid="review-summary">
        {/* One badge per state, as in the list: a refunded profile reads "Refunded" only, never beside "Completed". */}
        <Fact label="Status">
          <StatusAndState status={profile.status} state={profile.state} />
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

      <StillToWrite desk={profile.editable ? profile.desk : null} />

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
            The AI model's texts failed our checks
          </h3>
          <p className="mt-1 text-sm">Read and fix these before sending:</p>
          <ul className="mt-1 list-disc pl-5 text-sm break-words">
            {flagged.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      )}

      {profile.editable && profile.parts && profile.draft_parts && <DraftChooser current={profile.parts} draft={profile.draft_parts} changes={profile.draft_changes} onApply={onApplyDraft} />}

      <ContentSection profile={profile} parts={parts} locked={locked} saving={saving} view={view} onView={onView} onDetail={onDetail} />

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

      {/* Editable, elite's parts are fields of the editor below, each with its brief. */}
      {profile.optimization && !profile.editable && <EliteParts result={profile.optimization} />}

      <VersionHistory profile={profile} unsaved={parts.dirty} onRestored={onRestored} />
      <PhotoReview photos={profile.photos} deletedAt={profile.photos_deleted_at} />
      <AuditTrail entries={profile.audit} />
      <div className="border-t border-border pt-4">{children}</div>
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

/**
 * What the customer receives, part by part: edited in plain text (PartsEditor), or previewed as the results page
 * will show it. A sent result is only previewed.
 */
function ContentSection({
  profile,
  parts,
  locked,
  saving,
  view,
  onView,
  onDetail,
}: {
  profile: AdminProfileDetail;
  parts: PartsFormState;
  locked: string | null;
  saving: SavePartsState;
  view: number;
  onView: (view: number) => void;
  onDetail: (detail: AdminProfileDetail) => void;
}) {
  const { form, base } = parts;
  const working = profile.optimization;
  const app = appOf(profile);
  const premium = sellsPremium(profile);
  if (!form || !base || !working || !app) {
    return (
      <section aria-labelledby="review-content-heading" data-testid="review-content">
        <h3 id="review-content-heading" tabIndex={-1} className="text-lg font-semibold outline-none">
          Optimized Content
        </h3>
        <p className="mt-2 text-muted-foreground">There is no optimized content to edit yet.</p>
      </section>
    );
  }
  const preview = (
    <PartsPreview profileId={profile.id} appName={appLabel(profile.dating_app)} working={working} form={form} photos={profile.photos} photosDeleted={profile.photos_deleted_at !== null} />
  );
  return (
    <section aria-labelledby="review-content-heading" data-testid="review-content">
      <h3 id="review-content-heading" tabIndex={-1} className="text-lg font-semibold outline-none">
        Optimized Content
      </h3>
      {locked ? (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{locked}</p>
          <div className="mt-4">{preview}</div>
        </>
      ) : (
        <div className="mt-3">
          <Tabs
            label="Edit or preview the content"
            selected={view}
            onSelect={onView}
            tabs={[
              {
                label: "Edit",
                content: (
                  <>
                    <PartNavigator form={form} parts={base.parts} premium={premium} unsaved={parts.toSave} />
                    <PartsEditor
                      app={app}
                      premium={premium}
                      state={{ ...parts, form, base }}
                      saving={saving}
                      desk={{ state: profile.desk, profileId: profile.id, version: profile.version, onDetail }}
                    />
                  </>
                ),
              },
              { label: "Preview as the customer sees it", content: preview },
            ]}
          />
        </div>
      )}
    </section>
  );
}
