import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type AnchorHTMLAttributes } from "react";
import { carryCurrentToast } from "./toast.ts";

/**
 * Pages are documents (issue 22): a link is an <a>, a navigation is a full page load, and the address is read from
 * the request on the server and from `location` in the browser (the same URL, so an island hydrates with what the
 * server drew). This replaces react-router, whose client routing no page uses any more.
 */

/** The address being rendered, provided by the server's document (src/ssr/render.tsx); absent in the browser. */
export const PageUrlContext = createContext<URL | null>(null);

// The browser's address changes without a page load only through setSearchParams (history.replaceState/pushState) and
// the back button over such entries; both notify the hooks below.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
};
const noSubscription = () => () => {};
// Components rendered outside a document (unit tests) read a neutral address.
const currentHref = () => (typeof location === "undefined" ? "http://localhost/" : location.href);

function useHref(): string {
  const server = useContext(PageUrlContext);
  // Hydration reads the same address as the server drew: the browser is at the URL it asked for.
  const href = useSyncExternalStore(server ? noSubscription : subscribe, currentHref, currentHref);
  return server ? server.href : href;
}

function usePageUrl(): URL {
  const href = useHref();
  return useMemo(() => new URL(href), [href]);
}

export function usePathname(): string {
  return usePageUrl().pathname;
}

type SetSearchParams = (next: URLSearchParams | Record<string, string>, options?: { replace?: boolean }) => void;

/** The query string; setting it changes the address in place (no page load), for views that live in the address. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const url = usePageUrl();
  const params = useMemo(() => new URLSearchParams(url.search), [url]);
  const set = useCallback<SetSearchParams>((next, options) => {
    const search = new URLSearchParams(next).toString();
    const target = `${location.pathname}${search ? `?${search}` : ""}${location.hash}`;
    if (options?.replace) history.replaceState(null, "", target);
    else history.pushState(null, "", target);
    for (const listener of listeners) listener();
  }, []);
  return [params, set];
}

/** Goes to another page: a full page load (`replace` leaves no history entry for the page being left). */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useCallback((to, options) => {
    // A toast shown just before leaving is shown again by the next page.
    carryCurrentToast();
    if (options?.replace) location.replace(to);
    else location.assign(to);
  }, []);
}

/** Sends the browser on as soon as the component is drawn; the server answers such requests with a redirect itself. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export function Link({ to, ...rest }: LinkProps) {
  return <a href={to} {...rest} />;
}

/** A link that knows whether it points at the current page: `aria-current="page"` and its own class then. */
export function NavLink({ to, className, ...rest }: Omit<LinkProps, "className"> & { className: (state: { isActive: boolean }) => string }) {
  const isActive = usePathname() === to;
  return <a href={to} aria-current={isActive ? "page" : undefined} className={className({ isActive })} {...rest} />;
}
