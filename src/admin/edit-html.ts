/**
 * The spec's HTML fields read back into plain-text parts (the spec's PATCH …/update): the HTML is sanitised first,
 * then read by the structure render.ts writes, so an administrator using the spec's API edits the same parts the
 * review dialog does, and the HTML stored is always rendered again from them.
 */
import { sanitiseHtml } from "../html/sanitise.ts";
import type { PartsEdit } from "../shared/optimiser/parts.ts";
import { PROMPT_KEYS } from "../shared/optimiser/parts.ts";

interface Block {
  tag: string;
  /** Plain text (line breaks kept); for a list, its items. */
  text: string;
  items: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The words of an HTML fragment: a line break stays one, every tag goes, entities are read. */
function textOf(html: string): string {
  return decode(html.replace(/<br\s*\/?>/g, "\n").replace(/<[^>]*>/g, ""))
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .trim();
}

/** The top-level blocks of sanitised HTML, in order; loose text between them is a paragraph. */
function blocksOf(html: string): Block[] {
  const blocks: Block[] = [];
  const pattern = /<(h2|h3|h4|p|blockquote|ul|ol)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  const loose = (fragment: string) => {
    const text = textOf(fragment);
    if (text) blocks.push({ tag: "p", text, items: [] });
  };
  for (const m of html.matchAll(pattern)) {
    loose(html.slice(last, m.index));
    last = m.index + m[0].length;
    const [, tag = "p", inner = ""] = m;
    const items = tag === "ul" || tag === "ol" ? [...inner.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) => textOf(li[1] ?? "")).filter(Boolean) : [];
    blocks.push({ tag, text: textOf(inner), items });
  }
  loose(html.slice(last));
  return blocks;
}

export type ReadOutcome = { ok: true; bio: PartsEdit["bio"]; prompts: PartsEdit["prompts"] } | { ok: false; message: string };

const UNREADABLE =
  "The optimized profile could not be read: keep its structure (the bio under its heading, each prompt answer under its prompt) or edit the parts in the review dialog.";

/**
 * The bio and the prompt answers from `optimized_profile` HTML: the paragraphs under "Your … bio" (up to the next
 * heading) and, under "Your prompt answers", the paragraphs under each prompt's heading, in order. `shape` says what
 * the result has (a bio or not, how many answers); HTML without that structure is refused with a message.
 */
export function readProfileHtml(html: string, shape: { bio: boolean; prompts: number }): ReadOutcome {
  const blocks = blocksOf(sanitiseHtml(html));
  let bio: string | null = null;
  const answers: string[] = [];
  let section: "bio" | "prompts" | "other" = "other";
  let current: string[] | null = null;
  const flush = () => {
    if (current && section === "prompts") answers.push(current.join("\n\n"));
    current = null;
  };
  const bioLines: string[] = [];
  for (const block of blocks) {
    if (block.tag === "h3" || block.tag === "h2") {
      flush();
      section = /^your .*\bbio$/i.test(block.text) && bio === null && bioLines.length === 0 ? "bio" : /^your prompt answers$/i.test(block.text) ? "prompts" : "other";
      continue;
    }
    if (section === "bio") {
      if (block.tag === "h4") {
        section = "other";
        continue;
      }
      bioLines.push(block.items.length ? block.items.map((i) => `- ${i}`).join("\n") : block.text);
      continue;
    }
    if (section === "prompts") {
      if (block.tag === "h4") {
        flush();
        current = [];
      } else if (current) current.push(block.items.length ? block.items.map((i) => `- ${i}`).join("\n") : block.text);
    }
  }
  flush();
  if (bioLines.length > 0) bio = bioLines.join("\n\n");
  if (shape.bio && !bio) return { ok: false, message: UNREADABLE };
  if (answers.length !== shape.prompts || answers.some((a) => !a.trim())) return { ok: false, message: UNREADABLE };
  return {
    ok: true,
    bio: shape.bio ? { text: bio! } : null,
    prompts: answers.map((text, i) => ({ key: PROMPT_KEYS[i]!, text })),
  };
}

/**
 * The recommendations' plain text from their HTML: headings and paragraphs as lines, lists as "- " lines, a blank line
 * between blocks. `drop` lists the texts of blocks render.ts adds on its own (the "made by" line) and the headings
 * from which on the rest is elite's own parts (prompts to answer, the photo plan), which render.ts adds again.
 */
export function readRecommendationsHtml(html: string, drop: { lines: string[]; from: string[] }): string {
  const out: string[] = [];
  for (const block of blocksOf(sanitiseHtml(html))) {
    if (/^h[2-4]$/.test(block.tag) && drop.from.includes(block.text)) break;
    if (drop.lines.includes(block.text)) continue;
    out.push(block.items.length ? block.items.map((i) => `- ${i}`).join("\n") : block.text);
  }
  return out.filter(Boolean).join("\n\n");
}
