import { useEffect } from "react";

export const LEAVE_WARNING = "Your photos are still uploading. If you leave this page now, the upload stops.";

/**
 * While `active` (photos on their way), leaving the page asks first: the browser's own "Leave site?" question for a
 * reload, a typed address or closing the tab (beforeunload), and a confirm for the site's own links, which change
 * the page without unloading it. Browsers show their own words for beforeunload; LEAVE_WARNING is for the links.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = "";
    };
    const linkClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (new URL(link.href, location.href).origin !== location.origin) return;
      if (!window.confirm(LEAVE_WARNING)) {
        // React Router's links do nothing for a click whose default was prevented.
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    // Capture, so the question comes before the router acts on the click.
    document.addEventListener("click", linkClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", linkClick, true);
    };
  }, [active]);
}
