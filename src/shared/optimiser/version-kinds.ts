/**
 * How a version of a result was made (src/db/schema.ts `result_versions`): the optimiser's first result, a rerun's
 * (regeneration or revision), an administrator's save, parts taken from a rerun's draft, an earlier version restored,
 * or what the migration to versions carried across. The review dialog's history names each.
 */
export const RESULT_VERSION_KINDS = ["machine", "rerun", "edit", "draft", "restore", "migrated"] as const;
export type ResultVersionKind = (typeof RESULT_VERSION_KINDS)[number];
