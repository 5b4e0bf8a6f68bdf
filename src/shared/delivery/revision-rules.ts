/**
 * A revision request's rule and words, without zod: revisionRequestSchema (revision-schema.ts, the server's) is built
 * from them, and the results page's form checks with revisionNotesProblem, so the browser holds no schema library
 * (issue 31's budget). src/shared/delivery/revision-rules.test.ts holds the two to the same answers.
 */
export const REVISION_NOTES = { min: 10, max: 2000 } as const;

export const REVISION_MESSAGES = {
  missing: "Please describe what you would like changed",
  tooShort: `Please describe what you would like changed in at least ${REVISION_NOTES.min} characters`,
  tooLong: `Please keep your request under ${REVISION_NOTES.max.toLocaleString("en-US")} characters`,
} as const;

/** What is wrong with the notes typed (trimmed, as the server reads them), or undefined. */
export function revisionNotesProblem(notes: string): string | undefined {
  // Counted as zod counts a string: by code point.
  const length = [...notes.trim()].length;
  if (length < REVISION_NOTES.min) return REVISION_MESSAGES.tooShort;
  if (length > REVISION_NOTES.max) return REVISION_MESSAGES.tooLong;
  return undefined;
}
