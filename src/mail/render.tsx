import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Renders an e-mail component to both bodies: the HTML part as React writes it, and the plain-text part derived
 * from that same markup, so the two can never say different things.
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const body = renderToStaticMarkup(element);
  return { html: `<!doctype html>${body}`, text: htmlToText(body) };
}

/** The frame every e-mail shares: inline styles only, since mail clients ignore style sheets. */
export function EmailLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: "24px", backgroundColor: "#f6f6f9", fontFamily: "Arial, Helvetica, sans-serif", color: "#1f1f2e" }}>
        <div style={{ maxWidth: "600px", margin: "0 auto", backgroundColor: "#ffffff", borderRadius: "8px", padding: "24px" }}>
          <p style={{ margin: "0 0 16px", fontWeight: "bold", color: "#b3186b" }}>ProfileBoost</p>
          {children}
        </div>
      </body>
    </html>
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** Enough HTML-to-text for our own templates: blocks become lines, links keep their address, tags go. */
export function htmlToText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/gi, "")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, "");
      return text === href || `mailto:${text}` === href ? text : `${text} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<\/li>/gi, "\n")
    .replace(/<\/(p|h[1-6]|div|tr|ul|ol|blockquote|table)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? m)
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
