import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { DEFAULT_MIGRATIONS_DIR, openStore } from "../db/client.ts";
import { memoryLogger } from "../log.ts";
import type { AppContext, Services } from "../context.ts";
import { buildServices } from "../services.ts";
import { readManifest, ROOT_DIR } from "../ssr/assets.ts";

export function tempDir(prefix = "app-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Where a migrated database is kept for the tests to copy: under node_modules/.cache, named by what makes it (the
 * migrations, drizzle's version, SQLite's), so a run reuses the last run's and a changed migration makes a new one.
 */
function templatePath(): string {
  const hash = new Bun.CryptoHasher("sha256");
  for (const name of readdirSync(DEFAULT_MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const file = join(DEFAULT_MIGRATIONS_DIR, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  hash.update(JSON.parse(readFileSync(join(ROOT_DIR, "node_modules/drizzle-orm/package.json"), "utf8")).version);
  hash.update(Bun.version);
  return join(ROOT_DIR, "node_modules/.cache/test-databases", `migrated-${hash.digest("hex").slice(0, 16)}.sqlite`);
}

let template: string | undefined;
/**
 * Puts a migrated database at `path` (unless something is there already): a byte copy of one migrated from nothing by
 * openStore. Migrating a new file took 17 ms of CPU; the copy takes 2, and the unit tests and the order lifecycle's
 * property test open a few thousand of them (src/db/client.test.ts and the migrate-*.test.ts files migrate their own
 * from nothing). The copy is the whole database in WAL mode: its store was closed, so no WAL is left beside it. It is
 * made under a name of its own and renamed into place, so workers making it at once each see a whole file.
 */
export function migratedDatabase(path: string): void {
  if (path === ":memory:" || existsSync(path)) return;
  if (template === undefined) {
    const target = templatePath();
    if (!existsSync(target)) {
      mkdirSync(dirname(target), { recursive: true });
      const making = `${target}.${process.pid}.${Date.now()}`;
      openStore(making).close();
      if (existsSync(`${making}-wal`)) throw new Error(`the migrated database ${making} still has a WAL after its store closed`);
      renameSync(making, target);
    }
    template = target;
  }
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(template, path);
}

export interface TestContext extends AppContext {
  dir: string;
  log: ReturnType<typeof memoryLogger>;
  cleanup(): void;
}

/**
 * A real context on a temp-file SQLite database (migrated), temp upload and outbox folders, a recording logger, and
 * the services the configuration asks for (built as the server builds them), any of which `overrides` may replace.
 */
export function testContext(env: Record<string, string> = {}, overrides: Partial<Omit<Services, "close">> = {}): TestContext {
  const dir = tempDir();
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_PATH: join(dir, "app.sqlite"),
    UPLOADS_DIR: join(dir, "uploads"),
    OUTBOX_DIR: join(dir, "outbox"),
    PUBLIC_URL: "http://localhost:3000",
    // Every test request comes from one address; tests of a limit itself set RATE_LIMIT_SCALE=1.
    RATE_LIMIT_SCALE: "1000",
    ...env,
  });
  migratedDatabase(config.databasePath);
  const store = openStore(config.databasePath);
  const log = memoryLogger();
  const services = buildServices(config, store.db, log, overrides);
  return {
    config,
    store,
    log,
    services,
    dir,
    cleanup() {
      services.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The real app over a test context; pages use the built assets (npm test builds them first). */
export function testApp(ctx: AppContext) {
  return createApp(ctx, { assets: readManifest });
}
