import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { pages } from "../web/routes.tsx";

/**
 * /robots.txt and /sitemap.xml, both built from the route table: a page with `sitemap: true` is listed, with the
 * PUBLIC_URL origin. Pages that carry a customer's ids or payment state are kept out of crawlers' way.
 */
/** Pages that carry a customer's ids or payment state, or the admin area: never crawled, never indexed. */
export const PRIVATE_PATHS = ["/api/", "/admin", "/how-did-it-go", "/follow-up/", "/view-results", "/success", "/checkout", "/pay/", "/profile-form", "/upload"] as const;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATHS.some((p) => (p.endsWith("/") ? pathname.startsWith(p) : pathname === p || pathname.startsWith(`${p}/`)));
}

export function seoRouter(ctx: AppContext) {
  const r = new Hono();
  const origin = ctx.config.publicUrl;

  r.get("/robots.txt", (c) => {
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ];
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(lines.join("\n"));
  });

  r.get("/sitemap.xml", (c) => {
    const urls = pages
      .filter((p) => p.sitemap)
      .map((p) => `  <url><loc>${escapeXml(origin + (p.path === "/" ? "/" : p.path))}</loc></url>`)
      .join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });

  return r;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
