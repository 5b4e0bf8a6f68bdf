import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT_DIR } from "./ssr/assets.ts";
import { tempDir } from "./testing/context.ts";
import { startServer } from "./testing/server.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function runServerExpectingExit(env: Record<string, string>) {
  const dir = tempDir("server-bad-config-");
  dirs.push(dir);
  const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "src/server.ts")], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: join(dir, "app.sqlite"), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), 10_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, stderr: await new Response(proc.stderr).text() };
}

describe("start-up", () => {
  test("PORT=abc stops at once with one line naming PORT", async () => {
    const { code, stderr } = await runServerExpectingExit({ PORT: "abc" });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")');
  });

  test("production without Stripe keys refuses to start", async () => {
    const { code, stderr } = await runServerExpectingExit({ NODE_ENV: "production", PORT: "3999" });
    expect(code).toBe(1);
    expect(stderr).toContain("STRIPE_SECRET_KEY is required in production");
  });

  test("with no HOST it listens on both IPv4 and IPv6 (dual stack)", async () => {
    const server = await startServer({ HOST: "" });
    dirs.push(server.dir);
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://[::1]:${server.port}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test("the first start migrates and makes the administrator from the environment; a restart applies no migration twice, keeps the data and makes no second administrator", async () => {
    const dir = tempDir("server-restart-");
    dirs.push(dir);
    const admin = { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "first start password 42" };
    const first = await startServer(admin, dir, { firstStart: true });
    expect(first.output()).toMatch(/[1-9]\d* migration\(s\) applied/);
    expect(first.output()).toContain('admin: created administrator "owner" with the password from ADMIN_PASSWORD');
    expect(first.output()).not.toContain(admin.ADMIN_PASSWORD);
    const signIn = (server: { url: string }, password: string) =>
      fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify({ username: "owner", password }) });
    expect((await signIn(first, admin.ADMIN_PASSWORD)).status).toBe(200);
    const { Database } = await import("bun:sqlite");
    {
      const db = new Database(join(dir, "app.sqlite"));
      db.run("PRAGMA busy_timeout = 5000"); // the running server writes too: wait for its lock rather than fail
      db.run("INSERT INTO contact_messages (first_name, last_name, email, subject, message) VALUES ('A','B','a@example.com','S','kept across restarts')");
      db.close();
    }
    expect(await first.stop()).toBe(0);

    // Another ADMIN_PASSWORD at the restart changes nothing: the account made at the first start stays as it was.
    const second = await startServer({ ...admin, ADMIN_PASSWORD: "another password 42" }, dir);
    expect(second.output()).toContain(": 0 migration(s) applied");
    expect(second.output()).not.toContain("created administrator");
    expect((await signIn(second, "another password 42")).status).toBe(401);
    expect((await signIn(second, admin.ADMIN_PASSWORD)).status).toBe(200);
    await second.stop();
    const db = new Database(join(dir, "app.sqlite"), { readonly: true });
    const count = db.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n;
    const kept = db.query<{ message: string }, []>("SELECT message FROM contact_messages").get();
    db.close();
    expect(count).toBeGreaterThan(0);
    expect(kept?.message).toBe("kept across restarts");
  });
});

describe("shutdown", () => {
  test("SIGTERM stops new connections, closes the database and exits 0", async () => {
    const server = await startServer();
    dirs.push(server.dir);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain("SIGTERM: no new connections");
    expect(server.output()).toContain("stopped");
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  test("SIGTERM during a request lets it finish and keeps what it wrote", async () => {
    const server = await startServer();
    dirs.push(server.dir);
    const body = JSON.stringify({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", subject: "Hello", message: "Sent while the server stops." });
    const { connect } = await import("node:net");
    const socket = connect(server.port, "127.0.0.1");
    let response = "";
    socket.on("data", (d) => (response += d));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    // Headers and half the body now; the handler is waiting for the rest when the signal arrives.
    socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`);
    socket.write(body.slice(0, 20));
    await Bun.sleep(200);
    server.proc.kill("SIGTERM");
    await Bun.sleep(300);
    expect(server.proc.exitCode).toBeNull();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow(); // no new connections meanwhile
    socket.write(body.slice(20));
    await closed;
    expect(response).toStartWith("HTTP/1.1 201");
    expect(await server.proc.exited).toBe(0);
    const { Database } = await import("bun:sqlite");
    const db = new Database(join(server.dir, "app.sqlite"), { readonly: true });
    expect(db.query<{ message: string }, []>("SELECT message FROM contact_messages").get()?.message).toBe("Sent while the server stops.");
    db.close();
  });

  test("SIGINT does the same", async () => {
    const server = await startServer();
    dirs.push(server.dir);
    expect(await server.stop("SIGINT")).toBe(0);
    expect(server.output()).toContain("SIGINT: no new connections");
  });
});
