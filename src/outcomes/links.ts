/**
 * The follow-up's signed links (issue 32): no sign-in, one profile each. `/how-did-it-go?id=<profile>&t=<token>` opens
 * the follow-up form until the token's expiry (60 days after the e-mail); `/follow-up/opt-out?id=<profile>&t=<token>`
 * stops the follow-up, and never expires (an opt-out link must keep working). The token is
 * `<expiry in base-36 ms>.<HMAC-SHA256>` (the opt-out's expiry is 0), signed over the purpose, the profile id and the
 * expiry under a key made once per database (src/db/installation.ts), as the admin's device cookie is: a changed
 * character, another profile's id or a later expiry fails the check, in constant time.
 */
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { DB } from "../db/client.ts";
import { signingKey } from "../db/installation.ts";

const KEY_SETTING = "outcome_link_key";

/** How long the follow-up form's link works after the e-mail was sent. */
export const FOLLOW_UP_LINK_MS = 60 * 24 * 60 * 60 * 1000;

export const FOLLOW_UP_PATH = "/how-did-it-go";
export const OPT_OUT_PATH = "/follow-up/opt-out";

type Purpose = "follow-up" | "opt-out";

function signature(key: Uint8Array, purpose: Purpose, profileId: string, expires: string): Uint8Array {
  return hmac(SHA256, key, sha256(new TextEncoder().encode(JSON.stringify([purpose, profileId, expires]))));
}

function token(db: DB, purpose: Purpose, profileId: string, expiresAt: number): string {
  const expires = expiresAt.toString(36);
  return `${expires}.${encodeBase64urlNoPadding(signature(signingKey(db, KEY_SETTING), purpose, profileId, expires))}`;
}

export function followUpUrl(db: DB, publicUrl: string, profileId: string, expiresAt: Date): string {
  return `${publicUrl}${FOLLOW_UP_PATH}?id=${encodeURIComponent(profileId)}&t=${token(db, "follow-up", profileId, expiresAt.getTime())}`;
}

export function optOutUrl(db: DB, publicUrl: string, profileId: string): string {
  return `${publicUrl}${OPT_OUT_PATH}?id=${encodeURIComponent(profileId)}&t=${token(db, "opt-out", profileId, 0)}`;
}

export type LinkCheck = { ok: true; profileId: string; expiresAt: Date | null } | { ok: false; problem: "invalid" } | { ok: false; problem: "expired"; expiredAt: Date };

/**
 * Whether `t` is a link of `purpose` for profile `id`: `invalid` for anything malformed, tampered with or signed for
 * another profile (one answer for all, so a guess learns nothing), `expired` for a genuine follow-up link past its end.
 */
export function checkLink(db: DB, purpose: Purpose, id: string | undefined, t: string | undefined, now = Date.now()): LinkCheck {
  const [expires, signed, extra] = (t ?? "").split(".");
  if (!id || !/^[a-z0-9]{1,64}$/.test(id) || extra !== undefined || !expires || !/^[0-9a-z]{1,12}$/.test(expires) || !signed) return { ok: false, problem: "invalid" };
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(signed);
  } catch {
    return { ok: false, problem: "invalid" };
  }
  const expected = signature(signingKey(db, KEY_SETTING), purpose, id, expires);
  if (given.length !== expected.length || !constantTimeEqual(given, expected)) return { ok: false, problem: "invalid" };
  const expiresAt = parseInt(expires, 36);
  if (purpose === "opt-out") return expiresAt === 0 ? { ok: true, profileId: id, expiresAt: null } : { ok: false, problem: "invalid" };
  if (now >= expiresAt) return { ok: false, problem: "expired", expiredAt: new Date(expiresAt) };
  return { ok: true, profileId: id, expiresAt: new Date(expiresAt) };
}
