import { eq } from "drizzle-orm";
import { recordStand } from "../admin/edit.ts";
import type { AppContext } from "../context.ts";
import { profiles } from "../db/schema.ts";
import { versionToken, workingResult } from "../profiles/versions.ts";
import { toWrite } from "../shared/admin/desk.ts";

/**
 * Every part still to write kept as it is, as a writer would with "Keep as it is…" (src/shared/admin/desk.ts), so
 * a test about what happens after Send can send a premium or elite result the local analyser drafted.
 */
export function keepEverything(ctx: Pick<AppContext, "store">, profileId: string, admin = "admin"): void {
  const read = () => ctx.store.db.select().from(profiles).where(eq(profiles.id, profileId)).get()!;
  const result = workingResult(ctx.store.db, read());
  for (const { part } of result ? toWrite(result) : []) {
    recordStand(ctx as AppContext, admin, profileId, versionToken(read()), part, "Already strong: kept for this test.");
  }
}
