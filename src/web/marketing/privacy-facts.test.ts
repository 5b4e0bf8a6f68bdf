/**
 * The privacy policy as a visitor reads it (the server-rendered page), checked against the constants and the
 * configuration the code runs with: change the behaviour and the policy changes, or this fails.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { CONTACT_RATE_LIMIT } from "../../shared/contact/schema.ts";
import { LONGEST_LIMIT_WINDOW_MS } from "../../shared/http/anonymous-limits.ts";
import { HOUSEKEEPING_INTERVAL_HOURS, UNPAID_PROFILE_DELETED_WITHIN_HOURS, UNPAID_PROFILE_HOURS } from "../../shared/privacy/unpaid-retention.ts";
import { DEFAULT_PHOTO_RETENTION_DAYS, DEFAULT_PROFILE_RETENTION_DAYS } from "../../shared/privacy/periods.ts";
import { testApp, testContext, type TestContext } from "../../testing/context.ts";

let ctx: TestContext | undefined;
afterEach(() => {
  ctx?.cleanup();
  ctx = undefined;
});

async function policy(env: Record<string, string> = {}): Promise<string> {
  ctx = testContext(env);
  const res = await testApp(ctx).request("/privacy-policy");
  expect(res.status).toBe(200);
  // The visible words: tags dropped, entities of the apostrophe and quote turned back.
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/\(\s/g, "(")
    .replace(/\s([),.:])/g, "$1");
}

const STRIPE = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };

describe("the rendered privacy policy", () => {
  test("says how long the contact form's rate limit holds an address, from the limit the code uses", async () => {
    const text = await policy();
    expect(text).toContain(`held in memory for ${CONTACT_RATE_LIMIT.windowMs / 60_000} minutes and never written down`);
  });

  test("says how long the other rate limits (uploads, orders, payments) hold an address, from their longest window", async () => {
    const text = await policy();
    expect(text).toContain(`the address a request came from is held in memory the same way for up to ${LONGEST_LIMIT_WINDOW_MS / 60_000} minutes`);
  });

  test("says that a profile never paid for is deleted with its photos, after the time the code uses", async () => {
    const text = await policy();
    // The pass runs hourly and an attempt to pay restarts the clock (src/privacy/unpaid-profiles.ts): the promise says both.
    expect(UNPAID_PROFILE_DELETED_WITHIN_HOURS).toBe(UNPAID_PROFILE_HOURS + HOUSEKEEPING_INTERVAL_HOURS);
    expect(text).toContain(
      `A profile that is never paid for is deleted, with its photos, within ${UNPAID_PROFILE_DELETED_WITHIN_HOURS} hours of being sent, or of your last attempt to pay for it (so a payment in progress is never cut off).`,
    );
    expect(text).not.toContain("Nothing is deleted automatically");
  });

  test("states the retention of paid profiles from the periods the code runs with: the defaults, others, and 0 (at once)", async () => {
    const defaults = await policy();
    expect(defaults).toContain(
      `Once you have paid, we delete your photos ${DEFAULT_PHOTO_RETENTION_DAYS} days after we e-mail you your results (a revision's results start the count again). ${DEFAULT_PROFILE_RETENTION_DAYS} days after your photos, we delete your profile text, your results and your e-mail address. We keep only what our accounts need: the order, its amount and its dates. Each time, we e-mail you a receipt listing what was deleted and when.`,
    );
    expect(defaults).toContain("in the Your Data section of your results page");
    expect(defaults).not.toContain("until you ask us to delete it");
    ctx?.cleanup();
    expect(await policy({ PHOTO_RETENTION_DAYS: "1", PROFILE_RETENTION_DAYS: "90" })).toContain(
      "we delete your photos 1 day after we e-mail you your results (a revision's results start the count again). 90 days after your photos,",
    );
    ctx?.cleanup();
    expect(await policy({ PHOTO_RETENTION_DAYS: "0", PROFILE_RETENTION_DAYS: "0" })).toContain(
      "we delete your photos as soon as we have e-mailed you your results. Your profile text, your results and your e-mail address are deleted with them.",
    );
  });

  test("with embedded defaults: the hosting provider only, and card numbers are test numbers only", async () => {
    const text = await policy();
    expect(text).toContain("Our hosting provider runs the server this website and your data are kept on.");
    expect(text).toContain("No other service receives your data on this installation");
    expect(text).not.toContain("Stripe takes card payments");
    expect(text).not.toContain("AI");
    expect(text).toContain("takes no real payments");
    expect(text).not.toContain("never touch our server");
  });

  test("with Stripe, SMTP and an AI key: each processor named in a plain sentence, and photos are not sent without OPENAI_VISION", async () => {
    const text = await policy({ ...STRIPE, SMTP_URL: "smtp://mail.example.net:587", OPENAI_API_KEY: "sk-test" });
    expect(text).toContain("Our hosting provider runs the server");
    expect(text).toContain("Stripe takes card payments for us. You type your card details on Stripe's own form");
    expect(text).toContain("never touch our server");
    expect(text).toContain("Our e-mail provider, mail.example.net, delivers our e-mail");
    expect(text).toContain("OpenAI helps us analyze profiles with AI. It receives the profile text you submit, never your photos.");
    expect(text).not.toContain("No other service receives your data");
    // No template seams: doubled brackets or a role in brackets after a name.
    expect(text).not.toMatch(/\)\s*\(|\((card payments|delivering e-mail|analy[sz]ing profiles with AI)\)/);
  });

  test("with OPENAI_VISION=true on a self-hosted server, the policy says photos go to that server", async () => {
    const text = await policy({ OPENAI_API_KEY: "local", OPENAI_BASE_URL: "http://ollama.internal:11434/v1", OPENAI_VISION: "true" });
    expect(text).toContain("Our own AI server, ollama.internal, helps us analyze profiles with AI. It receives the profile text and the photos you submit.");
  });
});
