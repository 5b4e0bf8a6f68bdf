import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef, type PointerEvent } from "react";
import { island } from "../island.tsx";
import { dismissToastAtom, pushToastAtom, SWIPE_THRESHOLD_PX, takeCarriedToast, toastQueueAtom, type Toast } from "../toast.ts";
import { CloseIcon } from "../ui/CloseIcon.tsx";
import { useHydrated } from "../ui/hydrated.ts";

/**
 * The notification viewport: one toast at a time, F8 moves focus here, swipe right to dismiss. An island of its own:
 * the page's islands push to the same toast queue (jotai's default store, one module in the browser).
 */
export const Toaster = island("Toaster", ToastViewport);

function ToastViewport() {
  const queue = useAtomValue(toastQueueAtom);
  const viewport = useRef<HTMLDivElement>(null);
  // The server draws an empty viewport; another island may push a toast before this one hydrates, so the toast is
  // drawn only once hydrated (drawing it during hydration would not match the server's HTML).
  const hydrated = useHydrated();
  const current = hydrated ? queue[0] : undefined;
  const push = useSetAtom(pushToastAtom);

  // The toast the previous page showed as it sent the customer here (src/web/toast.ts, carryCurrentToast).
  useEffect(() => {
    const carried = takeCarriedToast();
    if (carried) push(carried);
  }, [push]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-end p-4 sm:right-0 sm:left-auto">
      <div
        ref={viewport}
        tabIndex={-1}
        data-testid="toast-viewport"
        className="pointer-events-auto flex w-full max-w-[420px] flex-col gap-2 outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-lg"
      >
        {current && <ToastItem key={current.id} toast={current} />}
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom);
  const item = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; dx: number } | null>(null);
  const paused = useRef(false);

  useEffect(() => {
    let remaining = toast.duration;
    let started = Date.now();
    let timer = setTimeout(() => dismiss(toast.id), remaining);
    const el = item.current;
    // Hovering or focusing a toast pauses its timer, so a message being read does not vanish.
    const pause = () => {
      if (paused.current) return;
      paused.current = true;
      clearTimeout(timer);
      remaining -= Date.now() - started;
    };
    const resume = () => {
      if (!paused.current) return;
      paused.current = false;
      started = Date.now();
      timer = setTimeout(() => dismiss(toast.id), Math.max(remaining, 0));
    };
    el?.addEventListener("pointerenter", pause);
    el?.addEventListener("pointerleave", resume);
    el?.addEventListener("focusin", pause);
    el?.addEventListener("focusout", resume);
    return () => {
      clearTimeout(timer);
      el?.removeEventListener("pointerenter", pause);
      el?.removeEventListener("pointerleave", resume);
      el?.removeEventListener("focusin", pause);
      el?.removeEventListener("focusout", resume);
    };
  }, [toast.id, toast.duration, dismiss]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    drag.current = { startX: e.clientX, dx: 0 };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.dx = Math.max(0, e.clientX - drag.current.startX);
    e.currentTarget.style.transform = `translateX(${drag.current.dx}px)`;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const { dx } = drag.current;
    drag.current = null;
    if (dx > SWIPE_THRESHOLD_PX) dismiss(toast.id);
    else e.currentTarget.style.transform = "";
  };

  const destructive = toast.variant === "destructive";
  return (
    <div
      ref={item}
      role={destructive ? "alert" : "status"}
      aria-atomic="true"
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      className={`relative flex touch-pan-y items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg transition-transform ${
        destructive ? "border-destructive bg-destructive text-destructive-foreground" : "border-border bg-background text-foreground"
      }`}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Dismiss notification"
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring outline-none"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
