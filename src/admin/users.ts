import { count, eq } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { adminSessions, users } from "../db/schema.ts";

/** The administrator with this username (exact, case-sensitive), with their password hash. */
export function findAdmin(db: DB, username: string): { id: number; username: string; passwordHash: string } | undefined {
  return db.select({ id: users.id, username: users.username, passwordHash: users.password }).from(users).where(eq(users.username, username)).get();
}

/**
 * Adds the administrator when the username is new; otherwise sets their new password and ends all their
 * sessions in the same transaction, so whoever knew the old password is signed out with it.
 */
export function setAdminPassword(db: DB, username: string, passwordHash: string): { created: boolean; sessionsEnded: number } {
  return writeTransaction(db, (tx) => {
    const existing = tx.select({ id: users.id }).from(users).where(eq(users.username, username)).get();
    if (!existing) {
      tx.insert(users).values({ username, password: passwordHash }).run();
      return { created: true, sessionsEnded: 0 };
    }
    tx.update(users).set({ password: passwordHash }).where(eq(users.id, existing.id)).run();
    const ended = tx.delete(adminSessions).where(eq(adminSessions.userId, existing.id)).returning({ id: adminSessions.id }).all();
    return { created: false, sessionsEnded: ended.length };
  });
}

export function adminExists(db: Pick<DB, "select">): boolean {
  return db.select({ n: count() }).from(users).get()!.n > 0;
}

/** Creates the administrator only while there is none, checked and inserted under one write lock. */
export function createFirstAdmin(db: DB, username: string, passwordHash: string): boolean {
  return writeTransaction(db, (tx) => {
    if (adminExists(tx)) return false;
    tx.insert(users).values({ username, password: passwordHash }).run();
    return true;
  });
}
