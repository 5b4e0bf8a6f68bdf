import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { ownerOnlyMessage, type OwnerOnlyAction } from "../shared/admin/roles.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "./cookie.ts";
import { sameOriginOnly } from "./same-origin.ts";
import { validateAdminSessionToken, type AdminUser, type ValidSession } from "./sessions.ts";

/** What admin handlers find on the context: `c.get("admin")` is the signed-in administrator. */
export type AdminEnv = { Variables: { admin: AdminUser; sessionId: string } };

export const SIGN_IN_REQUIRED = "Sign in as an administrator to continue.";

/**
 * The session behind the request's cookie, or null. A renewed session gets its cookie again (with the new
 * expiry); a cookie that names no valid session is cleared, so the browser stops sending it.
 */
export function readAdminSession(c: Context, ctx: AppContext, now = Date.now()): ValidSession | null {
  const token = readSessionCookie(c, ctx.config);
  if (token === undefined) return null;
  const session = validateAdminSessionToken(ctx.store.db, token, now);
  if (!session) clearSessionCookie(c, ctx.config);
  else if (session.renewed) setSessionCookie(c, ctx.config, token, session.expiresAt);
  return session;
}

/**
 * Lets the request through only with a valid admin session (401 `{ message }` otherwise) and puts the
 * administrator on the context. Usable on one route: `r.get("/admin/profiles", requireAdmin(ctx), handler)`.
 */
export function requireAdmin(ctx: AppContext, now: () => number = Date.now): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const session = readAdminSession(c, ctx, now());
    if (!session) return c.json({ message: SIGN_IN_REQUIRED }, 401);
    c.set("admin", session.user);
    c.set("sessionId", session.id);
    await next();
  };
}

/**
 * The one guard of the owner-only routes (src/shared/admin/roles.ts OWNER_ONLY): a writer gets 403 with
 * "Only an owner can <what>." Put it first on the route, before the body is read: `r.post("/x", requireOwner("refund"), …)`.
 * src/api/admin-roles.test.ts walks every admin route and checks a writer is refused exactly these.
 */
export function requireOwner(action: OwnerOnlyAction): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (c.get("admin").role !== "owner") return c.json({ message: ownerOnlyMessage(action) }, 403);
    await next();
  };
}

/**
 * A router for admin-only routes, all under /admin (`r.get("/profiles", …)` answers /api/admin/profiles): each
 * of its routes is refused cross-site (./same-origin.ts) and without a session. Mount it with `.route("/", …)`
 * after the sign-in routes (inside adminRouter, or after it in app.ts), since its guard covers every /admin path.
 */
export function adminOnly(ctx: AppContext, now: () => number = Date.now): Hono<AdminEnv> {
  const r = new Hono<AdminEnv>().basePath("/admin");
  r.use(sameOriginOnly(ctx.config.publicUrl), requireAdmin(ctx, now));
  return r;
}
