import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { CROSS_SITE_REFUSED } from "../admin/same-origin.ts";
import { SESSION_IDLE_MS } from "../admin/sessions.ts";
import { setAdminPassword } from "../admin/users.ts";
import { adminSessions } from "../db/schema.ts";
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

/** The `name=value` a browser sends back from a Set-Cookie header. */
function cookieFrom(res: Response): string {
  const header = res.headers.get("set-cookie");
  if (!header) throw new Error("no Set-Cookie");
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
    expect(await res.json()).toEqual({ authenticated: true, username: "admin" });
    expect(res.headers.get("cache-control")).toBe("no-store");

    const setCookie = res.headers.get("set-cookie")!;
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
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-admin_session=[a-z2-7.]{65}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookie).not.toContain("Domain");

    const cookie = cookieFrom(res);
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: true, username: "admin" });
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
    expect((await authStatus(app, cookieFrom(second))).body).toEqual({ authenticated: true, username: "admin" });
  });
});

describe("GET /api/admin/auth-status", () => {
  test("false without a cookie, true with a valid one; never a 401", async () => {
    const app = setup();
    expect(await authStatus(app)).toEqual({ body: { authenticated: false }, setCookie: null });
    const cookie = await signIn(app);
    expect(await authStatus(app, cookie)).toEqual({ body: { authenticated: true, username: "admin" }, setCookie: null });
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
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: true, username: "admin" });
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
    expect(body).toEqual({ authenticated: true, username: "admin" });
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
    expect((await authStatus(app, cookie)).body).toEqual({ authenticated: true, username: "admin" });
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
