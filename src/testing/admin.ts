import { SESSION_COOKIE } from "../admin/cookie.ts";
import { createAdminSession } from "../admin/sessions.ts";
import { findAdmin, setAdminPassword } from "../admin/users.ts";
import type { DB } from "../db/client.ts";
import type { AdminRole } from "../shared/admin/roles.ts";

/** Cheap argon2id parameters: test accounts sign in in milliseconds (the real dummy hash still guards unknown names). */
export const TEST_ADMIN_PASSWORD = "correct horse battery staple";
/** An argon2id hash of `password` at test cost (1 MiB, one pass): checked in about a millisecond. */
export function cheapPasswordHash(password: string): string {
  return Bun.password.hashSync(password, { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });
}
const cheapHash = cheapPasswordHash(TEST_ADMIN_PASSWORD);

/**
 * An administrator `username` with a live session; answers the Cookie header a signed-in browser sends. A new account
 * is an owner unless `role` says otherwise; an existing one keeps its role (and its other sessions end, as a password
 * change ends them).
 */
export function adminCookie(db: DB, username = "admin", options: { production?: boolean; role?: AdminRole } = {}): string {
  setAdminPassword(db, username, cheapHash, options.role);
  const { token } = createAdminSession(db, findAdmin(db, username)!.id);
  return `${options.production ? "__Host-" : ""}${SESSION_COOKIE}=${token}`;
}

/**
 * A new session of the existing administrator `username`, made in the server's database, as the browser cookie that
 * carries it (the server runs outside production): a browser test that needs a signed-in dashboard, and is not about
 * signing in, starts signed in. Nothing of the account changes. The form's sign-in costs a page, an argon2id check at
 * full cost (0.3 s of the server's CPU) and a toast; the files that test signing in keep doing it by the form.
 */
export function sessionCookieOf(db: DB, username: string, origin: string): { name: string; value: string; url: string } {
  const admin = findAdmin(db, username);
  if (!admin) throw new Error(`no administrator "${username}" in this database`);
  return { name: SESSION_COOKIE, value: createAdminSession(db, admin.id).token, url: origin };
}
