import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openStore } from "../db/client.ts";
import { memoryLogger } from "../log.ts";
import type { AppContext, Services } from "../context.ts";
import { buildServices } from "../services.ts";
import { readManifest } from "../ssr/assets.ts";

export function tempDir(prefix = "app-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
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
