/**
 * The marketing and legal pages, rendered once per process and served from memory.
 *
 * These pages draw the same bytes for every visitor (the home and pricing pages' outcome sentence changes for everyone at once), so rendering React again for each request only cost time
 * (about 750 requests/s for `/` against 12,500 for a static file; scripts/bench-ssr.ts measures it). Each is rendered
 * on its first request, compressed once (brotli and gzip beside the plain bytes) and then answered with a strong
 * `ETag`, `304 Not Modified` for a matching `If-None-Match`, and `Cache-Control: no-cache`, so a browser keeps its copy
 * but asks each time (a new deployment shows at once).
 *
 * Per-request nonces cannot live in shared bytes: these pages use a hash-based CSP instead (`script-src` lists the
 * SHA-256 of each inline script found in the rendered HTML), so the bytes, the ETag and every header are the same on
 * every response, a 304 included (docs/decisions/023-marketing-pages-rendered-once.md). Every other page keeps its
 * fresh nonce.
 *
 * A page is rendered again when the asset build changes (the HTML names the hashed bundle and stylesheet): in
 * `bun dev`, a rebuild shows on the next request; a change to server code restarts the process anyway.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { NONCE } from "hono/secure-headers";
import type { AppContext } from "../context.ts";
import { findPage } from "../web/routes.tsx";
import type { AssetManifest } from "./assets.ts";
import { publicClaim } from "../outcomes/report.ts";
import { CLAIM_PATHS, renderDocument } from "./render.tsx";

/**
 * The pages that are the same for every visitor: they read no query string, cookie, session or stored data, the
 * theme is applied in the browser (an inline script reading localStorage), and the contact form starts empty. What
 * they show from the configuration (support address, processors, retention periods) is fixed for the process.
 * A request for one of them with a query string is rendered as any other page, so a query cannot reach the cache.
 */
export const CACHED_PAGE_PATHS: readonly string[] = ["/", "/services", "/pricing", "/about", "/contact", "/privacy-policy", "/terms-of-service"];

type Encoding = "br" | "gzip" | "identity";

interface Variant {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

export interface CachedPage {
  /** The `script-src` sources that allow exactly the page's inline scripts: `'sha256-…'` each. */
  scriptSources: string;
  variants: Record<Encoding, Variant>;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set by PageCache.find for a request the cache answers. */
    cachedPage?: CachedPage;
  }
}

export interface PageCache {
  /**
   * Middleware, mounted before secureHeaders: finds the cached page the request asks for (rendering it on first use),
   * so that the CSP can name its script hashes.
   */
  find: MiddlewareHandler;
  /** The CSP `script-src` source for this request: the cached page's script hashes, or else a fresh nonce. */
  scriptSources: (c: Context) => string;
  /**
   * Middleware, mounted after secureHeaders and before anything that waits on the disk: answers a request `find`
   * matched (200, or 304 when the client's copy is current). Answered within the request's own tick, Bun writes the
   * response in one piece; after a disk lookup (the static-file route's) it wrote each header apart, at half the speed.
   */
  serve: MiddlewareHandler;
}

interface Entry {
  /** The asset build the page was rendered with. */
  build: string;
  rendering: Promise<CachedPage>;
  /** Once rendered: served without waiting on a promise. */
  page?: CachedPage;
}

const CACHED = new Set(CACHED_PAGE_PATHS);

export function pageCache(ctx: AppContext, assets: () => AssetManifest): PageCache {
  const entries = new Map<string, Entry>();

  function lookup(path: string): CachedPage | Promise<CachedPage> {
    const manifest = assets();
    // The home and pricing pages also change with the measured outcome's sentence (worked out at most once a minute).
    const build = JSON.stringify([manifest.shell, manifest.css, manifest.islands, CLAIM_PATHS.has(path) ? publicClaim(ctx.store.db) : null]);
    const known = entries.get(path);
    if (known?.build === build) return known.page ?? known.rendering;
    // Concurrent first requests share one render; a failed render is forgotten, so the next request tries again.
    const entry: Entry = { build, rendering: renderCachedPage(ctx, path, manifest) };
    entries.set(path, entry);
    entry.rendering.then(
      (page) => (entry.page = page),
      () => entries.get(path) === entry && entries.delete(path),
    );
    return entry.rendering;
  }

  return {
    async find(c, next) {
      if ((c.req.method === "GET" || c.req.method === "HEAD") && CACHED.has(c.req.path)) {
        const url = new URL(c.req.url);
        if (url.search === "" && CACHED.has(url.pathname)) {
          try {
            c.set("cachedPage", await lookup(url.pathname));
          } catch (err) {
            // Rendered per request instead, where the error (if it is still there) reaches the error handler.
            ctx.log.error(`page cache: rendering ${url.pathname} failed`, err);
          }
        }
      }
      await next();
    },
    scriptSources: (c) => c.get("cachedPage")?.scriptSources ?? NONCE(c, "script-src"),
    async serve(c, next) {
      const page = c.get("cachedPage");
      if (!page) return next();
      const encoding = chooseEncoding(c.req.header("accept-encoding"));
      const { bytes, etag } = page.variants[encoding];
      const headers: Record<string, string> = { ETag: etag, "Cache-Control": "no-cache", Vary: "Accept-Encoding" };
      if (matchesETag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
      return c.body(bytes, 200, {
        ...headers,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(bytes.byteLength),
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      });
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Renders one page as the uncached path would for any visitor (no nonce), then hashes and compresses it. */
async function renderCachedPage(ctx: AppContext, path: string, assets: AssetManifest): Promise<CachedPage> {
  const errors: unknown[] = [];
  // Not internal pages, so as renderPage gives them: the internal pages are open exactly when not in production.
  const { status, body } = await renderDocument(ctx, {
    url: new URL(path, ctx.config.publicUrl),
    found: findPage(path),
    internalPages: !ctx.config.isProduction,
    assets,
    onError: (err) => errors.push(err),
  });
  const plain = new Uint8Array(await new Response(body).arrayBuffer());
  // A part React could not render would be drawn by the browser instead: such a page is not kept.
  if (status !== 200 || errors.length > 0) throw new Error(`${path} rendered with status ${status} and ${errors.length} error(s)`);

  const html = new TextDecoder().decode(plain);
  const [br, gz] = await Promise.all([
    brotliAsync(plain, {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.byteLength },
    }),
    gzipAsync(plain, { level: 9 }),
  ]);
  // One validator per representation, as a strong ETag must be: the same bytes always get the same tag.
  const tag = createHash("sha256").update(plain).digest("base64url").slice(0, 27);
  return {
    scriptSources: inlineScriptHashes(html).join(" "),
    variants: {
      identity: { bytes: plain, etag: `"${tag}"` },
      gzip: { bytes: new Uint8Array(gz), etag: `"${tag}-gzip"` },
      br: { bytes: new Uint8Array(br), etag: `"${tag}-br"` },
    },
  };
}

/**
 * The CSP hash source of every inline script in the document (data blocks such as `type="application/json"` are
 * never run, so they need none). React escapes text it renders, so a `<script` in the HTML is always an element.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type !== undefined && type !== "module" && type !== "text/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes];
}

/** The best encoding the client accepts (RFC 9110 §12.5.3): brotli before gzip at equal weight; identity otherwise. */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : "identity";
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag equal to ours once `W/` is set aside. */
export function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const tag = part.trim();
    return tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === etag;
  });
}
