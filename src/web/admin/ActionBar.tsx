import { useEffect, useRef, useState, type FormEvent } from "react";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { ACTIONS, EMAIL_ALREADY_SENT, runAction } from "./actions.ts";
import { ConfirmButtons } from "./ConfirmButtons.tsx";
import type { UnsavedAnswer } from "./UnsavedGuard.tsx";
import { formatDateTime } from "./time.ts";
import type { AdminAction, AdminProfileDetail } from "./types.ts";
import { useOfferedActions } from "./role.ts";
import { ariaKeysOf } from "./shortcuts.ts";

/** What the bar offers: the server's actions, and Save and send (the editor's save, then the server's send-email). */
type Offer = AdminAction | "save-and-send";

const SAVE_AND_SEND = "Save and send";

const BUSY_LABELS: Record<Offer, string> = {
  "save-and-send": "Saving and sending...",
  "send-email": "Sending...",
  regenerate: "Regenerating...",
  recover: "Recovering...",
  "process-revision": "Processing...",
  refund: "Refunding...",
};

/** The buttons in the order they are offered; the refund goes last, apart, since it cannot be undone. */
const ORDER: Offer[] = ["process-revision", "regenerate", "save-and-send", "send-email", "recover"];

/** What each action is, in the words of the unsaved-changes question ("To … now, they must be discarded"). */
const DOING: Record<AdminAction, string> = {
  "send-email": "send the results",
  regenerate: "regenerate the result",
  recover: "recover the profile",
  "process-revision": "process the revision request",
  refund: "refund the order",
};

/** Actions with an effect the admin cannot take back ask first, in a form in place of their button. */
const CONFIRM: Record<Exclude<Offer, "recover" | "refund">, { heading: string; label: string; text: (profile: AdminProfileDetail, unsaved: string[]) => string }> = {
  "save-and-send": {
    heading: "Save and send the results?",
    label: "Confirm Save and Send",
    text: (p, unsaved) =>
      `Your changes${unsaved.length > 0 ? ` to ${unsaved.join(", ")}` : ""} are saved first. Then the results e-mail goes to ${p.email || "the customer"} with the result as saved, and the results page shows it. If the save is refused, nothing is sent and your text stays here. An e-mail cannot be taken back.`,
  },
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
  "process-revision": {
    heading: "Process this revision request?",
    label: "Confirm Process Revision",
    text: () =>
      "The optimizer runs again from the current text with the customer's note. This dialog stays open and shows the new draft when the run ends (usually within a minute); the draft is then reviewed and sent again.",
  },
};

/** The review dialog's content heading: where the focus goes when nothing is left to say (a revision already run). */
const contentHeading = () => document.getElementById("review-content-heading");

const confirms = (offer: Offer): offer is keyof typeof CONFIRM => offer in CONFIRM;
/** The server's action an offer comes down to. */
const serverAction = (offer: Offer): AdminAction => (offer === "save-and-send" ? "send-email" : offer);

/**
 * The review dialog's actions (spec section 4), each offered only when the server's `actions` allows it. A completed
 * result always shows its e-mail button: "Send Optimization Email", or "Email Already Sent" (disabled) once it went.
 * Send, Save and send, Regenerate and Process Revision Request ask for confirmation, the refund for a reason. A
 * refunded order offers nothing and says so. With unsaved text in the editor, every action first asks whether to
 * discard it (`ask`); Send also offers to save it and send (issue 28, item 5), as does "Save and send" beside it.
 */
export function ActionBar({
  profile,
  ask,
  choose,
  unsaved,
  saveFirst,
  onDone,
}: {
  profile: AdminProfileDetail;
  /** Answers whether the action may go on: at once when no text is unsaved, else as the admin answers. */
  ask: (what: string) => Promise<boolean>;
  /** `ask` with a third answer: keep the text by saving it first. */
  choose: (what: string, alternative: string) => Promise<UnsavedAnswer>;
  /** The parts with unsaved text, in words (empty: nothing unsaved). */
  unsaved: string[];
  /** The editor's save: whether the text is now stored (saved, or nothing was left to save). */
  saveFirst: () => Promise<boolean>;
  onDone: (action: AdminAction, ok: boolean) => Promise<void> | void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<Offer | null>(null);
  const [refunding, setRefunding] = useState(false);
  // The offer whose confirmation is open.
  const [confirming, setConfirming] = useState<Offer | null>(null);
  const openers = useRef(new Map<Offer, HTMLButtonElement>());
  const confirmForm = useRef<HTMLFormElement>(null);
  const wasConfirming = useRef<Offer | null>(null);
  // Where the focus goes when the button that asked is gone (Send sent, the revision is running): what happens now.
  const progress = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // Opened: the focus goes to the question's confirm button; answered: back to the button that asked, or, when it
    // is gone, to the line saying what happens now; unless the answer put it somewhere (a field a save stopped at).
    const lost = !document.activeElement || document.activeElement === document.body;
    if (confirming) confirmForm.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    else if (wasConfirming.current && lost) {
      const was = wasConfirming.current;
      // Save and send's button goes once nothing is unsaved: Send, beside it, takes its place.
      const opener = openers.current.get(was) ?? openers.current.get(serverAction(was));
      (opener ?? (progress.current?.textContent ? progress.current : contentHeading()))?.focus();
    }
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

  const run = async (offer: Offer, body?: unknown) => {
    setBusy(offer);
    const action = serverAction(offer);
    // Save and send sends only once the text is stored: a refused save is shown, and the text stays in the editor.
    const ok = (offer !== "save-and-send" || (await saveFirst())) && (await runAction(profile.id, action, toast, body));
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

  const offered = (offer: Offer) => allowed.has(serverAction(offer)) && !(offer === "save-and-send" && unsaved.length === 0);
  const buttons = ORDER.filter((a) => offered(a) && !(serverAction(a) === "send-email" && sentHere));
  const emailSent = profile.status === "completed" && (sentHere || (!allowed.has("send-email") && profile.email_sent === true));
  const nothing = buttons.length === 0 && !emailSent && !allowed.has("refund");
  const refundedAt = profile.order?.status === "refunded" ? profile.order.refunded_at : null;
  // A question about an action the server no longer allows (the dialog was read again) is not asked.
  const question = confirming && allowed.has(serverAction(confirming)) && confirms(confirming) ? CONFIRM[confirming] : undefined;
  const working =
    profile.state === "in_progress"
      ? "The optimizer is working on this profile: the new draft shows here when it is ready."
      : sentHere || profile.state === "sending"
        ? `The results e-mail is on its way to ${profile.email || "the customer"}.`
        : "";

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
              data-offer={action}
              aria-keyshortcuts={action === "save-and-send" || action === "send-email" ? ariaKeysOf("saveAndSend") : undefined}
              disabled={busy !== null}
              onClick={async () => {
                // Save and send keeps the text; Send with text unsaved offers the same besides discarding it.
                if (action === "save-and-send") return setConfirming(action);
                if (action === "send-email" && unsaved.length > 0) {
                  const answer = await choose(DOING[action], SAVE_AND_SEND);
                  if (answer !== "stay") setConfirming(answer === "alternative" ? "save-and-send" : action);
                  return;
                }
                if (!(await ask(DOING[action]))) return;
                if (confirms(action)) setConfirming(action);
                else void run(action);
              }}
              className={buttonClass(action === "save-and-send" || action === "process-revision" || (action === "send-email" && unsaved.length === 0) ? "primary" : "outline")}
            >
              {busy === action ? BUSY_LABELS[action] : action === "save-and-send" ? SAVE_AND_SEND : ACTIONS[action].label}
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
        {nothing && !refundedAt && !working && <p className="text-sm text-muted-foreground">No action is available for this profile now.</p>}
        <p ref={progress} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none empty:hidden" data-testid="review-progress">
          {working}
        </p>
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
          <p className="text-sm text-muted-foreground">{question.text(profile, unsaved)}</p>
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
