/**
 * The one gate for HTML we did not build ourselves: an admin's edits of a result, before they are stored and again
 * wherever they are shown (results page, e-mail). Our own renderer (`src/optimiser/render.ts`) makes only the tags
 * allowed here, so its output passes through with the same meaning.
 */
import sanitizeHtml from "sanitize-html";

/**
 * Absolute web and mail links only. Checked on the decoded, trimmed value and as a prefix, so no spelling of
 * another scheme (entities, tabs, control characters, mixed case) can match; a relative link is refused as well,
 * since it would point nowhere in an e-mail.
 */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  // Text structure and nothing else: no images or media (remote loads, tracking), no forms, no tables, no
  // style/class/id (layout and colours are the page's and the e-mail's, and a class could borrow the site's UI).
  allowedTags: ["p", "br", "strong", "em", "b", "i", "u", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "a"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  // A tag not allowed goes and its words stay (script, style, textarea and the like go whole), rather than showing
  // up as escaped markup.
  disallowedTagsMode: "discard",
  transformTags: {
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? "";
      // An unsafe or relative link keeps its words and loses the link (span is not allowed, so only the text stays).
      if (!SAFE_HREF.test(href)) return { tagName: "span", attribs: {} };
      // A new tab keeps the results page open; noopener stops the linked page scripting ours, and noreferrer keeps
      // the results address (its id is the customer's only key) out of the linked site's logs.
      return { tagName: "a", attribs: { href, rel: "noopener noreferrer", target: "_blank" } };
    },
  },
};

/** HTML reduced to the allow-list above; safe to store and to embed in a page or an e-mail. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
