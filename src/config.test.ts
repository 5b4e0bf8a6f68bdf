import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  test("no configuration at all gives the embedded defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("::");
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.databasePath).toBe("db/app.sqlite");
    expect(c.uploadsDir).toBe("uploads");
    expect(c.outboxDir).toBe("db/outbox");
    expect(c.mail).toEqual({ smtpUrl: undefined, from: "no-reply@localhost", supportEmail: "support@localhost" });
    expect(c.admin.username).toBe("admin");
    expect(c.admin.password).toBeUndefined();
    expect(c.payments.provider).toBe("local");
    expect(c.ai.apiKey).toBeUndefined();
    expect(c.ai.baseUrl).toBe("https://api.openai.com/v1");
    expect(c.env).toBe("development");
  });

  test("PUBLIC_URL follows PORT unless set, and loses a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://example.com/" }).publicUrl).toBe("https://example.com");
  });

  test("empty strings count as unset", () => {
    expect(loadConfig({ PORT: "", SMTP_URL: " ", STRIPE_SECRET_KEY: "" }).port).toBe(3000);
  });

  test("a Stripe secret key selects Stripe", () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_123" }).payments.provider).toBe("stripe");
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_123", PAYMENT_PROVIDER: "local" }).payments.provider).toBe("local");
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ["PORT", { PORT: "abc" }, /^Invalid configuration: PORT must be a whole number between 1 and 65535 \(got "abc"\)$/],
    ["PORT", { PORT: "70000" }, /PORT must be a whole number/],
    ["PORT", { PORT: "-1" }, /PORT/],
    ["PUBLIC_URL", { PUBLIC_URL: "localhost:3000" }, /PUBLIC_URL/],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://example.com" }, /PUBLIC_URL must start with http/],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.com" }, /SMTP_URL must start with smtp/],
    ["SUPPORT_EMAIL", { SUPPORT_EMAIL: "not-an-address" }, /SUPPORT_EMAIL must be an e-mail address/],
    ["MAIL_FROM", { MAIL_FROM: "x@" }, /MAIL_FROM/],
    ["NODE_ENV", { NODE_ENV: "staging" }, /NODE_ENV must be development, production or test/],
    ["PAYMENT_PROVIDER", { PAYMENT_PROVIDER: "paypal" }, /PAYMENT_PROVIDER must be stripe or local/],
    ["STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: "pk_live_oops" }, /STRIPE_SECRET_KEY must start with sk_/],
    ["STRIPE_API_PROTOCOL", { STRIPE_API_PROTOCOL: "ftp" }, /STRIPE_API_PROTOCOL/],
    ["ADMIN_PASSWORD", { ADMIN_PASSWORD: "short" }, /ADMIN_PASSWORD must be at least 12 characters/],
    ["S3_BUCKET", { S3_BUCKET: "My Photos" }, /^Invalid configuration: S3_BUCKET must be a bucket name/],
    ["S3_ENDPOINT", { S3_BUCKET: "photos", S3_ENDPOINT: "ftp://s3.example.com" }, /S3_ENDPOINT must start with http/],
    ["S3_REGION", { S3_BUCKET: "photos", S3_REGION: "EU West" }, /S3_REGION must be a region name/],
    ["S3_SECRET_ACCESS_KEY", { S3_BUCKET: "photos", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all/],
  ];
  for (const [name, env, message] of bad) {
    test(`a bad ${name} (${JSON.stringify(env)}) stops with one line naming it`, () => {
      let err: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as Error).message;
      expect(text).toMatch(message);
      expect(text).toContain(name);
      expect(text).not.toContain("\n");
    });
  }

  test("TRUST_PROXY: unset, a number of proxies, or their addresses and networks", () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.1,2001:db8::/32" }).trustProxy).toEqual({ addresses: ["10.0.0.0/8", "192.0.2.1", "2001:db8::/32"] });
    for (const bad of ["0", "true", "10.0.0.0/33", "proxy.example", "10.0.0.1,", "2001:db8::/129"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY must be/);
    }
  });

  test("photos stay on the disk unless S3_BUCKET is set; the bucket's settings are kept together", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    // Without a bucket for photos, the S3_* settings may serve Litestream alone.
    expect(loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" }).s3).toBeUndefined();
    const env = { S3_BUCKET: "photos", S3_ENDPOINT: "https://s3.example.com", S3_REGION: "auto", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-value" };
    expect(loadConfig(env).s3).toEqual({ bucket: "photos", endpoint: "https://s3.example.com", region: "auto", accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-value" });
    expect(() => loadConfig({ ...env, S3_SECRET_ACCESS_KEY: "x".repeat(300) })).toThrow(/"xxxx…"/);
  });

  test("a bad secret is not echoed whole", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_supersecretvalue" })).toThrow(/"pk_l…"/);
  });

  test("PAYMENT_PROVIDER=stripe without a key is refused", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY is required/);
  });

  test("production refuses to fall back to the local payment provider silently", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/STRIPE_SECRET_KEY is required in production/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "local" }).payments.provider).toBe("local");
    expect(loadConfig({ NODE_ENV: "production", ...safeStripe }).isProduction).toBe(true);
  });

  const safeStripe = {
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    PUBLIC_URL: "https://profileboost.example",
  };
  const unsafe: [string, Record<string, string | undefined>, RegExp][] = [
    ["STRIPE_WEBHOOK_SECRET", { STRIPE_WEBHOOK_SECRET: undefined }, /STRIPE_WEBHOOK_SECRET is required in production/],
    ["STRIPE_PUBLISHABLE_KEY", { STRIPE_PUBLISHABLE_KEY: undefined }, /STRIPE_PUBLISHABLE_KEY is required in production/],
    ["PUBLIC_URL", { PUBLIC_URL: undefined }, /PUBLIC_URL must be the site's https:\/\/ origin in production/],
    ["PUBLIC_URL", { PUBLIC_URL: "http://profileboost.example" }, /PUBLIC_URL must be the site's https:\/\/ origin in production/],
  ];
  for (const [name, change, message] of unsafe) {
    test(`production with Stripe refuses ${JSON.stringify(change)}, naming ${name}`, () => {
      let err: unknown;
      try {
        loadConfig({ NODE_ENV: "production", ...safeStripe, ...change });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain("\n");
    });
  }

  test("outside production, or with the local provider on purpose, the Stripe checks do not apply", () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" }).payments.provider).toBe("stripe");
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "local", PUBLIC_URL: "http://localhost:3000" }).payments.provider).toBe("local");
  });
});

describe("retention of paid profiles", () => {
  test("PHOTO_RETENTION_DAYS and PROFILE_RETENTION_DAYS: 30 and 365 by default, 0 (at once) allowed, bad values named in one line", () => {
    expect(loadConfig({}).retention).toEqual({ photoDays: 30, profileDays: 365 });
    expect(loadConfig({ PHOTO_RETENTION_DAYS: "0", PROFILE_RETENTION_DAYS: "0" }).retention).toEqual({ photoDays: 0, profileDays: 0 });
    expect(loadConfig({ PHOTO_RETENTION_DAYS: "7", PROFILE_RETENTION_DAYS: "3650" }).retention).toEqual({ photoDays: 7, profileDays: 3650 });
    for (const name of ["PHOTO_RETENTION_DAYS", "PROFILE_RETENTION_DAYS"]) {
      for (const bad of ["-1", "1.5", "thirty", "3651", "1e3"]) {
        expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(`^Invalid configuration: ${name} must be a whole number of days between 0 \\(at once\\) and 3650`));
      }
    }
  });
});

describe("the team's claims", () => {
  test("CLAIM_LAPSE_MINUTES: 20 by default, whole minutes from 1 to 1440, bad values named in one line", () => {
    expect(loadConfig({}).admin.claimLapseMs).toBe(20 * 60_000);
    expect(loadConfig({ CLAIM_LAPSE_MINUTES: "1" }).admin.claimLapseMs).toBe(60_000);
    expect(loadConfig({ CLAIM_LAPSE_MINUTES: "1440" }).admin.claimLapseMs).toBe(1440 * 60_000);
    for (const bad of ["0", "-5", "1.5", "twenty", "1441", "1e2"]) {
      expect(() => loadConfig({ CLAIM_LAPSE_MINUTES: bad })).toThrow(/^Invalid configuration: CLAIM_LAPSE_MINUTES must be a whole number of minutes between 1 and 1440/);
    }
  });
});

describe("the outcome follow-up", () => {
  test("OUTCOME_FOLLOW_UP_DAYS: 14 by default, decimals allowed (seconds in tests), 0 to 365, bad values named in one line", () => {
    expect(loadConfig({}).outcomes.followUpMs).toBe(14 * 24 * 3600_000);
    expect(loadConfig({ OUTCOME_FOLLOW_UP_DAYS: "0.5" }).outcomes.followUpMs).toBe(12 * 3600_000);
    expect(loadConfig({ OUTCOME_FOLLOW_UP_DAYS: "0.00005" }).outcomes.followUpMs).toBe(4320);
    expect(loadConfig({ OUTCOME_FOLLOW_UP_DAYS: "365" }).outcomes.followUpMs).toBe(365 * 24 * 3600_000);
    for (const bad of ["-1", "fourteen", "366", "1e2", "14 days", ".5"]) {
      expect(() => loadConfig({ OUTCOME_FOLLOW_UP_DAYS: bad })).toThrow(/^Invalid configuration: OUTCOME_FOLLOW_UP_DAYS must be a number of days between 0 and 365 \(decimals allowed/);
    }
  });
});

describe("the optimiser's settings", () => {
  test("OPTIMISE_CONCURRENCY and OPENAI_VISION: defaults, good values, and bad values named in one line", () => {
    expect(loadConfig({}).jobs.optimiseConcurrency).toBe(2);
    expect(loadConfig({}).ai.vision).toBe(false);
    expect(loadConfig({ OPTIMISE_CONCURRENCY: "4", OPENAI_VISION: "true" })).toMatchObject({ jobs: { optimiseConcurrency: 4 }, ai: { vision: true } });
    for (const bad of ["0", "9", "two", "1.5", "-1"]) {
      expect(() => loadConfig({ OPTIMISE_CONCURRENCY: bad })).toThrow(/^Invalid configuration: OPTIMISE_CONCURRENCY must be a whole number between 1 and 8/);
    }
    for (const bad of ["yes", "1", "TRUE "]) {
      expect(() => loadConfig({ OPENAI_VISION: bad })).toThrow(/^Invalid configuration: OPENAI_VISION must be true or false/);
    }
  });

  test("the AI request's settings: defaults, good values, and bad values named in one line", () => {
    expect(loadConfig({}).ai).toMatchObject({ responseFormat: "json_schema", maxCompletionTokens: 8000, reasoningEffort: undefined, timeoutMs: 60_000 });
    const set = loadConfig({ OPENAI_RESPONSE_FORMAT: "json_object", OPENAI_MAX_COMPLETION_TOKENS: "16000", OPENAI_REASONING_EFFORT: "low", OPENAI_TIMEOUT_SECONDS: "90" });
    expect(set.ai).toMatchObject({ responseFormat: "json_object", maxCompletionTokens: 16000, reasoningEffort: "low", timeoutMs: 90_000 });
    const bad: [string, string, RegExp][] = [
      ["OPENAI_RESPONSE_FORMAT", "json", /must be json_schema or json_object/],
      ["OPENAI_RESPONSE_FORMAT", "text", /must be json_schema or json_object/],
      ["OPENAI_MAX_COMPLETION_TOKENS", "999", /must be a whole number of tokens between 1000 and 100000/],
      ["OPENAI_MAX_COMPLETION_TOKENS", "8k", /must be a whole number of tokens between 1000 and 100000/],
      ["OPENAI_MAX_COMPLETION_TOKENS", "100001", /must be a whole number of tokens between 1000 and 100000/],
      ["OPENAI_REASONING_EFFORT", "extreme", /must be none, minimal, low, medium, high or xhigh/],
      ["OPENAI_TIMEOUT_SECONDS", "4", /must be a whole number of seconds between 5 and 600/],
      ["OPENAI_TIMEOUT_SECONDS", "601", /must be a whole number of seconds between 5 and 600/],
      ["OPENAI_TIMEOUT_SECONDS", "1.5", /must be a whole number of seconds between 5 and 600/],
    ];
    for (const [name, value, message] of bad) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} ${message.source} \\(got "${value.replace(".", "\\.")}"\\)$`));
    }
  });
});

describe("the slowest upload accepted", () => {
  test("UPLOAD_MIN_BYTES_PER_SECOND and UPLOAD_RATE_WINDOW_SECONDS: 2048 over 60 s by default, bad values named in one line", () => {
    expect(loadConfig({}).uploadMinRate).toEqual({ bytesPerSecond: 2048, windowSeconds: 60 });
    expect(loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: "512", UPLOAD_RATE_WINDOW_SECONDS: "1" }).uploadMinRate).toEqual({ bytesPerSecond: 512, windowSeconds: 1 });
    for (const bad of ["0", "-1", "1.5", "2k", "1e3"]) {
      expect(() => loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: bad })).toThrow(/^Invalid configuration: UPLOAD_MIN_BYTES_PER_SECOND must be a whole number of bytes per second, at least 1/);
    }
    for (const bad of ["0", "601", "1.5", "a minute", "-60"]) {
      expect(() => loadConfig({ UPLOAD_RATE_WINDOW_SECONDS: bad })).toThrow(/^Invalid configuration: UPLOAD_RATE_WINDOW_SECONDS must be a whole number of seconds between 1 and 600/);
    }
  });
});

describe("the business's social links", () => {
  test("SOCIAL_*_URL: unset by default, the business's own https pages when set, anything else named in one line", () => {
    expect(loadConfig({}).social).toEqual({ instagram: undefined, facebook: undefined, x: undefined });
    expect(
      loadConfig({
        SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/profileboost",
        SOCIAL_FACEBOOK_URL: " https://www.facebook.com/profileboost ",
        SOCIAL_X_URL: "https://x.com/profileboost",
      }).social,
    ).toEqual({ instagram: "https://www.instagram.com/profileboost", facebook: "https://www.facebook.com/profileboost", x: "https://x.com/profileboost" });
    for (const name of ["SOCIAL_INSTAGRAM_URL", "SOCIAL_FACEBOOK_URL", "SOCIAL_X_URL"]) {
      for (const bad of ["http://www.instagram.com/profileboost", "javascript:alert(1)", "instagram.com/profileboost", "@profileboost", "https://www.instagram.com/", "https://x.com"]) {
        let err: unknown;
        try {
          loadConfig({ [name]: bad });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as Error).message).toMatch(new RegExp(`^Invalid configuration: ${name} must be the https:// address of the business's own page`));
        expect((err as Error).message).not.toContain("\n");
      }
    }
  });
});
