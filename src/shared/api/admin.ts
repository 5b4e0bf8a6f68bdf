// What the admin sign-in routes answer (src/api/admin.ts); the admin page reads it.

/** GET /api/admin/auth-status answers this; the admin page imports the type. */
export interface AuthStatus {
  authenticated: boolean;
  username?: string;
}
