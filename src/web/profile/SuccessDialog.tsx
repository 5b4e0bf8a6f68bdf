import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { useNavigate } from "../navigation.tsx";
import { buttonClass } from "../ui/button.ts";

/**
 * The modal shown once a profile is saved. The native <dialog> gives focus trapping, Escape and the inert page
 * behind it; it opens after hydration (showModal), so the server never renders it open. Dismissed with Escape, it
 * leaves the same message on the page with focus on its button: the form behind it is done and disabled, so focus
 * would otherwise fall to the page, and the customer still sees that the profile was sent.
 */
export function SuccessDialog({ open, title, children }: { open: boolean; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [dismissed, setDismissed] = useState(false);
  const noticeButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  // The dialog's button takes focus from showModal (its autofocus attribute); the notice's is focused here, once it is
  // drawn: the browser honours autofocus only when a page or a dialog opens.
  useEffect(() => {
    if (open && dismissed) noticeButton.current?.focus();
  }, [open, dismissed]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open && !dismissed) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, dismissed]);

  const body = (headingId: string, buttonRef?: Ref<HTMLButtonElement>) => (
    <>
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 text-muted-foreground">{children}</div>
      <div className="mt-6 flex justify-end">
        <button ref={buttonRef} type="button" autoFocus={!buttonRef} className={buttonClass("primary")} onClick={() => navigate("/")}>
          Return to Home
        </button>
      </div>
    </>
  );

  return (
    <>
      <dialog
        ref={ref}
        aria-labelledby="success-dialog-title"
        onClose={() => open && setDismissed(true)}
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl border border-border bg-background p-6 text-foreground shadow-xl backdrop:bg-black/50"
      >
        {body("success-dialog-title")}
      </dialog>
      {open && dismissed && (
        <div role="region" aria-labelledby="success-notice-title" className="mt-8 rounded-xl border border-success/40 bg-success/10 p-6">
          {body("success-notice-title", noticeButton)}
        </div>
      )}
    </>
  );
}
