// What the admin sign-in routes answer (src/api/admin.ts); the admin page reads it.
import type { AdminRole } from "../admin/roles.ts";

/** GET /api/admin/auth-status answers this; the admin page imports the type. */
export interface AuthStatus {
  authenticated: boolean;
  username?: string;
  /** What the signed-in account may do (src/shared/admin/roles.ts): the dashboard hides an owner's controls from a writer. */
  role?: AdminRole;
}
