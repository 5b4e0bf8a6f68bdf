import type { Config } from "./config.ts";
import type { Store } from "./db/client.ts";
import type { Logger } from "./log.ts";
import type { Services } from "./services.ts";

/** What every router, job and page handler receives: built once in server.ts (or per test). */
export interface AppContext {
  config: Config;
  store: Store;
  log: Logger;
  services: Services;
}
