import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { DB } from "./client.ts";
import { settings } from "./schema.ts";

/**
 * A random id made once per database: two installations (a second site, a restored copy next to the original) never
 * share it, so ids derived from it, such as mail Message-IDs, never collide across them.
 */
export function installationId(db: DB): string {
  db.insert(settings).values({ key: "installation_id", value: crypto.randomUUID() }).onConflictDoNothing().run();
  return db.select().from(settings).where(eq(settings.key, "installation_id")).get()!.value;
}

/**
 * A signing key of this installation: 32 random bytes made the first time `name` is asked for and kept in
 * `settings`, so signatures outlive a restart and a second installation cannot forge this one's.
 */
export function signingKey(db: DB, name: string): Uint8Array {
  const made = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  db.insert(settings).values({ key: name, value: made }).onConflictDoNothing().run();
  return decodeBase64urlIgnorePadding(db.select().from(settings).where(eq(settings.key, name)).get()!.value);
}
