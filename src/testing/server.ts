import type { Subprocess } from "bun";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createFirstAdmin } from "../admin/users.ts";
import { generatePassword } from "../admin/passwords.ts";
import { DEFAULT_ADMIN_USERNAME } from "../config.ts";
import { openStore } from "../db/client.ts";
import { ROOT_DIR } from "../ssr/assets.ts";
import { cheapPasswordHash } from "./admin.ts";
import { migratedDatabase, tempDir } from "./context.ts";
import { fairDeadline } from "./fair-clock.ts";

export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export interface RunningServer {
  url: string;
  port: number;
  dir: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** Everything the server printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number>;
  cleanup(): Promise<void>;
}

export interface StartOptions {
  /**
   * Start as an installation's very first start does: no database file, so the server migrates a new one and makes
   * its administrator from ADMIN_USERNAME and ADMIN_PASSWORD (or a generated password), hashed with argon2id at full
   * cost. Otherwise the folder is `installed` first.
   */
  firstStart?: boolean;
}

/**
 * What a server finds in a new folder unless `firstStart` is asked for: a migrated database (a copy, as testContext
 * makes) whose administrator is already the one the environment names (ADMIN_USERNAME, else the default), with the
 * environment's ADMIN_PASSWORD (else one nobody knows) under a cheap argon2id hash. A first start spent 0.4 s of CPU
 * hashing at full cost, and migrating, before it answered, in each test server (26 in the browser set); signing in by the
 * form with that password is as quick as the test accounts' (src/testing/admin.ts).
 */
function installed(databasePath: string, env: Record<string, string>): void {
  if (existsSync(databasePath)) return;
  migratedDatabase(databasePath);
  const store = openStore(databasePath);
  try {
    createFirstAdmin(store.db, env.ADMIN_USERNAME ?? DEFAULT_ADMIN_USERNAME, cheapPasswordHash(env.ADMIN_PASSWORD ?? generatePassword()));
  } finally {
    store.close();
  }
}

/**
 * Starts the real server (`bun src/server.ts`) as its own process on a free port with a temp database (see
 * `installed`; `firstStart` for a folder with none), and waits until /healthz answers.
 */
export async function startServer(env: Record<string, string> = {}, dir = tempDir("app-server-"), options: StartOptions = {}): Promise<RunningServer> {
  const databasePath = env.DATABASE_PATH ?? join(dir, "app.sqlite");
  if (!options.firstStart) installed(databasePath, env);
  const port = freePort();
  const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "src/server.ts")], {
    cwd: ROOT_DIR,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dir, "uploads"),
      OUTBOX_DIR: join(dir, "outbox"),
      // Browser tests and scripts send everything from one address. Five times, not more: a browser test that
      // fills the contact allowance through the API (25 messages) still reaches the limit within its time.
      RATE_LIMIT_SCALE: "5",
      ...env,
    },
  });
  let text = "";
  const decoder = new TextDecoder();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  void collect(proc.stdout);
  void collect(proc.stderr);

  const url = `http://127.0.0.1:${port}`;
  // 15 s of fair time: a busy machine's queue for a core does not count (src/testing/fair-clock.ts).
  const deadline = fairDeadline(15_000);
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${text}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (deadline.passed()) {
        proc.kill();
        throw new Error(`server did not start in 15 s:\n${text}`);
      }
      await Bun.sleep(50);
    }
  } finally {
    deadline.release();
  }

  const server: RunningServer = {
    url,
    port,
    dir,
    proc,
    output: () => text,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return await proc.exited;
    },
    async cleanup() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
