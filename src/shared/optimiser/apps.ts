/**
 * What each dating app allows and how it works, in one table: the local analyser measures and rewrites against these
 * numbers, and the strategy guide quotes the notes. Every number says where it comes from. Where an app's own pages
 * do not state a number, the source is a third-party guide or our choice, and the comment says so: change it here
 * when an app's help page says otherwise.
 */
import { APP_TEXT_LIMITS } from "../profiles/app-limits.ts";
import type { DatingApp } from "../profiles/options.ts";

export interface AppRules {
  name: string;
  /**
   * Characters (UTF-16 units, as `String.length` counts) the bio may have; null where the app has no free bio. The
   * two limits, with their sources, live in src/shared/profiles/app-limits.ts, shared with the forms' counters.
   */
  bioLimit: number | null;
  /** Characters a prompt answer may have; null where the app (or our form for it) has no prompts. */
  promptAnswerLimit: number | null;
  /** How many prompts a full profile shows; 0 where the app (or our form for it) has none. */
  promptCount: number;
  /** A bio length people respond to, in words, when the app has published one, and who says so. */
  bioWords: { min: number; max: number; source: string } | null;
  /**
   * What the app's own research says about stating what you are looking for, when it has published something;
   * quoted by the findings for this app only.
   */
  statedIntent: string | null;
  /**
   * How many prompts our forms let the customer answer for this app (the fewest of any form that offers them):
   * the count a finding may hold against them. The /upload form offers Bumble two; /bumble-form three.
   */
  promptsOffered: number;
  /** What someone deciding about you sees first. */
  showsFirst: string;
  /** How the app decides who sees whom and how interest is shown; quoted by the strategy guide. */
  discovery: readonly string[];
  /** Who may send the first message, and any deadline. */
  firstMessage: readonly string[];
  /** Habits the app rewards; quoted in the guide's weekly routine. */
  routine: readonly string[];
}

const RULES: Record<DatingApp, AppRules> = {
  hinge: {
    name: "Hinge",
    bioLimit: APP_TEXT_LIMITS.hinge.bio,
    promptAnswerLimit: APP_TEXT_LIMITS.hinge.promptAnswer,
    // Three: "You have to answer three Prompts to make your account" (Business Insider, "How does Hinge work?").
    promptCount: 3,
    bioWords: null,
    statedIntent: null,
    // All three are required on the Hinge form.
    promptsOffered: 3,
    showsFirst: "your first photo, then more photos and your three prompt answers in turn, all in one scrolling profile",
    discovery: [
      // Business Insider: "Hinge lets you like specific parts of someone's profile instead of the whole thing."
      "People like or comment on one specific photo or prompt answer, not on your profile as a whole, so every answer is a door into a conversation.",
      // Business Insider: "Standouts", a daily list of your most compatible matches, answered with a Rose.
      "Hinge picks a daily list of Standouts it thinks suit you; profiles with specific answers give it more to match on.",
    ],
    firstMessage: [
      // Business Insider: a like can carry a comment on the part of the profile it is about.
      "Anyone can start: a like can carry a comment on the photo or prompt it is about, and a comment gets noticed where a bare like does not.",
    ],
    routine: [
      // thehowtodo.com "Hinge 101": "Hinge restricts the number of profiles you can 'like' each day" (free tier).
      "Likes are limited each day on the free tier, so spend them on profiles you would actually message, each with a comment.",
    ],
  },
  bumble: {
    name: "Bumble",
    bioLimit: APP_TEXT_LIMITS.bumble.bio,
    promptAnswerLimit: APP_TEXT_LIMITS.bumble.promptAnswer,
    // Three: "Bumble has space for a bio and also three prompts" (garage.madebyal.net); our form takes two or three.
    promptCount: 3,
    bioWords: null,
    statedIntent: null,
    // The /upload form's Bumble section offers two prompts (src/web/profile/AppSections.tsx), /bumble-form three.
    promptsOffered: 2,
    // Third-party: tapping a profile shows "their main photo and bio first, followed by extra photos and
    // questions" (UIS Journal, "Swiping Shallow: Bumble").
    showsFirst: "your first photo, then your bio, then your other photos and prompt answers as people scroll",
    discovery: [
      // bumble.com/en/faq: both people swipe right to connect.
      "A match needs both of you to swipe right, and people decide while looking at your first photo and the top of your bio.",
    ],
    firstMessage: [
      // bumble.com/en/faq: "The woman always makes the first move, and if she doesn't say something to a new
      // connection within 24 hours, that connection disappears forever!"; same-sex: either person, within 24 hours.
      "In a woman–man match the woman sends the first message; in same-gender matches either of you can. Either way the match disappears if nobody writes within 24 hours.",
      // bumble.com/en/faq: men "can show special interest in a match by extending just one per day".
      "You can extend one match a day by another 24 hours when the first message has not arrived yet.",
      // bumble.com/en/help (messaging): up to three "Opening Moves", questions a match can answer to start the chat.
      "You can set up to three Opening Moves, questions a match can simply answer to start the chat.",
    ],
    routine: [
      "Open the app at least once a day: a match you don't act on within 24 hours is gone.",
    ],
  },
  tinder: {
    name: "Tinder",
    bioLimit: APP_TEXT_LIMITS.tinder.bio,
    promptAnswerLimit: APP_TEXT_LIMITS.tinder.promptAnswer,
    promptCount: 0,
    // 15-45 words: Tinder's own research with Opinium, July 2023 (reported by Mashable and Global Dating Insights).
    bioWords: { min: 15, max: 45, source: "Tinder's own research" },
    // Tinder's "Year in Swipe"/Opinium research, 2023 (Mashable): 45% of young singles prefer a profile that says
    // what the person is looking for.
    statedIntent: "Tinder's 2023 research found that 45% of young singles prefer profiles that say what the person is looking for",
    promptsOffered: 0,
    // Swipe decisions on a full-screen photo card (tinder.com/faq: "Swipe Right" to like, "Swipe Left" to pass);
    // the bio sits under the photos.
    showsFirst: "a full-screen photo card; people swipe on your photos and read your bio only if the photos make them stop",
    discovery: [
      // tinder.com/faq: "Two members must both use the Swipe Right feature to Like each other in order to make a match."
      "A match needs both of you to swipe right, and most swipes are decided on the first photo in a second or two.",
      // tinder.com/faq: profiles are shown by location, "based on the gender, distance, and orientation filters you set".
      "Tinder shows you to people nearby within the gender, distance and orientation filters each of you set.",
      // tinder.com/faq: Photo Verification puts a blue checkmark on verified profiles.
      "Photo Verification adds a blue checkmark to your profile; it tells people you look like your photos.",
    ],
    firstMessage: [
      // tinder.com/faq: once two people like each other they are matched and either can write.
      "Once you match, either of you can write first; a line about something in their profile beats a plain “hey”.",
    ],
    routine: [
      // Tinder's research (Mashable, 2023): use four to five photos; keep the bio fresh, e.g. a current favourite.
      "Keep four to five photos up and refresh one detail in your bio every few weeks, as Tinder itself recommends.",
    ],
  },
  the_league: {
    name: "The League",
    bioLimit: APP_TEXT_LIMITS.the_league.bio,
    promptAnswerLimit: APP_TEXT_LIMITS.the_league.promptAnswer,
    promptCount: 0,
    bioWords: null,
    statedIntent: null,
    promptsOffered: 0,
    // join.theleague.com/faqs: profiles arrive in a limited daily batch at "Happy Hour (5pm local time)";
    // theleague.com "Chapter 1": education and profession are pulled from LinkedIn and shown on the profile.
    showsFirst: "a short daily batch of curated profiles, each with photos beside education and profession",
    discovery: [
      // join.theleague.com/faqs: "we only show you to people who meet your preferences, AND where you meet theirs".
      "The League shows you only to people who meet your preferences and whose preferences you meet, ranked by expected compatibility.",
      // join.theleague.com/faqs: the daily number depends on subscription tier, community size and preferences.
      "Everyone sees a limited number of profiles a day, so each one gets a real look: a full, specific profile matters more here than on swipe apps.",
      // theleague.com "Chapter 1": "we only show your profile to users who fit your preferences. Be open-minded!"
      "Very narrow preferences shrink who can see you; The League itself advises keeping them open.",
    ],
    firstMessage: [
      // join.theleague.com/faqs: "a user who likes everyone but never messages will be deprioritized".
      "Message the people you match with: The League shows members who like everyone but never write to fewer people.",
    ],
    routine: [
      // join.theleague.com/faqs: new profiles arrive daily at Happy Hour, 5pm local time.
      "New profiles arrive every day at Happy Hour, 5pm local time: check in then, while your batch is fresh.",
      // theleague.com "Chapter 1": "Log in regularly so we can learn your taste."
      "Log in regularly; The League learns your taste from who you like.",
    ],
  },
};

export function appRules(app: DatingApp): AppRules {
  return RULES[app];
}

/**
 * The limit a prompt answer must fit. Tinder and The League have no prompts in our forms; an answer sent anyway
 * (the API allows it) would have to live in the bio there. Every app has one limit or the other.
 */
export function answerLimit(rules: AppRules): number {
  return rules.promptAnswerLimit ?? rules.bioLimit ?? 0;
}
