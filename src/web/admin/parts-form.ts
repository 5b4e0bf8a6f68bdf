/**
 * The review dialog's plain-text form of a result's parts (src/shared/optimiser/parts.ts): what the admin types, what
 * Save sends, whether anything is unsaved, what each field may hold, and a strategy guide file read into sections.
 * No React here, so the rules are tested on their own.
 */
import type { PartsChange } from "../../shared/api/admin-profiles.ts";
import { EDIT_LIMITS, guideFromText, partText, type EditableParts, type PartKey, type PartsEdit, type VersionText } from "../../shared/optimiser/parts.ts";
import { VERSION_KEY_OF } from "../../shared/optimiser/result-values.ts";

export { partText };

export interface GuideSection {
  heading: string;
  /** One point per line. */
  text: string;
}

/** The text of every part, as the fields hold it. */
export interface PartsForm {
  /** null where the app shows no bio. */
  bio: string | null;
  prompts: { key: EditableParts["prompts"][number]["key"]; prompt: string; text: string }[];
  starters: string[];
  /** null on basic (no guide is sold). */
  guide: { title: string; sections: GuideSection[] } | null;
  recommendations: string;
  /** Elite's parts (null where the result has none): the three bio versions by tone, and two plain texts. */
  versions: VersionText[] | null;
  promptsToAnswer: string | null;
  photoPlan: string | null;
}

/** The server's hard limits (PUT …/parts), as maxLength on each control: an app's own limit is only a warning. */
export const FORM_LIMITS = EDIT_LIMITS;

export function formOf(parts: EditableParts): PartsForm {
  return {
    bio: parts.bio?.text ?? null,
    prompts: parts.prompts.map((p) => ({ key: p.key, prompt: p.prompt, text: p.text })),
    starters: [...parts.starters],
    guide: parts.guide && { title: parts.guide.title, sections: parts.guide.sections.map((s) => ({ ...s })) },
    recommendations: parts.recommendations,
    versions: parts.versions && parts.versions.map((v) => ({ ...v })),
    promptsToAnswer: parts.promptsToAnswer,
    photoPlan: parts.photoPlan,
  };
}

/** Whether the form differs from what is saved: any character, a space included, counts. */
export function unsaved(form: PartsForm, saved: EditableParts): boolean {
  return JSON.stringify(form) !== JSON.stringify(formOf(saved));
}

/** The parts whose text differs between two forms: what a save writes, and what the toast names. */
export function changedKeys(form: PartsForm, saved: PartsForm): PartKey[] {
  const keys: PartKey[] = [];
  if (form.bio !== saved.bio) keys.push("bio");
  for (const p of form.prompts) if (p.text !== saved.prompts.find((s) => s.key === p.key)?.text) keys.push(p.key);
  if (JSON.stringify(form.starters) !== JSON.stringify(saved.starters)) keys.push("starters");
  if (JSON.stringify(form.guide) !== JSON.stringify(saved.guide)) keys.push("guide");
  if (form.recommendations !== saved.recommendations) keys.push("recommendations");
  for (const v of form.versions ?? []) if (v.text !== saved.versions?.find((s) => s.tone === v.tone)?.text) keys.push(VERSION_KEY_OF[v.tone]);
  if (form.promptsToAnswer !== saved.promptsToAnswer) keys.push("promptsToAnswer");
  if (form.photoPlan !== saved.photoPlan) keys.push("photoPlan");
  return keys;
}

/** The `parts` of PUT …/parts (the server trims, drops blank starters and reads a section's lines as its points). */
export function partsEdit(form: PartsForm): PartsEdit {
  return {
    bio: form.bio === null ? null : { text: form.bio },
    prompts: form.prompts.map((p) => ({ key: p.key, text: p.text })),
    starters: form.starters,
    guide: form.guide,
    recommendations: form.recommendations,
    versions: form.versions,
    promptsToAnswer: form.promptsToAnswer,
    photoPlan: form.photoPlan,
  };
}

/**
 * The `parts` of PUT …/parts holding only `keys` (the parts this tab changed): a part left out is never written, so a
 * save cannot put back a text another administrator changed meanwhile.
 */
export function partsChange(form: PartsForm, keys: readonly PartKey[]): PartsChange {
  const edit = partsEdit(form);
  const has = (k: PartKey) => keys.includes(k);
  return {
    ...(has("bio") && { bio: edit.bio }),
    ...(edit.prompts.some((p) => has(p.key)) && { prompts: edit.prompts.filter((p) => has(p.key)) }),
    ...(has("starters") && { starters: edit.starters }),
    ...(has("guide") && { guide: edit.guide }),
    ...(has("recommendations") && { recommendations: edit.recommendations }),
    ...(edit.versions?.some((v) => has(VERSION_KEY_OF[v.tone])) && { versions: edit.versions.filter((v) => has(VERSION_KEY_OF[v.tone])) }),
    ...(has("promptsToAnswer") && edit.promptsToAnswer != null && { promptsToAnswer: edit.promptsToAnswer }),
    ...(has("photoPlan") && edit.photoPlan != null && { photoPlan: edit.photoPlan }),
  };
}

/** The form with one part's text taken from `source` (another form): "use their text" for one part only. */
export function withPart(form: PartsForm, key: PartKey, source: PartsForm): PartsForm {
  switch (key) {
    case "bio":
      return { ...form, bio: source.bio };
    case "starters":
      return { ...form, starters: [...source.starters] };
    case "guide":
      return { ...form, guide: source.guide && { title: source.guide.title, sections: source.guide.sections.map((s) => ({ ...s })) } };
    case "recommendations":
      return { ...form, recommendations: source.recommendations };
    case "promptsToAnswer":
      return { ...form, promptsToAnswer: source.promptsToAnswer };
    case "photoPlan":
      return { ...form, photoPlan: source.photoPlan };
    case "versionWarm":
    case "versionPlayful":
    case "versionDirect": {
      const text = source.versions?.find((v) => VERSION_KEY_OF[v.tone] === key)?.text;
      return text === undefined ? form : withText(form, key, text);
    }
    default: {
      const text = source.prompts.find((p) => p.key === key)?.text;
      return text === undefined ? form : { ...form, prompts: form.prompts.map((p) => (p.key === key ? { ...p, text } : p)) };
    }
  }
}

/**
 * The form with one single-field part's text replaced ("Start from the draft"): the bio, an answer, a version, the
 * prompts to answer or the photo plan. Any other part is left as it is.
 */
export function withText(form: PartsForm, key: PartKey, text: string): PartsForm {
  switch (key) {
    case "bio":
      return form.bio === null ? form : { ...form, bio: text };
    case "promptsToAnswer":
      return form.promptsToAnswer === null ? form : { ...form, promptsToAnswer: text };
    case "photoPlan":
      return form.photoPlan === null ? form : { ...form, photoPlan: text };
    case "versionWarm":
    case "versionPlayful":
    case "versionDirect":
      return form.versions ? { ...form, versions: form.versions.map((v) => (VERSION_KEY_OF[v.tone] === key ? { ...v, text } : v)) } : form;
    case "prompt1":
    case "prompt2":
    case "prompt3":
      return { ...form, prompts: form.prompts.map((p) => (p.key === key ? { ...p, text } : p)) };
    case "starters":
      // As partText writes them: one a line, numbered.
      return { ...form, starters: text.split(/\r?\n/).map((line) => line.replace(/^\s*\d+[.)]\s*/, "").trim()).filter(Boolean).slice(0, EDIT_LIMITS.starters) };
    case "guide":
      return form.guide === null ? form : { ...form, guide: guideOfText(text) };
    case "recommendations":
      return { ...form, recommendations: text };
    default:
      return form;
  }
}

/** A guide from partText's plain text: its title, then blocks after a blank line, each a heading and its points. */
function guideOfText(text: string): NonNullable<PartsForm["guide"]> {
  const [title = "", ...blocks] = text.split(/\r?\n\s*\r?\n/);
  return {
    title: title.trim(),
    sections: blocks.map((block) => {
      const [heading = "", ...points] = block.trim().split(/\r?\n/);
      return { heading: heading.trim(), text: points.join("\n") };
    }),
  };
}

/** The text of one part of a form, for the conflict's side-by-side and its word diff. */
export function formPartText(key: PartKey, form: PartsForm, like: EditableParts): string {
  const parts: EditableParts = {
    ...like,
    bio: form.bio === null ? null : { text: form.bio, limit: like.bio?.limit ?? 0, original: null },
    prompts: form.prompts.map((p) => ({ ...p, limit: 0, original: null })),
    starters: form.starters,
    guide: form.guide,
    recommendations: form.recommendations,
    versions: form.versions,
    promptsToAnswer: form.promptsToAnswer,
    photoPlan: form.photoPlan,
  };
  return partText(key, parts);
}

/** A field's id → what is wrong with it; the ids are the controls' own (see fieldId). */
export type FormErrors = Record<string, string>;

export const fieldId = {
  bio: "review-part-bio",
  prompt: (key: string) => `review-part-${key}`,
  starter: (i: number) => `review-part-starter-${i + 1}`,
  guideTitle: "review-part-guide-title",
  heading: (i: number) => `review-part-guide-${i + 1}-heading`,
  sectionText: (i: number) => `review-part-guide-${i + 1}-text`,
  recommendations: "review-part-recommendations",
  /** Every part that is one field (the bio, an answer, a version, the prompts to answer, the photo plan): what the desk's list links to. */
  part: (key: PartKey) => `review-part-${key}`,
} as const;

/**
 * What must be written before a save, by field: the customer never receives an empty box (a starter or a guide
 * section that should go is removed; a blank starter is taken out by the server). The lengths are the controls'
 * own maxLength; the rest of the rules (points per section) are the server's, told in its message.
 */
export function formErrors(form: PartsForm): FormErrors {
  const errors: FormErrors = {};
  if (form.bio !== null && !form.bio.trim()) errors[fieldId.bio] = "Write the bio: the customer's profile needs one.";
  for (const p of form.prompts) if (!p.text.trim()) errors[fieldId.prompt(p.key)] = "Write the answer: the prompt stays on the profile.";
  if (form.guide) {
    if (!form.guide.title.trim()) errors[fieldId.guideTitle] = "Give the guide a title.";
    form.guide.sections.forEach((s, i) => {
      if (!s.heading.trim()) errors[fieldId.heading(i)] = "Give the section a heading, or remove it.";
      if (!s.text.trim()) errors[fieldId.sectionText(i)] = "Write at least one point, or remove the section.";
    });
  }
  return errors;
}

/** Spec: a premium result needs conversation starters or a strategy guide ('No Content Provided'). */
export function premiumContentMissing(form: PartsForm, premium: boolean): boolean {
  return premium && form.starters.length === 0 && (form.guide === null || form.guide.sections.length === 0);
}

/**
 * A strategy guide file (.txt or .md, read as text) as the guide's title and sections, by the server's own reading
 * (parts.ts: "#" the title, "##" each section, every other line a point), or what is wrong with it.
 */
export function guideFromFile(text: string, fallbackTitle: string): NonNullable<PartsForm["guide"]> | string {
  const guide = guideFromText(text, fallbackTitle);
  if (typeof guide === "string") return guide;
  return { title: guide.title, sections: guide.sections.map((s) => ({ heading: s.heading, text: s.points.join("\n") })) };
}

/** Spec section 5: the strategy guide is a .txt or .md file. */
export const GUIDE_FILE = /\.(txt|md)$/i;

/** A part in words, for the draft chooser and the toasts. */
export function partLabel(key: PartKey, parts: EditableParts): string {
  switch (key) {
    case "bio":
      return "Bio";
    case "starters":
      return "Conversation starters";
    case "guide":
      return "Strategy guide";
    case "recommendations":
      return "Recommendations";
    case "promptsToAnswer":
      return "Prompts to answer";
    case "photoPlan":
      return "Photo plan";
    case "versionWarm":
      return "Warm version";
    case "versionPlayful":
      return "Playful version";
    case "versionDirect":
      return "Direct version";
    default: {
      const prompt = parts.prompts.find((p) => p.key === key)?.prompt;
      return prompt ? `Answer to “${prompt}”` : "Prompt answer";
    }
  }
}
