import { createContext, useContext } from "react";
import type { Config } from "../config.ts";

/** The only configuration the browser sees. Secrets never enter this object. */
export interface PublicConfig {
  supportEmail: string;
  paymentProvider: "stripe" | "local";
  stripePublishableKey: string | null;
  /** The internal payment test and diagnostic pages are served (not in production). */
  internalPages: boolean;
}

export const PUBLIC_CONFIG_ELEMENT_ID = "app-config";

export function publicConfigFrom(config: Config): PublicConfig {
  return {
    supportEmail: config.mail.supportEmail,
    paymentProvider: config.payments.provider,
    stripePublishableKey: config.payments.stripe.publishableKey ?? null,
    internalPages: !config.isProduction,
  };
}

export const PublicConfigContext = createContext<PublicConfig>({
  supportEmail: "support@localhost",
  paymentProvider: "local",
  stripePublishableKey: null,
  internalPages: false,
});

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
