/**
 * The one gate for HTML we did not build ourselves: an admin's edits of a result, before they are stored and again
 * wherever they are shown (results page, e-mail). Our own renderer (`src/shared/optimiser/render.ts`) makes only the tags
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
      // An unsafe or relative link loses its href here and its tags in `exclusiveFilter` below, keeping its words.
      // Never a rename to a disallowed tag: sanitize-html forgets to undo a discarded renamed tag, and the next
      // sibling link was then closed as </span>, leaving it open over the rest of the page.
      if (!SAFE_HREF.test(href)) return { tagName: "a", attribs: {} };
      // A new tab keeps the results page open; noopener stops the linked page scripting ours, and noreferrer keeps
      // the results address (its id is the customer's only key) out of the linked site's logs.
      return { tagName: "a", attribs: { href, rel: "noopener noreferrer", target: "_blank" } };
    },
  },
  // "excludeTag" drops the element's opening and closing tags and keeps what is inside.
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
};

/**
 * HTML reduced to the allow-list above, every element closed and nested so that a browser reads the tree the string
 * says; safe to store and to embed in a page or an e-mail. Cleaning it again changes nothing.
 */
export function sanitiseHtml(html: string): string {
  return wellNested(sanitizeHtml(html, OPTIONS));
}

/** Holds phrasing only: text, br and the inline tags. */
const INLINE = new Set(["strong", "em", "b", "i", "u", "a"]);
const PHRASING_BLOCKS = new Set(["p", "h2", "h3", "h4"]);
const LISTS = new Set(["ul", "ol"]);

/**
 * sanitize-html's parser (htmlparser2) closes elements by simpler rules than a browser: `<p><b>x<ul>` stays one
 * paragraph for it, while a browser ends the paragraph at the list. Its output is therefore rebuilt to a content
 * model both read alike: a block (p, a heading, a list, a quote) never inside a paragraph, a heading or an inline tag
 * (opening one closes those first, as a browser closes the paragraph; the bold does not carry on into the block),
 * a link never inside a link, a list item only directly in a list, an end tag closes what was opened inside it and a
 * stray one is dropped, and whatever is open at the end is closed. The input holds only the allowed tags, attributes
 * quoted with `"` and escaped, and text with `<` and `>` escaped, so one pattern finds every tag.
 */
function wellNested(html: string): string {
  const open: string[] = [];
  let out = "";
  const close = (until: (name: string) => boolean) => {
    while (open.length && !until(open.at(-1)!)) out += `</${open.pop()}>`;
  };
  let last = 0;
  for (const tag of html.matchAll(/<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g)) {
    out += html.slice(last, tag.index);
    last = tag.index + tag[0].length;
    const [, end, name = "", attributes = ""] = tag;
    if (name === "br") {
      if (!end) out += "<br />";
      continue;
    }
    if (end) {
      if (open.includes(name)) {
        close((n) => n === name);
        out += `</${open.pop()}>`;
      }
      continue;
    }
    if (name === "a" && open.includes("a")) {
      close((n) => n === "a");
      out += `</${open.pop()}>`;
    }
    if (!INLINE.has(name)) {
      close((n) => !INLINE.has(n) && !PHRASING_BLOCKS.has(n));
      if (name === "li") {
        if (open.at(-1) === "li") out += `</${open.pop()}>`;
        // An item outside a list loses its tag and keeps its words.
        if (!LISTS.has(open.at(-1) ?? "")) continue;
      }
    }
    open.push(name);
    out += `<${name}${attributes}>`;
  }
  out += html.slice(last);
  close(() => false);
  return out;
}
