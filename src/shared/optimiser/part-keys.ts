/**
 * The names of the parts of a result an administrator can edit (src/shared/optimiser/parts.ts). Its own module so that the
 * result schema (result.ts) and the parts (parts.ts) both use it without importing each other.
 */
export const PROMPT_KEYS = ["prompt1", "prompt2", "prompt3"] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];

export const PART_KEYS = ["bio", ...PROMPT_KEYS, "starters", "guide", "recommendations"] as const;
export type PartKey = (typeof PART_KEYS)[number];
