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

  test("lists the shell script, every island's entry and the stylesheet among its files", () => {
    expect(manifest.files).toContain(manifest.shell);
    expect(manifest.files).toContain(manifest.css);
    for (const entry of Object.values(manifest.islands)) expect(manifest.files).toContain(entry);
    expect(Object.keys(manifest.islands)).toContain("Toaster");
    expect(manifest.files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(Object.keys(manifest.islands).length + 1); // shared code is split out
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
