/**
 * Five failed sign-ins per username, and separately per client address, within 15 minutes; then that username or
 * address waits until the oldest of those failures is 15 minutes old. That is about 20 guesses an hour against a
 * 128-bit generated password or an argon2id hash, while a mistyping administrator loses at most a quarter of an hour.
 * Counted per process in memory (one process serves the site); a restart forgets, which also ends a lock-out.
 *
 * A browser that signed in as the username before (it holds a valid device cookie, src/admin/device-cookie.ts) is counted
 * apart, with the same five failures in 15 minutes for that browser alone, and is not refused by the username's or
 * the address's lock-out: whoever locks the username out from elsewhere does not lock out its administrator (OWASP's
 * "device cookies"). Once that browser has used up its own five, it is counted and refused like any other.
 */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 };
