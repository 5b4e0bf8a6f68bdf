import { useEffect, useState } from "react";

/** How long after a read a view showing moving work reads again. The job loop looks for due jobs every second. */
export const REREAD_MS = 3000;

/**
 * Reads a view again `everyMs` after its last read while it shows work the machine is doing (a profile being
 * optimised, a results e-mail on its way: MOVING_STATES in src/shared/admin/review-state.ts) and the tab is visible; nothing
 * otherwise. The spec's data rules (no polling) hold for everything else: a screen where nothing moves is read only
 * when it changes or on Refresh. `version` is the last answer: each new one arms the next read, so reads never overlap.
 */
export function useRereadWhileMoving(moving: boolean, reread: () => void, version: unknown, everyMs = REREAD_MS): void {
  const visible = useVisible();
  useEffect(() => {
    if (!moving || !visible) return;
    const timer = setTimeout(reread, everyMs);
    return () => clearTimeout(timer);
  }, [moving, visible, version, reread, everyMs]);
}

/** Whether the tab is visible: a hidden tab asks the server nothing. */
function useVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}
