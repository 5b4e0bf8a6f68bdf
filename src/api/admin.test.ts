import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { CROSS_SITE_REFUSED } from "../admin/same-origin.ts";
import { SESSION_IDLE_MS } from "../admin/sessions.ts";
import { setAdminPassword } from "../admin/users.ts";
import { SIGN_IN_TRAIL } from "../admin/audit.ts";
import { DEVICE_COOKIE_MS } from "../admin/device-cookie.ts";
import { adminAudit, adminSessions } from "../db/schema.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { adminRouter, INVALID_CREDENTIALS } from "./admin.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";
const MINUTE = 60_000;
// A few login attempts per test, each an argon2id check: seconds on a busy two-core machine.
const SLOW = 30_000;

// Cheap argon2id parameters for the test accounts only: verification reads them from the hash, so each login
// in these tests costs milliseconds. Unknown usernames still go through the real dummy hash.
let cheapHash: string;
beforeAll(() => {
  cheapHash = Bun.password.hashSync(PASSWORD, { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });
});

type App = { request: Hono["request"] };

function setup(env: Record<string, string> = {}): App {
  ctx = testContext(env);
  setAdminPassword(ctx.store.db, "admin", cheapHash);
  setAdminPassword(ctx.store.db, "editor", cheapHash);
  return testApp(ctx);
}

/** What Bun passes as fetch's second argument: the server, which knows the socket's address. */
const from = (address: string) => ({ requestIP: () => ({ address, family: address.includes(":") ? "IPv6" : "IPv4", port: 40000 }) });

function login(app: App, body: unknown, options: { headers?: Record<string, string>; address?: string } = {}) {
  return app.request(
    "/api/admin/login",
    {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": "application/json", Origin: ORIGIN, ...options.headers },
    },
    options.address ? from(options.address) : undefined,
  );
}

function logout(app: App, cookie?: string, headers: Record<string, string> = { Origin: ORIGIN }) {
  return app.request("/api/admin/logout", { method: "POST", headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
}

async function authStatus(app: App, cookie?: string) {
  const res = await app.request("/api/admin/auth-status", { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  return { body: await res.json(), setCookie: res.headers.get("set-cookie") };
}

/** The response's Set-Cookie header for the cookie `name` (with or without the __Host- prefix), if any. */
function setCookieOf(res: Response, name = "admin_session"): string | undefined {
  return res.headers.getSetCookie().find((header) => header.replace(/^__Host-/, "").startsWith(`${name}=`));
}

/** The `name=value` a browser sends back from a Set-Cookie header. */
function cookieFrom(res: Response, name = "admin_session"): string {
  const header = setCookieOf(res, name);
  if (!header) throw new Error(`no Set-Cookie for ${name}`);
  return header.split(";")[0]!;
}

async function signIn(app: App): Promise<string> {
  const res = await login(app, { username: "admin", password: PASSWORD });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

const sessions = () => ctx.store.db.select().from(adminSessions).all();
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("POST /api/admin/login", () => {
  test("the right password: 200, a session, and an HttpOnly SameSite=Lax cookie without Secure in development", async () => {
    const app = setup();
    const before = Date.now();
    const res = await login(app, { username: "admin", password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true, username: "admin", role: "owner" });
    expect(res.headers.get("cache-control")).toBe("no-store");

    const setCookie = setCookieOf(res)!;
    expect(setCookie).toMatch(/^admin_session=[a-z2-7]{32}\.[a-z2-7]{32}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const expires = new Date(/Expires=([^;]+)/.exec(setCookie)![1]!).getTime();
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + SESSION_IDLE_MS) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_IDLE_MS);

    expect(sessions()).toHaveLength(1);
    expect(sessions()[0]!.id).toBe(cookieFrom(res).split("=")[1]!.split(".")[0]!);
    expect(ctx.log.lines).toContain("admin: admin signed in");
    expect(ctx.log.lines.join("\n")).not.toContain(PASSWORD);
  });

  test("in production: the __Host- cookie with Secure, and only that name is read", async () => {
    const app = setup({ NODE_ENV: "production", PAYMENT_PROVIDER: "local", PUBLIC_URL: "https://profileboost.example" });
    const res = await login(app, { username: "admin", password: PASSWORD }, { headers: { Origin: "https://profileboost.example" } });
    expect(res.status).toBe(200);
    const setCookie = setCookieOf(res)!;
    expect(setCookie).toMatch(/^__Host-admin_session=[a-z2-7.]{65}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookie).not.toContain("Domain");

    const cookie = cookieFrom(res);
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: true, username: "admin", role: "owner" });
    expect((await authStatus(app, cookie.replace("__Host-", ""))).body).toEqual({ authenticated: false });

    const out = await logout(app, cookie, { Origin: "https://profileboost.example" });
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-admin_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  test("a wrong password: 401 with the spec's message, no cookie, no session", async () => {
    const app = setup();
    const res = await login(app, { username: "admin", password: "wrong password" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: INVALID_CREDENTIALS });
    expect(INVALID_CREDENTIALS).toBe("Invalid username or password");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(sessions()).toEqual([]);
  });

  test(
    "an unknown username: exactly the same answer as a wrong password",
    async () => {
      const app = setup();
      const wrong = await login(app, { username: "admin", password: "wrong password" });
      const unknown = await login(app, { username: "nobody", password: PASSWORD });
      expect(unknown.status).toBe(wrong.status);
      expect(await unknown.json()).toEqual(await wrong.json());
      expect([...unknown.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());
      expect(sessions()).toEqual([]);
    },
    SLOW,
  );

  test("usernames are exact: another case is another (unknown) user", async () => {
    const app = setup();
    expect((await login(app, { username: "Admin", password: PASSWORD })).status).toBe(401);
    expect((await login(app, { username: "  admin ", password: PASSWORD })).status).toBe(200);
  }, SLOW);

  const bad: [string, unknown, number, RegExp][] = [
    ["missing username", { password: PASSWORD }, 400, /^username is required$/],
    ["missing password", { username: "admin" }, 400, /^password is required$/],
    ["empty body object", {}, 400, /^username is required$/],
    ["blank username", { username: "   ", password: PASSWORD }, 400, /^Username is required$/],
    ["empty password", { username: "admin", password: "" }, 400, /^Password is required$/],
    ["username a number", { username: 42, password: PASSWORD }, 400, /^username: .*expected string/],
    ["password an array", { username: "admin", password: [PASSWORD] }, 400, /^password: .*expected string/],
    ["password an object", { username: "admin", password: { $ne: "" } }, 400, /^password: .*expected string/],
    ["null body", null, 400, /./],
    ["non-JSON body", "username=admin", 400, /JSON/],
    ["65-character username", { username: "a".repeat(65), password: PASSWORD }, 400, /^Username must be at most 64 characters$/],
    ["257-character password", { username: "admin", password: "p".repeat(257) }, 400, /^Password must be at most 256 characters$/],
    ["1 MB password", { username: "admin", password: "p".repeat(1024 * 1024) }, 413, /larger than/],
  ];
  for (const [name, body, status, message] of bad) {
    test(`${name}: ${status} with a clear message, no session`, async () => {
      const app = setup();
      const res = await login(app, body);
      expect(res.status).toBe(status);
      expect(await messageOf(res)).toMatch(message);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(sessions()).toEqual([]);
    });
  }

  test("signing in again replaces the browser's previous session", async () => {
    const app = setup();
    const first = await signIn(app);
    const second = await login(app, { username: "admin", password: PASSWORD }, { headers: { Cookie: first } });
    expect(second.status).toBe(200);
    expect(sessions()).toHaveLength(1);
    expect((await authStatus(app, first)).body).toEqual({ authenticated: false });
    expect((await authStatus(app, cookieFrom(second))).body).toEqual({ authenticated: true, username: "admin", role: "owner" });
  });
});

describe("GET /api/admin/auth-status", () => {
  test("false without a cookie, true with a valid one; never a 401", async () => {
    const app = setup();
    expect(await authStatus(app)).toEqual({ body: { authenticated: false }, setCookie: null });
    const cookie = await signIn(app);
    expect(await authStatus(app, cookie)).toEqual({ body: { authenticated: true, username: "admin", role: "owner" }, setCookie: null });
  });

  test("a cookie that names no session: false, and the cookie is cleared", async () => {
    const app = setup();
    const { body, setCookie } = await authStatus(app, `admin_session=${"a".repeat(32)}.${"b".repeat(32)}`);
    expect(body).toEqual({ authenticated: false });
    expect(setCookie).toMatch(/^admin_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  test("a tampered token (right id, wrong secret) is refused; the real session is untouched", async () => {
    const app = setup();
    const cookie = await signIn(app);
    const tampered = cookie.slice(0, -1) + (cookie.endsWith("a") ? "b" : "a");
    expect((await authStatus(app, tampered)).body).toEqual({ authenticated: false });
    expect(sessions()).toHaveLength(1);
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: true, username: "admin", role: "owner" });
  });

  test("an expired session is refused and deleted", async () => {
    const app = setup();
    const cookie = await signIn(app);
    ctx.store.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1) }).run();
    const { body, setCookie } = await authStatus(app, cookie);
    expect(body).toEqual({ authenticated: false });
    expect(setCookie).toStartWith("admin_session=; Max-Age=0;");
    expect(sessions()).toEqual([]);
  });

  test("sliding renewal: a session more than half used gets a new expiry and a new cookie", async () => {
    const app = setup();
    const cookie = await signIn(app);
    const soon = new Date(Date.now() + 60 * MINUTE);
    ctx.store.db.update(adminSessions).set({ expiresAt: soon }).run();

    const before = Date.now();
    const { body, setCookie } = await authStatus(app, cookie);
    expect(body).toEqual({ authenticated: true, username: "admin", role: "owner" });
    const [row] = sessions();
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS);
    expect(row!.lastVerifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(setCookie).toStartWith(`${cookie}; Path=/; Expires=${new Date(Math.floor(row!.expiresAt.getTime() / 1000) * 1000).toUTCString()};`);
  });
});

describe("POST /api/admin/logout", () => {
  test("ends the session and clears the cookie; the old cookie no longer works", async () => {
    const app = setup();
    const cookie = await signIn(app);
    const res = await logout(app, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false });
    expect(res.headers.get("set-cookie")).toMatch(/^admin_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(sessions()).toEqual([]);
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: false });
    expect(ctx.log.lines).toContain("admin: admin signed out");
  });

  test("200 when not signed in", async () => {
    const app = setup();
    const res = await logout(app);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false });
  });
});

describe("requests from other sites", () => {
  test("login from a foreign Origin: 403, even with the right password, and no session", async () => {
    const app = setup();
    const res = await login(app, { username: "admin", password: PASSWORD }, { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(sessions()).toEqual([]);
  });

  test("login without Origin, Sec-Fetch-Site or Referer: 403", async () => {
    const app = setup();
    const res = await app.request("/api/admin/login", {
      method: "POST",
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(403);
  });

  test("logout from a foreign Origin: 403, and the session lives on", async () => {
    const app = setup();
    const cookie = await signIn(app);
    const res = await logout(app, cookie, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: true, username: "admin", role: "owner" });
  });

  test("same-origin requests pass: PUBLIC_URL's origin, the request's own origin, Sec-Fetch-Site, Referer", async () => {
    const app = setup();
    const sameOrigin: Record<string, string>[] = [{ Origin: ORIGIN }, { Origin: "http://localhost" }, { "Sec-Fetch-Site": "same-origin" }, { Referer: `${ORIGIN}/admin` }];
    for (const headers of sameOrigin) {
      const res = await app.request("/api/admin/login", {
        method: "POST",
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
        headers: { "Content-Type": "application/json", ...headers },
      });
      expect(res.status).toBe(200);
    }
  }, SLOW);
});

describe("throttling failed sign-ins", () => {
  test(
    "after 5 failures for a username, even the right password is refused with 429, the wait and Retry-After, from any address",
    async () => {
      const app = setup();
      for (let i = 0; i < 5; i++) {
        expect((await login(app, { username: "admin", password: `guess ${i}` }, { address: `203.0.113.${i}` })).status).toBe(401);
      }
      for (const address of ["203.0.113.1", "198.51.100.77"]) {
        const res = await login(app, { username: "admin", password: PASSWORD }, { address });
        expect(res.status).toBe(429);
        expect(await messageOf(res)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
        expect(res.headers.get("retry-after")).toBe("900");
        expect(res.headers.get("set-cookie")).toBeNull();
      }
      // Another administrator is not affected.
      expect((await login(app, { username: "editor", password: PASSWORD }, { address: "198.51.100.77" })).status).toBe(200);
      expect(sessions()).toHaveLength(1);
    },
    SLOW,
  );

  test(
    "after 5 failures from one address (an IPv6 /64), every username is refused there, and only there",
    async () => {
      const app = setup();
      const users = ["admin", "admin", "admin", "editor", "editor"];
      for (const [i, username] of users.entries()) {
        expect((await login(app, { username, password: "wrong" }, { address: `2001:db8:1:2::${i + 1}` })).status).toBe(401);
      }
      const refused = await login(app, { username: "editor", password: PASSWORD }, { address: "2001:db8:1:2:ffff::9" });
      expect(refused.status).toBe(429);
      expect(await messageOf(refused)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
      expect(refused.headers.get("retry-after")).toBe("900");
      expect((await login(app, { username: "editor", password: PASSWORD }, { address: "2001:db8:1:3::1" })).status).toBe(200);
    },
    SLOW,
  );

  test(
    "a successful sign-in resets the username's count",
    async () => {
      const app = setup();
      for (let i = 0; i < 4; i++) expect((await login(app, { username: "admin", password: "wrong" }, { address: "203.0.113.1" })).status).toBe(401);
      expect((await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.1" })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(app, { username: "admin", password: "wrong" }, { address: "203.0.113.2" })).status).toBe(401);
      expect((await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.2" })).status).toBe(200);
    },
    SLOW,
  );

  test(
    "the wait counts down, and once it is over the right password works",
    async () => {
      ctx = testContext();
      setAdminPassword(ctx.store.db, "admin", cheapHash);
      let now = Date.now();
      const app = new Hono().route("/api", adminRouter(ctx, { now: () => now }));
      for (let i = 0; i < 5; i++) expect((await login(app, { username: "admin", password: "wrong" })).status).toBe(401);

      now += 14 * MINUTE;
      const refused = await login(app, { username: "admin", password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(await messageOf(refused)).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
      expect(refused.headers.get("retry-after")).toBe("60");

      now += MINUTE;
      expect((await login(app, { username: "admin", password: PASSWORD })).status).toBe(200);
    },
    SLOW,
  );

  test("invalid requests and foreign origins are not counted as failures", async () => {
    const app = setup();
    for (let i = 0; i < 6; i++) expect((await login(app, { username: "admin" })).status).toBe(400);
    for (let i = 0; i < 6; i++) expect((await login(app, { username: "admin", password: "x" }, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await login(app, { username: "admin", password: PASSWORD })).status).toBe(200);
  });
});

const auditRows = () => ctx.store.db.select().from(adminAudit).all();
const countOf = (action: string) => auditRows().filter((row) => row.action === action).length;

/** An app on the test context whose clock the test moves. */
function appWithClock(start = Date.now()) {
  ctx = testContext();
  setAdminPassword(ctx.store.db, "admin", cheapHash);
  setAdminPassword(ctx.store.db, "editor", cheapHash);
  const clock = { now: start };
  const app = new Hono().route("/api", adminRouter(ctx, { now: () => clock.now }));
  return { app, clock };
}

/** Five wrong passwords for `username` from five other addresses: the username is locked out. */
async function lockOut(app: App, username = "admin") {
  for (let i = 0; i < 5; i++) expect((await login(app, { username, password: `guess ${i}` }, { address: `198.51.100.${i + 10}` })).status).toBe(401);
  expect((await login(app, { username, password: PASSWORD }, { address: "198.51.100.99" })).status).toBe(429);
}

describe("the sign-in record under a flood (issue 20, F1)", () => {
  test(
    "600 refused sign-ins a window, for the locked username and others, from the locked address and others: one row per lock-out per window",
    async () => {
      const { app, clock } = appWithClock();
      for (let window = 0; window < 3; window++) {
        for (let i = 0; i < 5; i++) expect((await login(app, { username: "admin", password: `guess ${i}` }, { address: "203.0.113.1" })).status).toBe(401);
        for (let i = 0; i < 600; i++) {
          // The locked username from the locked address, other usernames from it, the locked username from elsewhere.
          const [username, address] = [["admin", "203.0.113.1"], [`user${i}`, "203.0.113.1"], ["admin", `192.0.2.${i % 250}`]][i % 3]!;
          const res = await login(app, { username, password: "guess" }, { address });
          expect(res.status).toBe(429);
          clock.now += 1_000;
        }
        expect([countOf("sign-in failed"), countOf("sign-in refused")]).toEqual([5 * (window + 1), window + 1]);
        clock.now += 15 * MINUTE;
      }
      const refused = auditRows().filter((row) => row.action === "sign-in refused");
      expect(refused.map((row) => [row.admin, row.detail])).toEqual(
        Array(3).fill(["admin", "throttled after repeated failures; further refusals in the next 15 minutes are not recorded"]),
      );
    },
    SLOW,
  );

  test(
    "each lock-out is recorded once: a second address locked by other usernames gets its own row",
    async () => {
      const { app } = appWithClock();
      await lockOut(app);
      for (let i = 0; i < 5; i++) expect((await login(app, { username: `someone${i}`, password: "x" }, { address: "203.0.113.50" })).status).toBe(401);
      for (let i = 0; i < 50; i++) expect((await login(app, { username: `other${i}`, password: "x" }, { address: "203.0.113.50" })).status).toBe(429);
      expect(countOf("sign-in refused")).toBe(2);
    },
    SLOW,
  );

  test(
    `the sign-in rows stay at ${SIGN_IN_TRAIL.maxRows} and none older than 90 days; a profile's trail is never pruned`,
    async () => {
      const app = setup();
      const old = new Date(Date.now() - SIGN_IN_TRAIL.maxAgeMs - MINUTE);
      ctx.store.db.transaction((tx) => {
        tx.insert(adminAudit).values({ at: old, admin: "admin", action: "signed in" }).run();
        tx.insert(adminAudit).values({ at: old, admin: "admin", action: "edit", profileId: "profile-a" }).run();
        for (let i = 0; i < SIGN_IN_TRAIL.maxRows; i++) tx.insert(adminAudit).values({ admin: `guess${i}`, action: "sign-in failed", detail: "unknown username" }).run();
      });
      expect((await login(app, { username: "nobody", password: "wrong" }, { address: "203.0.113.9" })).status).toBe(401);
      const rows = auditRows();
      const signIns = rows.filter((row) => row.profileId === null);
      expect(signIns).toHaveLength(SIGN_IN_TRAIL.maxRows);
      expect(signIns.at(-1)).toMatchObject({ admin: "nobody", action: "sign-in failed" });
      expect(signIns[0]!.admin).toBe("guess1");
      expect(rows.filter((row) => row.profileId !== null).map((row) => [row.action, row.at.getTime()])).toEqual([["edit", old.getTime()]]);
    },
    SLOW,
  );
});

describe("a browser that signed in before keeps its own attempts (issue 20, F2: device cookies)", () => {
  test("a successful sign-in sets a signed device cookie: HttpOnly, SameSite=Strict, 90 days; a failed one sets none", async () => {
    const app = setup();
    expect((await login(app, { username: "admin", password: "wrong" })).headers.getSetCookie()).toEqual([]);
    const before = Date.now();
    const res = await login(app, { username: "admin", password: PASSWORD });
    const header = setCookieOf(res, "admin_device")!;
    expect(header).toMatch(/^admin_device=[a-z2-7]{26}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const expires = new Date(/Expires=([^;]+)/.exec(header)![1]!).getTime();
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + DEVICE_COOKIE_MS) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DEVICE_COOKIE_MS);
    // Not the session: alone it opens nothing.
    expect((await authStatus(app, cookieFrom(res, "admin_device"))).body).toEqual({ authenticated: false });
  });

  test(
    "the username locked out from elsewhere: refused without the cookie, signed in with it; its failures are counted apart and recorded as such",
    async () => {
      const app = setup();
      const device = cookieFrom(await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.1" }), "admin_device");
      await lockOut(app);
      expect((await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.1" })).status).toBe(429);

      const typo = await login(app, { username: "admin", password: "typo" }, { address: "203.0.113.1", headers: { Cookie: device } });
      expect(typo.status).toBe(401);
      expect(await messageOf(typo)).toBe(INVALID_CREDENTIALS);
      expect(auditRows().at(-1)).toMatchObject({ admin: "admin", action: "sign-in failed", detail: "wrong password, from a browser that signed in before" });

      const res = await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.1", headers: { Cookie: device } });
      expect(res.status).toBe(200);
      expect((await authStatus(app, cookieFrom(res))).body).toEqual({ authenticated: true, username: "admin", role: "owner" });
      // A fresh device cookie; the lock-out still holds for everyone else.
      expect(cookieFrom(res, "admin_device")).not.toBe(device);
      expect((await login(app, { username: "admin", password: PASSWORD }, { address: "192.0.2.1" })).status).toBe(429);
    },
    SLOW,
  );

  test(
    "the browser's own limit: five failures with the cookie, then it is refused like any other while the username is locked; its failures never lock the username",
    async () => {
      const app = setup();
      const device = cookieFrom(await login(app, { username: "admin", password: PASSWORD }), "admin_device");
      for (let i = 0; i < 5; i++) expect((await login(app, { username: "admin", password: `typo ${i}` }, { address: "203.0.113.1", headers: { Cookie: device } })).status).toBe(401);
      // Five failures from the browser left the username and the address open to others.
      expect((await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.1" })).status).toBe(200);

      // The browser has used its five: once the username is locked, its cookie no longer lets it through.
      await lockOut(app);
      const refused = await login(app, { username: "admin", password: PASSWORD }, { address: "203.0.113.2", headers: { Cookie: device } });
      expect(refused.status).toBe(429);
      expect(await messageOf(refused)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    },
    SLOW,
  );

  test(
    "the cookie counts only for its username, whole and unaltered, and for 90 days",
    async () => {
      const { app, clock } = appWithClock();
      const device = cookieFrom(await login(app, { username: "admin", password: PASSWORD }), "admin_device");
      const [id, issued, signature] = device.split("=")[1]!.split(".");
      await lockOut(app, "editor");
      await lockOut(app, "admin");
      const flipped = signature!.slice(0, -2) + (signature!.at(-2) === "A" ? "B" : "A") + signature!.at(-1);
      const forgeries = [
        ["for another username", "editor", device],
        ["with another id", "admin", `admin_device=${"a".repeat(26)}.${issued}.${signature}`],
        ["issued at another time", "admin", `admin_device=${id}.${(parseInt(issued!, 36) + 1).toString(36)}.${signature}`],
        ["with an altered signature", "admin", `admin_device=${id}.${issued}.${flipped}`],
        ["without its signature", "admin", `admin_device=${id}.${issued}`],
        ["the session cookie instead", "admin", `admin_device=${cookieFrom(await login(app, { username: "admin", password: PASSWORD }, { headers: { Cookie: device } })).split("=")[1]}`],
      ];
      for (const [name, username, cookie] of forgeries) {
        const res = await login(app, { username: username!, password: PASSWORD }, { headers: { Cookie: cookie! } });
        expect([name, res.status]).toEqual([name, 429]);
      }

      clock.now += DEVICE_COOKIE_MS - 16 * MINUTE;
      await lockOut(app, "admin");
      expect((await login(app, { username: "admin", password: PASSWORD }, { headers: { Cookie: device } })).status).toBe(200);
      clock.now += 16 * MINUTE;
      await lockOut(app, "admin");
      expect((await login(app, { username: "admin", password: PASSWORD }, { headers: { Cookie: device } })).status).toBe(429);
    },
    SLOW,
  );

  test(
    "in production: __Host-admin_device with Secure, and only that name is read",
    async () => {
      const origin = "https://profileboost.example";
      const app = setup({ NODE_ENV: "production", PAYMENT_PROVIDER: "local", PUBLIC_URL: origin });
      const res = await login(app, { username: "admin", password: PASSWORD }, { headers: { Origin: origin } });
      expect(setCookieOf(res, "admin_device")).toMatch(/^__Host-admin_device=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
      const device = cookieFrom(res, "admin_device");
      for (let i = 0; i < 5; i++) expect((await login(app, { username: "admin", password: "wrong" }, { headers: { Origin: origin }, address: `198.51.100.${i}` })).status).toBe(401);
      expect((await login(app, { username: "admin", password: PASSWORD }, { headers: { Origin: origin, Cookie: device.replace("__Host-", "") } })).status).toBe(429);
      expect((await login(app, { username: "admin", password: PASSWORD }, { headers: { Origin: origin, Cookie: device } })).status).toBe(200);
    },
    SLOW,
  );
});
