import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { testApp, testContext, type TestContext } from "../testing/context.ts";

let ctx: TestContext | undefined;
afterEach(() => {
  ctx?.cleanup();
  ctx = undefined;
});

const upload = (app: ReturnType<typeof testApp>) => {
  const form = new FormData();
  form.append("profile", JSON.stringify({ app: "tinder" }));
  form.append("photos", new File([new Uint8Array(1024)], "a.jpg", { type: "image/jpeg" }));
  return app.request("/api/profiles", { method: "POST", body: form });
};

describe("free disk space under UPLOADS_DIR", () => {
  test("below MIN_FREE_DISK_MB: uploads are refused with 503 and a clear message, nothing is written, an error is logged", async () => {
    // More than any disk this test runs on has free.
    ctx = testContext({ MIN_FREE_DISK_MB: "1000000000" });
    const res = await upload(testApp(ctx));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(
      "We cannot accept photos right now because our storage is full. Please try again later; nothing was saved.",
    );
    expect(ctx.log.lines.some((l) => /^ERROR uploads refused: .* MB free under .*, below MIN_FREE_DISK_MB/.test(l))).toBe(true);
    const incoming = `${ctx.config.uploadsDir}/.incoming`;
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
  });

  test("with enough space the upload goes on to be checked as usual", async () => {
    ctx = testContext({ MIN_FREE_DISK_MB: "1" });
    expect((await upload(testApp(ctx))).status).toBe(400);
  });
});
