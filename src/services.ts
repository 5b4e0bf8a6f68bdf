/**
 * The outside services the process talks to, built from the configuration in one place, for the server
 * (src/server.ts) and the tests' helpers (src/testing/context.ts) alike: the payment provider (Stripe or the
 * built-in local one), the mailer (SMTP or the outbox folder), the optimiser (the local analyser, or an
 * OpenAI-compatible model that falls back to it) and the photo store (the uploads folder or a bucket).
 */
import type { Config } from "./config.ts";
import type { Services } from "./context.ts";
import type { DB } from "./db/client.ts";
import { installationId } from "./db/installation.ts";
import type { Logger } from "./log.ts";
import { createMailer } from "./mail/transports.ts";
import { createAiOptimiser } from "./optimiser/ai.ts";
import { createLocalOptimiser } from "./optimiser/local.ts";
import type { Optimiser } from "./optimiser/optimiser.ts";
import { createPayments } from "./payments/service.ts";
import { createPhotoStore } from "./photos/storage.ts";

/** `overrides` swaps a service for a test double (a mailer that fails, say); everything else comes from `config`. */
export function buildServices(config: Config, db: DB, log: Logger, overrides: Partial<Omit<Services, "close">> = {}): Services {
  const payments = overrides.payments ?? createPayments(config, db);
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: config.outboxDir, installationId: installationId(db) });
  const optimiser = overrides.optimiser ?? createOptimiser(config, log);
  const photos = overrides.photos ?? createPhotoStore(config);
  return {
    payments,
    mailer,
    optimiser,
    photos,
    close() {
      mailer.close();
    },
  };
}

function createOptimiser(config: Config, log: Logger): Optimiser {
  const local = createLocalOptimiser();
  const { apiKey, ...ai } = config.ai;
  return apiKey ? createAiOptimiser({ apiKey, ...ai, local, log }) : local;
}
