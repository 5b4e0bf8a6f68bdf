/**
 * How many characters each dating app lets a bio and a prompt answer hold: one table for the forms' live counters
 * (browser) and the optimiser (src/optimiser/apps.ts reads its bioLimit and promptAnswerLimit from here), so the
 * limit a customer is warned about while typing is the one their text is measured and rewritten against.
 *
 * These are the apps' limits, not the forms': the forms still take up to TEXT_LIMITS (submission.ts) and accept a
 * longer text with a warning, because the customer pays us to shorten it (spec section 3: the Bumble bio hint is
 * "not enforced"). Change a number here when an app's help page says otherwise; every number says where it is from.
 */
import type { DatingApp } from "./options.ts";
import { BUMBLE_BIO_HINT } from "./text-limits.ts";

/** The two texts an app limits. */
export type AppLimitedField = "bio" | "promptAnswer";

export interface AppTextLimits {
  /** Characters the bio may have; null where the app (or our form for it) has no free bio. */
  bio: number | null;
  /** Characters a prompt answer may have; null where the app (or our form for it) has no prompts. */
  promptAnswer: number | null;
  /**
   * The limits no source states, so the number is our own choice: the forms word them as ours ("we keep …"), never
   * as the app's ("Bumble allows …").
   */
  ours: readonly AppLimitedField[];
}

export const APP_TEXT_LIMITS: Record<DatingApp, AppTextLimits> = {
  hinge: {
    // No free bio: profiles are photos and prompt answers only (garage.madebyal.net, "Hinge, on the other hand,
    // only has prompts"); our Hinge form asks for no bio either.
    bio: null,
    // 150: third-party guide (ablaze.dating, "Hinge gives you exactly 150 characters to write your prompts");
    // not stated on Hinge's own pages that we could find.
    promptAnswer: 150,
    ours: [],
  },
  bumble: {
    // 300: the spec's Bumble bio hint (section 9), also "a brief description (300 characters or less)" in
    // PeopleLooker's Bumble guide.
    bio: BUMBLE_BIO_HINT,
    // Unconfirmed: no source we could find states Bumble's prompt-answer limit. 150 keeps answers as short as
    // Hinge's, the tightest limit we know, so an answer that fits here fits any prompt box.
    promptAnswer: 150,
    ours: ["promptAnswer"],
  },
  tinder: {
    // 500: third-party guide (datingappworld.com, "stick to no more than 500 characters"); not stated on
    // tinder.com/faq, which we checked.
    bio: 500,
    // Our Tinder form collects a bio and interests only, no prompts.
    promptAnswer: null,
    ours: [],
  },
  the_league: {
    // Unconfirmed: The League says "We put a character limit on this" for About Me (theleague.com, "Chapter 1:
    // Getting Drafted") without the number. 300 is Bumble's confirmed limit, the shortest we know for a bio, so a
    // bio written to it is never cut.
    bio: 300,
    // Our League form collects bio, industry, education, looking for and vibes; no prompts.
    promptAnswer: null,
    ours: ["bio"],
  },
};

/**
 * The characters a text counts against an app's limit: UTF-16 units (as `String.length` counts, and as the optimiser
 * measures) of the text as stored, which the submission schema trims first.
 */
export const countCharacters = (text: string): number => text.trim().length;
