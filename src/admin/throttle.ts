// The limits themselves, with why they are what they are, are in src/shared/admin/login-throttle.ts: the privacy
// policy states them.
import { LOGIN_THROTTLE } from "../shared/admin/login-throttle.ts";

/**
 * How many usernames, addresses and browsers are remembered at most (a few hundred kilobytes). Guessing with a new
 * username each time fills it only as fast as the per-address limit allows; past it, the least recently failed go first.
 */
export const LOGIN_THROTTLE_MAX_KEYS = 10_000;

export type LoginAttempt =
  /**
   * `record` is true for the first refusal of a lock-out (per username, address or browser, per window): the
   * audit trail keeps that one, not every request a flood sends while the lock holds.
   */
  | { allowed: false; waitMs: number; record: boolean }
  /** `trusted`: counted against the browser's device cookie alone. */
  | { allowed: true; trusted: boolean; succeeded(): void };

export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

interface KeyState {
  /** Failure times, oldest first, at most `maxFailures`. */
  failures: number[];
  /** When a refusal by this key was last recorded in the audit trail. */
  refusalRecordedAt?: number;
}

export class LoginThrottle {
  /** Per key; the Map's order is least recently failed first. */
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = LOGIN_THROTTLE_MAX_KEYS,
  ) {}

  /**
   * Refuses the attempt while the username or the address is throttled, unless `device` (the id of a device cookie
   * already checked for this username) has failures to spare. An allowed attempt counts as failed at once, before
   * the password is checked, so guesses sent in parallel cannot all pass before the first one fails; `succeeded()`
   * takes it back and clears the username's (or the browser's) count.
   */
  attempt(username: string, address: string, device?: string): LoginAttempt {
    const t = this.now();
    if (device !== undefined) {
      const deviceKey = `device:${device}`;
      if (this.waitMs(deviceKey, t) === 0) {
        this.record(deviceKey, t);
        return { allowed: true, trusted: true, succeeded: () => void this.keys.delete(deviceKey) };
      }
    }
    const userKey = `user:${username}`;
    const addressKey = `address:${address}`;
    const refusing = [userKey, addressKey].map((key) => ({ key, waitMs: this.waitMs(key, t) })).filter((k) => k.waitMs > 0);
    if (refusing.length) {
      const record = refusing.some(({ key }) => (this.keys.get(key)!.refusalRecordedAt ?? -Infinity) <= t - LOGIN_THROTTLE.windowMs);
      if (record) for (const { key } of refusing) this.keys.get(key)!.refusalRecordedAt = t;
      return { allowed: false, waitMs: Math.max(...refusing.map((k) => k.waitMs)), record };
    }
    this.record(userKey, t);
    this.record(addressKey, t);
    return {
      allowed: true,
      trusted: false,
      succeeded: () => {
        this.keys.delete(userKey);
        this.withdraw(addressKey, t);
      },
    };
  }

  private recent(key: string, t: number): number[] {
    return (this.keys.get(key)?.failures ?? []).filter((at) => at > t - LOGIN_THROTTLE.windowMs);
  }

  private waitMs(key: string, t: number): number {
    const recent = this.recent(key, t);
    if (recent.length < LOGIN_THROTTLE.maxFailures) return 0;
    return recent[recent.length - LOGIN_THROTTLE.maxFailures]! + LOGIN_THROTTLE.windowMs - t;
  }

  private record(key: string, t: number): void {
    const failures = [...this.recent(key, t), t].slice(-LOGIN_THROTTLE.maxFailures);
    const refusalRecordedAt = this.keys.get(key)?.refusalRecordedAt;
    // Deleted and set again, so the key moves to the end of the Map's order.
    this.keys.delete(key);
    this.keys.set(key, { failures, refusalRecordedAt });
    this.evict(t);
  }

  private withdraw(key: string, at: number): void {
    const times = this.keys.get(key)?.failures;
    const index = times?.lastIndexOf(at) ?? -1;
    if (!times || index < 0) return;
    times.splice(index, 1);
    if (times.length === 0) this.keys.delete(key);
  }

  /** From the least recently failed: drops keys whose failures are all out of the window, then any over the bound. */
  private evict(t: number): void {
    for (const [key, { failures }] of this.keys) {
      const expired = failures.at(-1)! <= t - LOGIN_THROTTLE.windowMs;
      if (!expired && this.keys.size <= this.maxKeys) break;
      this.keys.delete(key);
    }
  }
}
