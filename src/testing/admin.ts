import { createAdminSession } from "../admin/sessions.ts";
import { findAdmin, setAdminPassword } from "../admin/users.ts";
import type { DB } from "../db/client.ts";
import type { AdminRole } from "../shared/admin/roles.ts";

/** Cheap argon2id parameters: test accounts sign in in milliseconds (the real dummy hash still guards unknown names). */
export const TEST_ADMIN_PASSWORD = "correct horse battery staple";
const cheapHash = Bun.password.hashSync(TEST_ADMIN_PASSWORD, { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });

/**
 * An administrator `username` with a live session; answers the Cookie header a signed-in browser sends. A new account
 * is an owner unless `role` says otherwise; an existing one keeps its role (and its other sessions end, as a password
 * change ends them).
 */
export function adminCookie(db: DB, username = "admin", options: { production?: boolean; role?: AdminRole } = {}): string {
  setAdminPassword(db, username, cheapHash, options.role);
  const { token } = createAdminSession(db, findAdmin(db, username)!.id);
  return `${options.production ? "__Host-" : ""}admin_session=${token}`;
}
