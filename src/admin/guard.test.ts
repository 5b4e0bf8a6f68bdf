import { afterEach, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { adminSessions, users } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { adminOnly, requireAdmin, SIGN_IN_REQUIRED, type AdminEnv } from "./guard.ts";
import { CROSS_SITE_REFUSED } from "./same-origin.ts";
import { createAdminSession } from "./sessions.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

function signedIn(): { cookie: string; userId: number } {
  ctx = testContext();
  const userId = ctx.store.db.insert(users).values({ username: "admin", password: "not-a-real-hash" }).returning({ id: users.id }).get().id;
  return { cookie: `admin_session=${createAdminSession(ctx.store.db, userId).token}`, userId };
}

describe("requireAdmin on one route", () => {
  const appFor = (c: TestContext) => new Hono<AdminEnv>().get("/secret", requireAdmin(c), (c) => c.json({ admin: c.get("admin") }));

  test("401 with a message and no handler without a session", async () => {
    signedIn();
    const res = await appFor(ctx).request("/secret");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: SIGN_IN_REQUIRED });
  });

  test("401 with an unknown or tampered token, and the cookie is cleared", async () => {
    const { cookie } = signedIn();
    for (const bad of ["admin_session=nonsense", `${cookie.slice(0, -1)}${cookie.endsWith("a") ? "b" : "a"}`]) {
      const res = await appFor(ctx).request("/secret", { headers: { Cookie: bad } });
      expect(res.status).toBe(401);
      expect(res.headers.get("set-cookie")).toMatch(/^admin_session=; Max-Age=0;/);
    }
  });

  test("the handler runs with the administrator on the context", async () => {
    const { cookie, userId } = signedIn();
    const res = await appFor(ctx).request("/secret", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ admin: { id: userId, username: "admin", role: "owner" } });
  });

  test("a session that is more than half used is renewed and its cookie sent again", async () => {
    const { cookie } = signedIn();
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    ctx.store.db.update(adminSessions).set({ expiresAt: soon }).run();
    const res = await appFor(ctx).request("/secret", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const renewed = ctx.store.db.select().from(adminSessions).get()!.expiresAt;
    expect(renewed.getTime()).toBeGreaterThan(soon.getTime());
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toStartWith(`${cookie};`);
    expect(new Date(/Expires=([^;]+)/.exec(setCookie)![1]!).getTime()).toBe(Math.floor(renewed.getTime() / 1000) * 1000);
  });
});

describe("adminOnly", () => {
  function appWithAdminRoutes(c: TestContext) {
    const admin = adminOnly(c);
    admin.get("/profiles", (c) => c.json({ profiles: [], by: c.get("admin").username }));
    admin.post("/profiles/:id/regenerate", (c) => c.json({ regenerated: c.req.param("id") }));
    // Mounted at "/" the way app.ts mounts every router, beside a public route.
    return new Hono().route("/", admin).get("/public", (c) => c.json({ open: true }));
  }

  test("its routes sit under /admin and need a session", async () => {
    const { cookie } = signedIn();
    const app = appWithAdminRoutes(ctx);
    expect((await app.request("/admin/profiles")).status).toBe(401);
    const res = await app.request("/admin/profiles", { headers: { Cookie: cookie } });
    expect(await res.json()).toEqual({ profiles: [], by: "admin" });
  });

  test("a change needs the site's origin as well as a session", async () => {
    const { cookie } = signedIn();
    const app = appWithAdminRoutes(ctx);
    const foreign = await app.request("/admin/profiles/p1/regenerate", { method: "POST", headers: { Cookie: cookie, Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: CROSS_SITE_REFUSED });
    const anonymous = await app.request("/admin/profiles/p1/regenerate", { method: "POST", headers: { Origin: "http://localhost:3000" } });
    expect(anonymous.status).toBe(401);
    const res = await app.request("/admin/profiles/p1/regenerate", { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost:3000" } });
    expect(await res.json()).toEqual({ regenerated: "p1" });
  });

  test("its guard does not reach routes outside /admin", async () => {
    signedIn();
    const res = await appWithAdminRoutes(ctx).request("/public");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ open: true });
  });
});
