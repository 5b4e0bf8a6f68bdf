import { describe, expect, test } from "bun:test";
import { LoginThrottle, tooManyAttemptsMessage, type LoginAttempt } from "./throttle.ts";
import { LOGIN_THROTTLE } from "../shared/admin/login-throttle.ts";

const MINUTE = 60_000;
const { maxFailures, windowMs } = LOGIN_THROTTLE;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function waitOf(attempt: LoginAttempt): number {
  return attempt.allowed ? 0 : attempt.waitMs;
}

describe("LoginThrottle", () => {
  test(`${maxFailures} failures for one username refuse it from any address until the window has passed`, () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    for (let i = 0; i < maxFailures; i++) expect(throttle.attempt("admin", `203.0.113.${i}`).allowed).toBe(true);
    expect(waitOf(throttle.attempt("admin", "198.51.100.1"))).toBe(windowMs);
    expect(throttle.attempt("someone-else", "198.51.100.1").allowed).toBe(true);

    time.advance(windowMs - 1);
    expect(waitOf(throttle.attempt("admin", "198.51.100.1"))).toBe(1);
    time.advance(1);
    expect(throttle.attempt("admin", "198.51.100.1").allowed).toBe(true);
  });

  test(`${maxFailures} failures from one address refuse it for every username`, () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < maxFailures; i++) expect(throttle.attempt(`user${i}`, "203.0.113.7").allowed).toBe(true);
    expect(waitOf(throttle.attempt("admin", "203.0.113.7"))).toBe(windowMs);
    expect(throttle.attempt("admin", "203.0.113.8").allowed).toBe(true);
  });

  test("the wait runs from the oldest failure still counted (a sliding window)", () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    throttle.attempt("admin", "a");
    time.advance(10 * MINUTE);
    for (let i = 1; i < maxFailures; i++) throttle.attempt("admin", "a");
    expect(waitOf(throttle.attempt("admin", "a"))).toBe(5 * MINUTE);
    time.advance(5 * MINUTE);
    expect(throttle.attempt("admin", "a").allowed).toBe(true);
    expect(waitOf(throttle.attempt("admin", "a"))).toBe(10 * MINUTE);
  });

  test("success clears the username's count and takes back its own attempt from the address", () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < maxFailures - 1; i++) throttle.attempt("admin", "a");
    const right = throttle.attempt("admin", "a");
    if (!right.allowed) throw new Error("the fifth attempt should be allowed");
    right.succeeded();
    // The username starts over; the address keeps its four failures, so one more failure refuses it.
    expect(throttle.attempt("admin", "b").allowed).toBe(true);
    expect(throttle.attempt("other", "a").allowed).toBe(true);
    expect(throttle.attempt("other", "a").allowed).toBe(false);
  });

  test("every attempt counts before its password is checked, so parallel guesses cannot pass the limit", () => {
    const throttle = new LoginThrottle(clock().now);
    const inFlight = Array.from({ length: 20 }, () => throttle.attempt("admin", "a"));
    expect(inFlight.filter((a) => a.allowed)).toHaveLength(maxFailures);
  });

  test("memory is bounded: past the limit, the least recently failed keys are forgotten", () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now, 4);
    for (let i = 0; i < maxFailures; i++) throttle.attempt("admin", `a${i}`);
    expect(throttle.attempt("admin", "fresh").allowed).toBe(false);
    // Four new keys (two usernames, two addresses) push out the least recently failed, "admin" among them.
    time.advance(1);
    throttle.attempt("u1", "b1");
    throttle.attempt("u2", "b2");
    expect(throttle.attempt("admin", "fresh").allowed).toBe(true);
  });

  test("a browser's device id passes a locked username and address, counted on its own", () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < maxFailures; i++) throttle.attempt("admin", "a");
    expect(throttle.attempt("admin", "a").allowed).toBe(false);
    for (let i = 0; i < maxFailures; i++) {
      const attempt = throttle.attempt("admin", "a", "device-1");
      expect(attempt.allowed && attempt.trusted).toBe(true);
    }
    // Its five used, the browser is one more untrusted client: refused while the username is locked.
    expect(waitOf(throttle.attempt("admin", "a", "device-1"))).toBe(windowMs);
    expect(throttle.attempt("admin", "a", "device-2").allowed).toBe(true);
  });

  test("a browser's failures lock neither the username nor the address; its success clears only its own count", () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < maxFailures - 1; i++) throttle.attempt("admin", "a", "device-1");
    const right = throttle.attempt("admin", "a", "device-1");
    if (!right.allowed) throw new Error("the fifth attempt should be allowed");
    right.succeeded();
    for (let i = 0; i < maxFailures; i++) expect(throttle.attempt("admin", "a", "device-1").allowed).toBe(true);
    expect(throttle.attempt("admin", "a").allowed).toBe(true);
  });

  test("a lock-out's refusals are recorded once per key per window", () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    const recorded = (username: string, address: string) => {
      const attempt = throttle.attempt(username, address);
      if (attempt.allowed) throw new Error("should be refused");
      return attempt.record;
    };
    for (let i = 0; i < maxFailures; i++) throttle.attempt("admin", "a");
    expect(recorded("admin", "a")).toBe(true);
    expect([recorded("admin", "a"), recorded("other", "a"), recorded("admin", "b")]).toEqual([false, false, false]);
    // A second address locked by other usernames is a new lock-out.
    for (let i = 0; i < maxFailures; i++) throttle.attempt(`user${i}`, "c");
    expect([recorded("someone", "c"), recorded("someone", "c")]).toEqual([true, false]);
    time.advance(windowMs - 1);
    for (let i = 0; i < maxFailures; i++) throttle.attempt("admin", "d");
    expect(recorded("admin", "d")).toBe(false);
    time.advance(1);
    for (let i = 0; i < maxFailures; i++) throttle.attempt("admin", "d");
    expect([recorded("admin", "d"), recorded("admin", "d")]).toEqual([true, false]);
  });

  test("the message names the wait in whole minutes, rounded up", () => {
    expect(tooManyAttemptsMessage(windowMs)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(14 * MINUTE - 1)).toBe("Too many failed sign-in attempts. Try again in 14 minutes.");
    expect(tooManyAttemptsMessage(1_000)).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
  });
});
