import { afterAll, afterEach, describe, expect, spyOn, test } from "bun:test";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";

const verify = spyOn(Bun.password, "verify");
afterEach(() => verify.mockClear());
afterAll(() => verify.mockRestore());

// Each argon2id hash or check takes about 0.1 s, seconds on a busy two-core machine.
const SLOW = 30_000;

describe("admin passwords", () => {
  test("hashes are argon2id and verify only the right password", async () => {
    const hash = hashPassword("correct horse battery staple");
    expect(hash).toStartWith("$argon2id$");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  }, SLOW);

  test("an unknown user costs an argon2id check too (against a dummy hash), and never passes", async () => {
    expect(await verifyPassword("anything", undefined)).toBe(false);
    expect(await verifyPassword("anything else", undefined)).toBe(false);
    expect(verify).toHaveBeenCalledTimes(2);
    const dummy = String(verify.mock.calls[0]![1]);
    // Hashed once per process, with the same parameters (memory, passes) as real hashes, so it costs the same.
    expect(verify.mock.calls[1]![1]).toBe(dummy);
    const parameters = (hash: string) => hash.split("$").slice(1, 4).join("$");
    expect(parameters(dummy)).toBe(parameters(hashPassword("x".repeat(12))));
    expect(parameters(dummy)).toStartWith("argon2id$");
  }, SLOW);

  test("generated passwords: 26 base32 characters (128 bits), never the same twice", () => {
    const passwords = new Set(Array.from({ length: 100 }, generatePassword));
    expect(passwords.size).toBe(100);
    for (const p of passwords) expect(p).toMatch(/^[a-z2-7]{26}$/);
  });
});
