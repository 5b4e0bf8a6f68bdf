/**
 * The premium content is text, not HTML (an admin types the starters as a numbered Markdown list and uploads the
 * strategy guide as a .txt or .md file): these read the little Markdown it uses into parts that React renders as
 * text. Anything else (emphasis, links, raw HTML) stays literally as written.
 */

/** "1. First\n2. Second" → ["First", "Second"]; a line that does not start an item continues the one before. */
export function parseNumberedList(text: string): string[] {
  const items: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const item = /^(?:\d+[.)]|[-*+])\s+(.*)$/.exec(line);
    if (item) items.push(item[1]!.trim());
    else if (items.length > 0) items[items.length - 1] += ` ${line}`;
    else items.push(line);
  }
  return items.filter((item) => item.length > 0);
}

export type GuideBlock =
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "paragraph"; text: string };

/**
 * A strategy guide: "# Title", "## Section" (deeper headings read as sections too), "- point" or "1. point" lists,
 * and paragraphs (consecutive lines join; a blank line ends one).
 */
export function parseGuide(text: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  let open: Extract<GuideBlock, { kind: "list" | "paragraph" }> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      open = null;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: heading[1] === "#" ? "title" : "heading", text: heading[2]!.replace(/\s+#+$/, "").trim() });
      open = null;
      continue;
    }
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const point = bullet ?? numbered;
    if (point) {
      const ordered = numbered !== null;
      if (open?.kind !== "list" || open.ordered !== ordered) {
        open = { kind: "list", ordered, items: [] };
        blocks.push(open);
      }
      open.items.push(point[1]!.trim());
      continue;
    }
    if (open?.kind === "list") open.items[open.items.length - 1] += ` ${line}`;
    else if (open?.kind === "paragraph") open.text += ` ${line}`;
    else {
      open = { kind: "paragraph", text: line };
      blocks.push(open);
    }
  }
  return blocks;
}
