import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { auditSignIn } from "../admin/audit.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "../admin/cookie.ts";
import { deviceCookies } from "../admin/device-cookie.ts";
import { readAdminSession } from "../admin/guard.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, verifyPassword } from "../admin/passwords.ts";
import { sameOriginOnly } from "../admin/same-origin.ts";
import { createAdminSession, invalidateAdminSession, validateAdminSessionToken, type ValidSession } from "../admin/sessions.ts";
import { LoginThrottle, tooManyAttemptsMessage } from "../admin/throttle.ts";
import { LOGIN_THROTTLE } from "../shared/admin/login-throttle.ts";
import { controlCharacterMessage, noControlCharacter } from "../shared/admin/plain-text.ts";
import { findAdmin } from "../admin/users.ts";
import type { AppContext } from "../context.ts";
import { clientAddress } from "../http/client-address.ts";
import { jsonBody } from "../http/validate.ts";
import type { AuthStatus } from "../shared/api/admin.ts";

/** The spec's login error (section 8), the same for an unknown username and a wrong password. */
export const INVALID_CREDENTIALS = "Invalid username or password";

const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Username is required")
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
    // A sign-in name is written to the audit trail, refused or not.
    .refine(noControlCharacter, controlCharacterMessage("Username")),
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

// Answers about one person's session: no browser or proxy may keep them.
const noStore: MiddlewareHandler = async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
};

/**
 * Admin sign-in: POST /api/admin/login, POST /api/admin/logout, GET /api/admin/auth-status. Failed sign-ins are
 * throttled (../admin/throttle.ts), except for a browser holding a device cookie from an earlier sign-in as the
 * same username (../admin/device-cookie.ts), which has its own count. Every request under
 * /api/admin that changes something must come from the site's own pages (../admin/same-origin.ts). The admin-only
 * routes are built with `adminOnly` from ../admin/guard.ts.
 */
export function adminRouter(ctx: AppContext, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  // Per router instance, so each app (and each test) has its own counters.
  const throttle = new LoginThrottle(now);
  const devices = deviceCookies(ctx.config, ctx.store.db);
  const r = new Hono();

  r.use("/admin/*", noStore, sameOriginOnly(ctx.config.publicUrl));

  r.post("/admin/login", jsonBody(loginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const attempt = throttle.attempt(username, clientAddress(c, ctx.config.trustProxy), devices.deviceFor(c, username, now()));
    if (!attempt.allowed) {
      c.header("Retry-After", String(Math.ceil(attempt.waitMs / 1000)));
      // One row per lock-out, not one per request: a flood of refused requests writes nothing more.
      if (attempt.record) {
        const minutes = LOGIN_THROTTLE.windowMs / 60_000;
        auditSignIn(ctx.store.db, { admin: username, action: "sign-in refused", detail: `throttled after repeated failures; further refusals in the next ${minutes} minutes are not recorded` }, now());
      }
      return c.json({ message: tooManyAttemptsMessage(attempt.waitMs) }, 429);
    }

    const admin = findAdmin(ctx.store.db, username);
    const valid = await verifyPassword(password, admin?.passwordHash);
    if (!admin || !valid) {
      const detail = `${admin ? "wrong password" : "unknown username"}${attempt.trusted ? ", from a browser that signed in before" : ""}`;
      auditSignIn(ctx.store.db, { admin: username, action: "sign-in failed", detail }, now());
      return c.json({ message: INVALID_CREDENTIALS }, 401);
    }
    // A disabled account hears what a wrong password hears (docs/decisions/118-disabled-account-same-answer.md): the
    // answer tells nobody which names exist or were disabled; the trail says why, for the owner.
    if (admin.disabledAt !== null) {
      auditSignIn(ctx.store.db, { admin: admin.username, action: "sign-in refused", detail: "the account is disabled" }, now());
      return c.json({ message: INVALID_CREDENTIALS }, 401);
    }
    attempt.succeeded();

    // A new sign-in replaces the browser's previous session instead of leaving it alive beside the new one.
    endSession(c, ctx, now());
    const { token, expiresAt } = createAdminSession(ctx.store.db, admin.id, now());
    setSessionCookie(c, ctx.config, token, expiresAt);
    devices.issue(c, admin.username, now());
    auditSignIn(ctx.store.db, { admin: admin.username, action: "signed in" }, now());
    ctx.log.info(`admin: ${admin.username} signed in`);
    return c.json<AuthStatus>({ authenticated: true, username: admin.username, role: admin.role });
  });

  r.post("/admin/logout", (c) => {
    const ended = endSession(c, ctx, now());
    if (ended) {
      auditSignIn(ctx.store.db, { admin: ended.user.username, action: "signed out" }, now());
      ctx.log.info(`admin: ${ended.user.username} signed out`);
    }
    clearSessionCookie(c, ctx.config);
    return c.json({ authenticated: false });
  });

  // Never a 401: the admin page asks this on load to choose between the login form and the dashboard.
  r.get("/admin/auth-status", (c) => {
    const session = readAdminSession(c, ctx, now());
    return c.json<AuthStatus>(session ? { authenticated: true, username: session.user.username, role: session.user.role } : { authenticated: false });
  });

  return r;
}

/** Deletes the session the request's cookie names, when the cookie holds its right secret. */
function endSession(c: Context, ctx: AppContext, now: number): ValidSession | null {
  const token = readSessionCookie(c, ctx.config);
  const session = token === undefined ? null : validateAdminSessionToken(ctx.store.db, token, now);
  if (session) invalidateAdminSession(ctx.store.db, session.id);
  return session;
}
