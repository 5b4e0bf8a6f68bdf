/**
 * The parts of a result an administrator reviews and edits in plain words: the bio, each prompt answer, the
 * conversation starters, the strategy guide and the recommendations (review gate contract, issue 20 items 1-3). The
 * structured result (result.ts) stays the one source of truth: an edit writes its parts, and the spec's HTML fields
 * are rendered from it again (render.ts).
 *
 * In the browser's share: the review dialog's preview applies the edit with the same functions the server does.
 */
import { appRules } from "./apps.ts";
import { PART_KEYS, PROMPT_KEYS, VERSION_KEYS, type PartKey, type PromptKey, type VersionKey } from "./part-keys.ts";
import type { Editorial, Finding, OptimisationResult, PhotoPlan, PromptSuggestions, StrategyGuide } from "./result.ts";
import { answerSetOf, BIO_TONES, RESULT_LIMITS, SHOT_KINDS, VERSION_KEY_OF, type BioTone } from "./result-values.ts";

export { PART_KEYS, PROMPT_KEYS, VERSION_KEYS, type PartKey, type PromptKey, type VersionKey };

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
  /** Elite's prompts to answer and photo plan, each one plain text (see promptsToAnswerText, photoPlanText). */
  promptsToAnswer: 3000,
  photoPlan: 3000,
  /** The result schema's: how many prompts to answer, and one's prompt and reason. */
  suggestions: 5,
  suggestionPrompt: 200,
  suggestionReason: 300,
  /** The result schema's: the photo plan's summary, how many shots, one shot's name and reason. */
  planSummary: RESULT_LIMITS.note,
  shots: SHOT_KINDS.length,
  shot: RESULT_LIMITS.title,
  shotReason: 300,
} as const;

/** One elite bio version as edited: its tone and its text ("" where the machine made none and nobody wrote one). */
export interface VersionText {
  tone: BioTone;
  text: string;
}

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
  /** Elite with a bio: the three versions, in BIO_TONES order, each within the bio's limit. Null otherwise. */
  versions: VersionText[] | null;
  /** Elite on an app with prompts: one suggestion a line, "Prompt — why". Null otherwise. */
  promptsToAnswer: string | null;
  /** Elite: the summary, a blank line, then one line a missing shot, "Shot — why". Null otherwise. */
  photoPlan: string | null;
}

/**
 * What the review dialog sends: the text fields of EditableParts (a prompt's question cannot be changed). Elite's
 * parts may be left out (undefined): they then stay as they are.
 */
export interface PartsEdit {
  bio: { text: string } | null;
  prompts: { key: PromptKey; text: string }[];
  starters: string[];
  guide: { title: string; sections: { heading: string; text: string }[] } | null;
  recommendations: string;
  versions?: VersionText[] | null;
  promptsToAnswer?: string | null;
  photoPlan?: string | null;
}

/** The separator of a line of the prompts to answer or the photo plan: "Prompt — why". */
export const LINE_SEPARATOR = " — ";

export function partsOf(result: OptimisationResult): EditableParts {
  return {
    bio: result.bio ? { text: result.bio.optimised, limit: result.bio.limit, original: result.bio.original } : null,
    prompts: result.prompts.slice(0, PROMPT_KEYS.length).map((p, i) => ({ key: PROMPT_KEYS[i]!, prompt: p.prompt, text: p.optimised, limit: p.limit, original: p.original })),
    starters: [...result.conversationStarters],
    guide: result.strategyGuide ? guidePart(result.strategyGuide) : null,
    recommendations: result.editorial?.recommendations ?? findingsText(result),
    versions: hasVersions(result) ? BIO_TONES.map((tone) => ({ tone, text: result.bioVersions?.versions.find((v) => v.tone === tone)?.text ?? "" })) : null,
    promptsToAnswer: hasPromptsToAnswer(result) ? promptsToAnswerText(result.promptSuggestions ?? null) : null,
    photoPlan: result.plan === "elite" ? photoPlanText(result.photoPlan ?? null) : null,
  };
}

/** Elite sells three versions of the bio, where the app has one; on an app without one, of the answer set (when the result made them). */
function hasVersions(result: OptimisationResult): boolean {
  return result.plan === "elite" && (result.bio !== null || result.bioVersions?.of === "answers");
}

/** Elite sells which prompts to answer, where our form for the app has prompts. */
function hasPromptsToAnswer(result: OptimisationResult): boolean {
  return result.plan === "elite" && appRules(result.app).promptCount > 0;
}

/** Which parts the result has: the ones its plan and app sell, in PART_KEYS order. */
export function partKeysOf(result: OptimisationResult): PartKey[] {
  const parts = partsOf(result);
  const has: Record<PartKey, boolean> = {
    bio: parts.bio !== null,
    prompt1: parts.prompts.length > 0,
    prompt2: parts.prompts.length > 1,
    prompt3: parts.prompts.length > 2,
    starters: result.plan !== "basic",
    guide: result.plan !== "basic",
    recommendations: true,
    versionWarm: parts.versions !== null,
    versionPlayful: parts.versions !== null,
    versionDirect: parts.versions !== null,
    promptsToAnswer: parts.promptsToAnswer !== null,
    photoPlan: parts.photoPlan !== null,
  };
  return PART_KEYS.filter((k) => has[k]);
}

/** The prompts to answer as the writer edits them: one a line, "Prompt — why". */
export function promptsToAnswerText(part: PromptSuggestions | null): string {
  return (part?.suggestions ?? []).map((s) => `${s.prompt}${LINE_SEPARATOR}${s.reason}`).join("\n");
}

/** The photo plan as the writer edits it: the summary, a blank line, one line a missing shot, "Shot — why". */
export function photoPlanText(plan: PhotoPlan | null): string {
  if (!plan) return "";
  const shots = plan.missing.map((m) => `${m.shot}${LINE_SEPARATOR}${m.why}`);
  return shots.length > 0 ? `${plan.summary}\n\n${shots.join("\n")}` : plan.summary;
}

/** "Label — why" read back; a plain hyphen or an en dash between spaces will do. */
function labelledLine(line: string): [string, string] | null {
  const m = /^(.+?)\s+[—–-]\s+(.+)$/.exec(line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim());
  return m ? [m[1]!.trim(), m[2]!.trim()] : null;
}

const textLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The prompts to answer from the writer's text, or what is wrong with it. */
export function promptSuggestionsFromText(text: string): PromptSuggestions["suggestions"] | string {
  const lines = textLines(text);
  if (lines.length === 0) return "Write at least one prompt to answer, one a line: “Prompt — why”.";
  if (lines.length > EDIT_LIMITS.suggestions) return `At most ${EDIT_LIMITS.suggestions} prompts to answer, one a line.`;
  const suggestions: PromptSuggestions["suggestions"] = [];
  for (const [i, line] of lines.entries()) {
    const read = labelledLine(line);
    if (!read) return `Line ${i + 1} of the prompts to answer needs the prompt, “ — ”, then why.`;
    const [prompt, reason] = read;
    if (prompt.length > EDIT_LIMITS.suggestionPrompt) return `The prompt on line ${i + 1} of the prompts to answer is over ${EDIT_LIMITS.suggestionPrompt} characters.`;
    if (reason.length > EDIT_LIMITS.suggestionReason) return `The reason on line ${i + 1} of the prompts to answer is over ${EDIT_LIMITS.suggestionReason} characters.`;
    suggestions.push({ prompt, reason });
  }
  return suggestions;
}

/** The photo plan from the writer's text (the shots keep the analyser's kind when their name is the same), or what is wrong with it. */
export function photoPlanFromText(text: string, before: PhotoPlan | null): PhotoPlan | string {
  const [head = "", ...rest] = text.trim().split(/\r?\n\s*\r?\n/);
  const summary = textLines(head).join(" ");
  if (!summary) return "The photo plan needs its summary first, then a blank line and one missing shot a line.";
  if (summary.length > EDIT_LIMITS.planSummary) return `The photo plan's summary is over ${EDIT_LIMITS.planSummary} characters.`;
  const lines = textLines(rest.join("\n"));
  if (lines.length > EDIT_LIMITS.shots) return `At most ${EDIT_LIMITS.shots} missing shots, one a line.`;
  const missing: PhotoPlan["missing"] = [];
  for (const [i, line] of lines.entries()) {
    const read = labelledLine(line);
    if (!read) return `Shot ${i + 1} of the photo plan needs the shot, “ — ”, then why.`;
    const [shot, why] = read;
    if (shot.length > EDIT_LIMITS.shot) return `Shot ${i + 1} of the photo plan is over ${EDIT_LIMITS.shot} characters.`;
    if (why.length > EDIT_LIMITS.shotReason) return `The reason for shot ${i + 1} of the photo plan is over ${EDIT_LIMITS.shotReason} characters.`;
    missing.push({ kind: before?.missing.find((m) => m.shot === shot)?.kind ?? "written", shot, why });
  }
  return { summary, missing };
}

/**
 * What a written version says about itself to the customer: a plain sentence about its tone, never a note about how
 * the machine made it.
 */
export const TONE_WHY: Record<BioTone, string> = {
  warm: "Warm in tone: friendly and open, for someone who wants to feel at ease with you.",
  playful: "Playful in tone: light, with a wink, to invite a reply.",
  direct: "Direct in tone: plain and brief, for readers who skim.",
};

const TONE_NAMES: Record<BioTone, string> = { warm: "warm", playful: "playful", direct: "direct" };

function guidePart(guide: StrategyGuide): NonNullable<EditableParts["guide"]> {
  return { title: guide.title, sections: guide.sections.map((s) => ({ heading: s.heading, text: s.points.join("\n") })) };
}

/** A part as one plain text: the draft chooser's side-by-side and word diff, and the writer's brief. */
export function partText(key: PartKey, parts: EditableParts): string {
  switch (key) {
    case "bio":
      return parts.bio?.text ?? "";
    case "starters":
      return parts.starters.map((s, i) => `${i + 1}. ${s}`).join("\n");
    case "guide":
      return parts.guide ? [parts.guide.title, ...parts.guide.sections.map((s) => `\n${s.heading}\n${s.text}`)].join("\n") : "";
    case "recommendations":
      return parts.recommendations;
    case "promptsToAnswer":
      return parts.promptsToAnswer ?? "";
    case "photoPlan":
      return parts.photoPlan ?? "";
    case "versionWarm":
    case "versionPlayful":
    case "versionDirect":
      return parts.versions?.find((v) => VERSION_KEY_OF[v.tone] === key)?.text ?? "";
    default:
      return parts.prompts.find((p) => p.key === key)?.text ?? "";
  }
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
  for (const tone of BIO_TONES) {
    const text = (parts: EditableParts | PartsEdit) => parts.versions?.find((v) => v.tone === tone)?.text ?? null;
    if (text(current) !== text(draft)) changed.add(VERSION_KEY_OF[tone]);
  }
  if ((current.promptsToAnswer ?? null) !== (draft.promptsToAnswer ?? null)) changed.add("promptsToAnswer");
  if ((current.photoPlan ?? null) !== (draft.photoPlan ?? null)) changed.add("photoPlan");
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
    ...(VERSION_KEYS.some(has) && parts.versions && { bioVersions: writtenVersions(result, parts.versions, has) }),
    ...(has("promptsToAnswer") && { promptSuggestions: { suggestions: normalised.suggestions!, note: null } }),
    ...(has("photoPlan") && { photoPlan: normalised.photoPlan! }),
  };
  const before = result.editorial;
  next.editorial = editorialOf(
    PART_KEYS.filter((k) => has(k) || before?.edited.includes(k)),
    has("recommendations") ? parts.recommendations : (before?.recommendations ?? null),
    // A part written now no longer stands as it was.
    (before?.stands ?? []).filter((s) => !has(s.part)),
    at,
  );
  return { ok: true, result: withWriterNeeds(next), changed };
}

/** The editorial record, the reasons kept only when there are some (results without them read as before). */
function editorialOf(edited: PartKey[], recommendations: string | null, stands: NonNullable<Editorial["stands"]>, at: Date): Editorial {
  return { edited, recommendations, editedAt: at.toISOString(), ...(stands.length > 0 && { stands }) };
}

/**
 * Elite's versions after an edit: each one written now says what its tone is for (never the machine's note), the
 * others stay as they were; a version still empty is left out, and the machine's note about fewer than three goes
 * once all three exist.
 */
function writtenVersions(result: OptimisationResult, versions: VersionText[], has: (k: PartKey) => boolean): NonNullable<OptimisationResult["bioVersions"]> {
  const before = result.bioVersions ?? null;
  const list = BIO_TONES.flatMap((tone) => {
    const text = versions.find((v) => v.tone === tone)?.text ?? "";
    if (!text) return [];
    const kept = before?.versions.find((v) => v.tone === tone);
    return [{ tone, text, why: !has(VERSION_KEY_OF[tone]) && kept ? kept.why : TONE_WHY[tone] }];
  });
  return { versions: list, note: list.length === BIO_TONES.length ? null : (before?.note ?? null), ...(before?.of && { of: before.of }) };
}

type Normalised = { parts: PartsEdit; guide: StrategyGuide | null; suggestions: PromptSuggestions["suggestions"] | null; photoPlan: PhotoPlan | null };

/** The edit trimmed, checked against the result's shape and the limits a rule can't express in a schema. */
function normaliseEdit(result: OptimisationResult, edit: PartsEdit): Normalised | Refusal {
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
  const elite = eliteParts(result, edit);
  if ("ok" in elite) return elite;
  const parts: PartsEdit = {
    bio,
    prompts: keys.map((k) => prompts.find((p) => p.key === k)!),
    starters,
    guide: guide ? guidePart(guide) : null,
    recommendations,
    ...elite.parts,
  };
  return { parts, guide, suggestions: elite.suggestions, photoPlan: elite.photoPlan };
}

/**
 * Elite's parts of an edit, checked: a part left out stays as it is; a part the result does not have is a conflict;
 * a written version is a whole bio within the app's limit; the prompts to answer and the photo plan read back.
 */
function eliteParts(result: OptimisationResult, edit: PartsEdit): Pick<Normalised, "suggestions" | "photoPlan"> & { parts: Pick<EditableParts, "versions" | "promptsToAnswer" | "photoPlan"> } | Refusal {
  const current = partsOf(result);
  const versions = edit.versions === undefined ? current.versions : edit.versions && edit.versions.map((v) => ({ tone: v.tone, text: v.text.trim() }));
  if (versions && !current.versions) return conflict("Bio versions belong to elite results whose app has a bio.");
  if (!versions && current.versions) return invalid("The bio versions are missing: this elite result has three.");
  if (versions && current.versions) {
    const tones = versions.map((v) => v.tone);
    if (tones.length !== BIO_TONES.length || BIO_TONES.some((t) => !tones.includes(t))) return invalid(`Send each bio version once: ${BIO_TONES.join(", ")}.`);
    for (const v of versions) {
      const before = current.versions.find((c) => c.tone === v.tone)!.text;
      if (v.text === before) continue;
      if (!v.text) return invalid(`The ${TONE_NAMES[v.tone]} version cannot be empty.`);
      if (!result.bio) {
        const long = answerSetOf(v.text).find((a) => a.answer.length > (result.prompts.find((p) => p.prompt === a.prompt)?.limit ?? RESULT_LIMITS.starter));
        if (long) return invalid(`The ${TONE_NAMES[v.tone]} version's answer to “${long.prompt}” is ${long.answer.length} characters; the app allows ${result.prompts[0]?.limit ?? RESULT_LIMITS.starter} for an answer.`);
        continue;
      }
      const limit = result.bio.limit;
      if (v.text.length > limit) return invalid(`The ${TONE_NAMES[v.tone]} version is ${v.text.length} characters; the app allows ${limit} for a bio.`);
    }
  }

  const promptsToAnswer = edit.promptsToAnswer === undefined ? current.promptsToAnswer : edit.promptsToAnswer;
  if (promptsToAnswer !== null && current.promptsToAnswer === null) return conflict("Prompts to answer belong to elite results on apps with prompts.");
  if (promptsToAnswer === null && current.promptsToAnswer !== null) return invalid("The prompts to answer are missing: this elite result has them.");
  let suggestions: Normalised["suggestions"] = null;
  let toAnswer = promptsToAnswer;
  if (promptsToAnswer !== null && promptsToAnswer !== current.promptsToAnswer) {
    const read = promptSuggestionsFromText(promptsToAnswer);
    if (typeof read === "string") return invalid(read);
    suggestions = read;
    toAnswer = promptsToAnswerText({ suggestions: read, note: null });
  }

  const planText = edit.photoPlan === undefined ? current.photoPlan : edit.photoPlan;
  if (planText !== null && current.photoPlan === null) return conflict("The photo plan belongs to elite results.");
  if (planText === null && current.photoPlan !== null) return invalid("The photo plan is missing: this elite result has one.");
  let photoPlan: PhotoPlan | null = null;
  let planPart = planText;
  if (planText !== null && planText !== current.photoPlan) {
    const read = photoPlanFromText(planText, result.photoPlan ?? null);
    if (typeof read === "string") return invalid(read);
    photoPlan = read;
    planPart = photoPlanText(read);
  }
  return { parts: { versions, promptsToAnswer: toAnswer, photoPlan: planPart }, suggestions, photoPlan };
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
 * draft's, with its notes, no longer marked edited and no longer kept with a reason; every other part stays as it is.
 * Taking the recommendations takes the draft's findings (and drops the administrator's recommendations text); elite's
 * bio versions, prompts to answer and photo plan are parts of their own, taken one by one.
 */
export function takeFromDraft(working: OptimisationResult, draft: OptimisationResult, take: readonly PartKey[], at: Date): OptimisationResult {
  if (take.length === 0) return working;
  const has = (k: PartKey) => take.includes(k);
  const prompts = working.prompts.map((p, i) => (has(PROMPT_KEYS[i]!) && draft.prompts[i] ? draft.prompts[i]! : p));
  const next: OptimisationResult = {
    ...working,
    bio: has("bio") && draft.bio ? draft.bio : working.bio,
    ...(VERSION_KEYS.some(has) && { bioVersions: versionsFromDraft(working, draft, has) }),
    ...(has("promptsToAnswer") && { promptSuggestions: draft.promptSuggestions ?? null }),
    ...(has("photoPlan") && { photoPlan: draft.photoPlan ?? null }),
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
  const stands = (before?.stands ?? []).filter((s) => !has(s.part));
  const editorial = edited.length > 0 || recommendations !== null || stands.length > 0 ? editorialOf(edited, recommendations, stands, at) : null;
  return withWriterNeeds({ ...next, editorial });
}

/** The versions with the chosen tones taken from the draft; the draft's note comes with them until all three exist. */
function versionsFromDraft(working: OptimisationResult, draft: OptimisationResult, has: (k: PartKey) => boolean): OptimisationResult["bioVersions"] {
  const from = (tone: BioTone) => (has(VERSION_KEY_OF[tone]) ? draft : working).bioVersions?.versions.find((v) => v.tone === tone);
  const versions = BIO_TONES.flatMap((tone) => from(tone) ?? []);
  const note = versions.length === BIO_TONES.length ? null : (draft.bioVersions?.note ?? working.bioVersions?.note ?? null);
  const of = draft.bioVersions?.of ?? working.bioVersions?.of;
  return versions.length === 0 && note === null ? null : { versions, note, ...(of && { of }) };
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

/**
 * The analysis's summary as the customer reads it. Its closing account of what the analyser did to the texts ("We
 * edited your bio from your own sentences…", "We kept your strong answers as they are.", "Your profile is written in
 * German, … stays as you wrote it.") is left out once a person of our team wrote the bio or an answer: it would
 * describe text the customer no longer gets. The closing line of the result (render.ts, `madeBy`) says who wrote what.
 * Applied where the recommendations are rendered, not to the editable text (`findingsText`): that stays the machine's,
 * so saving another part never reads as a change to the recommendations.
 */
export function summaryAsSent(result: OptimisationResult): string {
  const written = result.editorial?.edited ?? [];
  if (!written.some((part) => part === "bio" || (PROMPT_KEYS as readonly string[]).includes(part))) return result.analysis.summary;
  const sentences = result.analysis.summary.split(/(?<=[.!?…])\s+(?=[A-Z“"])/);
  return sentences.filter((s) => !MACHINE_EDIT_ACCOUNT.test(s)).join(" ");
}
/** How the analyser's sentences about its own edits begin (src/optimiser/text/summary.ts, `whatWeDid`). */
const MACHINE_EDIT_ACCOUNT = /^(We (edited|kept|rewrote|left advice)\b|Your bio needed no edits\b|Your profile is written in )/;

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
