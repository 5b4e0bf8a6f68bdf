import { createContext, useContext } from "react";
import { DEFAULT_PHOTO_RETENTION_DAYS, DEFAULT_PROFILE_RETENTION_DAYS, type RetentionPeriods } from "../shared/privacy/periods.ts";

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
    /** The bucket's provider (null host: Amazon S3) when photos (S3_BUCKET) or the database's replica (LITESTREAM_BUCKET) are kept there. */
    storage: { host: string | null; photos: boolean; database: boolean } | null;
  };
  /** PHOTO_RETENTION_DAYS and PROFILE_RETENTION_DAYS, which the privacy policy states. */
  retention: RetentionPeriods;
  /** The business's own social pages (SOCIAL_*_URL), null when unset. */
  social: { instagram: string | null; facebook: string | null; x: string | null };
  /** The measured outcome's sentence on the home and pricing pages (from 30 answers; src/outcomes/report.ts), else absent. */
  outcomeClaim?: string | null;
}

export const PUBLIC_CONFIG_ELEMENT_ID = "app-config";

export const PublicConfigContext = createContext<PublicConfig>({
  supportEmail: "support@localhost",
  paymentProvider: "local",
  stripePublishableKey: null,
  internalPages: false,
  processors: { mailHost: null, ai: null, storage: null },
  retention: { photoDays: DEFAULT_PHOTO_RETENTION_DAYS, profileDays: DEFAULT_PROFILE_RETENTION_DAYS },
  social: { instagram: null, facebook: null, x: null },
});

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
