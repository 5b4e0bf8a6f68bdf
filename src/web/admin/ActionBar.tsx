import { useEffect, useRef, useState, type FormEvent } from "react";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { ACTIONS, EMAIL_ALREADY_SENT, runAction } from "./actions.ts";
import { ConfirmButtons } from "./ConfirmButtons.tsx";
import { formatDateTime } from "./time.ts";
import type { AdminAction, AdminProfileDetail } from "./types.ts";
import { useOfferedActions } from "./role.ts";

const BUSY_LABELS: Record<AdminAction, string> = {
  "send-email": "Sending...",
  regenerate: "Regenerating...",
  recover: "Recovering...",
  "process-revision": "Processing...",
  refund: "Refunding...",
};

/** The buttons in the order they are offered; the refund goes last, apart, since it cannot be undone. */
const ORDER: AdminAction[] = ["process-revision", "regenerate", "send-email", "recover"];

/** What each action is, in the words of the unsaved-changes question ("To … now, they must be discarded"). */
const DOING: Record<AdminAction, string> = {
  "send-email": "send the results",
  regenerate: "regenerate the result",
  recover: "recover the profile",
  "process-revision": "process the revision request",
  refund: "refund the order",
};

/** Actions with an effect the admin cannot take back ask first, in a form in place of their button. */
const CONFIRM: Partial<Record<AdminAction, { heading: string; label: string; text: (profile: AdminProfileDetail) => string }>> = {
  "send-email": {
    heading: "Send the results to the customer?",
    label: "Confirm Send",
    text: (p) => `The results e-mail goes to ${p.email || "the customer"} with the result as it is saved now, and the results page shows it. An e-mail cannot be taken back.`,
  },
  regenerate: {
    heading: "Regenerate this result?",
    label: "Confirm Regenerate",
    text: () => "The optimizer runs on this profile again in the background. The profile leaves review until the new draft is ready; it must then be reviewed and sent again.",
  },
};

/**
 * The review dialog's actions (spec section 4), each offered only when the server's `actions` allows it. A completed
 * result always shows its e-mail button: "Send Optimization Email", or "Email Already Sent" (disabled) once it went.
 * Send and Regenerate ask for confirmation, the refund for a reason. A refunded order offers nothing and says so.
 * With unsaved text in the editor, every action first asks whether to discard it (`ask`).
 */
export function ActionBar({
  profile,
  ask,
  onDone,
}: {
  profile: AdminProfileDetail;
  /** Answers whether the action may go on: at once when no text is unsaved, else as the admin answers. */
  ask: (what: string) => Promise<boolean>;
  onDone: (action: AdminAction, ok: boolean) => Promise<void> | void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<AdminAction | null>(null);
  const [refunding, setRefunding] = useState(false);
  // The action whose confirmation is open (send or regenerate).
  const [confirming, setConfirming] = useState<AdminAction | null>(null);
  const openers = useRef(new Map<AdminAction, HTMLButtonElement>());
  const confirmForm = useRef<HTMLFormElement>(null);
  const wasConfirming = useRef<AdminAction | null>(null);
  useEffect(() => {
    // Opened: the focus goes to the question's confirm button; cancelled: back to the button that asked.
    if (confirming) confirmForm.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    else if (wasConfirming.current) openers.current.get(wasConfirming.current)?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  // The e-mail goes out from the job loop a moment after the server accepts it: from then on this button says so.
  const [sentHere, setSentHere] = useState(false);
  const allowed = new Set(useOfferedActions(profile.actions));
  // Closing the refund form (Cancel) gives the focus back to the button that opened it.
  const refundButton = useRef<HTMLButtonElement>(null);
  const wasRefunding = useRef(false);
  useEffect(() => {
    if (wasRefunding.current && !refunding) refundButton.current?.focus();
    wasRefunding.current = refunding;
  }, [refunding]);

  const run = async (action: AdminAction, body?: unknown) => {
    setBusy(action);
    const ok = await runAction(profile.id, action, toast, body);
    if (ok && action === "send-email") setSentHere(true);
    await onDone(action, ok);
    setBusy(null);
    if (ok && action === "refund") setRefunding(false);
    // Done or refused, the question is answered; a refused refund keeps its form, with the reason typed.
    setConfirming(null);
  };

  const confirmAction = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (confirming) void run(confirming);
  };

  const confirmRefund = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!reason.trim()) {
      setReasonError("Please give a reason for the refund.");
      document.getElementById("review-refund-reason")?.focus();
      return;
    }
    setReasonError(undefined);
    void run("refund", { reason: reason.trim() });
  };

  const buttons = ORDER.filter((a) => allowed.has(a) && !(a === "send-email" && sentHere));
  const emailSent = profile.status === "completed" && (sentHere || (!allowed.has("send-email") && profile.email_sent === true));
  const nothing = buttons.length === 0 && !emailSent && !allowed.has("refund");
  const refundedAt = profile.order?.status === "refunded" ? profile.order.refunded_at : null;
  // A question about an action the server no longer allows (the dialog was read again) is not asked.
  const question = confirming && allowed.has(confirming) ? CONFIRM[confirming] : undefined;

  return (
    <div className="space-y-3" data-testid="review-actions">
      <div className="flex flex-wrap items-center gap-2">
        {buttons
          .filter((action) => action !== confirming)
          .map((action) => (
            <button
              key={action}
              ref={(el) => {
                if (el) openers.current.set(action, el);
                else openers.current.delete(action);
              }}
              type="button"
              disabled={busy !== null}
              onClick={async () => {
                if (!(await ask(DOING[action]))) return;
                if (CONFIRM[action]) setConfirming(action);
                else void run(action);
              }}
              className={buttonClass(action === "send-email" || action === "process-revision" ? "primary" : "outline")}
            >
              {busy === action ? BUSY_LABELS[action] : ACTIONS[action].label}
            </button>
          ))}
        {emailSent && (
          <button type="button" disabled className={buttonClass("outline")}>
            {EMAIL_ALREADY_SENT}
          </button>
        )}
        {allowed.has("refund") && !refunding && (
          <button ref={refundButton} type="button" disabled={busy !== null} onClick={async () => (await ask(DOING.refund)) && setRefunding(true)}
            className={buttonClass("outline", "md", "text-danger sm:ml-auto")}
          >
            {ACTIONS.refund.label}
          </button>
        )}
        {nothing && !refundedAt && <p className="text-sm text-muted-foreground">No action is available for this profile now.</p>}
        {refundedAt !== null && (
          <p className="text-sm text-muted-foreground" data-testid="review-refunded">
            This order was refunded on {formatDateTime(refundedAt)}: nothing more is sent or made for it.
          </p>
        )}
      </div>
      {confirming && question && (
        <form ref={confirmForm} onSubmit={confirmAction} aria-labelledby="review-confirm-heading" className="space-y-3 rounded-lg border border-border p-4">
          <h3 id="review-confirm-heading" className="font-semibold">
            {question.heading}
          </h3>
          <p className="text-sm text-muted-foreground">{question.text(profile)}</p>
          <ConfirmButtons label={question.label} busyLabel={BUSY_LABELS[confirming]} busy={busy === confirming} disabled={busy !== null} onCancel={() => setConfirming(null)} />
        </form>
      )}
      {refunding && (
        <form onSubmit={confirmRefund} noValidate aria-labelledby="review-refund-heading" className="space-y-3 rounded-lg border border-danger p-4">
          <h3 id="review-refund-heading" className="font-semibold">
            Refund this order
          </h3>
          <p className="text-sm text-muted-foreground">
            The payment is refunded through the payment provider, the customer is told by e-mail and queued work on this profile stops. This cannot be undone.
          </p>
          <Field id="review-refund-reason" label="Reason" error={reasonError} required>
            {(control) => (
              <textarea
                {...control}
                autoFocus
                rows={2}
                maxLength={500}
                required
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (reasonError && e.target.value.trim()) setReasonError(undefined);
                }}
                className={controlClass.textarea}
              />
            )}
          </Field>
          <ConfirmButtons
            label="Confirm Refund"
            busyLabel={BUSY_LABELS.refund}
            busy={busy === "refund"}
            disabled={busy !== null}
            onCancel={() => {
              setRefunding(false);
              setReasonError(undefined);
            }}
          />
        </form>
      )}
    </div>
  );
}
