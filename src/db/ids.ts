import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** A random 128-bit id, 26 lowercase base32 characters: unguessable, URL-safe, case-insensitive. */
export function newId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
}

export const ID_PATTERN = /^[a-z2-7]{26}$/;
