/**
 * The profile's text limits, apart from the schema (submission.ts) so that a form can draw its fields' `maxLength` and
 * counters without loading the schema and zod, which it loads only to check a submission (decision 147).
 */
export const TEXT_LIMITS = {
  prompt: 200,
  response: 1000,
  ideal_first_date: 1000,
  job_title: 100,
  education: 200,
  bio: 2000,
  anthem: 200,
  spotify_artists: 500,
  interests: 500,
  school: 200,
  industry: 100,
  looking_for: 500,
  vibes: 500,
} as const;

export const BUMBLE_BIO_HINT = 300;
