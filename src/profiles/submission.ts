/**
 * A checked submission (the schema: src/shared/profiles/submission.ts) as the profile row stores it: the spec's
 * defaults for fields left empty, and the customer's own words as sent.
 */
import type { DatingApp } from "../shared/profiles/options.ts";
import type { Submission } from "../shared/profiles/submission.ts";

/** The profile row's text columns, with the spec's defaults for fields left empty. */
export function toProfileColumns(s: Submission) {
  return {
    email: s.email,
    datingApp: (s.dating_app ?? "tinder") as DatingApp,
    bio: s.bio ?? "Not provided",
    lookingFor: s.looking_for ?? "Not specified",
    interests: s.interests ?? "Not provided",
    jobTitle: s.job_title ?? null,
    education: s.education ?? null,
    prompt1: s.prompt1 ?? s.selectedPrompt1 ?? null,
    prompt2: s.prompt2 ?? s.selectedPrompt2 ?? null,
    prompt3: s.prompt3 ?? s.selectedPrompt3 ?? null,
    response1: s.response1 ?? null,
    response2: s.response2 ?? null,
    response3: s.response3 ?? null,
    idealFirstDate: s.ideal_first_date ?? null,
    height: s.height ?? null,
    starSign: s.star_sign ?? null,
    anthem: s.anthem ?? null,
    spotifyArtists: s.spotify_artists ?? null,
    school: s.school ?? null,
    industry: s.industry ?? null,
    vibes: s.vibes ?? null,
  };
}

/** What is kept as `original_profile`: everything the customer sent that the schema knows, as sent (trimmed). */
export function originalProfile(s: Submission): Record<string, unknown> {
  const { user_id: _ignored, ...rest } = s;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
