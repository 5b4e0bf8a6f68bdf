/**
 * An administrator's edits of a result (issue 20, items 1-3; the review gate contract). The structured result
 * (`profiles.optimization`) is the one source of truth: every edit writes its parts (src/shared/optimiser/parts.ts) and, in
 * the same transaction, the spec's HTML fields rendered again from it, so the review dialog, the spec's HTML routes,
 * the results page, the e-mail and the export all read the same text. A rerun of a result with edited parts leaves a
 * draft beside it (`profiles.draft_optimization`, written by the optimise job); the administrator takes parts of it or
 * discards it here. Nothing here changes a profile's status (src/profiles/lifecycle.ts does).
 *
 * Every write checks, inside its transaction: the profile exists, its order was not refunded, the result may be
 * edited (completed or revision requested, not sent, no results e-mail on its way), and the version the administrator
 * read is still the current one, so an edit never overwrites a change the administrator has not seen.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { writeTransaction, type DB } from "../db/client.ts";
import { jobs, profiles } from "../db/schema.ts";
import { resultsMailKey } from "../delivery/results.ts";
import { DomainError } from "../errors.ts";
import { REFUNDED, refuseIfRefunded } from "../orders/refunded.ts";
import { applyEdit, changedParts, guideFromText, partsOf, takeFromDraft, type PartKey, type PartsEdit } from "../shared/optimiser/parts.ts";
import { madeBy, specFields, startersFromMarkdown } from "../shared/optimiser/render.ts";
import { optimisationResultSchema, type OptimisationResult } from "../shared/optimiser/result.ts";
import { customerView } from "../profiles/lifecycle.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import type { EditState } from "../shared/api/admin-profiles.ts";
import { audit } from "./audit.ts";
import { readProfileHtml, readRecommendationsHtml } from "./edit-html.ts";

type ProfileRow = typeof profiles.$inferSelect;
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export const STALE_MESSAGE = "This profile changed since you opened it: reload to see the changes; your text is still in the form.";

function parsed(value: unknown): OptimisationResult | null {
  const result = optimisationResultSchema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * The version of what an edit would change: the working result, the draft, the status and whether it was sent. A
 * digest of them, not a clock, so two changes in one millisecond still differ and nothing else moves it.
 */
export function resultVersion(profile: Pick<ProfileRow, "optimization" | "draftOptimization" | "status" | "emailSent" | "optimizedAt">): string {
  const state = JSON.stringify([profile.optimization ?? null, profile.draftOptimization ?? null, profile.status, profile.emailSent, profile.optimizedAt?.getTime() ?? null]);
  return createHash("sha256").update(state).digest("hex").slice(0, 24);
}

export function editState(profile: ProfileRow): EditState {
  const working = parsed(profile.optimization);
  const draft = parsed(profile.draftOptimization);
  const parts = working && partsOf(working);
  const draftParts = draft && partsOf(draft);
  return {
    parts,
    draft_parts: draftParts,
    draft_changes: parts && draftParts ? changedParts(parts, draftParts) : [],
    version: resultVersion(profile),
  };
}

const EDITABLE: readonly ProfileStatus[] = ["completed", "revision_requested"];

/** The profile, if it may be edited now and is still at `version` (when given); a `conflict` or `not_found` otherwise. */
function editableProfile(tx: Tx, profileId: string, version: string | null): ProfileRow & { result: OptimisationResult } {
  const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get();
  if (!profile) throw new DomainError("not_found", "Profile not found.");
  refuseIfRefunded(tx, profileId, REFUNDED.edit);
  if (version !== null && version !== resultVersion(profile)) throw new DomainError("conflict", STALE_MESSAGE);
  if (!EDITABLE.includes(profile.status)) throw new DomainError("conflict", "Only a completed result can be edited.");
  if (customerView(profile).currentReleased) throw new DomainError("conflict", "This result was already sent to the customer; regenerate it or process a revision to change it.");
  if (mailQueued(tx, profile)) throw new DomainError("conflict", "The results e-mail is on its way with this result, so it can no longer be edited.");
  const result = parsed(profile.optimization);
  if (!result) throw new DomainError("conflict", "This profile has no result to edit.");
  return { ...profile, result };
}

function mailQueued(tx: Pick<DB, "select">, profile: ProfileRow): boolean {
  if (!profile.optimizedAt) return false;
  const key = resultsMailKey(profile.id, profile.optimizedAt);
  return tx.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.idempotencyKey, key), inArray(jobs.status, ["queued", "running"]))).get() !== undefined;
}

/** Stores the working result and the spec's fields rendered from it; `draft` when the draft changes too. */
function storeResult(tx: Tx, profileId: string, result: OptimisationResult, draft?: null): void {
  const checked = optimisationResultSchema.parse(result);
  const fields = specFields(checked);
  tx.update(profiles)
    .set({
      optimization: checked,
      optimizedProfile: fields.optimizedProfile,
      recommendations: fields.recommendations,
      ...(draft === null && { draftOptimization: null }),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, profileId))
    .run();
}

const PART_NAMES: Record<PartKey, string> = {
  bio: "bio",
  prompt1: "answer 1",
  prompt2: "answer 2",
  prompt3: "answer 3",
  starters: "conversation starters",
  guide: "strategy guide",
  recommendations: "recommendations",
};
const named = (keys: readonly PartKey[]) => keys.map((k) => PART_NAMES[k]).join(", ");

function applyOrThrow(result: OptimisationResult, edit: PartsEdit, at: Date) {
  const outcome = applyEdit(result, edit, at);
  if (!outcome.ok) throw new DomainError(outcome.kind, outcome.message);
  return outcome;
}

/** PUT …/parts: the administrator's text, part by part; the parts whose text changed are marked edited. */
export function saveParts(ctx: AppContext, admin: string, profileId: string, version: string, edit: PartsEdit): PartKey[] {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version);
    const { result, changed } = applyOrThrow(profile.result, edit, new Date());
    if (changed.length === 0) return changed;
    storeResult(tx, profileId, result);
    audit(tx, { admin, action: "edit", profileId, detail: `edited: ${named(changed)}` });
    return changed;
  });
}

/** POST …/draft: the chosen parts of the draft into the working result, and the draft cleared; `take: []` discards it. */
export function resolveDraft(ctx: AppContext, admin: string, profileId: string, version: string, take: readonly PartKey[]): void {
  writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, version);
    const draft = parsed(profile.draftOptimization);
    if (!draft) throw new DomainError("conflict", "This profile has no new draft to choose from.");
    const offered = changedParts(partsOf(profile.result), partsOf(draft));
    const notOffered = take.filter((k) => !offered.includes(k));
    // A part the draft does not change, or does not have, cannot be taken from it.
    if (notOffered.length > 0) throw new DomainError("invalid", `The new draft does not change: ${named(notOffered)}.`);
    storeResult(tx, profileId, takeFromDraft(profile.result, draft, take, new Date()), null);
    audit(tx, { admin, action: "draft", profileId, detail: take.length > 0 ? `took from the new draft: ${named(take)}` : "new draft discarded" });
  });
}

const ELITE_HEADINGS = ["Prompts to answer", "Your photo plan"];

/**
 * The spec's PATCH …/update: `optimized_profile` and `recommendations` HTML, read back into the parts (the bio and
 * answers by their headings, the recommendations as plain text), then stored like any edit. HTML without the
 * structure the result has is refused (`invalid`), and nothing is written.
 */
export function updateContentHtml(ctx: AppContext, admin: string, profileId: string, html: { optimizedProfile: string; recommendations: string }): PartKey[] {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, null);
    const current = partsOf(profile.result);
    const read = readProfileHtml(html.optimizedProfile, { bio: current.bio !== null, prompts: current.prompts.length });
    if (!read.ok) throw new DomainError("invalid", read.message);
    // The recommendations as rendered now read the same way: unchanged HTML keeps the findings as they are.
    const rendered = specFields(profile.result).recommendations;
    const drop = { lines: [madeBy(profile.result)], from: profile.result.plan === "elite" ? ELITE_HEADINGS : [] };
    const sent = readRecommendationsHtml(html.recommendations, drop);
    const recommendations = sent === readRecommendationsHtml(rendered, drop) ? current.recommendations : sent;
    const edit: PartsEdit = { bio: read.bio, prompts: read.prompts, starters: current.starters, guide: current.guide, recommendations };
    const { result, changed } = applyOrThrow(profile.result, edit, new Date());
    if (changed.length > 0) storeResult(tx, profileId, result);
    audit(tx, { admin, action: "edit", profileId, detail: changed.length > 0 ? `optimized profile and recommendations saved (${named(changed)})` : "optimized profile and recommendations saved (no change)" });
    return changed;
  });
}

/**
 * The spec's PATCH …/update-premium-content: the starters as a Markdown list and the guide as text (typed, or an
 * uploaded file's), written as the `starters` and `guide` parts and marked edited. Premium and elite only.
 */
export function updatePremiumContent(ctx: AppContext, admin: string, profileId: string, edit: { conversationStarters?: string; strategyGuide?: string }): PartKey[] {
  return writeTransaction(ctx.store.db, (tx) => {
    const profile = editableProfile(tx, profileId, null);
    if (profile.result.plan === "basic") throw new DomainError("conflict", "Premium content belongs to premium and elite results.");
    const current = partsOf(profile.result);
    const starters = edit.conversationStarters?.trim() ? startersFromMarkdown(edit.conversationStarters) : current.starters;
    let guide = current.guide;
    if (edit.strategyGuide?.trim()) {
      const read = guideFromText(edit.strategyGuide, current.guide?.title ?? "Your strategy guide");
      if (typeof read === "string") throw new DomainError("invalid", read);
      guide = { title: read.title, sections: read.sections.map((s) => ({ heading: s.heading, text: s.points.join("\n") })) };
    }
    if (starters.length > 5) throw new DomainError("invalid", "At most 5 conversation starters, one per line.");
    if (starters.some((s) => s.length > 400)) throw new DomainError("invalid", "A conversation starter can be at most 400 characters.");
    const { result, changed } = applyOrThrow(profile.result, { ...current, bio: current.bio && { text: current.bio.text }, starters, guide }, new Date());
    if (changed.length > 0) storeResult(tx, profileId, result);
    const parts = [edit.conversationStarters?.trim() && "conversation starters", edit.strategyGuide?.trim() && "strategy guide"].filter(Boolean);
    audit(tx, { admin, action: "edit-premium-content", profileId, detail: `${parts.join(" and ")} saved` });
    return changed;
  });
}
