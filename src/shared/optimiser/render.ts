/**
 * The spec's own fields, rendered from the structured result: `optimized_profile` (HTML text, or for premium and
 * elite an object that also carries `conversationStarters` as Markdown and `strategyGuide` as text),
 * `recommendations` (HTML text) and each photo's `analysis` (JSON). Every string of the result is untrusted (a
 * model wrote it, or a customer's words are quoted in it), so every one is escaped here; nothing else makes HTML.
 */
import { appRules } from "./apps.ts";
import { summaryAsSent, textBlocks, VERSION_KEYS, whereLabel, type PartKey } from "./parts.ts";
import type { Engine, OptimisationResult, PhotoAnalysis } from "./result.ts";

export interface PremiumContent {
  html: string;
  /** A numbered Markdown list, as the admin edits it (spec: "conversation starters as Markdown"). */
  conversationStarters: string;
  /** Plain text with Markdown headings, as an uploaded strategy guide file would be. */
  strategyGuide: string;
}

export interface SpecFields {
  optimizedProfile: string | PremiumContent;
  recommendations: string;
  /** Photo id → the JSON stored in its `analysis` column. */
  photoAnalysis: Map<string, string>;
}

export function specFields(result: OptimisationResult): SpecFields {
  const html = optimisedProfileHtml(result);
  const premium = result.plan !== "basic";
  return {
    optimizedProfile: premium
      ? { html, conversationStarters: startersMarkdown(result.conversationStarters), strategyGuide: guideText(result) }
      : html,
    recommendations: recommendationsHtml(result),
    photoAnalysis: new Map(result.photos.map((p) => [p.photoId, JSON.stringify(photoAnalysisJson(p))])),
  };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Escaped text whose line breaks stay line breaks. */
function paragraph(text: string): string {
  return `<p>${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;
}

/**
 * The optimised profile itself: the bio and the prompt answers to paste into the app. The starters and the guide
 * travel beside it (premium content, edited on their own), and the photo order is the photo analysis: none of them
 * is repeated here.
 */
function optimisedProfileHtml(result: OptimisationResult): string {
  const app = appRules(result.app).name;
  const parts: string[] = [];
  if (result.bio) {
    parts.push(`<h3>Your ${escapeHtml(app)} bio</h3>`, paragraph(result.bio.optimised));
  }
  parts.push(...bioVersionsHtml(result));
  if (result.prompts.length > 0) {
    parts.push("<h3>Your prompt answers</h3>");
    for (const p of result.prompts) parts.push(`<h4>${escapeHtml(p.prompt)}</h4>`, paragraph(p.optimised));
  }
  return parts.join("\n");
}

function recommendationsHtml(result: OptimisationResult): string {
  // An administrator's recommendations (plain text) replace the ones made from the findings; elite's parts stay.
  const edited = result.editorial?.recommendations;
  const parts: string[] = edited != null ? editedHtml(edited) : findingsHtml(result);
  parts.push(...promptSuggestionsHtml(result), ...photoPlanHtml(result));
  parts.push(`<p><em>${escapeHtml(madeBy(result))}</em></p>`);
  return parts.join("\n");
}

/** Plain text as HTML, every word escaped: a short line before a list is a heading, "- " lines a list, the rest paragraphs. */
function editedHtml(text: string): string[] {
  return textBlocks(text).map((block) => {
    if (block.kind === "heading") return `<h3>${escapeHtml(block.text)}</h3>`;
    if (block.kind === "paragraph") return paragraph(block.text);
    const items = block.items.map((item) => {
      return `<li>${escapeHtml(item)}</li>`;
    });
    return `<ul>${items.join("")}</ul>`;
  });
}

function findingsHtml(result: OptimisationResult): string[] {
  const parts: string[] = [paragraph(summaryAsSent(result))];
  if (result.analysis.problems.length > 0) {
    parts.push("<h3>What to change</h3>", findingsList(result, result.analysis.problems));
  }
  if (result.analysis.strengths.length > 0) {
    parts.push("<h3>What already works</h3>", findingsList(result, result.analysis.strengths));
  }
  return parts;
}

export const TONE_LABELS = { warm: "Warm", playful: "Playful", direct: "Direct" } as const;

/** Elite: the bio in other tones to choose from, each with what sets it apart; the note when there are fewer than three. */
function bioVersionsHtml(result: OptimisationResult): string[] {
  const part = result.bioVersions;
  // No answer set in another tone (a writer kept none, with a reason): nothing to show; the answers are above.
  if (!part || (part.of === "answers" && part.versions.length === 0)) return [];
  const count = part.versions.length;
  // On an app without a bio (Hinge) each version is the whole set of answers in one tone: named for what it is.
  const heading =
    part.of === "answers"
      ? count === 1
        ? "Your answers in another tone to choose from"
        : `Your answers in ${count} tones to choose from`
      : count === 0
        ? "More versions of your bio"
        : count === 1
          ? "Another version of your bio to choose from"
          : `${count} versions of your bio to choose from`;
  const versions = part.versions.flatMap((v) => {
    return [`<h4>${TONE_LABELS[v.tone]}</h4>`, paragraph(v.text), emphasis(v.why)];
  });
  // The machine's note on fewer than three versions, once a writer wrote or kept each version, is the writer's call: not shown.
  const settledByWriter = VERSION_KEYS.every((k) => result.editorial?.edited.includes(k) || result.editorial?.stands?.some((s) => s.part === k));
  return [`<h3>${heading}</h3>`, ...versions, ...(part.note && !settledByWriter ? [paragraph(part.note)] : [])];
}

/** Elite: the app's prompts to answer next, each with why. */
function promptSuggestionsHtml(result: OptimisationResult): string[] {
  const part = result.promptSuggestions;
  if (!part) return [];
  const list = part.suggestions.length > 0 ? [labelledList(part.suggestions.map((s) => [s.prompt, s.reason]))] : [];
  return ["<h3>Prompts to answer</h3>", ...list, ...(part.note ? [paragraph(part.note)] : [])];
}

/** Elite: the kinds of shot the photos are missing, and why. */
function photoPlanHtml(result: OptimisationResult): string[] {
  const plan = result.photoPlan;
  if (!plan) return [];
  const complete = paragraph("Your photos already cover the shots a profile needs: keep them in the order above.");
  return ["<h3>Your photo plan</h3>", paragraph(plan.summary), plan.missing.length > 0 ? labelledList(plan.missing.map((m) => [m.shot, m.why])) : complete];
}

/** A list of "label: text" items, both escaped. */
function labelledList(items: [label: string, text: string][]): string {
  // A block body: the source spelling scan (source-spelling.test.ts) would read "=> `<" as JSX text.
  const lis = items.map(([label, text]) => {
    return `<li><strong>${escapeHtml(label)}</strong>: ${escapeHtml(text)}</li>`;
  });
  return `<ul>${lis.join("")}</ul>`;
}

function emphasis(text: string): string {
  return `<p><em>${escapeHtml(text)}</em></p>`;
}

function findingsList(result: OptimisationResult, findings: OptimisationResult["analysis"]["problems"]): string {
  const items = findings.map((f) => {
    const where = whereLabel(result, f.field);
    return `<li><strong>${escapeHtml(f.title)}</strong>${where ? ` ${escapeHtml(where)}` : ""}${f.phrase ? ` (“${escapeHtml(f.phrase)}”)` : ""}: ${escapeHtml(f.reason)}</li>`;
  });
  return `<ul>${items.join("")}</ul>`;
}

/** "Photo 3" by the customer's upload order (1-based): ids mean nothing to a customer. */
export function uploadLabel(result: OptimisationResult, photoId: string): string {
  const index = result.photos.findIndex((p) => p.photoId === photoId);
  const photo = result.photos[index];
  return photo?.uploadPosition ? `Photo ${photo.uploadPosition}` : `Photo ${index + 1}`;
}

/**
 * The plain statement of who made what: the parts a person of our team wrote, named; the rest drafted automatically
 * (and by what), then approved by our team before it was sent (nothing leaves without an administrator's Send). It
 * never calls a text rewritten, or reviewed, that nobody wrote.
 */
export function madeBy(result: OptimisationResult): string {
  const engines = Object.values(result.engines).filter((e): e is Engine => e !== null);
  const ai = engines.find((e) => e.kind === "ai");
  // The model's name is our technical detail, not the customer's business (and a name would date the page).
  const drafted = ai ? "drafted automatically with AI and our own photo analyzer" : "drafted automatically by our own analyzer, which runs on our server";
  const written = (result.editorial?.edited ?? []).map((part) => WRITTEN_LABELS[part]?.(result)).filter((label): label is string => Boolean(label));
  if (written.length === 0) return `This analysis was ${drafted}, then approved by our team before it was sent to you.`;
  return `Our team wrote ${listed(written)}; the rest was ${drafted}, then approved by our team before it was sent to you.`;
}

/** The parts of a result in the customer's words, for "Our team wrote …". */
const WRITTEN_LABELS: Partial<Record<PartKey, (result: OptimisationResult) => string | null>> = {
  bio: () => "your bio",
  prompt1: (r) => answerLabel(r, 0),
  prompt2: (r) => answerLabel(r, 1),
  prompt3: (r) => answerLabel(r, 2),
  starters: () => "the conversation starters",
  guide: () => "the strategy guide",
  recommendations: () => "these recommendations",
  versionWarm: () => "the warm version of your bio",
  versionPlayful: () => "the playful version of your bio",
  versionDirect: () => "the direct version of your bio",
  promptsToAnswer: () => "the prompts to answer",
  photoPlan: () => "the photo plan",
};

function answerLabel(result: OptimisationResult, index: number): string | null {
  const prompt = result.prompts[index]?.prompt;
  return prompt ? `your answer to “${prompt}”` : null;
}

/** "a", "a and b", "a, b and c". */
function listed(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export function startersMarkdown(starters: readonly string[]): string {
  return starters.map((s, i) => `${i + 1}. ${s}`).join("\n");
}

/** The starters back from their Markdown (as an admin may have edited it): one per list item or line. */
export function startersFromMarkdown(markdown: string): string[] {
  return markdown
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s+/, "").trim())
    .filter(Boolean);
}

export function guideText(result: OptimisationResult): string {
  const guide = result.strategyGuide;
  if (!guide) return "";
  return [`# ${guide.title}`, ...guide.sections.map((s) => `\n## ${s.heading}\n${s.points.map((p) => `- ${p}`).join("\n")}`)].join("\n");
}

/** The spec's photo `analysis`: score, rank, keep, faces and reasons. */
export function photoAnalysisJson(photo: PhotoAnalysis) {
  return { score: photo.score, rank: photo.rank, keep: photo.keep, faces: photo.faces, reasons: photo.reasons };
}
