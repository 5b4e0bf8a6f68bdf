/*
 * A profile in the spec's field names (section 3) as the API answers it, and what POST /api/profiles answers
 * (src/api/profiles.ts). The types live here, in the browser's share of the code, and the server annotates its answers
 * with them (src/profiles/view.ts), so a changed answer breaks the typecheck instead of the order forms.
 */
import type { PlanId } from "../orders/plans.ts";
import type { DatingApp } from "../profiles/options.ts";
import type { ProfileStatus } from "../profiles/statuses.ts";

/** What the profile's owner sent, safe to answer to the customer who sent it. */
export interface SubmittedProfile {
  id: string;
  user_id: number | null;
  email: string;
  dating_app: DatingApp;
  bio: string | null;
  looking_for: string | null;
  interests: string | null;
  job_title: string | null;
  education: string | null;
  prompt1: string | null;
  prompt2: string | null;
  prompt3: string | null;
  response1: string | null;
  response2: string | null;
  response3: string | null;
  ideal_first_date: string | null;
  height: string | null;
  star_sign: string | null;
  anthem: string | null;
  spotify_artists: string | null;
  school: string | null;
  industry: string | null;
  vibes: string | null;
  status: ProfileStatus;
  revisions_allowed: number;
  created_at: string;
}

/** A saved profile with its photos' ids, in upload order. */
export type ProfileWithPhotos = SubmittedProfile & { photos: { id: string; order: number }[] };

/** POST /api/profiles answers this (201): the saved profile and, when it was sent with one, its order. */
export type ProfileCreated = ProfileWithPhotos & {
  order: { id: string; plan_id: PlanId; status: string } | null;
};
