/**
 * The data export (GDPR articles 15 and 20): one zip holding everything stored about a profile (./subject.ts) as
 * JSON, every row whole under the database's own column names (but for who acted in the audit rows, AN_ADMINISTRATOR), plus the photo files and thumbnails still stored (on disk or in the bucket) and
 * the e-mails about the customer still in the outbox folder. What the erasure deletes is exactly what this hands over.
 */
import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { zipSync, strToU8, type Zippable } from "fflate";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { AppContext } from "../context.ts";
import { adminAudit, contactMessages, deletions, jobs, orders, outcomes, paymentSessions, photos, profiles, resultReleases, resultVersions } from "../db/schema.ts";
import { optimisationResultSchema } from "../shared/optimiser/result.ts";
import { findOutboxMail } from "./outbox.ts";
import { subjectRows } from "./subject.ts";

export const EXPORT_JSON = "profileboost-data.json";

/**
 * Who acted, in the export's audit rows: the role, never the administrator's username, which is half of what signs
 * in to the admin area and is nobody's personal data but the administrator's. Null (the customer's own request) stays.
 */
export const AN_ADMINISTRATOR = "an administrator";

/** One photo's files in the archive; null where the file is gone (retention deleted it). */
export interface ExportedPhotoFiles {
  photo_id: string;
  photo: string | null;
  thumbnail: string | null;
}

/** The archive's JSON: each table's rows about the profile, column by column. */
export interface ExportDocument {
  about: string;
  exported_at: string;
  profile: Record<string, unknown>;
  /** Every version of the result; the released ones are named in `result_releases`. */
  result_versions: Record<string, unknown>[];
  result_releases: Record<string, unknown>[];
  photos: Record<string, unknown>[];
  photo_files: ExportedPhotoFiles[];
  orders: Record<string, unknown>[];
  payment_sessions: Record<string, unknown>[];
  jobs: Record<string, unknown>[];
  audit: Record<string, unknown>[];
  contact_messages: Record<string, unknown>[];
  deletions: Record<string, unknown>[];
  /** The answers to "did it work?" (before and after), the follow-up e-mail's dates and an opt-out. */
  outcomes: Record<string, unknown>[];
  /** Paths in the archive of the outbox's `.eml` files about the customer. */
  mails: string[];
}

export function exportFileName(at: Date): string {
  return `profileboost-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** The zip for `profile` (already checked: the requester may have it). */
export async function exportProfile(ctx: AppContext, profile: typeof profiles.$inferSelect, at = new Date()): Promise<Uint8Array<ArrayBuffer>> {
  const rows = subjectRows(ctx.store.db, profile);
  // Photos are JPEGs already: stored, not compressed again.
  const files: Zippable = {};
  const photoFiles: ExportedPhotoFiles[] = [];
  for (const p of rows.photos) {
    const name = `photos/${p.order + 1}-${p.id}`;
    const add = async (file: string | null, path: string): Promise<string | null> => {
      const bytes = file ? await ctx.services.photos.read(file) : null;
      if (!bytes) return null;
      files[path] = [bytes, { level: 0 }];
      return path;
    };
    photoFiles.push({ photo_id: p.id, photo: await add(p.filePath, `${name}.jpg`), thumbnail: await add(p.thumbPath, `${name}-thumbnail.jpg`) });
  }
  const mails = findOutboxMail(ctx.config.outboxDir, [profile.email, profile.id]).map((path) => {
    const name = `mails/${basename(path)}`;
    files[name] = readFileSync(path);
    return name;
  });
  const document: ExportDocument = {
    about:
      `Everything ProfileBoost stores about profile ${profile.id}, exported ${at.toISOString()}. Each list holds the rows of one ` +
      "database table, with its column names; times are ISO 8601 in UTC, amounts in cents. The photos and e-mails are the files beside this one.",
    exported_at: at.toISOString(),
    profile: rowJson(profiles, rows.profile),
    result_versions: rows.resultVersions.map((r) => rowJson(resultVersions, { ...r, author: r.author === null ? null : AN_ADMINISTRATOR, result: standsByRole(r.result) })),
    result_releases: rows.resultReleases.map((r) => rowJson(resultReleases, r)),
    photos: rows.photos.map((r) => rowJson(photos, r)),
    photo_files: photoFiles,
    orders: rows.orders.map((r) => rowJson(orders, r)),
    payment_sessions: rows.paymentSessions.map((r) => rowJson(paymentSessions, r)),
    jobs: rows.jobs.map((r) => rowJson(jobs, r)),
    audit: rows.audit.map((r) => rowJson(adminAudit, { ...r, admin: r.admin === null ? null : AN_ADMINISTRATOR })),
    contact_messages: rows.contactMessages.map((r) => rowJson(contactMessages, r)),
    deletions: rows.deletions.map((r) => rowJson(deletions, r)),
    outcomes: rows.outcomes.map((r) => rowJson(outcomes, r)),
    mails,
  };
  files[EXPORT_JSON] = strToU8(JSON.stringify(document, null, 2));
  return zipSync(files, { mtime: at });
}

/** A row under its table's column names, every column of the schema: dates as ISO strings, bytes as base64. */
function rowJson(table: SQLiteTable, row: object): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = values[key];
    out[column.name] = value instanceof Date ? value.toISOString() : value instanceof Uint8Array ? Buffer.from(value).toString("base64") : (value ?? null);
  }
  return out;
}

/** A stored result with the writers who kept a part as it is (`editorial.stands[].by`) named only as a role. */
function standsByRole(stored: unknown): unknown {
  const parsed = optimisationResultSchema.safeParse(stored);
  const stands = parsed.success ? parsed.data.editorial?.stands : undefined;
  if (!parsed.success || !stands) return stored;
  return { ...parsed.data, editorial: { ...parsed.data.editorial!, stands: stands.map((s) => ({ ...s, by: AN_ADMINISTRATOR })) } };
}
