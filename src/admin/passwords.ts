import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/*
 * Administrator passwords: argon2id through Bun.password with Bun's defaults (64 MiB, 2 passes), above OWASP's
 * minimum. The limits match ADMIN_PASSWORD's in src/config.ts; the upper one keeps a request from making the
 * server hash megabytes.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 64;

/** Blocks for about a tenth of a second: for start-up and scripts/admin-user.ts, never a request. */
export function hashPassword(password: string): string {
  return Bun.password.hashSync(password, "argon2id");
}

/** 128 random bits, 26 lowercase letters and digits: strong, and easy to copy from a log line. */
export function generatePassword(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
}

// Hashed on first use, once per process, with the same parameters as real hashes.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such user) it checks against a dummy one and
 * answers false, so an unknown username costs the same time as a wrong password and timing reveals no usernames.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= Bun.password.hash(generatePassword(), "argon2id");
    await Bun.password.verify(password, await dummyHash);
    return false;
  }
  return Bun.password.verify(password, hash);
}
