/**
 * The migration to roles and claims (db/migrations/0010_team_roles.sql) on a database written before it: the
 * migrations up to 0009 applied, two administrators with live sessions and a trail. After it every account is an
 * enabled owner, their sessions still hold (as owners), they still sign in, and nobody holds a claim.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createAdminSession, validateAdminSessionToken } from "../admin/sessions.ts";
import { adminCookie } from "../testing/admin.ts";
import { migrationsUpTo } from "../testing/migrations.ts";
import { tempDir, testApp, testContext, type TestContext } from "../testing/context.ts";
import { openStore } from "./client.ts";
import { adminAudit, claims, users } from "./schema.ts";

const OLD_TAG = "0009_result_versions";

let ctx: TestContext;
let tokens: string[];
/** 0010 and every migration after it. */
let applied = 0;
let oldDir = "";

beforeAll(() => {
  // The migrations as they were before this one.
  const dir = (oldDir = tempDir("pre-roles-"));
  const { migrations, later } = migrationsUpTo(OLD_TAG, dir);
  applied = later;

  const path = join(dir, "app.sqlite");
  const old = openStore(path, migrations);
  old.close();
  // Written as the code before roles wrote them: no role, no disabled_at.
  const raw = new Database(path);
  const hash = Bun.password.hashSync("correct horse battery staple", { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });
  raw.run("INSERT INTO users (username, password) VALUES (?, ?), (?, ?)", ["admin", hash, "editor", hash]);
  raw.run("INSERT INTO admin_audit (admin, action, detail) VALUES ('admin', 'signed in', NULL)");
  raw.close();
  const before = openStore(path, migrations);
  tokens = [1, 2].map((id) => createAdminSession(before.db, id).token);
  before.close();

  ctx = testContext({ DATABASE_PATH: path });
});
afterAll(() => {
  ctx?.cleanup();
  if (oldDir) rmSync(oldDir, { recursive: true, force: true });
});

describe("the migration to roles, on a database written before it", () => {
  test("only this migration (and the ones after it) is applied, and it adds the role, the disabled mark and the claims", () => {
    expect(ctx.store.migrationsApplied).toBe(applied);
    const columns = ctx.store.sqlite.query<{ name: string }, []>("select name from pragma_table_info('users')").all().map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(["role", "disabled_at"]));
    expect(ctx.store.db.select().from(claims).all()).toEqual([]);
  });

  test("every existing account is an enabled owner; its session still holds, as an owner", () => {
    expect(ctx.store.db.select({ username: users.username, role: users.role, disabledAt: users.disabledAt }).from(users).all()).toEqual([
      { username: "admin", role: "owner", disabledAt: null },
      { username: "editor", role: "owner", disabledAt: null },
    ]);
    expect(tokens.map((t) => validateAdminSessionToken(ctx.store.db, t)?.user)).toEqual([
      { id: 1, username: "admin", role: "owner" },
      { id: 2, username: "editor", role: "owner" },
    ]);
    expect(ctx.store.db.select().from(adminAudit).all()).toHaveLength(1);
  });

  test("an existing owner signs in and may manage the accounts", async () => {
    const app = testApp(ctx);
    const login = await app.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ username: "editor", password: "correct horse battery staple" }),
    });
    expect(await login.json()).toEqual({ authenticated: true, username: "editor", role: "owner" });
    const accounts = await app.request("/api/admin/accounts", { headers: { Cookie: adminCookie(ctx.store.db, "admin") } });
    expect(accounts.status).toBe(200);
  });
});
