import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Every route change starts at the top of the page, or at the anchor when the link names one, and moves keyboard and
 * screen-reader focus to the new page's content (the focus would otherwise stay on a link that no longer exists).
 * The first render is left alone: a fresh page load already starts at the top with focus on the document.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!first.current) document.getElementById("main")?.focus({ preventScroll: true });
    first.current = false;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
