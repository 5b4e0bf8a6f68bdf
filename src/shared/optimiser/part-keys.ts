/**
 * The names of the parts of a result an administrator can edit (src/shared/optimiser/parts.ts). Its own module so that the
 * result schema (result.ts) and the parts (parts.ts) both use it without importing each other.
 */
export const PROMPT_KEYS = ["prompt1", "prompt2", "prompt3"] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];

/** Elite's three bio versions, one part each, named by tone (result.ts BIO_TONES: warm, playful, direct). */
export const VERSION_KEYS = ["versionWarm", "versionPlayful", "versionDirect"] as const;
export type VersionKey = (typeof VERSION_KEYS)[number];

/**
 * Every part, in the order the history and the messages name them. Elite's own parts come last (added after the
 * others: stored `changed` lists and audit lines keep their order).
 */
export const PART_KEYS = ["bio", ...PROMPT_KEYS, "starters", "guide", "recommendations", ...VERSION_KEYS, "promptsToAnswer", "photoPlan"] as const;
export type PartKey = (typeof PART_KEYS)[number];
