/**
 * How a version of a result was made (src/db/schema.ts `result_versions`): the optimiser's first result, a rerun's
 * (regeneration or revision), an administrator's save, parts taken from a rerun's draft, an earlier version restored,
 * what the migration to versions carried across, or a part kept as it is with the writer's reason (`stand`: the text
 * is the parent's, `editorial.stands` names the part). The review dialog's history names each.
 */
export const RESULT_VERSION_KINDS = ["machine", "rerun", "edit", "draft", "restore", "migrated", "stand"] as const;
export type ResultVersionKind = (typeof RESULT_VERSION_KINDS)[number];
