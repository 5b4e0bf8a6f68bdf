import { isIP } from "node:net";
import { z } from "zod";
import { UNPAID_PROFILE_HOURS } from "./shared/privacy/unpaid-retention.ts";
import { DEFAULT_PHOTO_RETENTION_DAYS, DEFAULT_PROFILE_RETENTION_DAYS, MAX_RETENTION_DAYS, type RetentionPeriods } from "./shared/privacy/periods.ts";

/**
 * The whole environment contract (README, Configuration: the table of every variable), parsed once at start.
 * Empty strings count as unset, so `FOO=` in a shell or an .env file means "use the default".
 */

const port = z
  .string()
  .regex(/^\d+$/, "must be a whole number between 1 and 65535")
  .transform(Number)
  .refine((n) => n >= 1 && n <= 65535, "must be a whole number between 1 and 65535");

const httpUrl = z
  .string()
  .url("must be a URL such as https://example.com")
  .refine((u) => /^https?:$/.test(new URL(u).protocol), "must start with http:// or https://");

const email = z.string().email("must be an e-mail address");

/** The business's own page on a social network (a path, not the network's home page), shown as a link: https only. */
const socialUrl = z.string().refine((u) => {
  if (!URL.canParse(u)) return false;
  const url = new URL(u);
  return url.protocol === "https:" && url.hostname.includes(".") && url.pathname.replace(/\/+$/, "") !== "";
}, "must be the https:// address of the business's own page, such as https://www.instagram.com/yourbusiness");

/** Who may say who the client is: how many reverse proxies stand in front, or their addresses and networks. */
export type TrustProxy = { hops: number } | { addresses: string[] };

const TRUST_PROXY_RULE = "must be the number of proxies in front (1 to 10) or a comma list of their addresses or networks (10.0.0.0/8)";
const trustProxy = z
  .string()
  .transform((value, check): TrustProxy => {
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return { hops: Number(value) };
    const addresses = value.split(",").map((a) => a.trim());
    if (!addresses.every(isAddressOrNetwork)) {
      check.addIssue({ code: "custom", message: TRUST_PROXY_RULE });
      return z.NEVER;
    }
    return { addresses };
  });

function isAddressOrNetwork(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A whole number from `min` to `max`, refused in one message naming the unit: "must be a whole number of seconds between 5 and 600". */
function wholeNumber(unit: string, min: number, max: number, rule = `must be a whole number of ${unit} between ${min} and ${max}`) {
  return z
    .string()
    .regex(/^\d+$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule);
}

const RETENTION_RULE = `must be a whole number of days between 0 (at once) and ${MAX_RETENTION_DAYS}`;
const retentionDays = z
  .string()
  .regex(/^\d+$/, RETENTION_RULE)
  .transform(Number)
  .refine((n) => n <= MAX_RETENTION_DAYS, RETENTION_RULE);

/** The first administrator's name when ADMIN_USERNAME is not set. */
export const DEFAULT_ADMIN_USERNAME = "admin";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], "must be development, production or test").default("development"),
  PORT: port.default(3000),
  // "::" takes IPv6 and, where the system allows (Linux's default bindv6only=0), IPv4 too; server.ts falls back to
  // 0.0.0.0 on a host without IPv6.
  HOST: z.string().min(1).default("::"),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_PATH: z.string().min(1).default("db/app.sqlite"),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  UPLOADS_DIR: z.string().min(1).default("uploads"),
  OUTBOX_DIR: z.string().min(1).default("db/outbox"),
  // Photos in an S3-compatible bucket instead of UPLOADS_DIR (src/photos/storage.ts); the bucket stays private.
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)").optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, "must be a region name such as us-east-1 or auto").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  // Read here only so the privacy policy can name the storage provider; scripts/serve.sh runs Litestream (src/ops/litestream.ts).
  LITESTREAM_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)").optional(),
  SMTP_URL: z
    .string()
    .url("must be a URL such as smtp://user:pass@host:587")
    .refine((u) => /^smtps?:$/.test(new URL(u).protocol), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: email.default("no-reply@localhost"),
  SUPPORT_EMAIL: email.default("support@localhost"),
  ADMIN_USERNAME: z.string().min(1).max(64).default(DEFAULT_ADMIN_USERNAME),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(256).optional(),
  // A writer's claim on a profile lapses after this long without a write by them (src/admin/claims.ts).
  CLAIM_LAPSE_MINUTES: wholeNumber("minutes", 1, 1440).default(20),
  PAYMENT_PROVIDER: z.enum(["stripe", "local"], "must be stripe or local").optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, "must start with sk_ or rk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "must start with pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must start with whsec_").optional(),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: port.optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"], "must be http or https").optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: httpUrl.default("https://api.openai.com/v1"),
  OPENAI_MODEL: z.string().min(1).default("gpt-5-mini"),
  OPENAI_VISION: z.enum(["true", "false"], "must be true or false").default("false"),
  OPENAI_RESPONSE_FORMAT: z.enum(["json_schema", "json_object"], "must be json_schema or json_object").default("json_schema"),
  OPENAI_MAX_COMPLETION_TOKENS: wholeNumber("tokens", 1000, 100_000).default(8000),
  OPENAI_REASONING_EFFORT: z.enum(["none", "minimal", "low", "medium", "high", "xhigh"], "must be none, minimal, low, medium, high or xhigh").optional(),
  OPENAI_TIMEOUT_SECONDS: wholeNumber("seconds", 5, 600).default(60),
  TRUST_PROXY: trustProxy.optional(),
  UNPAID_PROFILE_HOURS: wholeNumber("hours", 1, UNPAID_PROFILE_HOURS, `must be a whole number of hours between 1 and ${UNPAID_PROFILE_HOURS} (the privacy policy's promise)`).default(UNPAID_PROFILE_HOURS),
  PHOTO_RETENTION_DAYS: retentionDays.default(DEFAULT_PHOTO_RETENTION_DAYS),
  PROFILE_RETENTION_DAYS: retentionDays.default(DEFAULT_PROFILE_RETENTION_DAYS),
  MIN_FREE_DISK_MB: z.string().regex(/^\d+$/, "must be a whole number of megabytes").transform(Number).default(512),
  // The slowest upload accepted: 2 KB/s over a minute lets a 7 MB upload through a 10 KB/s phone line (12 minutes)
  // and still ends a client that stalls or trickles (src/api/profiles.ts).
  UPLOAD_MIN_BYTES_PER_SECOND: wholeNumber("bytes per second", 1, Number.MAX_SAFE_INTEGER, "must be a whole number of bytes per second, at least 1").default(2048),
  UPLOAD_RATE_WINDOW_SECONDS: wholeNumber("seconds", 1, 600).default(60),
  RATE_LIMIT_SCALE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a positive number")
    .transform(Number)
    .refine((n) => n > 0, "must be a positive number")
    .default(1),
  OPTIMISE_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, "must be a whole number between 1 and 8")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 8, "must be a whole number between 1 and 8")
    .default(2),
  // Days after "I've updated my profile" (else after the release) that the one follow-up e-mail goes (src/outcomes/).
  // Decimals allowed, so a test can wait seconds; at most a year.
  OUTCOME_FOLLOW_UP_DAYS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a number of days between 0 and 365 (decimals allowed, such as 0.5)")
    .transform(Number)
    .refine((n) => n <= 365, "must be a number of days between 0 and 365 (decimals allowed, such as 0.5)")
    .default(14),
  SOCIAL_INSTAGRAM_URL: socialUrl.optional(),
  SOCIAL_FACEBOOK_URL: socialUrl.optional(),
  SOCIAL_X_URL: socialUrl.optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databasePath: string;
  /** Where the SQL migrations are; only a deployment that mounts a volume over db/ needs to move them. */
  migrationsDir?: string;
  /** Where uploads are processed, and where photos are kept unless `s3` is set. */
  uploadsDir: string;
  /** Photos kept in this bucket (src/photos/storage.ts) rather than in uploadsDir. */
  s3?: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  /** Litestream replicates the database to this bucket (at the S3_ENDPOINT) when set. */
  replicaBucket?: string;
  /** S3_ENDPOINT: the bucket's provider, for the privacy policy (unset: AWS). */
  s3Endpoint?: string;
  /** Uploads are refused (503) when the file system of uploadsDir has less free than this (src/http/disk-space.ts). */
  minFreeDiskBytes: number;
  /** A profile never paid for is deleted with its photos after this many hours (src/privacy/unpaid-profiles.ts). */
  unpaidProfileHours: number;
  /** An upload bringing fewer than bytesPerSecond, averaged over each window, is ended with a 408 (src/api/profiles.ts). */
  uploadMinRate: { bytesPerSecond: number; windowSeconds: number };
  /** Paid profiles: photos deleted N days after the results e-mail, the free text N days after that (src/privacy/retention.ts). */
  retention: RetentionPeriods;
  outboxDir: string;
  mail: { smtpUrl?: string; from: string; supportEmail: string };
  /** `claimLapseMs`: a claim on a profile lapses this long after its claimer's last write (src/admin/claims.ts). */
  admin: { username: string; password?: string; claimLapseMs: number };
  payments: {
    provider: "stripe" | "local";
    stripe: {
      secretKey?: string;
      publishableKey?: string;
      webhookSecret?: string;
      apiHost?: string;
      apiPort?: number;
      apiProtocol?: "http" | "https";
    };
  };
  ai: {
    apiKey?: string;
    baseUrl: string;
    model: string;
    vision: boolean;
    /** Strict JSON Schema output, or plain JSON mode for servers without it (src/optimiser/ai.ts). */
    responseFormat: "json_schema" | "json_object";
    maxCompletionTokens: number;
    /** Sent only when set: for reasoning models. */
    reasoningEffort?: "none" | "minimal" | "low" | "medium" | "high" | "xhigh";
    /** Per try of a request. */
    timeoutMs: number;
  };
  /** Whose X-Forwarded-For to believe (src/http/client-address.ts); unset: the socket address is the client. */
  trustProxy?: TrustProxy;
  /** Multiplies every anonymous rate limit (src/http/rate-limit.ts), for load tests and test instances; not the sign-in throttle. */
  rateLimitScale: number;
  /** Optimisations run at once (their own lane of the job loop; mail has its own). */
  jobs: { optimiseConcurrency: number };
  /** The follow-up e-mail asking whether the result worked goes this long after the customer updated their profile (src/outcomes/). */
  outcomes: { followUpMs: number };
  /** The business's own social pages; unset, the site links to the network's home page (the spec's placeholders). */
  social: { instagram?: string; facebook?: string; x?: string };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") raw[key] = value.trim();
  }

  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const shown = raw[name] === undefined ? "" : ` (got ${JSON.stringify(redact(name, raw[name]!))})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = parsed.data;

  const provider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "local");
  if (provider === "stripe" && !env.STRIPE_SECRET_KEY) {
    throw new ConfigError("Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe");
  }
  if (env.NODE_ENV === "production" && provider === "local" && env.PAYMENT_PROVIDER !== "local") {
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY is required in production (set PAYMENT_PROVIDER=local to use the built-in test provider on purpose)",
    );
  }

  if (env.NODE_ENV === "production" && provider === "stripe") requireSafeStripe(env);
  // Without S3_BUCKET the other S3_* settings may still serve Litestream's replica (scripts/serve.sh).
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all");
  }

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    databasePath: env.DATABASE_PATH,
    migrationsDir: env.MIGRATIONS_DIR,
    uploadsDir: env.UPLOADS_DIR,
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined,
    replicaBucket: env.LITESTREAM_BUCKET,
    s3Endpoint: env.S3_ENDPOINT,
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * 2 ** 20,
    unpaidProfileHours: env.UNPAID_PROFILE_HOURS,
    uploadMinRate: { bytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND, windowSeconds: env.UPLOAD_RATE_WINDOW_SECONDS },
    retention: { photoDays: env.PHOTO_RETENTION_DAYS, profileDays: env.PROFILE_RETENTION_DAYS },
    outboxDir: env.OUTBOX_DIR,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, claimLapseMs: env.CLAIM_LAPSE_MINUTES * 60_000 },
    payments: {
      provider,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiHost: env.STRIPE_API_HOST,
        apiPort: env.STRIPE_API_PORT,
        apiProtocol: env.STRIPE_API_PROTOCOL,
      },
    },
    ai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL.replace(/\/+$/, ""),
      model: env.OPENAI_MODEL,
      vision: env.OPENAI_VISION === "true",
      responseFormat: env.OPENAI_RESPONSE_FORMAT,
      maxCompletionTokens: env.OPENAI_MAX_COMPLETION_TOKENS,
      reasoningEffort: env.OPENAI_REASONING_EFFORT,
      timeoutMs: env.OPENAI_TIMEOUT_SECONDS * 1000,
    },
    jobs: { optimiseConcurrency: env.OPTIMISE_CONCURRENCY },
    trustProxy: env.TRUST_PROXY,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    outcomes: { followUpMs: Math.round(env.OUTCOME_FOLLOW_UP_DAYS * 24 * 60 * 60 * 1000) },
    social: { instagram: env.SOCIAL_INSTAGRAM_URL, facebook: env.SOCIAL_FACEBOOK_URL, x: env.SOCIAL_X_URL },
  };
}

/**
 * Production with Stripe must be able to take money and hand customers back: without the webhook secret a customer
 * who closes the tab before /success is never fulfilled, without the publishable key the card form cannot load, and
 * a PUBLIC_URL that is not the site's https origin sends customers back to the wrong place (or to localhost).
 */
function requireSafeStripe(env: Env): void {
  for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const) {
    if (!env[name]) throw new ConfigError(`Invalid configuration: ${name} is required in production with Stripe`);
  }
  if (!env.PUBLIC_URL || new URL(env.PUBLIC_URL).protocol !== "https:") {
    const shown = env.PUBLIC_URL ? ` (got ${JSON.stringify(env.PUBLIC_URL)})` : " (it is unset)";
    throw new ConfigError(`Invalid configuration: PUBLIC_URL must be the site's https:// origin in production with Stripe${shown}`);
  }
}

// A bad secret is echoed only by its first characters, so a start-up log never carries a whole key.
function redact(name: string, value: string): string {
  return /KEY|SECRET|PASSWORD|SMTP_URL/.test(name) ? `${value.slice(0, 4)}…` : value;
}
