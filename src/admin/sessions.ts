import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { eq, lte } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { adminSessions, users } from "../db/schema.ts";
import type { AdminRole } from "../shared/admin/roles.ts";

/*
 * Admin sessions after Lucia's guide (lucia-auth.com/sessions/basic and /sessions/inactivity-timeout), by hand.
 * The token is `<id>.<secret>`: the id finds the row, only SHA-256(secret) is stored, and the secret is compared
 * in constant time, so neither a leaked database nor response timing yields a usable token.
 */

const HOUR = 60 * 60 * 1000;

/**
 * A session ends 12 hours after its last renewal. Any request in the second half of that renews it, so an
 * administrator who is away for 12 hours is always signed out, and one who makes a request at least every 6 hours
 * stays signed in...
 */
export const SESSION_IDLE_MS = 12 * HOUR;
/**
 * ...until 24 hours after signing in, whatever the activity: the admin area shows customers' photos and e-mail
 * addresses, so a stolen cookie must not live for days, and signing in once a day costs an administrator little.
 */
export const SESSION_MAX_MS = 24 * HOUR;

/** 20 random bytes (160 bits) in lowercase base32: 32 characters, more than Lucia's 120-bit minimum. */
const PART = /^[a-z2-7]{32}$/;

export interface AdminUser {
  id: number;
  username: string;
  /** Read from the account at each request: a changed role holds from the next one. */
  role: AdminRole;
}

export interface ValidSession {
  id: string;
  user: AdminUser;
  expiresAt: Date;
  /** True when this validation pushed the expiry out: the cookie must be sent again with the new expiry. */
  renewed: boolean;
}

function randomPart(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

function hashSecret(secret: string): Buffer {
  return Buffer.from(sha256(new TextEncoder().encode(secret)));
}

function expiryFrom(now: number, createdAt: number): number {
  return Math.min(now + SESSION_IDLE_MS, createdAt + SESSION_MAX_MS);
}

/**
 * Starts a session for the user and answers its token, which is shown to nobody but the browser's cookie.
 * Expired sessions of every user are removed on the way: a browser that never comes back leaves nothing behind.
 */
export function createAdminSession(db: DB, userId: number, now = Date.now()): { token: string; expiresAt: Date } {
  const id = randomPart();
  const secret = randomPart();
  const expiresAt = new Date(expiryFrom(now, now));
  db.delete(adminSessions).where(lte(adminSessions.expiresAt, new Date(now))).run();
  db.insert(adminSessions)
    .values({ id, userId, secretHash: hashSecret(secret), createdAt: new Date(now), lastVerifiedAt: new Date(now), expiresAt })
    .run();
  return { token: `${id}.${secret}`, expiresAt };
}

/**
 * The session a token belongs to, or null. An expired session is deleted when seen; a wrong secret is refused
 * without touching the row (whoever guessed an id must not be able to sign the administrator out).
 */
export function validateAdminSessionToken(db: DB, token: string, now = Date.now()): ValidSession | null {
  const [id, secret, extra] = token.split(".");
  if (extra !== undefined || !id || !secret || !PART.test(id) || !PART.test(secret)) return null;

  const row = db
    .select({ session: adminSessions, username: users.username, role: users.role, disabledAt: users.disabledAt })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(adminSessions.id, id))
    .get();
  if (!row) return null;
  const { session } = row;
  if (!constantTimeEqual(hashSecret(secret), session.secretHash)) return null;
  // A disabled account's sessions are deleted with it (./users.ts); one left over is refused all the same.
  if (session.expiresAt.getTime() <= now || row.disabledAt !== null) {
    invalidateAdminSession(db, id);
    return null;
  }

  const user = { id: session.userId, username: row.username, role: row.role };
  // Renew only once more than half the idle time is used: one write per six hours, not one per request.
  const renewedExpiry = expiryFrom(now, session.createdAt.getTime());
  if (session.expiresAt.getTime() - now < SESSION_IDLE_MS / 2 && renewedExpiry > session.expiresAt.getTime()) {
    const expiresAt = new Date(renewedExpiry);
    db.update(adminSessions).set({ expiresAt, lastVerifiedAt: new Date(now) }).where(eq(adminSessions.id, id)).run();
    return { id, user, expiresAt, renewed: true };
  }
  return { id, user, expiresAt: session.expiresAt, renewed: false };
}

export function invalidateAdminSession(db: DB, sessionId: string): void {
  db.delete(adminSessions).where(eq(adminSessions.id, sessionId)).run();
}
