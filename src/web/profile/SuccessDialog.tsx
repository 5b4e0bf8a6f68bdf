import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "../ui/button.ts";

/**
 * The modal shown once a profile is saved. The native <dialog> gives focus trapping, Escape and the inert page
 * behind it; it opens after hydration (showModal), so the server never renders it open.
 */
export function SuccessDialog({ open, title, children }: { open: boolean; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="success-dialog-title"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl border border-border bg-background p-6 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <h2 id="success-dialog-title" className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 text-muted-foreground">{children}</div>
      <div className="mt-6 flex justify-end">
        <button type="button" autoFocus className={buttonClass("primary")} onClick={() => navigate("/")}>
          Return to Home
        </button>
      </div>
    </dialog>
  );
}
