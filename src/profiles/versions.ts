/**
 * A profile's result as versions (README, Design decisions, "Results are versions"): every result the optimiser
 * makes and every save by an administrator is a new row of `result_versions`, never updated; the profile points at
 * its working version (what the review dialog reads and edits) and at a rerun's draft waiting beside it; each release
 * points at the version it sent (`result_releases`), and the customer's page, the results e-mail and the export read
 * the latest release's version.
 *
 * The `version` the review dialog and the spec's PATCH routes send back is `versionToken`: the working version's id,
 * and the draft's after a colon when one waits (`"12"`, `"12:15"`).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { profiles, resultReleases, resultVersions, type ResultVersionKind } from "../db/schema.ts";
import { changedParts, partsOf, PART_KEYS, type PartKey } from "../shared/optimiser/parts.ts";
import { specFields } from "../shared/optimiser/render.ts";
import { optimisationResultSchema, type Editorial, type Engine, type OptimisationResult } from "../shared/optimiser/result.ts";
import type { ReleasedResult } from "./release.ts";

type Reader = Pick<DB, "select">;
type Writer = Pick<DB, "select" | "insert" | "update">;
type ProfileRow = typeof profiles.$inferSelect;

export interface Version {
  id: number;
  profileId: string;
  parentId: number | null;
  kind: ResultVersionKind;
  author: string | null;
  /** Null once retention cleared the text, or when the stored result no longer reads. */
  result: OptimisationResult | null;
  changed: PartKey[];
  createdAt: Date;
}

function parsed(value: unknown): OptimisationResult | null {
  const result = optimisationResultSchema.safeParse(value);
  return result.success ? result.data : null;
}

function toVersion(row: typeof resultVersions.$inferSelect): Version {
  return { ...row, result: parsed(row.result), changed: PART_KEYS.filter((k) => row.changed.includes(k)) };
}

/** The version `id` of `profileId`, or null (unknown, or another profile's). */
export function readVersion(db: Reader, profileId: string, id: number | null): Version | null {
  if (id === null) return null;
  const row = db.select().from(resultVersions).where(and(eq(resultVersions.id, id), eq(resultVersions.profileId, profileId))).get();
  return row ? toVersion(row) : null;
}

export function workingVersion(db: Reader, profile: Pick<ProfileRow, "id" | "workingVersionId">): Version | null {
  return readVersion(db, profile.id, profile.workingVersionId);
}

export function draftVersion(db: Reader, profile: Pick<ProfileRow, "id" | "draftVersionId">): Version | null {
  return readVersion(db, profile.id, profile.draftVersionId);
}

/** The working result, the one the review dialog edits and the next release sends; null before the first. */
export function workingResult(db: Reader, profile: Pick<ProfileRow, "id" | "workingVersionId">): OptimisationResult | null {
  return workingVersion(db, profile)?.result ?? null;
}

/**
 * Stores a new version made from `parentId` (the working version it started from) and answers its id; `changed`
 * names the parts whose text differs from the parent's. It does not move the profile's pointers: the caller does,
 * in the same transaction, through `setWorking` or the lifecycle.
 */
export function addVersion(
  tx: Writer,
  v: { profileId: string; parentId: number | null; kind: ResultVersionKind; author: string | null; result: OptimisationResult; at?: Date },
): number {
  const checked = optimisationResultSchema.parse(v.result);
  const parent = readVersion(tx, v.profileId, v.parentId)?.result ?? null;
  const changed = parent ? changedParts(partsOf(parent), partsOf(checked)) : [];
  const row = tx
    .insert(resultVersions)
    .values({ profileId: v.profileId, parentId: v.parentId, kind: v.kind, author: v.author, result: checked, changed, createdAt: v.at ?? new Date() })
    .returning({ id: resultVersions.id })
    .get();
  return row.id;
}

/** Points the profile at a new working version (and clears or keeps its draft), outside any status change. */
export function setWorking(tx: Writer, profileId: string, versionId: number, draft: "keep" | "clear" = "keep"): void {
  tx.update(profiles)
    .set({ workingVersionId: versionId, ...(draft === "clear" && { draftVersionId: null }), updatedAt: new Date() })
    .where(eq(profiles.id, profileId))
    .run();
}

export function versionToken(profile: Pick<ProfileRow, "workingVersionId" | "draftVersionId">): string {
  return `${profile.workingVersionId ?? 0}${profile.draftVersionId ? `:${profile.draftVersionId}` : ""}`;
}

/** A token as sent back: its working and draft version ids, or null when it is not one (an `If-Match` may quote it). */
export function parseVersionToken(token: string): { working: number; draft: number | null } | null {
  const m = /^(?:W\/)?"?(\d{1,15})(?::(\d{1,15}))?"?$/.exec(token.trim());
  return m ? { working: Number(m[1]), draft: m[2] ? Number(m[2]) : null } : null;
}

/** The latest release of the profile: the version sent and when; null before the first. */
export function latestRelease(db: Reader, profileId: string): { versionId: number; releasedAt: Date; messageId: string | null } | null {
  return (
    db
      .select({ versionId: resultReleases.versionId, releasedAt: resultReleases.releasedAt, messageId: resultReleases.messageId })
      .from(resultReleases)
      .where(eq(resultReleases.profileId, profileId))
      .orderBy(desc(resultReleases.id))
      .get() ?? null
  );
}

/** What a release shows: the version's result with the spec's HTML fields rendered from it. */
export function releaseView(result: OptimisationResult, releasedAt: Date): ReleasedResult {
  const fields = specFields(result);
  return { optimizedProfile: fields.optimizedProfile, recommendations: fields.recommendations, optimization: customerCopy(result), releasedAt: releasedAt.toISOString() };
}

/**
 * The result as the customer may read it (the results page's data, the e-mail's snapshot): without the writers'
 * reasons for keeping parts (who and why is the desk's), the AI engine's checks and fallback reason, and the model's
 * name (an engine is "ai" or "local", nothing more). The customer's data export keeps everything stored (decision 125).
 */
function customerCopy(result: OptimisationResult): OptimisationResult {
  const { checks: _, ...rest } = result;
  const engine = (e: Engine | null) => e && { kind: e.kind };
  const engines = Object.fromEntries(Object.entries(result.engines).map(([part, e]) => [part, engine(e)])) as OptimisationResult["engines"];
  return { ...rest, engines, fallback: null, ...(result.editorial?.stands && { editorial: withoutStands(result.editorial) }) };
}

function withoutStands(editorial: Editorial): Editorial {
  const { stands: _, ...kept } = editorial;
  return kept;
}

/** What the customer reads: the latest release's version, or null before the first release (or once its text was cleared). */
export function releasedResult(db: Reader, profileId: string): ReleasedResult | null {
  const release = latestRelease(db, profileId);
  const result = release && readVersion(db, profileId, release.versionId)?.result;
  return release && result ? releaseView(result, release.releasedAt) : null;
}

export function recordRelease(tx: Writer, r: { profileId: string; versionId: number; releasedAt: Date; messageId: string }): void {
  tx.insert(resultReleases).values(r).run();
}

/** When the optimiser last finished a result for the profile (the spec's `optimized_at`); null before the first. */
export function optimizedAt(db: Reader, profileId: string): Date | null {
  const row = db
    .select({ at: resultVersions.createdAt })
    .from(resultVersions)
    .where(and(eq(resultVersions.profileId, profileId), inArray(resultVersions.kind, ["machine", "rerun"])))
    .orderBy(desc(resultVersions.id))
    .get();
  return row?.at ?? null;
}

/** The profile's versions, newest first, without their text: the review dialog's history. */
export function historyOf(db: Reader, profileId: string): { id: number; parentId: number | null; kind: ResultVersionKind; author: string | null; changed: PartKey[]; createdAt: Date; released: boolean }[] {
  const released = new Set(db.select({ id: resultReleases.versionId }).from(resultReleases).where(eq(resultReleases.profileId, profileId)).all().map((r) => r.id));
  return db
    .select({ id: resultVersions.id, parentId: resultVersions.parentId, kind: resultVersions.kind, author: resultVersions.author, changed: resultVersions.changed, createdAt: resultVersions.createdAt })
    .from(resultVersions)
    .where(eq(resultVersions.profileId, profileId))
    .orderBy(desc(resultVersions.id))
    .all()
    .map((v) => ({ ...v, changed: PART_KEYS.filter((k) => v.changed.includes(k)), released: released.has(v.id) }));
}
