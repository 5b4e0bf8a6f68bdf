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
