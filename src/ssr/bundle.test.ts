import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PUBLIC_DIR, readManifest } from "./assets.ts";

// What the browser can download must never carry server code or configuration (npm test builds first).
const SERVER_ONLY = [
  "bun:sqlite",
  "drizzle-orm",
  "nodemailer",
  "libvips",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "OPENAI_API_KEY",
  "SMTP_URL",
  "ADMIN_PASSWORD",
  "DATABASE_PATH",
];

describe("the client bundle", () => {
  const manifest = readManifest();

  test("lists its entry and stylesheet among its files", () => {
    expect(manifest.files).toContain(manifest.js);
    expect(manifest.files).toContain(manifest.css);
    expect(manifest.files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(1); // pages are split out
  });

  test("contains no server-only module or configuration name", () => {
    for (const file of manifest.files.filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(join(PUBLIC_DIR, file), "utf8");
      for (const marker of SERVER_ONLY) {
        if (text.includes(marker)) throw new Error(`${file} contains ${marker}`);
      }
    }
  });
});
