import type { MiddlewareHandler } from "hono";

/** Reading is harmless; anything else changes state and must come from the site's own pages. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "This request did not come from this site's own pages, so it was refused.";

/**
 * Cross-site request forgery guard for the admin API (Lucia's and OWASP's Origin check), a second lock beside the
 * SameSite=Lax cookie. A request that changes something passes only when the browser says it comes from the site:
 * its Origin is PUBLIC_URL's origin or the request's own origin; without Origin, Sec-Fetch-Site is "same-origin";
 * without either, a Referer on one of those origins. Anything else, "null" origins included, gets a 403.
 *
 * The request's own origin (built from its Host header) is accepted so that http://127.0.0.1:3000 works in
 * development and tests when PUBLIC_URL says localhost. It opens nothing: a browser sends the admin cookie only
 * to the host it came from, so a forged request that carries it names this host, while its Origin names the
 * attacker's page and is refused.
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler {
  const siteOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !fromSite(c.req.raw, siteOrigin)) return c.json({ message: CROSS_SITE_REFUSED }, 403);
    await next();
  };
}

function fromSite(request: Request, siteOrigin: string): boolean {
  const ownOrigin = new URL(request.url).origin;
  const onSite = (origin: string) => origin === siteOrigin || origin === ownOrigin;

  const origin = request.headers.get("origin");
  if (origin !== null) return onSite(origin);
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const referer = request.headers.get("referer");
  return referer !== null && URL.canParse(referer) && onSite(new URL(referer).origin);
}
