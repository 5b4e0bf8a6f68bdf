// The configuration's public part, which the server writes into every page for the browser (src/web/public-config.ts).
import type { Config } from "../config.ts";
import type { PublicConfig } from "../web/public-config.ts";

export function publicConfigFrom(config: Config): PublicConfig {
  return {
    supportEmail: config.mail.supportEmail,
    paymentProvider: config.payments.provider,
    stripePublishableKey: config.payments.stripe.publishableKey ?? null,
    internalPages: !config.isProduction,
    processors: {
      mailHost: config.mail.smtpUrl ? new URL(config.mail.smtpUrl).hostname : null,
      ai: config.ai.apiKey ? { host: new URL(config.ai.baseUrl).hostname, photos: config.ai.vision } : null,
      storage:
        config.s3 || config.replicaBucket
          ? { host: config.s3Endpoint ? new URL(config.s3Endpoint).hostname : null, photos: !!config.s3, database: !!config.replicaBucket }
          : null,
    },
    retention: config.retention,
    social: { instagram: config.social.instagram ?? null, facebook: config.social.facebook ?? null, x: config.social.x ?? null },
  };
}
