/**
 * The option lists of spec section 3, shared by the forms (browser) and the submission schema (server).
 * A prompt's value is its wording, so a stored profile reads the same in the admin dialog as on the form.
 */
/** The four apps of spec section 1; the database schema takes its column's values from here. */
export const DATING_APPS = ["hinge", "bumble", "tinder", "the_league"] as const;
export type DatingApp = (typeof DATING_APPS)[number];

export const DATING_APP_LABELS: Record<DatingApp, string> = {
  hinge: "Hinge",
  bumble: "Bumble",
  tinder: "Tinder",
  the_league: "The League",
};

/** Spec: life goal; looking for; together we could; … we'll get along if. */
export const HINGE_PROMPTS = [
  "A life goal of mine",
  "I'm looking for",
  "Together, we could",
  "The most spontaneous thing I've done",
  "I get along best with people who",
  "Dating me is like",
  "A shower thought I recently had",
  "Two truths and a lie",
  "My most unusual skills",
  "My simple pleasures",
  "I want someone who",
  "The key to my heart is",
  "Green flags I look for",
  "My love language is",
  "We'll get along if",
] as const;

/**
 * Spec: after work; personal challenge; … non-negotiable. The standalone /bumble-form uses this list too
 * (docs/decisions/031-one-submission-schema.md).
 */
export const BUMBLE_PROMPTS = [
  "After work, you can find me",
  "A personal challenge I'm working on",
  "My most useless skill",
  "My happy place is",
  "We'll get along if",
  "My perfect day",
  "I'm known for",
  "I'm hoping you",
  "My best quality is",
  "I'll pick the first date if you",
  "What I'm looking for",
  "My ideal match",
  "I get way too excited about",
  "A relationship should be",
  "My non-negotiable",
] as const;

export const HEIGHT_OPTIONS = [
  { value: "under_5_5", label: `Under 5'5"` },
  { value: "5_5_to_5_8", label: `5'5"-5'8"` },
  { value: "5_9_to_6_0", label: `5'9"-6'0"` },
  { value: "6_1_plus", label: `6'1"+` },
] as const;

export const STAR_SIGNS = [
  "aries",
  "taurus",
  "gemini",
  "cancer",
  "leo",
  "virgo",
  "libra",
  "scorpio",
  "sagittarius",
  "capricorn",
  "aquarius",
  "pisces",
] as const;

export function promptsFor(app: DatingApp): readonly string[] {
  if (app === "hinge") return HINGE_PROMPTS;
  if (app === "bumble") return BUMBLE_PROMPTS;
  return [];
}
