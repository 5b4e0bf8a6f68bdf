import type { CSSProperties, ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Renders an e-mail component to both bodies: the HTML part as React writes it, and the plain-text part derived
 * from that same markup, so the two can never say different things.
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const body = renderToStaticMarkup(element);
  return { html: `<!doctype html>${body}`, text: htmlToText(body) };
}

/**
 * One light palette that reads whether a client keeps it or inverts it for dark mode: every block that holds text
 * sets its own background as well as its text colour, so no client puts our dark text on its dark background or its
 * light text on our white. (Inline styles only, so there is no dark variant to switch to.)
 */
export const COLOURS = { page: "#eeeef3", card: "#ffffff", text: "#1f1f2e", muted: "#4a4a5c", brand: "#b3186b", onBrand: "#ffffff", rule: "#d9d9e3" };

const FONT = "Arial, Helvetica, sans-serif";

/**
 * The frame every e-mail shares. Mail clients drop style sheets and many ignore `max-width` on a div (Outlook lays
 * out with Word), so it is nested tables with inline styles: 600 px wide at most, the full width of a phone below
 * that. No images and no remote anything: nothing loads, nothing tracks, and it reads the same with images blocked.
 */
export function EmailLayout({ title, children }: { title: string; children: ReactNode }) {
  const frame = { role: "presentation", width: "100%", cellPadding: 0, cellSpacing: 0, border: 0 } as const;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Clients that honour these show our colours as they are instead of inverting them half-way. */}
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
      </head>
      {/* `color-scheme: light` keeps the client's own defaults (a link's colour, in sanitised HTML we cannot style)
          light on our light background; in a dark scheme they turn pale, unreadable on white. */}
      <body style={{ margin: 0, padding: 0, backgroundColor: COLOURS.page, color: COLOURS.text, fontFamily: FONT, colorScheme: "light" }}>
        <table {...frame} bgcolor={COLOURS.page} style={{ backgroundColor: COLOURS.page }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table {...frame} width="600" bgcolor={COLOURS.card} style={{ width: "100%", maxWidth: "600px", backgroundColor: COLOURS.card, borderRadius: "8px" }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: "24px", backgroundColor: COLOURS.card, color: COLOURS.text, fontFamily: FONT, fontSize: "16px", lineHeight: "1.5" }}>
                        <p style={{ margin: "0 0 16px", fontWeight: "bold", color: COLOURS.brand }}>ProfileBoost</p>
                        {children}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** Larger than a client's default h3 (about 19 px), which sanitised HTML uses unstyled inside our sections. */
export const HEADING: Record<"h1" | "h2", CSSProperties> = {
  h1: { fontSize: "24px", lineHeight: "1.3", margin: "0 0 16px", color: COLOURS.text },
  h2: { fontSize: "21px", lineHeight: "1.3", margin: "28px 0 8px", paddingTop: "16px", borderTop: `1px solid ${COLOURS.rule}`, color: COLOURS.text },
};

export const LINK: CSSProperties = { color: COLOURS.brand, textDecoration: "underline" };

/** Someone's own words quoted (a customer's revision notes): kept as written, line breaks included. */
export const QUOTE: CSSProperties = { whiteSpace: "pre-wrap", borderLeftWidth: "3px", borderLeftStyle: "solid", borderLeftColor: COLOURS.brand, paddingLeft: "12px", margin: "0 0 12px" };

/**
 * A link drawn as a button. The colour sits on the cell (what Outlook paints) and on the link (what the others
 * paint), so the white words always have the brand colour under them.
 */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ margin: "20px 0" }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: COLOURS.brand, borderRadius: "6px" }}>
            <a
              href={href}
              style={{ display: "inline-block", padding: "12px 20px", backgroundColor: COLOURS.brand, color: COLOURS.onBrand, borderRadius: "6px", fontWeight: "bold", textDecoration: "none" }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * Header values, on one line. nodemailer already keeps a line break from starting a header, but inside an encoded
 * value it survives, and a client (or a help desk) decodes it back.
 */
export function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, " ");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? m;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "div", "table", "blockquote"]);
const TOKENS = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<[^>]*>|([^<]+)/g;

/**
 * The plain-text part, from our own e-mail markup and sanitised HTML: blocks become paragraphs, list items
 * "- " or "1. " lines (nested lists indented), links "words (address)", tags go. Line breaks inside text are kept:
 * the contact message is shown `pre-wrap`, and elsewhere one is at worst an extra line break.
 */
export function htmlToText(html: string): string {
  let out = "";
  const lists: { ordered: boolean; count: number }[] = [];
  let link: { href: string; words: string } | null = null;
  // Right after a list marker, a paragraph inside the item must not push its words onto the next line.
  let afterMarker = false;

  const write = (text: string) => {
    if (link) link.words += text;
    else out += text;
    if (text.trim()) afterMarker = false;
  };
  const lineBreak = (count: number) => {
    if (afterMarker || out === "") return;
    const have = /\n*$/.exec(out)![0].length;
    if (have < count) out += "\n".repeat(count - have);
  };

  for (const [, closing, name, attributes, text] of html.replace(/<head[\s\S]*?<\/head>/gi, "").matchAll(TOKENS)) {
    if (text !== undefined) {
      const clean = decodeEntities(text).replace(/[ \t]*\r?\n[ \t]*/g, "\n").replace(/[ \t]+/g, " ");
      // Source indentation and the whitespace between blocks are not content.
      if (!clean.trim()) {
        if (!out.endsWith("\n") && !afterMarker) write(" ");
      } else {
        write(out.endsWith("\n") || afterMarker ? clean.trimStart() : clean);
      }
      continue;
    }
    if (!name) continue;
    const tag = name.toLowerCase();
    if (tag === "a" && !closing) {
      const href = /\shref="([^"]*)"/i.exec(attributes ?? "")?.[1];
      if (href !== undefined) link = { href: decodeEntities(href), words: "" };
    } else if (tag === "a" && link) {
      const words = link.words.trim();
      const { href } = link;
      link = null;
      write(!words || words === href || `mailto:${words}` === href ? words || href : `${words} (${href})`);
    } else if ((tag === "td" || tag === "th") && closing) {
      write(" ");
    } else if (tag === "tr") {
      lineBreak(1);
    } else if (tag === "br") {
      write("\n");
    } else if ((tag === "ul" || tag === "ol") && !closing) {
      lineBreak(lists.length > 0 ? 1 : 2);
      lists.push({ ordered: tag === "ol", count: 0 });
    } else if (tag === "ul" || tag === "ol") {
      lists.pop();
      lineBreak(lists.length > 0 ? 1 : 2);
    } else if (tag === "li" && !closing) {
      const list = lists.at(-1);
      lineBreak(1);
      out += "  ".repeat(Math.max(lists.length - 1, 0)) + (list?.ordered ? `${++list.count}. ` : "- ");
      afterMarker = true;
    } else if (tag === "li") {
      lineBreak(1);
    } else if (BLOCKS.has(tag)) {
      lineBreak(lists.length > 0 ? 1 : 2);
    }
  }
  return out
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
