import type { Config } from "./config.ts";
import type { Store } from "./db/client.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Optimiser } from "./optimiser/optimiser.ts";
import type { Payments } from "./payments/payments.ts";
import type { PhotoStore } from "./photos/storage.ts";

/**
 * The outside services the process talks to, as interfaces: src/services.ts is the one place that builds them (or
 * a test's stand-ins), so nothing that receives them depends on how they are made.
 */
export interface Services {
  payments: Payments;
  mailer: Mailer;
  optimiser: Optimiser;
  /** Where finished photos live: the uploads folder or an S3-compatible bucket. */
  photos: PhotoStore;
  close(): void;
}

/** What every router, job and page handler receives: built once in server.ts (or per test). */
export interface AppContext {
  config: Config;
  store: Store;
  log: Logger;
  services: Services;
}
