import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import type { DB } from "../db/client.ts";
import { signingKey } from "../db/installation.ts";

/*
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in as a
 * username gets a cookie that says so, signed by the server. Its later attempts for that username are throttled
 * on their own (./throttle.ts), so a lock-out of the username by failures elsewhere does not keep its administrator
 * out. The cookie grants nothing else: no session, no page, only its own five attempts per 15 minutes.
 *
 * The value is `<id>.<issued>.<signature>`: a random id (the throttle's key), the time of issue in base-36
 * milliseconds, and HMAC-SHA256 over the username, id and time under a key made once per database (in `settings`).
 * The username is signed, not written: the cookie is checked against the username typed, and names nobody.
 * HttpOnly and SameSite=Strict (it is only ever needed on the site's own sign-in form); in production Secure with the
 * __Host- prefix, as the session cookie (./cookie.ts).
 */

const NAME = "admin_device";
const KEY_SETTING = "admin_device_cookie_key";

/** A device is trusted for 90 days after its last successful sign-in (each sign-in issues a new cookie). */
export const DEVICE_COOKIE_MS = 90 * 24 * 60 * 60 * 1000;

const ID = /^[a-z2-7]{26}$/;

function signature(key: Uint8Array, username: string, id: string, issued: string): Uint8Array {
  // Hashed first so that no username, however spelled, can shift the parts' boundaries.
  const message = sha256(new TextEncoder().encode(JSON.stringify([username, id, issued])));
  return hmac(SHA256, key, message);
}

export interface DeviceCookies {
  /** Sets the cookie for a browser that has just signed in as `username`. */
  issue(c: Context, username: string, now: number): void;
  /** The id of the request's device cookie when it is valid, unexpired and was issued for `username`. */
  deviceFor(c: Context, username: string, now: number): string | undefined;
}

export function deviceCookies(config: Config, db: DB): DeviceCookies {
  let key: Uint8Array | undefined;
  const keyOf = () => (key ??= signingKey(db, KEY_SETTING));
  const secure = config.isProduction;
  return {
    issue(c, username, now) {
      const id = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
      const issued = now.toString(36);
      const value = `${id}.${issued}.${encodeBase64urlNoPadding(signature(keyOf(), username, id, issued))}`;
      const expires = new Date(now + DEVICE_COOKIE_MS);
      setCookie(c, NAME, value, secure ? { httpOnly: true, sameSite: "Strict", path: "/", secure: true, prefix: "host", expires } : { httpOnly: true, sameSite: "Strict", path: "/", expires });
    },
    deviceFor(c, username, now) {
      const value = secure ? getCookie(c, NAME, "host") : getCookie(c, NAME);
      const [id, issued, signed, extra] = (value ?? "").split(".");
      if (extra !== undefined || !id || !ID.test(id) || !issued || !/^[0-9a-z]{1,12}$/.test(issued) || !signed) return undefined;
      const age = now - parseInt(issued, 36);
      if (age < 0 || age >= DEVICE_COOKIE_MS) return undefined;
      let given: Uint8Array;
      try {
        given = decodeBase64urlIgnorePadding(signed);
      } catch {
        return undefined;
      }
      const expected = signature(keyOf(), username, id, issued);
      return given.length === expected.length && constantTimeEqual(given, expected) ? id : undefined;
    },
  };
}
