import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: Tab and Shift+Tab stay inside it, Escape closes it, and focus goes where `returnFocus` says when it
 * closes (given the element that opened it). Not the native <dialog>: its top layer would put the page's toasts
 * behind the backdrop, and every action in the dialog answers with a toast.
 */
export function Modal({
  labelledBy,
  onClose,
  returnFocus,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  returnFocus: (opener: HTMLElement | null) => HTMLElement | null;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const restore = useRef(returnFocus);
  restore.current = returnFocus;
  const close = useRef(onClose);
  close.current = onClose;

  // Escape anywhere (a toast's button may have the focus) closes the dialog, from the moment it is drawn (a layout
  // effect: a key pressed before a passive effect ran was dropped, as the review dialog's keys were).
  useLayoutEffect(() => {
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) close.current();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, []);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      restore.current(opener)?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Tab" || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panel.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-stretch justify-center bg-black/50 sm:items-center sm:p-4" data-testid="modal-backdrop">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex max-h-full w-full max-w-5xl flex-col overflow-hidden bg-background text-foreground shadow-xl outline-none sm:rounded-xl sm:border sm:border-border"
      >
        {children}
      </div>
    </div>
  );
}

/**
 * A small dialog over the review dialog (the unsaved-text question, the list of keys): its own backdrop above the
 * review dialog's; the caller's `onKeyDown` keeps Escape and Tab to it.
 */
export function InnerDialog({
  role = "dialog",
  labelledBy,
  describedBy,
  onKeyDown,
  boxRef,
  testId,
  children,
}: {
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  boxRef?: RefObject<HTMLDivElement | null>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/50 p-4">
      <div
        ref={boxRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
        className="w-full max-w-md space-y-3 rounded-xl border border-border bg-background p-5 text-foreground shadow-xl"
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
