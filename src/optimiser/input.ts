import type { DatingApp } from "../shared/profiles/options.ts";
import type { PlanId } from "../shared/orders/plans.ts";

/** What an optimiser is given: the customer's own text and photos, the plan bought, and why this run happens. */
export interface OptimiserInput {
  profileId: string;
  app: DatingApp;
  plan: PlanId;
  reason: "initial" | "regenerate" | "revision";
  /** The customer's revision request (revision runs only). */
  revisionNotes: string | null;
  profile: ProfileText;
  /** In the order the customer uploaded them. */
  photos: PhotoInput[];
  /**
   * Reruns (regenerate, revision, recover): the working result's texts that a person released or edited (job.ts,
   * approvedBase); a part nobody approved is absent, and written again from the customer's text. The engines start
   * from these (plus the revision notes); `profile` stays the customer's own text, which each part's `original` keeps.
   * Null or absent on a first run, or when no part was approved.
   */
  base?: BaseText | null;
}

/** The texts a rerun starts from (src/optimiser/job.ts, approvedBase). */
export interface BaseText {
  bio: string | null;
  /** By prompt text, as in the result. */
  prompts: { prompt: string; response: string }[];
  starters: string[];
}

/** The customer's text; null where they gave nothing (the stored defaults such as "Not provided" are null here). */
export interface ProfileText {
  bio: string | null;
  lookingFor: string | null;
  interests: string | null;
  jobTitle: string | null;
  education: string | null;
  idealFirstDate: string | null;
  height: string | null;
  starSign: string | null;
  anthem: string | null;
  spotifyArtists: string | null;
  school: string | null;
  industry: string | null;
  vibes: string | null;
  /** The prompts the customer answered, in order (prompt text as chosen from the app's list). */
  prompts: { prompt: string; response: string }[];
}

/** A customer who wrote nothing: start from it and set what a case needs (`{ ...EMPTY_PROFILE_TEXT, bio }`). */
export const EMPTY_PROFILE_TEXT: Readonly<ProfileText> = {
  bio: null,
  lookingFor: null,
  interests: null,
  jobTitle: null,
  education: null,
  idealFirstDate: null,
  height: null,
  starSign: null,
  anthem: null,
  spotifyArtists: null,
  school: null,
  industry: null,
  vibes: null,
  prompts: [],
};

export interface PhotoInput {
  id: string;
  /** Absolute path of the stored (re-encoded, at most 2048 px) JPEG. */
  path: string;
  /** 0-based upload order. */
  order: number;
}
