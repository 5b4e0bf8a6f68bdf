/**
 * The one process: configuration, database, the outside services (src/services.ts), the HTTP server (API, assets,
 * pages) and the job loop (optimisations, e-mail). Started by `npm start` / `bun dev`; stops gracefully on SIGTERM and SIGINT.
 */
import { mkdirSync } from "node:fs";
import { bootstrapAdmin } from "./admin/bootstrap.ts";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openStore } from "./db/client.ts";
import { startJobLoop } from "./background.ts";
import { consoleLogger } from "./log.ts";
import { repairLocalPayments } from "./payments/local-repair.ts";
import { claimUploadsFolder } from "./photos/folder-claim.ts";
import { startGraceMs, sweepPhotos } from "./photos/sweep.ts";
import { buildServices } from "./services.ts";
import { readManifest } from "./ssr/assets.ts";

/** Big enough for six photos at the per-photo limit plus the form; each router enforces its own, smaller limit. */
const MAX_REQUEST_BODY_BYTES = 80 * 1024 * 1024;
/**
 * Bun's own default, said here on purpose: a request not answered within 10 s (counted in Bun's 4 s ticks, however
 * steadily its body arrives) loses its connection, and a client dribbling its request head is cut off too. The upload
 * route lifts it for its own requests (`server.timeout(request, 0)`, src/api/profiles.ts) and ends slow uploads by
 * their rate instead.
 */
const IDLE_TIMEOUT_SECONDS = 10;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const config = configOrExit();
const log = consoleLogger;

const store = openStore(config.databasePath, config.migrationsDir);
log.info(`database ${config.databasePath}: ${store.migrationsApplied} migration(s) applied`);
mkdirSync(config.uploadsDir, { recursive: true });
const ctx: AppContext = { config, store, log, services: buildServices(config, store.db, log) };
log.info(`photos: stored in ${ctx.services.photos.description}`);
// Alone on the uploads folder, nothing unnamed in it can be in flight; with another server on it, its uploads may be.
const folderClaim = claimUploadsFolder(config.uploadsDir);
if (!folderClaim.alone) log.info(`uploads: another server uses ${config.uploadsDir}; the start-up sweep spares what is younger than an hour`);
const swept = await sweepPhotos(store.db, ctx.services.photos, config.uploadsDir, startGraceMs(ctx.services.photos, folderClaim.alone)).catch((err: unknown) => {
  log.error(`photos: the start-up sweep of ${ctx.services.photos.description} failed; the hourly one tries again`, err);
  return { incoming: 0, orphans: 0 };
});
try {
  folderClaim.share();
} catch (err) {
  log.error(`uploads: could not mark ${config.uploadsDir} as in use; a server starting on it now may sweep this one's uploads`, err);
}
if (swept.incoming + swept.orphans > 0) {
  log.info(`uploads: removed ${swept.incoming} unfinished upload(s) and ${swept.orphans} photo file(s) no profile refers to`);
}

// Before any request: a local payment whose order a crash left unpaid is fulfilled, so it cannot be paid again.
repairLocalPayments(ctx);
// The first start creates the admin account (printing a generated password once when ADMIN_PASSWORD is unset).
bootstrapAdmin(ctx);
// In development the manifest is read per request so `bun dev` rebuilds show up without a restart.
const manifest = config.env === "development" ? null : readManifest();
// The job loop starts right after the server listens, before any request is read; once it stops, /readyz says so.
const app = createApp(ctx, { assets: () => manifest ?? readManifest(), jobLoopRunning: () => jobLoop.running });

const server = listen(config.host);
const shownHost = server.hostname?.includes(":") ? `[${server.hostname}]` : server.hostname;
log.info(`listening on http://${shownHost}:${server.port} (public URL ${config.publicUrl}, payments: ${config.payments.provider})`);
const jobLoop = startJobLoop(ctx);

/** Listens on `host`; the default "::" (IPv6 and IPv4) becomes 0.0.0.0 on a machine without IPv6. */
function listen(host: string) {
  const serve = (hostname: string) => Bun.serve({ port: config.port, hostname, fetch: app.fetch, maxRequestBodySize: MAX_REQUEST_BODY_BYTES, idleTimeout: IDLE_TIMEOUT_SECONDS });
  try {
    return serve(host);
  } catch (err) {
    if (host !== "::") throw err;
    log.info(`IPv6 is not available here (${err instanceof Error ? err.message : String(err)}); listening on IPv4 only`);
    return serve("0.0.0.0");
  }
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: no new connections; finishing requests in flight`);
  // stop() without `true` refuses new connections and resolves once the open requests have been answered.
  await server.stop();
  // The job in hand finishes and writes its outcome while the database is still open.
  await jobLoop.stop();
  ctx.services.close();
  store.close();
  folderClaim.release();
  log.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
