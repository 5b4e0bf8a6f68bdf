/**
 * The team's accounts (issue 29, item 1): an owner lists, creates, disables, enables and resets accounts; anyone
 * changes their own password; a disabled account cannot sign in and its sessions end at once; the last enabled owner
 * stays one; every row of the trail names its author; bad input is refused with nothing written.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { INVALID_CREDENTIALS } from "./admin.ts";
import { LAST_OWNER } from "../admin/users.ts";
import { verifyPassword } from "../admin/passwords.ts";
import { adminAudit, adminSessions, claims, users } from "../db/schema.ts";
import type { AccountPasswordAnswer, AccountsAnswer } from "../shared/api/team.ts";
import { USERNAME_RULE } from "../shared/admin/roles.ts";
import { adminCookie, TEST_ADMIN_PASSWORD } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
afterEach(() => ctx?.cleanup());

const ORIGIN = "http://localhost:3000";
// argon2id with the real parameters for each created or reset password: seconds on a busy two-core machine.
const SLOW = 30_000;

function setup() {
  ctx = testContext();
  app = testApp(ctx);
  return adminCookie(ctx.store.db, "olive");
}

function call(cookie: string, method: string, path: string, body?: unknown) {
  return app.request(`/api/admin${path}`, {
    method,
    headers: { Cookie: cookie, Origin: ORIGIN, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function json<T = Record<string, any>>(res: Response | Promise<Response>): Promise<{ status: number; body: T }> {
  const r = await res;
  return { status: r.status, body: (await r.json()) as T };
}

const login = (username: string, password: string) =>
  app.request("/api/admin/login", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify({ username, password }) });

const account = (username: string) => ctx.store.db.select().from(users).where(eq(users.username, username)).get();
const sessionsOf = (username: string) => ctx.store.db.select().from(adminSessions).where(eq(adminSessions.userId, account(username)!.id)).all();
const trail = () => ctx.store.db.select().from(adminAudit).all();

describe("accounts, for an owner", () => {
  test("creates a writer with a generated password shown once; the writer signs in as a writer", async () => {
    const owner = setup();
    const created = await json<AccountPasswordAnswer>(call(owner, "POST", "/accounts", { username: "sam", role: "writer" }));
    expect(created.status).toBe(201);
    expect(created.body.account).toMatchObject({ username: "sam", role: "writer", disabled_at: null });
    expect(created.body.password).toMatch(/^[a-z2-7]{26}$/);
    expect(await verifyPassword(created.body.password!, account("sam")!.password)).toBe(true);

    const signedIn = await json(login("sam", created.body.password!));
    expect(signedIn).toEqual({ status: 200, body: { authenticated: true, username: "sam", role: "writer" } });

    const listed = await json<AccountsAnswer>(app.request("/api/admin/accounts", { headers: { Cookie: owner } }));
    expect(listed.body.accounts.map((a) => [a.username, a.role, a.disabled_at])).toEqual([
      ["olive", "owner", null],
      ["sam", "writer", null],
    ]);
    expect(JSON.stringify(listed.body)).not.toContain("password");
    expect(trail().find((a) => a.action === "account created")).toMatchObject({ admin: "olive", detail: 'writer "sam"' });
  }, SLOW);

  test("creates an owner with a given password, which is not echoed back", async () => {
    const owner = setup();
    const created = await json<AccountPasswordAnswer>(call(owner, "POST", "/accounts", { username: "ana.b@team", role: "owner", password: "a long given passphrase" }));
    expect(created.status).toBe(201);
    expect(created.body.password).toBeUndefined();
    expect(JSON.stringify(created.body)).not.toContain("a long given passphrase");
    expect((await login("ana.b@team", "a long given passphrase")).status).toBe(200);
  }, SLOW);

  test("bad input: 400 with a clear message, 404 for unknown accounts, 409 for a taken name; nothing written", async () => {
    const owner = setup();
    const before = ctx.store.db.select().from(users).all();
    const cases: [method: string, path: string, body: unknown, status: number, message: RegExp][] = [
      ["POST", "/accounts", {}, 400, /username is required/],
      ["POST", "/accounts", { username: "sam" }, 400, /role/],
      ["POST", "/accounts", { username: "sam", role: "admin" }, 400, /role must be one of owner, writer/],
      ["POST", "/accounts", { username: 42, role: "writer" }, 400, /username/],
      ["POST", "/accounts", { username: "", role: "writer" }, 400, new RegExp(USERNAME_RULE.slice(0, 20))],
      ["POST", "/accounts", { username: "x".repeat(65), role: "writer" }, 400, /1 to 64/],
      ["POST", "/accounts", { username: "<img src=x onerror=alert(1)>", role: "writer" }, 400, /letters, digits/],
      ["POST", "/accounts", { username: "sam\u0000", role: "writer" }, 400, /letters, digits/],
      ["POST", "/accounts", { username: "sam smith", role: "writer" }, 400, /letters, digits/],
      ["POST", "/accounts", { username: "'; drop table users; --", role: "writer" }, 400, /letters, digits/],
      ["POST", "/accounts", { username: "sam", role: "writer", password: "short" }, 400, /12 to 256 characters/],
      ["POST", "/accounts", { username: "sam", role: "writer", password: "x".repeat(257) }, 400, /12 to 256 characters/],
      ["POST", "/accounts", { username: "sam", role: "writer", password: 123456789012 }, 400, /password/],
      ["POST", "/accounts", { username: "OLIVE", role: "writer" }, 409, /"olive" is already taken/],
      ["POST", "/accounts", "not json", 400, /./],
      ["POST", "/accounts", [], 400, /./],
      ["PATCH", "/accounts/1", {}, 400, /Send disabled or role/],
      ["PATCH", "/accounts/1", { disabled: "yes" }, 400, /disabled must be true or false/],
      ["PATCH", "/accounts/1", { role: "boss" }, 400, /role must be one of/],
      ["PATCH", "/accounts/999", { disabled: true }, 404, /no such account/],
      ["PATCH", "/accounts/abc", { disabled: true }, 404, /no such account/],
      ["PATCH", "/accounts/1%20or%201=1", { disabled: true }, 404, /no such account/],
      ["POST", "/accounts/999/password", {}, 404, /no such account/],
      ["POST", "/accounts/-1/password", {}, 404, /no such account/],
      ["POST", "/accounts/1/password", { password: "short" }, 400, /12 to 256/],
      ["POST", "/account/password", {}, 400, /current_password is required/],
      ["POST", "/account/password", { current_password: TEST_ADMIN_PASSWORD }, 400, /new_password is required/],
      ["POST", "/account/password", { current_password: TEST_ADMIN_PASSWORD, new_password: "short" }, 400, /12 to 256/],
      ["POST", "/account/password", { current_password: "wrong password here", new_password: "a brand new passphrase" }, 400, /current password is not right/],
      ["POST", "/account/password", { current_password: TEST_ADMIN_PASSWORD, new_password: TEST_ADMIN_PASSWORD }, 400, /the one you have now/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await json(call(owner, method, path, body));
      expect({ method, path, body, status: res.status }).toEqual({ method, path, body, status });
      expect(res.body.message).toMatch(message);
    }
    expect(ctx.store.db.select().from(users).all()).toEqual(before);
    expect(trail().filter((a) => a.action.startsWith("account") || a.action.includes("password"))).toEqual([]);
    expect(sessionsOf("olive")).toHaveLength(1);
  }, SLOW);
});

describe("disabling, enabling, resetting", () => {
  test("disabling ends the account's sessions at once and releases its claims; it cannot sign in, with the wrong password's answer", async () => {
    const owner = setup();
    const writer = adminCookie(ctx.store.db, "sam", { role: "writer" });
    const samId = account("sam")!.id;
    const paid = insertOrder(ctx.store.db, { plan: "basic" });
    const now = new Date();
    ctx.store.db.insert(claims).values({ profileId: paid.profileId, admin: "sam", claimedAt: now, activeAt: now, lapsesAt: new Date(now.getTime() + 600_000) }).run();

    const res = await json(call(owner, "PATCH", `/accounts/${samId}`, { disabled: true }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('"sam" is disabled; 1 session(s) ended.');
    expect(res.body.account.disabled_at).not.toBeNull();
    expect(sessionsOf("sam")).toEqual([]);
    expect((await app.request("/api/admin/profiles", { headers: { Cookie: writer } })).status).toBe(401);
    expect(ctx.store.db.select().from(claims).get()).toMatchObject({ endReason: "disabled" });

    const refused = await json(login("sam", TEST_ADMIN_PASSWORD));
    expect(refused).toEqual({ status: 401, body: { message: INVALID_CREDENTIALS } });
    expect(trail().at(-1)).toMatchObject({ admin: "sam", action: "sign-in refused", detail: "the account is disabled" });
    expect(trail().find((a) => a.action === "account disabled")).toMatchObject({ admin: "olive", detail: '"sam": 1 session(s) ended, 1 claim(s) released' });

    const enabled = await json(call(owner, "PATCH", `/accounts/${samId}`, { disabled: false }));
    expect(enabled.body).toMatchObject({ message: '"sam" is enabled.', account: { disabled_at: null } });
    expect((await login("sam", TEST_ADMIN_PASSWORD)).status).toBe(200);
    // Again: nothing to change.
    expect((await json(call(owner, "PATCH", `/accounts/${samId}`, { disabled: false }))).body.message).toBe("Nothing changed.");
  }, SLOW);

  test("the last enabled owner can be neither disabled nor made a writer, by themselves or from the shell's functions; a second owner can", async () => {
    const owner = setup();
    const oliveId = account("olive")!.id;
    for (const change of [{ disabled: true }, { role: "writer" }, { role: "writer", disabled: true }]) {
      expect(await json(call(owner, "PATCH", `/accounts/${oliveId}`, change))).toEqual({ status: 409, body: { message: LAST_OWNER } });
    }
    expect(account("olive")).toMatchObject({ role: "owner", disabledAt: null });

    adminCookie(ctx.store.db, "pat");
    const made = await json(call(owner, "PATCH", `/accounts/${oliveId}`, { role: "writer" }));
    expect(made.body.message).toBe('"olive" is now a writer.');
    // Olive is a writer from her next request: the accounts are an owner's.
    expect((await json(call(owner, "GET", "/accounts"))).status).toBe(403);
    expect(trail().find((a) => a.action === "account role changed")).toMatchObject({ admin: "olive", detail: '"olive": owner → writer' });
  }, SLOW);

  test("a reset ends every session of the account and shows the new password once", async () => {
    const owner = setup();
    adminCookie(ctx.store.db, "sam", { role: "writer" });
    const samId = account("sam")!.id;
    const reset = await json<AccountPasswordAnswer>(call(owner, "POST", `/accounts/${samId}/password`, {}));
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('The password of "sam" was reset; 1 session(s) ended.');
    expect(sessionsOf("sam")).toEqual([]);
    expect((await login("sam", TEST_ADMIN_PASSWORD)).status).toBe(401);
    expect((await login("sam", reset.body.password!)).status).toBe(200);
    expect(trail().find((a) => a.action === "account password reset")).toMatchObject({ admin: "olive", detail: '"sam": 1 session(s) ended' });
    expect(JSON.stringify(trail())).not.toContain(reset.body.password!);
  }, SLOW);
});

describe("one's own password", () => {
  test("a writer changes it with the current one; their other sessions end, this one stays", async () => {
    setup();
    const other = adminCookie(ctx.store.db, "sam", { role: "writer" });
    const res = await login("sam", TEST_ADMIN_PASSWORD);
    const mine = res.headers.getSetCookie().find((h) => h.startsWith("admin_session="))!.split(";")[0]!;
    const changed = await json(call(mine, "POST", "/account/password", { current_password: TEST_ADMIN_PASSWORD, new_password: "my own new passphrase" }));
    expect(changed).toEqual({ status: 200, body: { message: "Your password was changed; 1 other session(s) signed out." } });
    expect((await app.request("/api/admin/profiles", { headers: { Cookie: mine } })).status).toBe(200);
    expect((await app.request("/api/admin/profiles", { headers: { Cookie: other } })).status).toBe(401);
    expect((await login("sam", "my own new passphrase")).status).toBe(200);
    expect(trail().find((a) => a.action === "own password changed")).toMatchObject({ admin: "sam" });
  }, SLOW);
});
