/**
 * The parts of a result an administrator reviews and edits in plain words: the bio, each prompt answer, the
 * conversation starters, the strategy guide and the recommendations (review gate contract, issue 20 items 1-3). The
 * structured result (result.ts) stays the one source of truth: an edit writes its parts, and the spec's HTML fields
 * are rendered from it again (render.ts).
 *
 * In the browser's share: the review dialog's preview applies the edit with the same functions the server does.
 */
import { PART_KEYS, PROMPT_KEYS, type PartKey, type PromptKey } from "./part-keys.ts";
import type { Editorial, Finding, OptimisationResult, StrategyGuide } from "./result.ts";

export { PART_KEYS, PROMPT_KEYS, type PartKey, type PromptKey };

/**
 * What an edit may hold. The bio and an answer are capped by the form's hard limits (what a customer may send), not
 * the app's: the counter warns about the app's limit, and an administrator may go past it knowingly.
 */
export const EDIT_LIMITS = {
  bio: 2000,
  answer: 1000,
  starters: 5,
  starter: 400,
  guideTitle: 160,
  sections: 10,
  heading: 160,
  sectionText: 6000,
  /** Lines of a guide section (one point each) and the length of one: the result schema's. */
  points: 10,
  point: 600,
  recommendations: 6000,
} as const;

export interface EditableParts {
  /** Null where the app shows no bio (Hinge). `limit`: the app's; `original`: the customer's own text. */
  bio: { text: string; limit: number; original: string | null } | null;
  prompts: { key: PromptKey; prompt: string; text: string; limit: number; original: string | null }[];
  /** Empty on basic. */
  starters: string[];
  /** Null on basic. `text`: one point per line. */
  guide: { title: string; sections: { heading: string; text: string }[] } | null;
  /** Plain text, a blank line between paragraphs; a paragraph whose lines start with "- " is a list. */
  recommendations: string;
}

/** What the review dialog sends: the text fields of EditableParts (a prompt's question cannot be changed). */
export interface PartsEdit {
  bio: { text: string } | null;
  prompts: { key: PromptKey; text: string }[];
  starters: string[];
  guide: { title: string; sections: { heading: string; text: string }[] } | null;
  recommendations: string;
}

export function partsOf(result: OptimisationResult): EditableParts {
  return {
    bio: result.bio ? { text: result.bio.optimised, limit: result.bio.limit, original: result.bio.original } : null,
    prompts: result.prompts.slice(0, PROMPT_KEYS.length).map((p, i) => ({ key: PROMPT_KEYS[i]!, prompt: p.prompt, text: p.optimised, limit: p.limit, original: p.original })),
    starters: [...result.conversationStarters],
    guide: result.strategyGuide ? guidePart(result.strategyGuide) : null,
    recommendations: result.editorial?.recommendations ?? findingsText(result),
  };
}

function guidePart(guide: StrategyGuide): NonNullable<EditableParts["guide"]> {
  return { title: guide.title, sections: guide.sections.map((s) => ({ heading: s.heading, text: s.points.join("\n") })) };
}

/** The parts whose text differs between two versions of a result, in PART_KEYS order. */
export function changedParts(current: EditableParts | PartsEdit, draft: EditableParts | PartsEdit): PartKey[] {
  const changed = new Set<PartKey>();
  if ((current.bio?.text ?? null) !== (draft.bio?.text ?? null)) changed.add("bio");
  for (const key of PROMPT_KEYS) {
    const a = current.prompts.find((p) => p.key === key)?.text ?? null;
    const b = draft.prompts.find((p) => p.key === key)?.text ?? null;
    if (a !== b) changed.add(key);
  }
  if (JSON.stringify(current.starters) !== JSON.stringify(draft.starters)) changed.add("starters");
  if (JSON.stringify(current.guide) !== JSON.stringify(draft.guide)) changed.add("guide");
  if (current.recommendations !== draft.recommendations) changed.add("recommendations");
  return PART_KEYS.filter((k) => changed.has(k));
}

export type EditOutcome =
  | { ok: true; result: OptimisationResult; changed: PartKey[] }
  | { ok: false; kind: "invalid" | "conflict"; message: string };

type Refusal = Extract<EditOutcome, { ok: false }>;
const invalid = (message: string): Refusal => ({ ok: false, kind: "invalid", message });
const conflict = (message: string): Refusal => ({ ok: false, kind: "conflict", message });

/**
 * The result with an administrator's edit applied: each text trimmed, the parts whose text changed written and
 * marked edited (their machine notes cleared, a part that needed a writer no longer does), the recommendations kept
 * as plain text. The edit must have the result's shape (a bio where the app has one, the same prompts, starters and a
 * guide only on plans that have them); an edit that changes nothing answers the result as it was.
 */
export function applyEdit(result: OptimisationResult, edit: PartsEdit, at: Date): EditOutcome {
  const normalised = normaliseEdit(result, edit);
  if ("ok" in normalised) return normalised;
  const changed = changedParts(partsOf(result), normalised.parts);
  if (changed.length === 0) return { ok: true, result, changed };
  const has = (k: PartKey) => changed.includes(k);
  const { parts, guide } = normalised;
  const next: OptimisationResult = {
    ...result,
    bio: result.bio && parts.bio && has("bio") ? { ...result.bio, optimised: parts.bio.text, notes: [], needsWriter: null } : result.bio,
    prompts: result.prompts.map((p, i) => {
      const key = PROMPT_KEYS[i]!;
      const text = parts.prompts.find((e) => e.key === key)?.text;
      if (text === undefined || !has(key)) return p;
      return { ...p, optimised: text, notes: [], needsWriter: null, rewritten: text !== (p.original ?? "").trim() };
    }),
    conversationStarters: has("starters") ? parts.starters : result.conversationStarters,
    strategyGuide: has("guide") ? guide : result.strategyGuide,
  };
  const before = result.editorial;
  next.editorial = {
    edited: PART_KEYS.filter((k) => has(k) || before?.edited.includes(k)),
    recommendations: has("recommendations") ? parts.recommendations : (before?.recommendations ?? null),
    editedAt: at.toISOString(),
  };
  return { ok: true, result: withWriterNeeds(next), changed };
}

/** The edit trimmed, checked against the result's shape and the limits a rule can't express in a schema. */
function normaliseEdit(result: OptimisationResult, edit: PartsEdit): { parts: PartsEdit; guide: StrategyGuide | null } | Refusal {
  if (result.bio && !edit.bio) return invalid("The bio is missing: this app's profile has one.");
  if (!result.bio && edit.bio) return conflict("This app's profile has no bio.");
  const bio = edit.bio ? { text: edit.bio.text.trim() } : null;
  if (bio && !bio.text) return invalid("The bio cannot be empty.");

  const keys = result.prompts.slice(0, PROMPT_KEYS.length).map((_, i) => PROMPT_KEYS[i]!);
  const sent = edit.prompts.map((p) => p.key);
  if (new Set(sent).size !== sent.length) return invalid("Each prompt answer can be sent once.");
  const unknown = sent.find((k) => !keys.includes(k));
  if (unknown) return conflict(`This result has no ${unknown}.`);
  const missing = keys.find((k) => !sent.includes(k));
  if (missing) return invalid(`The answer for ${missing} is missing.`);
  const prompts = edit.prompts.map((p) => ({ key: p.key, text: p.text.trim() }));
  const emptyAnswer = prompts.find((p) => !p.text);
  if (emptyAnswer) return invalid(`The answer for ${emptyAnswer.key} cannot be empty.`);

  // A blank starter field is a starter taken out.
  const starters = edit.starters.map((s) => s.trim()).filter(Boolean);
  if (result.plan === "basic" && starters.length > 0) return conflict("Conversation starters belong to premium and elite results.");

  let guide: StrategyGuide | null = null;
  if (result.plan === "basic" && edit.guide) return conflict("The strategy guide belongs to premium and elite results.");
  if (result.plan !== "basic") {
    if (!edit.guide) return invalid("The strategy guide is missing: this plan has one.");
    const built = guideFromParts(edit.guide);
    if (typeof built === "string") return invalid(built);
    guide = built;
  }
  const recommendations = edit.recommendations.trim();
  const parts: PartsEdit = {
    bio,
    prompts: keys.map((k) => prompts.find((p) => p.key === k)!),
    starters,
    guide: guide ? guidePart(guide) : null,
    recommendations,
  };
  return { parts, guide };
}

/** A guide from its edited form, or what is wrong with it. */
export function guideFromParts(guide: NonNullable<PartsEdit["guide"]>): StrategyGuide | string {
  const title = guide.title.trim();
  if (!title) return "The strategy guide needs a title.";
  if (guide.sections.length === 0) return "The strategy guide needs at least one section.";
  const sections: StrategyGuide["sections"] = [];
  for (const [i, s] of guide.sections.entries()) {
    const heading = s.heading.trim();
    const points = pointsOf(s.text);
    const name = heading ? `“${heading}”` : `section ${i + 1}`;
    if (!heading) return `Section ${i + 1} of the strategy guide needs a heading.`;
    if (points.length === 0) return `The guide's section ${name} has no text.`;
    if (points.length > EDIT_LIMITS.points) return `The guide's section ${name} has ${points.length} points; at most ${EDIT_LIMITS.points} (one per line).`;
    if (points.some((p) => p.length > EDIT_LIMITS.point)) return `A point of the guide's section ${name} is over ${EDIT_LIMITS.point} characters; split it over two lines.`;
    sections.push({ heading, points });
  }
  return { title, sections };
}

/** A section's text, one point per line; a leading "-", "*" or "•" is the list's, not the point's. */
function pointsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]\s+)/, "").trim())
    .filter(Boolean);
}

/**
 * A guide from a text file (as uploaded, or as the spec's `strategyGuide` field holds it): `#` its title, `##` each
 * section, every other non-empty line a point. Without headings the whole text is one section; a section of more
 * than ten points continues in the next. `fallbackTitle` names a guide whose file has no `#` line.
 */
export function guideFromText(text: string, fallbackTitle: string): StrategyGuide | string {
  let title = "";
  const sections: { heading: string; points: string[] }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const h = /^(#{1,6})\s*(.*)$/.exec(line);
    if (h && h[1]!.length === 1 && !title && sections.length === 0) title = h[2]!.trim();
    else if (h) sections.push({ heading: h[2]!.trim() || "Your strategy", points: [] });
    else {
      if (sections.length === 0) sections.push({ heading: "Your strategy", points: [] });
      sections.at(-1)!.points.push(line.replace(/^(?:[-*•]|\d+[.)])\s+/, "").trim());
    }
  }
  const split = sections
    .filter((s) => s.points.length > 0)
    .flatMap((s) => {
      const chunks: { heading: string; text: string }[] = [];
      for (let i = 0; i < s.points.length; i += EDIT_LIMITS.points) {
        const heading = i === 0 ? s.heading : `${s.heading} (continued)`;
        chunks.push({ heading: heading.slice(0, EDIT_LIMITS.heading), text: s.points.slice(i, i + EDIT_LIMITS.points).join("\n") });
      }
      return chunks;
    });
  if (split.length === 0) return "The strategy guide has no text.";
  if (split.length > EDIT_LIMITS.sections) return `The strategy guide is too long: at most ${EDIT_LIMITS.sections} sections of ${EDIT_LIMITS.points} points each.`;
  const heading = (title || fallbackTitle).slice(0, EDIT_LIMITS.guideTitle);
  return guideFromParts({ title: heading, sections: split });
}

/**
 * The working result with the chosen parts of a draft (a regeneration's or revision's result): each taken part is the
 * draft's, with its notes, and no longer marked edited; every other part stays as it is. Taking the recommendations
 * takes the draft's findings (and drops the administrator's recommendations text); taking the bio takes elite's bio
 * versions with it, which are written from it.
 */
export function takeFromDraft(working: OptimisationResult, draft: OptimisationResult, take: readonly PartKey[], at: Date): OptimisationResult {
  if (take.length === 0) return working;
  const has = (k: PartKey) => take.includes(k);
  const prompts = working.prompts.map((p, i) => (has(PROMPT_KEYS[i]!) && draft.prompts[i] ? draft.prompts[i]! : p));
  const next: OptimisationResult = {
    ...working,
    bio: has("bio") && draft.bio ? draft.bio : working.bio,
    ...(has("bio") && draft.bioVersions !== undefined && { bioVersions: draft.bioVersions }),
    prompts,
    conversationStarters: has("starters") ? draft.conversationStarters : working.conversationStarters,
    strategyGuide: has("guide") ? draft.strategyGuide : working.strategyGuide,
    analysis: has("recommendations") ? draft.analysis : working.analysis,
    engines: {
      ...working.engines,
      ...(has("bio") && { bio: draft.engines.bio }),
      ...(PROMPT_KEYS.some(has) && { prompts: draft.engines.prompts }),
      ...(has("starters") && { starters: draft.engines.starters }),
      ...(has("guide") && { guide: draft.engines.guide }),
      ...(has("recommendations") && { analysis: draft.engines.analysis }),
    },
  };
  const before = working.editorial;
  const edited = (before?.edited ?? []).filter((k) => !has(k));
  const recommendations = has("recommendations") ? null : (before?.recommendations ?? null);
  const editorial: Editorial | null = edited.length > 0 || recommendations !== null ? { edited, recommendations, editedAt: at.toISOString() } : null;
  return withWriterNeeds({ ...next, editorial });
}

/**
 * The result's "needs a writer" mark kept true to its parts: cleared once no text part needs one and elite's bio
 * versions are complete (a writer wrote what the machine could not).
 */
function withWriterNeeds(result: OptimisationResult): OptimisationResult {
  if (!result.needsWriter) return result;
  const partsNeed = Boolean(result.bio?.needsWriter) || result.prompts.some((p) => p.needsWriter);
  const versionsShort = result.bioVersions ? result.bioVersions.versions.length < 3 : false;
  return partsNeed || versionsShort ? result : { ...result, needsWriter: null };
}

/** The texts a rerun starts from (OptimiserInput.base): the working result's, which are the released text plus any later edit. */
export function baseOf(result: OptimisationResult): { bio: string | null; prompts: { prompt: string; response: string }[]; starters: string[] } {
  return {
    bio: result.bio?.optimised ?? null,
    prompts: result.prompts.map((p) => ({ prompt: p.prompt, response: p.optimised })),
    starters: [...result.conversationStarters],
  };
}

/** Does the result have a part an administrator edited? Then a rerun's result waits beside it as a draft. */
export function hasEdits(result: OptimisationResult | null | undefined): boolean {
  return Boolean(result?.editorial && (result.editorial.edited.length > 0 || result.editorial.recommendations !== null));
}

/**
 * The recommendations made from the findings, as plain text: the summary, then "What to change" and "What already
 * works" as lists. What the review dialog shows to edit, and what render.ts writes as HTML when it was not edited.
 */
export function findingsText(result: OptimisationResult): string {
  const blocks = [result.analysis.summary];
  const list = (findings: Finding[]) => findings.map((f) => `- ${findingLine(result, f)}`).join("\n");
  if (result.analysis.problems.length > 0) blocks.push("What to change", list(result.analysis.problems));
  if (result.analysis.strengths.length > 0) blocks.push("What already works", list(result.analysis.strengths));
  return blocks.join("\n\n");
}

function findingLine(result: OptimisationResult, f: Finding): string {
  const where = whereLabel(result, f.field);
  return `${f.title}${where ? ` ${where}` : ""}${f.phrase ? ` (“${f.phrase}”)` : ""}: ${f.reason}`;
}

/** Which part of the profile a finding is about, in the customer's words: "in your bio", "in “My happy place is”". */
export function whereLabel(result: OptimisationResult, field: string | undefined): string | null {
  if (field === "bio") return "in your bio";
  const prompt = /^prompt([1-3])$/.exec(field ?? "");
  if (prompt) {
    const text = result.prompts[Number(prompt[1]) - 1]?.prompt;
    return text ? `in “${text}”` : null;
  }
  return null;
}

/** A block of the recommendations' plain text: a heading (a short line before a list), a list, or a paragraph. */
export type TextBlock = { kind: "heading"; text: string } | { kind: "list"; items: string[] } | { kind: "paragraph"; text: string };

/** The recommendations' plain text as blocks; render.ts writes them as HTML, escaped. */
export function textBlocks(text: string): TextBlock[] {
  const raw = text
    .split(/\r?\n\s*\r?\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const isList = (block: string) => block.split(/\r?\n/).every((l) => /^\s*[-*•]\s+/.test(l));
  return raw.map((block, i): TextBlock => {
    if (isList(block)) return { kind: "list", items: block.split(/\r?\n/).map((l) => l.replace(/^\s*[-*•]\s+/, "").trim()) };
    const next = raw[i + 1];
    if (!block.includes("\n") && block.length <= 80 && !/[.!?:;,]$/.test(block) && next !== undefined && isList(next)) return { kind: "heading", text: block };
    return { kind: "paragraph", text: block };
  });
}
