import { eq } from "drizzle-orm";
import type { DB } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { addVersion, draftVersion, setWorking, workingVersion } from "../profiles/versions.ts";
import { specFields } from "../shared/optimiser/render.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";

/**
 * A profile's row with its result read the way the columns before result versions held it: the working version's
 * result (`optimization`), the draft's (`draftOptimization`), and the spec's HTML fields rendered from the working
 * one. For tests that check what an edit, a rerun or a refusal left behind.
 */
export function profileWithResult(db: Pick<DB, "select">, id: string) {
  const row = db.select().from(profiles).where(eq(profiles.id, id)).get()!;
  const working = workingVersion(db, row)?.result ?? null;
  const fields = working && specFields(working);
  return {
    ...row,
    optimization: working,
    draftOptimization: draftVersion(db, row)?.result ?? null,
    optimizedProfile: fields?.optimizedProfile ?? null,
    recommendations: fields?.recommendations ?? null,
  };
}

/** Another administrator's save, written as the editor writes one: a new working version by `author`. */
export function saveAs(db: DB, id: string, author: string, change: (working: OptimisationResult) => OptimisationResult): number {
  const row = db.select().from(profiles).where(eq(profiles.id, id)).get()!;
  const working = workingVersion(db, row)!;
  return db.transaction((tx) => {
    const versionId = addVersion(tx, { profileId: id, parentId: working.id, kind: "edit", author, result: change(working.result!) });
    setWorking(tx, id, versionId);
    return versionId;
  });
}

/** A rerun's draft waiting beside the working version, as a revision run leaves it when the result was edited. */
export function putDraft(db: DB, id: string, draft: OptimisationResult): number {
  const row = db.select().from(profiles).where(eq(profiles.id, id)).get()!;
  return db.transaction((tx) => {
    const versionId = addVersion(tx, { profileId: id, parentId: row.workingVersionId, kind: "rerun", author: null, result: draft });
    tx.update(profiles).set({ draftVersionId: versionId }).where(eq(profiles.id, id)).run();
    return versionId;
  });
}
