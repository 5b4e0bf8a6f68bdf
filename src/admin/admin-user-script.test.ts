import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { adminAudit, adminSessions, users } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { verifyPassword } from "./passwords.ts";
import { createAdminSession, validateAdminSessionToken } from "./sessions.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

// Each argon2id hash or check takes about 0.1 s, seconds on a busy two-core machine.
const SLOW = 30_000;

const SCRIPT = join(import.meta.dir, "..", "..", "scripts", "admin-user.ts");

/** Runs scripts/admin-user.ts as an operator would, in its own process, on the test's database file. */
async function run(args: string[], stdin?: string) {
  const proc = Bun.spawn([process.execPath, SCRIPT, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_PATH: ctx.config.databasePath },
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

const hashOf = (username: string) => ctx.store.db.select().from(users).all().find((u) => u.username === username)?.password;

describe("scripts/admin-user.ts", () => {
  test("adds an administrator with a generated password, printed once", async () => {
    ctx = testContext();
    const { code, stdout, stderr } = await run(["alice"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toContain(`Administrator "alice" added (database ${ctx.config.databasePath}).`);
    const password = /^Password: ([a-z2-7]{26})$/m.exec(stdout)?.[1];
    expect(password).toBeDefined();
    expect(await verifyPassword(password!, hashOf("alice"))).toBe(true);
  }, SLOW);

  test("resets an existing administrator's password from stdin and signs them out everywhere", async () => {
    ctx = testContext();
    expect((await run(["alice"])).code).toBe(0);
    const userId = ctx.store.db.select().from(users).get()!.id;
    const sessions = [createAdminSession(ctx.store.db, userId).token, createAdminSession(ctx.store.db, userId).token];
    const before = hashOf("alice");

    const { code, stdout, stderr } = await run(["alice", "--password-stdin"], "a brand new passphrase\n");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toContain(`Password of administrator "alice" changed; 2 session(s) signed out`);
    expect(stdout).not.toContain("Password:");
    expect(stdout).not.toContain("a brand new passphrase");

    expect(hashOf("alice")).not.toBe(before);
    expect(await verifyPassword("a brand new passphrase", hashOf("alice"))).toBe(true);
    expect(sessions.map((t) => validateAdminSessionToken(ctx.store.db, t))).toEqual([null, null]);
    expect(ctx.store.db.select().from(adminSessions).all()).toEqual([]);
    expect(ctx.store.db.select().from(users).all()).toHaveLength(1);
  }, SLOW);

  test("refuses a password shorter than 12 characters and changes nothing", async () => {
    ctx = testContext();
    const { code, stderr } = await run(["bob", "--password-stdin"], "too short\n");
    expect(code).toBe(1);
    expect(stderr).toContain("The password must be 12 to 256 characters.");
    expect(ctx.store.db.select().from(users).all()).toEqual([]);
  }, SLOW);

  test("--role writer and --role owner add each kind; the default is an owner", async () => {
    ctx = testContext();
    const writer = await run(["sam", "--role", "writer"]);
    expect({ code: writer.code, stderr: writer.stderr }).toEqual({ code: 0, stderr: "" });
    expect(writer.stdout).toContain('Writer "sam" added (database');
    expect(writer.stdout).toMatch(/^Password: [a-z2-7]{26}$/m);
    const owner = await run(["olive", "--role", "owner", "--password-stdin"], "an owner's passphrase\n");
    expect(owner.stdout).toContain('Owner "olive" added (database');
    expect(owner.stdout).not.toContain("Password:");
    expect((await run(["pat"])).code).toBe(0);
    expect(Object.fromEntries(ctx.store.db.select().from(users).all().map((u) => [u.username, u.role]))).toEqual({ sam: "writer", olive: "owner", pat: "owner" });
    expect(await verifyPassword("an owner's passphrase", hashOf("olive"))).toBe(true);
  }, SLOW);

  test("--role on an existing account changes its role and keeps its password and sessions; the last owner stays one", async () => {
    ctx = testContext();
    expect((await run(["olive"])).code).toBe(0);
    expect((await run(["sam", "--role", "writer"])).code).toBe(0);
    const samHash = hashOf("sam");
    const samId = ctx.store.db.select().from(users).all().find((u) => u.username === "sam")!.id;
    const session = createAdminSession(ctx.store.db, samId).token;

    const promoted = await run(["sam", "--role", "owner"]);
    expect({ code: promoted.code, stderr: promoted.stderr }).toEqual({ code: 0, stderr: "" });
    expect(promoted.stdout).toContain('Role of "sam" changed: writer → owner');
    expect(promoted.stdout).not.toContain("Password");
    expect(hashOf("sam")).toBe(samHash);
    expect(validateAdminSessionToken(ctx.store.db, session)?.user.role).toBe("owner");
    expect(ctx.store.db.select().from(adminAudit).all().at(-1)).toMatchObject({ admin: "(shell: scripts/admin-user.ts)", action: "account role changed", detail: '"sam": writer → owner' });

    expect((await run(["olive", "--role", "writer"])).code).toBe(0);
    const refused = await run(["sam", "--role", "writer"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The team needs at least one enabled owner");
    expect(ctx.store.db.select().from(users).all().find((u) => u.username === "sam")!.role).toBe("owner");

    expect((await run(["sam", "--role", "owner"])).stdout).toContain('"sam" is already an owner.');
    const bad = await run(["sam", "--role", "boss"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("The role must be one of owner, writer.");
  }, SLOW);

  test("without a username: the usage line and exit code 2", async () => {
    ctx = testContext();
    const { code, stderr } = await run([]);
    expect(code).toBe(2);
    expect(stderr).toContain("usage: bun scripts/admin-user.ts <username> [--role writer|owner] [--password-stdin]");
  }, SLOW);
});
