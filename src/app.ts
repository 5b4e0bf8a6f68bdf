import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { serveStatic } from "hono/bun";
import { adminProfilesRouter } from "./api/admin-profiles.ts";
import { adminRouter } from "./api/admin.ts";
import { contactRouter } from "./api/contact.ts";
import { contactPageRouter } from "./api/contact-page.tsx";
import { ordersRouter } from "./api/orders.ts";
import { outcomePagesRouter } from "./api/outcome-pages.tsx";
import { outcomesRouter } from "./api/outcomes.ts";
import { paymentsRouter } from "./api/payments.ts";
import { photosRouter } from "./api/photos.ts";
import { privacyRouter } from "./api/privacy.ts";
import { profilesRouter } from "./api/profiles.ts";
import { resultsRouter } from "./api/results.ts";
import { resultsPagesRouter } from "./api/results-pages.tsx";
import { webhooksRouter } from "./api/webhooks.ts";
import type { AppContext } from "./context.ts";
import { clientGone, errorHandler } from "./http/errors.ts";
import { healthRouter } from "./http/health.ts";
import { rateCounter } from "./http/rate-limit.ts";
import type { Logger } from "./log.ts";
import { PUBLIC_DIR, type AssetManifest } from "./ssr/assets.ts";
import { seoRouter } from "./seo/seo.ts";
import { pageHeaders } from "./ssr/headers.ts";
import { pageCache } from "./ssr/page-cache.ts";
import { renderPage } from "./ssr/render.tsx";

/** JSON bodies are small; the one upload route (POST /api/profiles) counts its own, larger limit as it streams. */
const JSON_BODY_LIMIT = 256 * 1024;
const UPLOAD_ROUTE = "/api/profiles";

export interface AppOptions {
  /** Where the hashed client bundle and CSS are; read per request in development so rebuilds show up. */
  assets: () => AssetManifest;
  /** Whether the job loop is running, for `/readyz`; an app built without one (most tests) is never ready. */
  jobLoopRunning?: () => boolean;
}

export function createApp(ctx: AppContext, options: AppOptions) {
  const app = new Hono();

  app.use(requestLog(ctx.log));
  app.use(refuseOddRequests);
  // gzip for pages, CSS and JS: uncompressed text cost the mobile Lighthouse score 5-10 points (scripts/lighthouse.ts).
  app.use(compress());
  // The marketing and legal pages come from memory under a hash-based CSP; found before the headers are written.
  const pages = pageCache(ctx, options.assets);
  app.use(pages.find);
  // The CSP and Permissions-Policy fitted to the payment provider and the page (src/ssr/headers.ts).
  app.use(...pageHeaders(ctx, pages.scriptSources));
  app.use(pages.serve);
  app.onError(errorHandler(ctx.log));

  app.route("/", healthRouter(ctx, { jobLoopRunning: options.jobLoopRunning }));

  // The contact form's island posts to /api/contact, the form without JavaScript to /contact: one limit for both.
  const contactCounter = rateCounter(ctx, "contact");
  const api = new Hono();
  api.use(requireJsonOrMultipart, limitJsonBody);
  // Each router under its resource's prefix; the payment routes keep the spec's flat paths (/api/create-checkout-session …).
  api.route("/profiles", profilesRouter(ctx));
  api.route("/profiles", resultsRouter(ctx));
  api.route("/profiles", privacyRouter(ctx));
  api.route("/profiles", outcomesRouter(ctx));
  api.route("/orders", ordersRouter(ctx));
  api.route("/contact", contactRouter(ctx, { counter: contactCounter }));
  api.route("/photos", photosRouter(ctx));
  api.route("/webhooks", webhooksRouter(ctx));
  api.route("/", paymentsRouter(ctx));
  api.route("/", adminRouter(ctx));
  // After the sign-in routes: its guard covers every /admin path.
  api.route("/", adminProfilesRouter(ctx));
  api.all("*", (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404));
  app.route("/api", api);
  app.route("/", seoRouter(ctx));
  app.route("/", outcomePagesRouter(ctx, options.assets));
  app.route("/", resultsPagesRouter(ctx, options.assets));
  app.route("/", contactPageRouter(ctx, options.assets, contactCounter));

  app.use(
    "/assets/*",
    staticFiles({
      root: PUBLIC_DIR,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // Browsers ask for /favicon.ico for any document that names no icon (a JSON answer, an image opened alone): the
  // site's icon, rather than a rendered 404 page.
  app.get("/favicon.ico", (c) => {
    c.header("Cache-Control", "public, max-age=86400");
    return c.redirect("/favicon.svg", 301);
  });
  app.use(
    "*",
    staticFiles({
      root: PUBLIC_DIR,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  app.get("*", (c) => renderPage(c, ctx, options.assets()));

  return app;
}

const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    // Health probes come every few seconds; only their failures are news.
    if (HEALTH_PATHS.has(c.req.path) && c.res.status === 200) return;
    // The path only: query strings carry order and session ids that do not belong in logs. The logger escapes
    // control characters, so a decoded %0d%0a cannot start a line of its own.
    if (c.res.status === 499 || clientGone(c)) log.info(`${c.req.method} ${c.req.path} disconnected after ${ms}ms`);
    else log.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}

/**
 * Requests no page or file can answer, refused before they reach code that would fail on them: HTTP/1.0 without a
 * Host header (Bun then has no absolute URL to give), and control characters in the decoded path (a NUL makes
 * Bun.file throw; no route or file has any).
 */
const refuseOddRequests: MiddlewareHandler = async (c, next) => {
  if (!URL.canParse(c.req.url)) return c.json({ message: "The request needs a Host header." }, 400);
  if (/[\x00-\x1f\x7f]/.test(c.req.path)) return c.json({ message: "The request path is not valid." }, 400);
  await next();
};

/** No file name is longer than 255 bytes (ENAMETOOLONG): such a path is not looked up, so it ends as a 404. */
const MAX_NAME_BYTES = 255;

function staticFiles(options: Parameters<typeof serveStatic>[0]): MiddlewareHandler {
  const serve = serveStatic(options);
  return (c, next) => (c.req.path.split("/").some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES) ? next() : serve(c, next));
}

const requireJsonOrMultipart: MiddlewareHandler = async (c, next) => {
  const hasBody = c.req.raw.body !== null && c.req.header("content-length") !== "0";
  if (hasBody) {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (!type.startsWith("application/json") && !type.startsWith("multipart/form-data")) {
      return c.json({ message: "Send the request body as application/json (or multipart/form-data for uploads)." }, 415);
    }
  }
  await next();
};

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => c.json({ message: `The request body is larger than ${JSON_BODY_LIMIT / 1024} KB.` }, 413),
});

// Keyed on the route, not the declared content type: a "multipart" body sent anywhere else gets the small limit too.
const limitJsonBody: MiddlewareHandler = (c, next) => (c.req.method === "POST" && c.req.path === UPLOAD_ROUTE ? next() : jsonLimit(c, next));
