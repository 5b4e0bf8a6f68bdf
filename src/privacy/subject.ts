/**
 * The data subject of articles 15 and 17: everything stored about one paid profile, found in one place so that the
 * export (./export.ts) hands over exactly what the erasure (./erasure.ts) deletes, and the check that lets a
 * customer reach it: the profile id (the results link's capability) plus the e-mail address the profile was sent with.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { ID_PATTERN } from "../db/ids.ts";
import { adminAudit, contactMessages, deletions, jobs, orders, outcomes, paymentSessions, photos, profiles, resultReleases, resultVersions } from "../db/schema.ts";
import { CONTACT_MAIL } from "../contact/job.ts";
import { DELETION_RECEIPT_MAIL } from "./receipt-kind.ts";

type Reader = Pick<DB, "select">;
type ProfileRow = typeof profiles.$inferSelect;

/** SHA-256 of a profile id, in hex: how deletion records name a profile without holding its id. */
export function profileKey(profileId: string): string {
  return Buffer.from(sha256(new TextEncoder().encode(`profile:${profileId}`))).toString("hex");
}

/** Whether an order shows the profile was bought: only paid (or since refunded) profiles can be exported or erased. */
export function isPaid(order: { status: string }): boolean {
  return order.status === "paid" || order.status === "refunded";
}

/** Every row stored about the profile, each table's rows as Drizzle reads them. */
export interface SubjectRows {
  profile: ProfileRow;
  /** Every version of the result (the machine's, the reruns', each administrator's save) and each release of one. */
  resultVersions: (typeof resultVersions.$inferSelect)[];
  resultReleases: (typeof resultReleases.$inferSelect)[];
  photos: (typeof photos.$inferSelect)[];
  orders: (typeof orders.$inferSelect)[];
  paymentSessions: (typeof paymentSessions.$inferSelect)[];
  /** Queued, running, finished and failed jobs whose payload or key names the profile, its orders, messages or deletions. */
  jobs: (typeof jobs.$inferSelect)[];
  audit: (typeof adminAudit.$inferSelect)[];
  /** Messages sent through the contact form from the profile's address (compared without case). */
  contactMessages: (typeof contactMessages.$inferSelect)[];
  /** Earlier deletions (retention) of this profile's data. */
  deletions: (typeof deletions.$inferSelect)[];
  /** The measured outcome's answers, follow-up and opt-out (src/outcomes/): none, or one row. */
  outcomes: (typeof outcomes.$inferSelect)[];
}

export function subjectRows(db: Reader, profile: ProfileRow): SubjectRows {
  const id = profile.id;
  const orderRows = db.select().from(orders).where(eq(orders.profileId, id)).orderBy(orders.createdAt).all();
  const orderIds = orderRows.map((o) => o.id);
  const messages = profile.email
    ? db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${profile.email.toLowerCase()}`).orderBy(contactMessages.id).all()
    : [];
  const deletionRows = db.select().from(deletions).where(eq(deletions.profileKey, profileKey(id))).orderBy(deletions.at).all();
  const concerning: SQL[] = [sql`json_extract(${jobs.payload}, '$.profileId') = ${id}`, sql`instr(${jobs.idempotencyKey}, ${id}) > 0`];
  if (orderIds.length) concerning.push(inArray(sql`json_extract(${jobs.payload}, '$.orderId')`, orderIds));
  if (messages.length) concerning.push(and(eq(jobs.kind, CONTACT_MAIL.kind), inArray(sql`json_extract(${jobs.payload}, '$.contactMessageId')`, messages.map((m) => m.id)))!);
  if (deletionRows.length) concerning.push(and(eq(jobs.kind, DELETION_RECEIPT_MAIL.kind), inArray(sql`json_extract(${jobs.payload}, '$.deletionId')`, deletionRows.map((d) => d.id)))!);
  return {
    profile,
    resultVersions: db.select().from(resultVersions).where(eq(resultVersions.profileId, id)).orderBy(resultVersions.id).all(),
    resultReleases: db.select().from(resultReleases).where(eq(resultReleases.profileId, id)).orderBy(resultReleases.id).all(),
    photos: db.select().from(photos).where(eq(photos.profileId, id)).orderBy(photos.order).all(),
    orders: orderRows,
    paymentSessions: orderIds.length ? db.select().from(paymentSessions).where(inArray(paymentSessions.orderId, orderIds)).orderBy(paymentSessions.createdAt).all() : [],
    jobs: db.select().from(jobs).where(or(...concerning)).orderBy(jobs.id).all(),
    audit: db.select().from(adminAudit).where(eq(adminAudit.profileId, id)).orderBy(adminAudit.at, adminAudit.id).all(),
    contactMessages: messages,
    deletions: deletionRows,
    outcomes: db.select().from(outcomes).where(eq(outcomes.profileId, id)).all(),
  };
}

/** The latest erasure of the profile on request, if it was erased. */
export function erasureOf(db: Reader, profileId: string): { at: Date } | null {
  const row = db
    .select({ at: deletions.at })
    .from(deletions)
    .where(and(eq(deletions.profileKey, profileKey(profileId)), inArray(deletions.reason, ["customer", "admin"])))
    .orderBy(desc(deletions.at))
    .get();
  return row ?? null;
}

/**
 * Whether the request may reach the profile's data: `not_found` for an id that is malformed, unknown or never paid
 * for; `erased` and `cleared` when there is nothing left to hand over; `wrong_email` when the address typed is not
 * the profile's. The addresses are compared without case (and surrounding spaces), as SHA-256 digests in constant
 * time, so the answer's timing says nothing about how much of an address was right.
 */
export type Access =
  | { ok: true; profile: ProfileRow }
  | { ok: false; problem: "not_found" | "wrong_email" }
  | { ok: false; problem: "erased" | "cleared"; at: Date };

export function checkAccess(db: Reader, profileId: string, email: string | null): Access {
  if (!ID_PATTERN.test(profileId)) return { ok: false, problem: "not_found" };
  const profile = db.select().from(profiles).where(eq(profiles.id, profileId)).get();
  if (!profile) {
    const erased = erasureOf(db, profileId);
    return erased ? { ok: false, problem: "erased", at: erased.at } : { ok: false, problem: "not_found" };
  }
  if (!db.select({ status: orders.status }).from(orders).where(eq(orders.profileId, profileId)).all().some(isPaid)) return { ok: false, problem: "not_found" };
  if (profile.textClearedAt) return { ok: false, problem: "cleared", at: profile.textClearedAt };
  // An administrator (email null) has checked who is asking by other means.
  if (email !== null && !sameAddress(email, profile.email)) return { ok: false, problem: "wrong_email" };
  return { ok: true, profile };
}

function sameAddress(typed: string, stored: string): boolean {
  const digest = (address: string) => sha256(new TextEncoder().encode(address.trim().toLowerCase()));
  return constantTimeEqual(digest(typed), digest(stored));
}
