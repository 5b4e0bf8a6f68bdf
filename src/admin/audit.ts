import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { adminAudit } from "../db/schema.ts";

type Writer = Pick<DB, "insert">;

export interface AuditEntry {
  admin: string | null;
  action: string;
  profileId?: string | null;
  detail?: string | null;
}

/** Records what an administrator did; call it in the transaction of the change, so the trail and the change agree. */
export function audit(db: Writer, entry: AuditEntry): void {
  db.insert(adminAudit)
    .values({ admin: entry.admin, action: entry.action, profileId: entry.profileId ?? null, detail: entry.detail?.slice(0, 2000) ?? null })
    .run();
}

/**
 * Sign-ins, failed and refused sign-ins and sign-outs (rows about no profile) are kept 90 days and 10,000 rows at
 * most, the oldest going first; everything done to a profile or an account is kept. The throttle (./throttle.ts) already holds the
 * failures to five per username and per address per 15 minutes, and the refusals a lock-out causes to one row; the
 * bound is for the rest: many addresses, each failing its five.
 */
export const SIGN_IN_TRAIL = { maxRows: 10_000, maxAgeMs: 90 * 24 * 60 * 60 * 1000 };

export const SIGN_IN_ACTIONS = ["signed in", "signed out", "sign-in failed", "sign-in refused"] as const;

/** Records a sign-in event (`action` one of SIGN_IN_ACTIONS) and prunes the sign-in rows to SIGN_IN_TRAIL. */
export function auditSignIn(db: DB, entry: AuditEntry & { action: (typeof SIGN_IN_ACTIONS)[number] }, now = Date.now()): void {
  audit(db, { ...entry, profileId: null });
  pruneSignInTrail(db, now);
}

export function pruneSignInTrail(db: Pick<DB, "select" | "delete">, now = Date.now(), limits = SIGN_IN_TRAIL): void {
  // Read through the (profile_id, at) index; the accounts' own rows (created, disabled, …) name no profile either,
  // and are kept like a profile's.
  const signIns = and(isNull(adminAudit.profileId), inArray(adminAudit.action, [...SIGN_IN_ACTIONS]))!;
  db.delete(adminAudit)
    .where(and(signIns, lt(adminAudit.at, new Date(now - limits.maxAgeMs))))
    .run();
  // By time, then id: the order of the (profile_id, at) index, which ends in the rowid.
  const oldestKept = db
    .select({ at: adminAudit.at, id: adminAudit.id })
    .from(adminAudit)
    .where(signIns)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(1)
    .offset(limits.maxRows - 1)
    .get();
  if (oldestKept) {
    const older = or(lt(adminAudit.at, oldestKept.at), and(eq(adminAudit.at, oldestKept.at), lt(adminAudit.id, oldestKept.id)));
    db.delete(adminAudit).where(and(signIns, older)).run();
  }
}

/** A profile's trail, newest first. */
export function auditOf(db: Pick<DB, "select">, profileId: string) {
  return db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.profileId, profileId))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .all()
    .map((row) => ({ at: row.at.toISOString(), admin: row.admin, action: row.action, detail: row.detail }));
}
