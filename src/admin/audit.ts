import { desc, eq } from "drizzle-orm";
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
