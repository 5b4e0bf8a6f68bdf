/**
 * The opening every operator script shares (scripts/admin-user.ts, backup.ts, restore.ts): a problem is one line on
 * standard error and an exit code (1 for a problem, 2 for a usage error), and the configuration is read as the server
 * reads it, so a script works on the same database and folders as the running service.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError, loadConfig, type Config } from "../src/config.ts";

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The server's configuration, or its problem printed and exit 1. */
export function configOrFail(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

/** The command line parsed by `options`, or its problem and `usage` printed and exit 2. */
export function argsOrUsage<T extends ParseArgsConfig>(options: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(options);
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n${usage}`, 2);
  }
}
