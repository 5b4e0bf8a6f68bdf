import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { Config } from "../config.ts";

/*
 * The one admin session cookie. HttpOnly keeps it from scripts; SameSite=Lax keeps it off cross-site POSTs (the
 * Origin check in ./same-origin.ts is the second lock). In production it is Secure with the __Host- prefix, which
 * the browser accepts only over HTTPS, with Path=/ and no Domain, so no subdomain can set or shadow it. Development
 * and tests run over plain http, where a Secure cookie would not be kept, hence the plain name there.
 */

/** The browser sees `__Host-admin_session` in production, `admin_session` otherwise. */
export const SESSION_COOKIE = "admin_session";
const NAME = SESSION_COOKIE;

function attributes(config: Config): CookieOptions {
  return config.isProduction ? { httpOnly: true, sameSite: "Lax", path: "/", secure: true, prefix: "host" } : { httpOnly: true, sameSite: "Lax", path: "/" };
}

export function readSessionCookie(c: Context, config: Config): string | undefined {
  return config.isProduction ? getCookie(c, NAME, "host") : getCookie(c, NAME);
}

/** The cookie lives exactly as long as the session: a browser never sends a token the server already expired. */
export function setSessionCookie(c: Context, config: Config, token: string, expiresAt: Date): void {
  setCookie(c, NAME, token, { ...attributes(config), expires: expiresAt });
}

export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, NAME, attributes(config));
}
