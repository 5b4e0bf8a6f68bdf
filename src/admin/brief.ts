/**
 * The writer's brief beside each part of the review dialog (issue 28, item 3): the customer's revision note first
 * (when the run answered one), the facts a rewrite keeps (from the customer's own submission), the problems the
 * analysis found in the part and why, the customer's voice, the app's limit and the plan's promise for the part,
 * and the machine's draft and the customer's original, each one click from being the starting text. Server-side:
 * it reads the customer's submission and the optimiser's sentence readers (src/optimiser/text/).
 */
import type { DB } from "../db/client.ts";
import type { profiles } from "../db/schema.ts";
import { isSpecific } from "../optimiser/text/signals.ts";
import { splitSentences } from "../optimiser/text/sentences.ts";
import { detectLanguage } from "../optimiser/text/language.ts";
import { readVersion, type Version } from "../profiles/versions.ts";
import type { DeskState, PartBrief } from "../shared/api/admin-profiles.ts";
import { toWrite } from "../shared/admin/desk.ts";
import { partKeysOf, partsOf, partText, PROMPT_KEYS, VERSION_KEYS, type EditableParts, type PartKey } from "../shared/optimiser/parts.ts";
import type { Finding, OptimisationResult } from "../shared/optimiser/result.ts";
import { PLANS, type PlanId } from "../shared/orders/plans.ts";

type ProfileRow = typeof profiles.$inferSelect;

/** What the forms store for a field left empty: not a fact. */
const NOT_GIVEN = new Set(["Not provided", "Not specified"]);

/**
 * The detail's `desk`: the parts still to write, the parts kept as they are, and a brief for every part. A revision's
 * note is the working result's when its run answered one, else the waiting draft's (a revision of an edited result).
 */
export function deskState(db: Pick<DB, "select">, profile: ProfileRow, working: Version | null, draft: OptimisationResult | null): DeskState | null {
  const result = working?.result;
  if (!working || !result) return null;
  const parts = partsOf(result);
  const machine = machineParts(db, working);
  const facts = factsOf(profile);
  const note = [result, draft].find((r) => r?.reason === "revision")?.revisionNotes ?? null;
  const brief: DeskState["brief"] = {};
  for (const part of partKeysOf(result)) brief[part] = partBrief(result, parts, machine, facts, note, part);
  return { toWrite: toWrite(result), stands: result.editorial?.stands ?? [], brief };
}

/** The nearest version on the working line the optimiser wrote (its first run, or a rerun): its parts are the machine's draft. */
function machineParts(db: Pick<DB, "select">, working: Version): EditableParts | null {
  for (let v: Version | null = working, hops = 0; v && hops < 1000; v = readVersion(db, v.profileId, v.parentId), hops++) {
    if ((v.kind === "machine" || v.kind === "rerun" || v.kind === "migrated") && v.result) return partsOf(v.result);
  }
  return null;
}

function partBrief(result: OptimisationResult, parts: EditableParts, machine: EditableParts | null, facts: string[], revisionNote: string | null, part: PartKey): PartBrief {
  const prompt = PROMPT_KEYS.indexOf(part as (typeof PROMPT_KEYS)[number]);
  const bioLike = part === "bio" || (VERSION_KEYS as readonly PartKey[]).includes(part);
  const original = bioLike ? (parts.bio?.original ?? null) : prompt >= 0 ? (parts.prompts[prompt]?.original ?? null) : null;
  const draft = machine ? partText(part, machine) : null;
  return {
    revisionNote,
    facts,
    problems: problemsOf(result, part),
    voice: voiceOf(original ?? customerText(parts)),
    limit: bioLike ? (parts.bio?.limit ?? null) : prompt >= 0 ? (parts.prompts[prompt]?.limit ?? null) : null,
    promise: promiseOf(result.plan, part),
    draft: draft || null,
    original,
  };
}

/** The customer's facts to keep, from what they submitted: their job, goal and details, then their bio's specific sentences. */
function factsOf(profile: ProfileRow): string[] {
  const own = (value: string | null) => (value && !NOT_GIVEN.has(value.trim()) ? value.trim() : null);
  const fields: [string, string | null][] = [
    ["Job", profile.jobTitle],
    ["Industry", profile.industry],
    ["Education", profile.education],
    ["School", profile.school],
    ["Looking for", profile.lookingFor],
    ["Interests", profile.interests],
    ["Ideal first date", profile.idealFirstDate],
    ["Vibes", profile.vibes],
    ["Anthem", profile.anthem],
  ];
  const facts = fields.flatMap(([name, value]) => (own(value) ? [`${name}: ${own(value)}`] : []));
  const bio = own(profile.bio);
  const specific = bio ? splitSentences(bio).map((s) => s.text).filter(isSpecific) : [];
  return [...facts, ...specific.map((s) => `In their bio: “${s}”`)].slice(0, 16);
}

/** The findings about the part, with why; the AI checks' problems with every part (they name no field). */
function problemsOf(result: OptimisationResult, part: PartKey): PartBrief["problems"] {
  const field = (f: Finding) => {
    if (part === "recommendations") return true;
    if (part === "bio" || (VERSION_KEYS as readonly PartKey[]).includes(part)) return f.field === "bio";
    if (part === "photoPlan") return f.field === "photos";
    return f.field === part;
  };
  const found = result.analysis.problems.filter(field).map((f) => ({ title: f.title, reason: f.reason, phrase: f.phrase ?? null }));
  const checks = (result.checks?.flagged ? result.checks.problems : []).map((p) => ({ title: "AI check", reason: p, phrase: null }));
  return [...found, ...checks];
}

/** Everything the customer wrote in the parts, for the voice of a part without an original of its own. */
function customerText(parts: EditableParts): string | null {
  const text = [parts.bio?.original, ...parts.prompts.map((p) => p.original)].filter(Boolean).join("\n");
  return text || null;
}

const EMOJI = /\p{Extended_Pictographic}/gu;

/** The customer's voice in a few words: length, tone and emoji use. */
export function voiceOf(text: string | null): string {
  if (!text?.trim()) return "The customer wrote nothing here: write in a plain, friendly voice.";
  const words = text.trim().split(/\s+/).length;
  const sentences = splitSentences(text).length;
  const emoji = text.match(EMOJI) ?? [];
  const letters = text.replace(/[^\p{L}]/gu, "");
  const tone = [
    letters.length >= 20 && letters === letters.toLowerCase() ? "writes in lowercase" : null,
    /!/.test(text) ? "uses exclamation marks" : null,
    /\b\w+'(?:m|re|s|ve|ll|d|t)\b/i.test(text) ? "casual (contractions)" : "even, no contractions",
    /\?/.test(text) ? "asks questions" : null,
  ].filter(Boolean);
  const emojiUse = emoji.length > 0 ? `${emoji.length} emoji (${[...new Set(emoji)].join(" ")})` : "no emoji";
  // Another language needs a writer who knows it (issue 30, item 1): said first, so it is the first thing read.
  const language = detectLanguage(text);
  const written = language && language.code !== "en" ? `Written in ${language.name}: write in ${language.name}, or pass it to a writer who knows it. ` : "";
  return `${written}${words} ${words === 1 ? "word" : "words"} in ${sentences} ${sentences === 1 ? "sentence" : "sentences"}; ${tone.join(", ")}; ${emojiUse}.`;
}

/** Which words of the plan table promise each part (src/shared/orders/plans.ts); the plan's description when none does. */
const PROMISES: Record<PartKey, RegExp> = {
  bio: /bio (?:rewrite|optimization)/i,
  prompt1: /prompt answer/i,
  prompt2: /prompt answer/i,
  prompt3: /prompt answer/i,
  starters: /conversation starters/i,
  guide: /strategy guide/i,
  recommendations: /analysis/i,
  versionWarm: /bio versions/i,
  versionPlayful: /bio versions/i,
  versionDirect: /bio versions/i,
  promptsToAnswer: /prompts to answer/i,
  photoPlan: /photo plan/i,
};

/** The plan's promise for a part, in the plan table's own words: the plan's features first, then those it includes. */
export function promiseOf(plan: PlanId, part: PartKey): string {
  const included: PlanId[] = plan === "elite" ? ["elite", "premium", "basic"] : plan === "premium" ? ["premium", "basic"] : ["basic"];
  for (const id of included) {
    const feature = PLANS[id].features.find((f) => PROMISES[part].test(f));
    if (feature) return `${PLANS[plan].title}: “${feature}”.`;
  }
  return `${PLANS[plan].title}: “${PLANS[plan].description}”`;
}
