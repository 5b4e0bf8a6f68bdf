import { afterEach, describe, expect, test } from "bun:test";
import { users } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { bootstrapAdmin } from "./bootstrap.ts";
import { verifyPassword } from "./passwords.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

// Each argon2id hash or check takes about 0.1 s, seconds on a busy two-core machine.
const SLOW = 30_000;

const admins = () => ctx.store.db.select().from(users).all();

describe("bootstrapAdmin", () => {
  test("with no administrator and no ADMIN_PASSWORD: creates one with a strong generated password, logged once", async () => {
    ctx = testContext({ ADMIN_USERNAME: "owner" });
    const first = bootstrapAdmin(ctx);
    expect(first).toMatchObject({ created: true, username: "owner" });
    const password = first.generatedPassword!;
    expect(password).toMatch(/^[a-z2-7]{26}$/);

    const [admin] = admins();
    expect(admin!.username).toBe("owner");
    expect(admin!.password).toStartWith("$argon2id$");
    expect(await verifyPassword(password, admin!.password)).toBe(true);
    expect(ctx.log.lines.filter((l) => l.includes(password))).toEqual([
      `admin: created administrator "owner" with password ${password} (shown this once only; set another with: bun scripts/admin-user.ts owner --password-stdin)`,
    ]);

    // Every later start: nothing created, nothing printed, the password unchanged.
    expect(bootstrapAdmin(ctx)).toEqual({ created: false, username: "owner" });
    expect(bootstrapAdmin(ctx)).toEqual({ created: false, username: "owner" });
    expect(ctx.log.lines.filter((l) => l.includes(password))).toHaveLength(1);
    expect(ctx.log.lines).toHaveLength(1);
    expect(admins()).toEqual([admin!]);
  }, SLOW);

  test("with ADMIN_PASSWORD: uses it and never logs it", async () => {
    const given = "correct horse battery staple";
    ctx = testContext({ ADMIN_PASSWORD: given });
    expect(bootstrapAdmin(ctx)).toEqual({ created: true, username: "admin" });
    expect(await verifyPassword(given, admins()[0]!.password)).toBe(true);
    // The account from the environment is an owner (issue 29).
    expect(admins()[0]).toMatchObject({ role: "owner", disabledAt: null });
    expect(ctx.log.lines).toEqual(['admin: created administrator "admin" with the password from ADMIN_PASSWORD']);
    expect(JSON.stringify(admins())).not.toContain(given);
  }, SLOW);

  test("an existing administrator, whatever their name, means no bootstrap: ADMIN_* changes nothing", () => {
    ctx = testContext({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "a new password for admin" });
    ctx.store.db.insert(users).values({ username: "someone", password: "$argon2id$existing" }).run();
    expect(bootstrapAdmin(ctx)).toEqual({ created: false, username: "admin" });
    expect(admins().map((a) => [a.username, a.password])).toEqual([["someone", "$argon2id$existing"]]);
    expect(ctx.log.lines).toEqual([]);
  });
});
