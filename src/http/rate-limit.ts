import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { ANONYMOUS_LIMITS } from "../shared/http/anonymous-limits.ts";
import { clientAddress } from "./client-address.ts";
import { ApiError } from "./errors.ts";

export { ANONYMOUS_LIMITS };

export type LimitName = keyof typeof ANONYMOUS_LIMITS;

/**
 * Middleware counting every request per client address against `ANONYMOUS_LIMITS[name]` times `RATE_LIMIT_SCALE`;
 * over the limit it answers 429 with Retry-After and `message` (by default "Too many requests …"). Each call has
 * its own counters, so each router instance (each app, each test) starts afresh.
 */
export function rateLimit(
  ctx: AppContext,
  name: LimitName,
  options: { now?: () => number; message?: (minutes: number) => string; counter?: RateCounter } = {},
): MiddlewareHandler {
  const counter = options.counter ?? rateCounter(ctx, name, options.now);
  const message = options.message ?? ((minutes: number) => `Too many requests from your network. Please try again in ${minutes} minute(s).`);
  return async (c, next) => {
    const wait = counter(c);
    if (wait > 0) {
      c.header("Retry-After", String(Math.ceil(wait / 1000)));
      throw new ApiError(429, message(Math.ceil(wait / 60000)));
    }
    await next();
  };
}

/** Counts a request against a limit: 0 when it is allowed, else how many ms until the next one is. */
export type RateCounter = (c: Context) => number;

/**
 * The counters of `ANONYMOUS_LIMITS[name]` times `RATE_LIMIT_SCALE`, per client address. Two routes given the same
 * counter share one limit (the contact form posted as JSON by its island and as a plain form without JavaScript).
 */
export function rateCounter(ctx: AppContext, name: LimitName, now: () => number = Date.now): RateCounter {
  const base = ANONYMOUS_LIMITS[name];
  const limiter = new SlidingWindowLimiter(Math.max(1, Math.round(base.max * ctx.config.rateLimitScale)), base.windowMs, now);
  return (c) => limiter.hit(clientAddress(c, ctx.config.trustProxy));
}

/**
 * Counts hits per key over the last `windowMs`; memory only, so a restart forgets (acceptable for a spam brake).
 * A key is forgotten `windowMs` after its last counted hit, when none of its hits is in the window any more: the
 * privacy policy says how long a sender's address is held (src/web/marketing/privacy-facts.ts).
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly forgetTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Records a hit and answers 0, or answers how many ms until the next hit is allowed (recording nothing). */
  hit(key: string): number {
    const t = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return recent[0]! + this.windowMs - t;
    }
    recent.push(t);
    this.hits.set(key, recent);
    this.forgetLater(key);
    return 0;
  }

  private forgetLater(key: string): void {
    clearTimeout(this.forgetTimers.get(key));
    const timer = setTimeout(() => {
      this.hits.delete(key);
      this.forgetTimers.delete(key);
    }, this.windowMs);
    // A pending forget never keeps the process alive.
    timer.unref();
    this.forgetTimers.set(key, timer);
  }
}
