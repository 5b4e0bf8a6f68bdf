/**
 * The security headers of every answer, fitted to the configuration and the page (issue 31, item 6): Stripe's script,
 * frame and API hosts are allowed only when Stripe is the payment provider, and only on the pages that load Stripe.js
 * (routes marked `stripe`); everywhere else the Content-Security-Policy allows nothing from outside. A
 * Permissions-Policy denies what the service never uses: the camera, the microphone, geolocation, and the Payment
 * Request API outside a Stripe page (where Stripe.js may offer a wallet).
 */
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppContext } from "../context.ts";
import { findPage } from "../web/routes.tsx";

/** Stripe's hosts per directive (Stripe's CSP guide, for Stripe.js and the Payment Element). */
export const STRIPE_SOURCES = {
  scriptSrc: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connectSrc: ["https://api.stripe.com"],
} as const;

/** Features no page uses; `payment` is allowed to Stripe's frames on a Stripe page only. */
const DENIED = ["camera", "microphone", "geolocation", "usb", "serial", "midi", "display-capture"];

export function permissionsPolicy(stripePage: boolean): string {
  const payment = stripePage ? `payment=(self "https://js.stripe.com")` : "payment=()";
  return [...DENIED.map((feature) => `${feature}=()`), payment].join(", ");
}

/** Whether this request's page may load Stripe.js: Stripe is the provider and the page is one of the payment pages. */
function stripePage(ctx: AppContext, c: Context): boolean {
  return ctx.config.payments.provider === "stripe" && findPage(c.req.path)?.stripe === true;
}

/**
 * The headers' middleware. `scriptSources` gives the request's own script sources (a cached page's hashes, or a nonce).
 */
export function pageHeaders(ctx: AppContext, scriptSources: (c: Context) => string): MiddlewareHandler[] {
  // Each directive's sources in one piece: a source that is absent leaves no empty one behind.
  const withStripe = (directive: keyof typeof STRIPE_SOURCES, own: (c: Context) => string[]) => (c: Context) =>
    [...own(c), ...(stripePage(ctx, c) ? STRIPE_SOURCES[directive] : [])].join(" ") || "'none'";
  return [
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [withStripe("scriptSrc", (c) => ["'self'", scriptSources(c)])],
        frameSrc: [withStripe("frameSrc", () => [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: [withStripe("connectSrc", () => ["'self'"])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: ctx.config.isProduction ? "max-age=63072000; includeSubDomains" : false,
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
    }),
    async (c, next) => {
      await next();
      c.res.headers.set("Permissions-Policy", permissionsPolicy(stripePage(ctx, c)));
    },
  ];
}
