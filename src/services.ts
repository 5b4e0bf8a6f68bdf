/**
 * The outside services the process talks to, built from the configuration in one place, for the server
 * (src/server.ts) and the tests' helpers (src/testing/context.ts) alike: the payment provider (Stripe or the
 * built-in local one) and the mailer (SMTP or the outbox folder).
 */
import type { Config } from "./config.ts";
import type { DB } from "./db/client.ts";
import { installationId } from "./db/installation.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { createPayments, type Payments } from "./payments/service.ts";

export interface Services {
  payments: Payments;
  mailer: Mailer;
  close(): void;
}

/** `overrides` swaps a service for a test double (a mailer that fails, say); everything else comes from `config`. */
export function buildServices(config: Config, db: DB, overrides: Partial<Omit<Services, "close">> = {}): Services {
  const payments = overrides.payments ?? createPayments(config, db);
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: config.outboxDir, installationId: installationId(db) });
  return {
    payments,
    mailer,
    close() {
      mailer.close();
    },
  };
}
