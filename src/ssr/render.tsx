import type { Context } from "hono";
import type { ComponentType } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { AppContext } from "../context.ts";
import { App } from "../web/App.tsx";
import { PUBLIC_CONFIG_ELEMENT_ID } from "../web/public-config.ts";
import { publicConfigFrom } from "./public-config.ts";
import { findPage, NOT_FOUND_META, type PageMeta, type PageRoute } from "../web/routes.tsx";
import { safeJson } from "../web/safe-json.ts";
import { THEME_SCRIPT } from "../web/theme.ts";
import { readAdminSession } from "../admin/guard.ts";
import { isPrivatePath } from "../seo/seo.ts";
import type { AssetManifest } from "./assets.ts";
import { publicClaim } from "../outcomes/report.ts";

/** The pages that show the measured outcome's sentence once there is one (issue 32). */
export const CLAIM_PATHS: ReadonlySet<string> = new Set(["/", "/pricing"]);

/**
 * Streams one page: the document head is sent at once, React streams the body into #root, and the end of the document
 * names the scripts of the islands the page drew (src/web/island.tsx); a page without islands gets the shell script
 * alone, and no React.
 */
export async function renderPage(c: Context, ctx: AppContext, assets: AssetManifest): Promise<Response> {
  const url = new URL(c.req.url);
  const found = findPage(url.pathname);
  // A link the page cannot serve (/upload without a plan) is sent on before anything is drawn: no "Redirecting…".
  const redirect = found?.redirect?.(url.searchParams);
  if (redirect) return c.redirect(redirect, 302);
  // Internal test pages are not found in production but for a signed-in administrator: they draw the not-found page
  // themselves (from `internalPages`), here they get its status.
  const internalPages = !ctx.config.isProduction || (found?.internal === true && readAdminSession(c, ctx) !== null);
  const nonce = c.get("secureHeadersNonce") ?? "";
  const { status, body } = await renderDocument(ctx, { url, found, internalPages, nonce, assets });
  return c.body(body, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    // Robots.txt keeps crawlers out; this keeps a private page out of an index even when a link to it leaks.
    ...(isPrivatePath(url.pathname) ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  });
}

/**
 * A page drawn from data the server loaded (a form with its answers and errors), outside the route table: the same
 * document, shell and islands as a routed page, with the status the handler chose. It is never cached or indexed.
 */
export async function renderServerPage(
  c: Context,
  ctx: AppContext,
  assets: AssetManifest,
  page: { meta: PageMeta; status: 200 | 400 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500; Page: ComponentType; toasts?: true },
): Promise<Response> {
  const url = new URL(c.req.url);
  const found: PageRoute = { path: url.pathname, load: async () => page.Page, meta: page.meta, ...(page.toasts && { toasts: page.toasts }) };
  const internalPages = !ctx.config.isProduction;
  const { body } = await renderDocument(ctx, { url, found, internalPages, nonce: c.get("secureHeadersNonce") ?? "", assets });
  return c.body(body, page.status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" });
}

export interface DocumentRequest {
  url: URL;
  /** The route `url` matches, if any. */
  found: PageRoute | undefined;
  /** The internal test pages are served (their route draws the not-found page otherwise). */
  internalPages: boolean;
  /** The CSP nonce the document's scripts carry; none for a page served under a hash-based CSP (page-cache.ts). */
  nonce?: string;
  assets: AssetManifest;
  /** Told of every error React meets while rendering, besides the log. */
  onError?: (err: unknown) => void;
}

/** The whole document, doctype to `</html>`, as a stream, and its status (404 when no page answers the URL). */
export async function renderDocument(ctx: AppContext, req: DocumentRequest): Promise<{ status: 200 | 404; body: ReadableStream<Uint8Array> }> {
  const { url, found, nonce, assets } = req;
  const page = found?.internal && !req.internalPages ? undefined : found;
  const Page = page ? await page.load() : undefined;
  const config = { ...publicConfigFrom(ctx.config), internalPages: req.internalPages, outcomeClaim: page && CLAIM_PATHS.has(page.path) ? publicClaim(ctx.store.db) : null };
  const islands = new Set<string>();

  const body = await renderToReadableStream(
    <App config={config} url={url} Page={Page} toasts={page?.toasts === true} islands={islands} />,
    {
      nonce,
      onError: (err) => {
        ctx.log.error(`render ${url.pathname}`, err);
        req.onError?.(err);
      },
      // React moves a finished Suspense boundary larger than this many bytes out of line (hidden, placed by an inline
      // script); without JavaScript the page's content would then stay hidden. Pages are preloaded, so keep them inline.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );

  const head = documentHead({
    meta: page?.meta ?? NOT_FOUND_META,
    canonical: `${ctx.config.publicUrl}${url.pathname}`,
    ogImage: `${ctx.config.publicUrl}/og-image.jpg`,
    assets,
    nonce,
    noindex: isPrivatePath(url.pathname),
  });
  // Read once the body is drawn: by then `islands` holds every island on the page.
  const tail = () => `</div>${islandScripts(islands, assets, nonce, safeJson(config))}</body></html>`;
  return { status: page ? 200 : 404, body: concatStreams(head, body, tail) };
}

/**
 * The configuration the islands read, React's file fetched beside them (each island imports it only after a chunk or
 * two), and each drawn island's own entry script (its chunks it imports itself).
 */
function islandScripts(islands: Set<string>, assets: AssetManifest, nonce: string | undefined, configJson: string): string {
  if (islands.size === 0) return "";
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  const scripts = [...islands].map((name) => {
    const src = assets.islands[name];
    if (!src) throw new Error(`island ${name} is not in the asset manifest: run \`bun scripts/build.ts\``);
    return `<script type="module" src="${src}"${nonceAttr}></script>`;
  });
  return `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${configJson}</script><link rel="modulepreload" href="${assets.react}">${scripts.join("")}`;
}

function documentHead(p: { meta: PageMeta; canonical: string; ogImage: string; assets: AssetManifest; nonce: string | undefined; noindex: boolean }): string {
  const title = escapeHtml(p.meta.title);
  const nonce = p.nonce ? ` nonce="${p.nonce}"` : "";
  const description = escapeHtml(p.meta.description);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="description" content="${description}">
<meta property="og:type" content="website"><meta property="og:title" content="${title}"><meta property="og:description" content="${description}"><meta property="og:url" content="${escapeHtml(p.canonical)}">
<meta property="og:image" content="${escapeHtml(p.ogImage)}"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta name="twitter:card" content="summary_large_image">
<link rel="canonical" href="${escapeHtml(p.canonical)}"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="color-scheme" content="light dark">${
    // A private page (a customer's results link, the admin area, payment state): no search engine may keep it, even
    // when a link to it leaks (the X-Robots-Tag header and robots.txt say so too).
    p.noindex ? `<meta name="robots" content="noindex, nofollow"/>` : ""
  }
<script${nonce}>${THEME_SCRIPT}</script>
<link rel="stylesheet" href="${p.assets.css}"><script type="module" src="${p.assets.shell}"${nonce}></script>
</head><body><div id="root">`;
}

function concatStreams(head: string, body: ReadableStream<Uint8Array>, tail: () => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(encoder.encode(tail()));
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}
