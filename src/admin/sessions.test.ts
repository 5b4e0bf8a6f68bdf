import { afterEach, describe, expect, test } from "bun:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { adminSessions, users } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { createAdminSession, invalidateAdminSession, SESSION_IDLE_MS, SESSION_MAX_MS, validateAdminSessionToken } from "./sessions.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

function withAdmin(): number {
  ctx = testContext();
  return ctx.store.db.insert(users).values({ username: "admin", password: "not-a-real-hash" }).returning({ id: users.id }).get().id;
}

const rows = () => ctx.store.db.select().from(adminSessions).all();

describe("admin sessions", () => {
  test("the token is <id>.<secret> from random bytes; only SHA-256(secret) is stored", () => {
    const userId = withAdmin();
    const { token, expiresAt } = createAdminSession(ctx.store.db, userId, T0);
    const [id, secret] = token.split(".");
    expect(token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/);
    expect(expiresAt.getTime()).toBe(T0 + SESSION_IDLE_MS);

    const [row] = rows();
    expect(row!.id).toBe(id!);
    expect(Buffer.from(row!.secretHash).equals(Buffer.from(sha256(new TextEncoder().encode(secret!))))).toBe(true);
    expect(JSON.stringify(rows())).not.toContain(secret!);
    expect(row!.createdAt.getTime()).toBe(T0);

    expect(createAdminSession(ctx.store.db, userId, T0).token).not.toBe(token);
  });

  test("a valid token gives the session and its administrator", () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);
    expect(validateAdminSessionToken(ctx.store.db, token, T0 + HOUR)).toMatchObject({
      user: { id: userId, username: "admin" },
      renewed: false,
      expiresAt: new Date(T0 + SESSION_IDLE_MS),
    });
  });

  test("the right id with a wrong secret is refused, and the session stays for its owner", () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);
    const [id, secret] = token.split(".") as [string, string];
    const wrong = `${secret.slice(0, -1)}${secret.endsWith("a") ? "b" : "a"}`;
    expect(validateAdminSessionToken(ctx.store.db, `${id}.${wrong}`, T0)).toBeNull();
    expect(rows()).toHaveLength(1);
    expect(validateAdminSessionToken(ctx.store.db, token, T0)).not.toBeNull();
  });

  test("malformed tokens are refused before any lookup", () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);
    const [id, secret] = token.split(".") as [string, string];
    for (const malformed of ["", ".", id, `${id}.`, `.${secret}`, `${token}.${secret}`, `${id.toUpperCase()}.${secret}`, `${id}.${secret}x`]) {
      expect(validateAdminSessionToken(ctx.store.db, malformed, T0)).toBeNull();
    }
    expect(validateAdminSessionToken(ctx.store.db, token, T0)).not.toBeNull();
  });

  test("an expired session is refused and deleted when seen", () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);
    expect(validateAdminSessionToken(ctx.store.db, token, T0 + SESSION_IDLE_MS)).toBeNull();
    expect(rows()).toEqual([]);
  });

  test("no renewal while less than half the idle time is used; past half, the expiry moves and last_verified_at with it", () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);

    const early = validateAdminSessionToken(ctx.store.db, token, T0 + SESSION_IDLE_MS / 2 - 1);
    expect(early).toMatchObject({ renewed: false, expiresAt: new Date(T0 + SESSION_IDLE_MS) });
    expect(rows()[0]!.lastVerifiedAt.getTime()).toBe(T0);

    const later = T0 + SESSION_IDLE_MS / 2 + 1;
    expect(validateAdminSessionToken(ctx.store.db, token, later)).toMatchObject({ renewed: true, expiresAt: new Date(later + SESSION_IDLE_MS) });
    expect(rows()[0]).toMatchObject({ lastVerifiedAt: new Date(later), expiresAt: new Date(later + SESSION_IDLE_MS) });
    // Still valid past the first expiry, because it was used.
    expect(validateAdminSessionToken(ctx.store.db, token, T0 + SESSION_IDLE_MS + HOUR)).not.toBeNull();
  });

  test(`an active session still ends ${SESSION_MAX_MS / HOUR} hours after sign-in`, () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);
    for (let t = T0; t < T0 + SESSION_MAX_MS; t += HOUR) expect(validateAdminSessionToken(ctx.store.db, token, t)).not.toBeNull();
    expect(rows()[0]!.expiresAt.getTime()).toBe(T0 + SESSION_MAX_MS);
    expect(validateAdminSessionToken(ctx.store.db, token, T0 + SESSION_MAX_MS)).toBeNull();
    expect(rows()).toEqual([]);
  });

  test("invalidating ends the session; signing in again removes every expired session", () => {
    const userId = withAdmin();
    const first = createAdminSession(ctx.store.db, userId, T0);
    const second = createAdminSession(ctx.store.db, userId, T0);
    invalidateAdminSession(ctx.store.db, first.token.split(".")[0]!);
    expect(validateAdminSessionToken(ctx.store.db, first.token, T0)).toBeNull();
    expect(validateAdminSessionToken(ctx.store.db, second.token, T0)).not.toBeNull();

    const third = createAdminSession(ctx.store.db, userId, T0 + SESSION_MAX_MS);
    expect(rows().map((r) => r.id)).toEqual([third.token.split(".")[0]!]);
  });

  test("deleting the administrator deletes their sessions", () => {
    const userId = withAdmin();
    const { token } = createAdminSession(ctx.store.db, userId, T0);
    ctx.store.db.delete(users).run();
    expect(validateAdminSessionToken(ctx.store.db, token, T0)).toBeNull();
    expect(rows()).toEqual([]);
  });
});
