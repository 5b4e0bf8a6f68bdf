import { describe, expect, test } from "bun:test";
import { onFirstUse } from "./on-first-use.ts";

describe("onFirstUse", () => {
  test("fetches once, however often it is asked, and answers the module once it is here", async () => {
    let fetches = 0;
    const rules = onFirstUse(async () => {
      fetches++;
      return { check: (s: string) => s.length > 2 };
    });
    expect(rules.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([rules.load(), rules.load()]);
    expect(a).toBe(b);
    expect(await rules.load()).toBe(a);
    expect(fetches).toBe(1);
    expect(rules.loaded()).toBe(a);
  });

  test("a failed fetch (offline) is said to the caller and tried again on the next call", async () => {
    let fetches = 0;
    const rules = onFirstUse(async () => {
      fetches++;
      if (fetches === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { ok: true };
    });
    await expect(rules.load()).rejects.toThrow("Failed to fetch");
    expect(rules.loaded()).toBeUndefined();
    expect(await rules.load()).toEqual({ ok: true });
    expect(fetches).toBe(2);
  });
});
