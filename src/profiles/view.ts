/**
 * A profile in the spec's field names (section 3). `submittedFields` is what its owner sent, safe to answer to the
 * customer who sent it; `adminFields` adds the work on it (status, results, e-mail, revisions, deadline) for the
 * signed-in administrator.
 */
import type { profiles } from "../db/schema.ts";
import { specFields } from "../shared/optimiser/render.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import type { SubmittedProfile } from "../shared/api/profiles.ts";

type ProfileRow = typeof profiles.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function submittedFields(profile: ProfileRow): SubmittedProfile {
  return {
    id: profile.id,
    user_id: profile.userId,
    email: profile.email,
    dating_app: profile.datingApp,
    bio: profile.bio,
    looking_for: profile.lookingFor,
    interests: profile.interests,
    job_title: profile.jobTitle,
    education: profile.education,
    prompt1: profile.prompt1,
    prompt2: profile.prompt2,
    prompt3: profile.prompt3,
    response1: profile.response1,
    response2: profile.response2,
    response3: profile.response3,
    ideal_first_date: profile.idealFirstDate,
    height: profile.height,
    star_sign: profile.starSign,
    anthem: profile.anthem,
    spotify_artists: profile.spotifyArtists,
    school: profile.school,
    industry: profile.industry,
    vibes: profile.vibes,
    status: profile.status,
    revisions_allowed: profile.revisionsAllowed,
    created_at: profile.createdAt.toISOString(),
  };
}

/**
 * Everything the admin reads: the spec's fields in full, plus the delivery deadline. `optimized_profile` and
 * `recommendations` are rendered from the working version's result.
 */
export function adminFields(profile: ProfileRow, working: OptimisationResult | null, optimizedAt: Date | null) {
  const fields = working && specFields(working);
  return {
    ...submittedFields(profile),
    original_profile: profile.originalProfile,
    optimized_profile: fields?.optimizedProfile ?? null,
    recommendations: fields?.recommendations ?? null,
    email_sent: profile.emailSent,
    email_sent_at: iso(profile.emailSentAt),
    email_message_id: profile.emailMessageId,
    revisions_used: profile.revisionsUsed,
    revision_notes: profile.revisionNotes,
    needs_revision: profile.needsRevision,
    deadline_at: iso(profile.deadlineAt),
    optimized_at: iso(optimizedAt),
    updated_at: profile.updatedAt.toISOString(),
  };
}
