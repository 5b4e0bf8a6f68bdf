import { describe, expect, test } from "bun:test";
import { poll } from "./browser.ts";

describe("poll: expect for a state that arrives on its own time", () => {
  test("reads again until the matcher passes, and reads no more after", async () => {
    let reads = 0;
    await poll(async () => ++reads).toBe(3);
    expect(reads).toBe(3);
  });

  test("not and the other matchers work as bun's", async () => {
    let n = 0;
    await poll(() => (n += 2)).not.toBeLessThan(5);
    expect(n).toBe(6);
    await poll(() => ["a", "b"]).toContain("b");
    await poll(() => ({ x: 1 })).toEqual({ x: 1 });
  });

  test("gives up after its time with the last assertion's words, headed by what was awaited", async () => {
    const started = Date.now();
    const error = await poll(() => "Not Sent", { ms: 300, what: "the badge to turn to Sent" }).toBe("Sent").then(() => null, (e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(String(error)).toContain("waited 0.3 s for the badge to turn to Sent");
    expect(String(error)).toContain("Not Sent");
  });

  test("without `what`, the reading function's source says what was awaited", async () => {
    const shown = { text: "Not Sent" };
    const error = await poll(() => shown.text, { ms: 100 }).toBe("Sent").then(() => null, (e: unknown) => e);
    expect(String(error)).toContain("shown.text");
  });
});
