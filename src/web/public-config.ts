import { createContext, useContext } from "react";
import type { Config } from "../config.ts";

/** The only configuration the browser sees. Secrets never enter this object. */
export interface PublicConfig {
  supportEmail: string;
  paymentProvider: "stripe" | "local";
  stripePublishableKey: string | null;
  /** The internal payment test and diagnostic pages are served (not in production). */
  internalPages: boolean;
  /** Who else handles customers' data on this installation, for the privacy policy. Names only, never a secret. */
  processors: {
    /** The SMTP server's host, or null when mail is written to the outbox folder on this server. */
    mailHost: string | null;
    /** The AI API's host when an API key is set, and whether photos are sent to it. */
    ai: { host: string; photos: boolean } | null;
  };
}

export const PUBLIC_CONFIG_ELEMENT_ID = "app-config";

export function publicConfigFrom(config: Config): PublicConfig {
  return {
    supportEmail: config.mail.supportEmail,
    paymentProvider: config.payments.provider,
    stripePublishableKey: config.payments.stripe.publishableKey ?? null,
    internalPages: !config.isProduction,
    processors: {
      mailHost: config.mail.smtpUrl ? new URL(config.mail.smtpUrl).hostname : null,
      ai: config.ai.apiKey ? { host: new URL(config.ai.baseUrl).hostname, photos: config.ai.vision } : null,
    },
  };
}

export const PublicConfigContext = createContext<PublicConfig>({
  supportEmail: "support@localhost",
  paymentProvider: "local",
  stripePublishableKey: null,
  internalPages: false,
  processors: { mailHost: null, ai: null },
});

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
