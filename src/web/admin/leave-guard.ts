import { useEffect, useRef } from "react";

/** The index react-router's browser history keeps in each entry's state (its `idx`); null for an entry it did not make. */
const indexOf = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : null;
};

/** The open dialog's hold on Back and Forward, if any: called by the one listener below. */
let hold: ((e: PopStateEvent) => void) | null = null;

/**
 * The one popstate listener that may hold a move, added before the router's own (./AdminRouter.tsx calls this as its
 * module loads, before its router listens): listeners on the window run in the order they were added, the capture
 * phase or not, so only one added first can stop the event before the router hears it.
 */
let installed = false;
export function installLeaveGuard(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("popstate", (e) => hold?.(e));
}

/**
 * The browser's Back and Forward leave the review dialog by its address (/admin/profiles/:id). With text unsaved
 * (`dirty`), such a move is held: the router never hears of it (`installLeaveGuard`'s listener runs first and stops
 * the event), the address is put back, and the admin is asked as Close asks (`ask`); only a "Discard changes"
 * makes the same move again, this time heard. `leaving`: set once the admin was asked already (Close, Escape, the next
 * profile), so the move that follows is not held. An entry without the router's index (none it made) is let through.
 */
export function useLeaveGuard(dirty: boolean, leaving: { current: boolean }, ask: (what: string) => Promise<boolean>) {
  const asking = useRef(ask);
  asking.current = ask;
  useEffect(() => {
    if (!dirty) return;
    const here = indexOf(history.state);
    if (here === null) return;
    /** The step that puts the address back, whose popstate is ours and stopped too. */
    let undoing = false;
    let asked = false;
    const onPop = (e: PopStateEvent) => {
      if (leaving.current) return;
      const there = indexOf(e.state);
      if (there === null || there === here) {
        if (undoing) {
          undoing = false;
          e.stopImmediatePropagation();
        }
        return;
      }
      e.stopImmediatePropagation();
      if (undoing) {
        undoing = false;
        return;
      }
      const delta = there - here;
      undoing = true;
      history.go(-delta);
      if (asked) return;
      asked = true;
      void asking.current("close the dialog").then((go) => {
        asked = false;
        if (!go) return;
        leaving.current = true;
        history.go(delta);
      });
    };
    hold = onPop;
    return () => {
      if (hold === onPop) hold = null;
    };
  }, [dirty, leaving]);
}
