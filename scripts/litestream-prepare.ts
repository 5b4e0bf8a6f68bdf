/**
 * Run by scripts/serve.sh before the server starts, when LITESTREAM_BUCKET is set: checks the settings, writes
 * Litestream's configuration file (src/ops/litestream.ts) to a private temporary folder, and restores the latest
 * replica when the database file does not exist yet (a new machine or an empty volume), so the service comes back
 * with its data. Prints two lines, the binary's path and the configuration's, for serve.sh to run
 * `litestream replicate -exec …` with; exits 1 with one line on a problem, and then the service does not start.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { litestreamBinary, litestreamConfig, LitestreamConfigError, litestreamSettings, mirrorReplica } from "../src/ops/litestream.ts";
import { fail } from "./cli.ts";

try {
  const settings = litestreamSettings();
  if (!settings) fail("LITESTREAM_BUCKET is not set: there is nothing to replicate to.");
  const binary = litestreamBinary();
  const config = join(mkdtempSync(join(tmpdir(), "litestream-")), "litestream.yml");
  writeFileSync(config, litestreamConfig(settings), { mode: 0o600 });
  if (!existsSync(settings.databasePath)) {
    mkdirSync(dirname(settings.databasePath), { recursive: true });
    const local = mkdtempSync(join(tmpdir(), "litestream-replica-"));
    const mirrored = await mirrorReplica(settings, { accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY }, local);
    const restored = mirrored
      ? spawnSync(binary, ["restore", "-o", settings.databasePath, `file://${local}`], { stdio: ["ignore", 2, 2] })
      : { status: 0 };
    rmSync(local, { recursive: true, force: true });
    if (restored.status !== 0) fail(`litestream: restoring ${settings.databasePath} from bucket ${settings.bucket} failed (exit ${restored.status}); see above.`);
    console.error(
      existsSync(settings.databasePath)
        ? `litestream: ${settings.databasePath} was missing; restored it from bucket ${settings.bucket}/${settings.path}`
        : `litestream: no replica in bucket ${settings.bucket}/${settings.path} yet; starting with a new database`,
    );
  }
  console.log(binary);
  console.log(config);
} catch (err) {
  if (err instanceof LitestreamConfigError) fail(err.message);
  throw err;
}
