/**
 * Five failed sign-ins per username, and separately per client address, within 15 minutes; then that username or
 * address waits until the oldest of those failures is 15 minutes old. That is about 20 guesses an hour against a
 * 128-bit generated password or an argon2id hash, while a mistyping administrator loses at most a quarter of an hour.
 * Counted per process in memory (one process serves the site); a restart forgets, which also ends a lock-out.
 */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

/**
 * How many usernames and addresses are remembered at most (a few hundred kilobytes). Guessing with a new username
 * each time fills it only as fast as the per-address limit allows; past it, the least recently failed go first.
 */
export const LOGIN_THROTTLE_MAX_KEYS = 10_000;

export type LoginAttempt = { allowed: false; waitMs: number } | { allowed: true; succeeded(): void };

export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export class LoginThrottle {
  /** Failure times per key, oldest first, at most `maxFailures`; the Map's order is least recently failed first. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = LOGIN_THROTTLE_MAX_KEYS,
  ) {}

  /**
   * Refuses the attempt while the username or the address is throttled. Otherwise the attempt counts as failed
   * at once, before the password is checked, so guesses sent in parallel cannot all pass before the first one
   * fails; `succeeded()` takes it back and clears the username's count.
   */
  attempt(username: string, address: string): LoginAttempt {
    const t = this.now();
    const userKey = `user:${username}`;
    const addressKey = `address:${address}`;
    const waitMs = Math.max(this.waitMs(userKey, t), this.waitMs(addressKey, t));
    if (waitMs > 0) return { allowed: false, waitMs };
    this.record(userKey, t);
    this.record(addressKey, t);
    return {
      allowed: true,
      succeeded: () => {
        this.failures.delete(userKey);
        this.withdraw(addressKey, t);
      },
    };
  }

  private recent(key: string, t: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > t - LOGIN_THROTTLE.windowMs);
  }

  private waitMs(key: string, t: number): number {
    const recent = this.recent(key, t);
    if (recent.length < LOGIN_THROTTLE.maxFailures) return 0;
    return recent[recent.length - LOGIN_THROTTLE.maxFailures]! + LOGIN_THROTTLE.windowMs - t;
  }

  private record(key: string, t: number): void {
    const recent = [...this.recent(key, t), t].slice(-LOGIN_THROTTLE.maxFailures);
    // Deleted and set again, so the key moves to the end of the Map's order.
    this.failures.delete(key);
    this.failures.set(key, recent);
    this.evict(t);
  }

  private withdraw(key: string, at: number): void {
    const times = this.failures.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (!times || index < 0) return;
    times.splice(index, 1);
    if (times.length === 0) this.failures.delete(key);
  }

  /** From the least recently failed: drops keys whose failures are all out of the window, then any over the bound. */
  private evict(t: number): void {
    for (const [key, times] of this.failures) {
      const expired = times.at(-1)! <= t - LOGIN_THROTTLE.windowMs;
      if (!expired && this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }
}
