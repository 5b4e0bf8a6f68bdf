import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { adminSessions, users } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { AdminRole } from "../shared/admin/roles.ts";
import type { AccountRow } from "../shared/api/team.ts";
import { audit } from "./audit.ts";
import { releaseClaimsOf } from "./claims.ts";

type Reader = Pick<DB, "select">;

export interface AdminAccount {
  id: number;
  username: string;
  passwordHash: string;
  role: AdminRole;
  disabledAt: Date | null;
}

const accountColumns = { id: users.id, username: users.username, passwordHash: users.password, role: users.role, disabledAt: users.disabledAt };

/** The administrator with this username (exact, case-sensitive), with their password hash, role and whether disabled. */
export function findAdmin(db: Reader, username: string): AdminAccount | undefined {
  return db.select(accountColumns).from(users).where(eq(users.username, username)).get();
}

function accountById(db: Reader, id: number): AdminAccount {
  const account = db.select(accountColumns).from(users).where(eq(users.id, id)).get();
  if (!account) throw new DomainError("not_found", "There is no such account.");
  return account;
}

/** Ends every session of the account, or every one but `keep`; answers how many ended. */
function endSessions(tx: Pick<DB, "delete">, userId: number, keep?: string): number {
  const which = keep === undefined ? eq(adminSessions.userId, userId) : and(eq(adminSessions.userId, userId), ne(adminSessions.id, keep));
  return tx.delete(adminSessions).where(which).returning({ id: adminSessions.id }).all().length;
}

/**
 * Adds the administrator when the username is new (an owner, unless `role` says otherwise); otherwise sets their new
 * password and ends all their sessions in the same transaction, so whoever knew the old password is signed out with it.
 */
export function setAdminPassword(db: DB, username: string, passwordHash: string, role: AdminRole = "owner"): { created: boolean; sessionsEnded: number } {
  return writeTransaction(db, (tx) => {
    const existing = tx.select({ id: users.id }).from(users).where(eq(users.username, username)).get();
    if (!existing) {
      tx.insert(users).values({ username, password: passwordHash, role }).run();
      return { created: true, sessionsEnded: 0 };
    }
    tx.update(users).set({ password: passwordHash }).where(eq(users.id, existing.id)).run();
    return { created: false, sessionsEnded: endSessions(tx, existing.id) };
  });
}

export function adminExists(db: Pick<DB, "select">): boolean {
  return db.select({ n: count() }).from(users).get()!.n > 0;
}

/** Creates the administrator, an owner, only while there is none, checked and inserted under one write lock. */
export function createFirstAdmin(db: DB, username: string, passwordHash: string): boolean {
  return writeTransaction(db, (tx) => {
    if (adminExists(tx)) return false;
    tx.insert(users).values({ username, password: passwordHash, role: "owner" }).run();
    return true;
  });
}

export const LAST_OWNER = "The team needs at least one enabled owner: make another account an owner first.";

/** Refuses a change that would leave no enabled owner (`account` is about to stop being one). */
function keepAnOwner(tx: Reader, account: AdminAccount): void {
  if (account.role !== "owner" || account.disabledAt !== null) return;
  const owners = tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "owner"), isNull(users.disabledAt)))
    .get()!.n;
  if (owners <= 1) throw new DomainError("conflict", LAST_OWNER);
}

export function listAccounts(db: Reader): AccountRow[] {
  return db
    .select()
    .from(users)
    .orderBy(asc(users.username))
    .all()
    .map((u) => ({ id: u.id, username: u.username, role: u.role, disabled_at: u.disabledAt?.toISOString() ?? null, created_at: u.createdAt.toISOString() }));
}

export function accountRow(db: Reader, id: number): AccountRow {
  return listAccounts(db).find((a) => a.id === id)!;
}

/** Adds an account; a username already taken, in any case, is a conflict (two accounts "Sam" and "sam" would confuse the trail). */
export function createAccount(db: DB, by: string, account: { username: string; role: AdminRole; passwordHash: string }): number {
  return writeTransaction(db, (tx) => {
    const taken = tx
      .select({ username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${account.username.toLowerCase()}`)
      .get();
    if (taken) throw new DomainError("conflict", `The username "${taken.username}" is already taken.`);
    const { id } = tx.insert(users).values({ username: account.username, password: account.passwordHash, role: account.role }).returning({ id: users.id }).get();
    audit(tx, { admin: by, action: "account created", detail: `${account.role} "${account.username}"` });
    return id;
  });
}

/** What PATCH /api/admin/accounts/:id may change; both in one transaction, so a refusal leaves the account as it was. */
export interface AccountChange {
  role?: AdminRole;
  disabled?: boolean;
}

/**
 * Changes the account's role (to writer: refused for the last enabled owner; the new role holds from the account's next
 * request, since sessions read it each time: ./sessions.ts) and disables it (its sessions end and its claims are
 * released at once; refused for the last enabled owner) or enables it again. Answers what changed.
 */
export function changeAccount(db: DB, by: string, target: { id: number } | { username: string }, change: AccountChange, now = Date.now()): { changed: string[]; username: string } {
  return writeTransaction(db, (tx) => {
    const found = "id" in target ? accountById(tx, target.id) : findAdmin(tx, target.username);
    if (!found) throw new DomainError("not_found", "There is no such account.");
    let account = found;
    const changed: string[] = [];
    if (change.role !== undefined && change.role !== account.role) {
      if (change.role !== "owner") keepAnOwner(tx, account);
      tx.update(users).set({ role: change.role }).where(eq(users.id, account.id)).run();
      audit(tx, { admin: by, action: "account role changed", detail: `"${account.username}": ${account.role} → ${change.role}` });
      account = { ...account, role: change.role };
      changed.push(change.role === "owner" ? "now an owner" : "now a writer");
    }
    if (change.disabled === false && account.disabledAt !== null) {
      tx.update(users).set({ disabledAt: null }).where(eq(users.id, account.id)).run();
      audit(tx, { admin: by, action: "account enabled", detail: `"${account.username}"` });
      changed.push("enabled");
    }
    if (change.disabled === true && account.disabledAt === null) {
      keepAnOwner(tx, account);
      tx.update(users).set({ disabledAt: new Date(now) }).where(eq(users.id, account.id)).run();
      const sessionsEnded = endSessions(tx, account.id);
      const released = releaseClaimsOf(tx, account.username, now);
      audit(tx, { admin: by, action: "account disabled", detail: `"${account.username}": ${sessionsEnded} session(s) ended, ${released} claim(s) released` });
      changed.push(`disabled; ${sessionsEnded} session(s) ended`);
    }
    return { changed, username: account.username };
  });
}

/**
 * Sets a new password for the account. `keepSession`: the one session left alive (changing one's own password keeps
 * the browser that did it signed in); every other session of the account ends.
 */
export function resetPassword(db: DB, by: string, id: number, passwordHash: string, keepSession?: string): { sessionsEnded: number; username: string } {
  return writeTransaction(db, (tx) => {
    const account = accountById(tx, id);
    tx.update(users).set({ password: passwordHash }).where(eq(users.id, id)).run();
    const sessionsEnded = endSessions(tx, id, keepSession);
    const own = account.username === by;
    audit(tx, { admin: by, action: own ? "own password changed" : "account password reset", detail: `"${account.username}": ${sessionsEnded} session(s) ended` });
    return { sessionsEnded, username: account.username };
  });
}
