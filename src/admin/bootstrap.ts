import type { AppContext } from "../context.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { adminExists, createFirstAdmin } from "./users.ts";

export interface BootstrapResult {
  created: boolean;
  /** ADMIN_USERNAME: the administrator created, or the one that would have been. */
  username: string;
  /** Only when this call created the administrator with a password of its own making. */
  generatedPassword?: string;
}

/**
 * Called once at start: while the database has no administrator, creates one from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or with a generated password that is logged this once (it exists nowhere else; the database
 * keeps only its hash). A password from the environment is never logged. With an administrator present it does
 * nothing, so changing ADMIN_PASSWORD later changes nothing either: scripts/admin-user.ts resets passwords.
 */
export function bootstrapAdmin(ctx: AppContext): BootstrapResult {
  const { username, password } = ctx.config.admin;
  // Checked before hashing, so an ordinary start does not spend a tenth of a second on argon2.
  if (adminExists(ctx.store.db)) return { created: false, username };

  const generatedPassword = password === undefined ? generatePassword() : undefined;
  if (!createFirstAdmin(ctx.store.db, username, hashPassword(password ?? generatedPassword!))) return { created: false, username };

  if (generatedPassword === undefined) {
    ctx.log.info(`admin: created administrator "${username}" with the password from ADMIN_PASSWORD`);
    return { created: true, username };
  }
  ctx.log.info(
    `admin: created administrator "${username}" with password ${generatedPassword} (shown this once only; set another with: bun scripts/admin-user.ts ${username} --password-stdin)`,
  );
  return { created: true, username, generatedPassword };
}
