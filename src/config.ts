import { z } from "zod";

/**
 * The whole environment contract (ARCHITECTURE.md, "Configuration contract"), parsed once at start.
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

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], "must be development, production or test").default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_PATH: z.string().min(1).default("db/app.sqlite"),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  UPLOADS_DIR: z.string().min(1).default("uploads"),
  OUTBOX_DIR: z.string().min(1).default("db/outbox"),
  SMTP_URL: z
    .string()
    .url("must be a URL such as smtp://user:pass@host:587")
    .refine((u) => /^smtps?:$/.test(new URL(u).protocol), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: email.default("no-reply@localhost"),
  SUPPORT_EMAIL: email.default("support@localhost"),
  ADMIN_USERNAME: z.string().min(1).max(64).default("admin"),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(256).optional(),
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
  OPTIMISE_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, "must be a whole number between 1 and 8")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 8, "must be a whole number between 1 and 8")
    .default(2),
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
  uploadsDir: string;
  outboxDir: string;
  mail: { smtpUrl?: string; from: string; supportEmail: string };
  admin: { username: string; password?: string };
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
  ai: { apiKey?: string; baseUrl: string; model: string; vision: boolean };
  /** Optimisations run at once (their own lane of the job loop; mail has its own). */
  jobs: { optimiseConcurrency: number };
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

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    databasePath: env.DATABASE_PATH,
    migrationsDir: env.MIGRATIONS_DIR,
    uploadsDir: env.UPLOADS_DIR,
    outboxDir: env.OUTBOX_DIR,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
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
    ai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL.replace(/\/+$/, ""), model: env.OPENAI_MODEL, vision: env.OPENAI_VISION === "true" },
    jobs: { optimiseConcurrency: env.OPTIMISE_CONCURRENCY },
  };
}

// A bad secret is echoed only by its first characters, so a start-up log never carries a whole key.
function redact(name: string, value: string): string {
  return /KEY|SECRET|PASSWORD|SMTP_URL/.test(name) ? `${value.slice(0, 4)}…` : value;
}
