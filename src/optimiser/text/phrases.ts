/**
 * The curated phrase lists the analyser looks for. Each variant is matched case-insensitively with punctuation and
 * apostrophes ignored (match.ts), so "Partner-in-crime!!" and "don’t message me if" are found too. Each entry says,
 * in words meant for the customer, why it hurts.
 */

export interface PhraseRule {
  variants: readonly string[];
  why: string;
  /** A match right after one of these words is a different phrase ("I work at the office"). */
  notAfter?: readonly string[];
  /**
   * A plain word to put in its place when the sentence around it carries a real detail and would break without it
   * ("went on an adventure in Patagonia" → "went on a trip in Patagonia"); otherwise the phrase is cut.
   */
  plain?: Readonly<Record<string, string>>;
}

const SAID_BY_EVERYONE = "so many profiles say this that it no longer tells anyone anything about you";

export const CLICHES: readonly PhraseRule[] = [
  {
    variants: ["love to travel", "love travelling", "love traveling", "love travel", "travel junkie", "travel addict", "wanderlust"],
    why: "almost everyone loves to travel, so this spends space without setting you apart",
  },
  { variants: ["partner in crime"], why: `${SAID_BY_EVERYONE}, and it describes the person you want rather than you` },
  { variants: ["work hard play hard"], why: `${SAID_BY_EVERYONE}; it reads like a slogan, not a person` },
  {
    variants: ["fluent in sarcasm", "sarcasm is my love language", "sarcasm is my second language", "sarcastic af"],
    why: "it announces a sense of humour instead of showing one, and sarcasm is hard to read from a stranger",
  },
  {
    variants: ["looking for my other half", "my other half", "my better half", "looking for my person", "find my person"],
    why: "it says what every profile wants without saying anything about who you are",
  },
  { variants: ["just ask"], why: "it asks a stranger to do the work of getting to know you, and most people simply move on" },
  {
    variants: ["the office"],
    notAfter: ["in", "at", "to", "from", "into", "leave", "leaving", "out", "our", "my"],
    why: "it is one of the most quoted shows in dating profiles, so it blends in instead of starting a conversation",
  },
  {
    variants: ["pineapple on pizza", "pineapple belongs on pizza", "pineapple on my pizza"],
    why: "the pineapple debate is in countless profiles, so a match has probably answered it a hundred times",
  },
  {
    variants: [
      "6 ft because apparently that matters",
      "6ft because apparently that matters",
      "6 foot because apparently that matters",
      "because apparently that matters",
      "since apparently that matters",
      "apparently that matters",
      "if that matters",
    ],
    why: "the joke is worn out, and it sounds a little resentful; your height is already shown on your profile",
  },
  {
    variants: [
      "love a good adventure",
      "up for an adventure",
      "looking for adventure",
      "adventure seeker",
      "adventure junkie",
      "adventurous",
      "an adventure",
      "adventures",
      "adventure",
    ],
    plain: { "an adventure": "a trip", adventures: "trips", adventure: "trip" },
    why: "“adventure” could mean anything from skydiving to a new café; the actual thing you did is far more interesting",
  },
  { variants: ["self proclaimed foodie", "foodie"], why: "everyone eats; a dish or a place you love says far more" },
  { variants: ["netflix and chill"], why: "it is a tired line and many people read it as a hook-up signal" },
  { variants: ["live laugh love"], why: `${SAID_BY_EVERYONE}; it reads like a wall sign` },
  { variants: ["laid back", "easy going", "easygoing"], why: "nearly everyone describes themselves this way, so it cannot set you apart" },
  { variants: ["down to earth"], why: `${SAID_BY_EVERYONE}` },
  { variants: ["good vibes only", "good vibes"], why: "it is vague and can come across as a rule for the other person" },
  {
    variants: ["love to laugh", "love laughing", "make me laugh"],
    why: "everyone likes to laugh; something that actually made you laugh would show it",
  },
  { variants: ["hopeless romantic"], why: `${SAID_BY_EVERYONE}; a romantic thing you have actually done would show it` },
  {
    variants: ["friends and family", "family and friends"],
    why: "nearly everyone values friends and family, so it takes space without telling a match anything new",
  },
  { variants: ["living my best life", "live my best life"], why: `${SAID_BY_EVERYONE}` },
  {
    variants: ["coffee addict", "coffee lover", "caffeine addict", "wine lover", "wine o clock"],
    why: "coffee and wine are in a huge share of profiles; your actual order or favorite place would be more memorable",
  },
  { variants: ["sapiosexual"], why: "it tends to read as a boast about intelligence rather than a glimpse of you" },
  {
    variants: ["here for a good time not a long time", "good time not a long time"],
    why: "it is a stock line, and it can make you sound uninterested in anything real",
  },
  { variants: ["yolo", "you only live once", "carpe diem", "life is short", "no regrets"], why: `${SAID_BY_EVERYONE}` },
  { variants: ["dance like no one is watching", "dance like nobodys watching"], why: `${SAID_BY_EVERYONE}` },
  {
    variants: ["trying new things", "try new things", "new experiences"],
    why: "everyone says they like new things; the last new thing you tried is what a match can ask about",
  },
  { variants: ["music lover", "love music", "love movies"], why: "almost everyone loves music and films; name an artist or a film instead" },
  { variants: ["long walks on the beach"], why: "it is the original dating-profile cliché, so it reads as a joke or as filler" },
  {
    variants: ["my friends would describe me as", "my friends describe me as", "friends say im"],
    why: "it hands your description to someone else; show the trait with something you did instead",
  },
  { variants: ["work in progress"], why: `${SAID_BY_EVERYONE}` },
  { variants: ["swipe right if"], why: "telling people which way to swipe reads as a sales pitch" },
  { variants: ["im a simple man", "im a simple girl", "im a simple guy", "simple guy", "simple girl"], why: `${SAID_BY_EVERYONE}` },
];

/** Negativity and demands: they tell a match what you don't want before they know anything you do. */
export interface NegativeRule extends PhraseRule {
  /** "demand" is a rule for the other person; "negative" is a complaint or a defensive line. */
  kind: "negative" | "demand";
}

const SOUNDS_BURNED = "it sounds like you are bracing for the worst before anyone has said hello";
const RULE_FOR_THEM = "it sets a rule for a stranger before they know anything good about you, and kind people often take it personally";

export const NEGATIVITY: readonly NegativeRule[] = [
  { kind: "negative", variants: ["no drama", "drama free", "no drama please", "not into drama"], why: SOUNDS_BURNED },
  { kind: "demand", variants: ["swipe left if", "swipe left unless", "left swipe if"], why: RULE_FOR_THEM },
  {
    kind: "demand",
    variants: ["dont message me if", "dont message if", "dont text me if", "dont bother messaging", "dont bother if", "dont bother"],
    why: RULE_FOR_THEM,
  },
  { kind: "demand", variants: ["no hookups", "no hook ups", "not looking for hookups", "not here for hookups", "no one night stands"], why: RULE_FOR_THEM },
  {
    kind: "negative",
    variants: ["if you cant handle me at my worst", "cant handle me at my worst", "at my worst", "dont deserve me at my best"],
    why: "it asks for patience with your worst side before showing your best one",
  },
  { kind: "negative", variants: ["not here for games", "no games", "dont play games", "no head games"], why: SOUNDS_BURNED },
  { kind: "demand", variants: ["no time wasters", "dont waste my time", "time wasters"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["no fuckboys", "no fboys", "no players"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["no catfish", "no catfishing"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["no couples", "no bad vibes", "no flakes", "no ghosting", "if you ghost"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["must be", "you must", "you have to be", "you need to be", "only reply if", "only message if"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["dont just say hi", "dont just say hey", "hey wont get a reply", "hi wont get a reply"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["if youre boring", "dont be boring", "no boring people"], why: RULE_FOR_THEM },
  { kind: "demand", variants: ["keep scrolling", "keep swiping", "move along", "swipe left"], why: RULE_FOR_THEM },
  {
    kind: "negative",
    variants: ["tired of", "sick of", "fed up with", "done with the apps", "hate these apps"],
    notAfter: ["get", "gets", "getting", "never", "not"],
    why: SOUNDS_BURNED,
  },
  { kind: "negative", variants: ["i hate"], why: "opening on what you hate sets a sour tone; what you love is easier to reply to" },
];

/** Low effort wherever it appears in a text. */
export const LOW_EFFORT: readonly PhraseRule[] = [
  {
    variants: [
      "im bad at bios",
      "i am bad at bios",
      "bad at bios",
      "bad at writing bios",
      "not good at bios",
      "not good at this",
      "im bad at this",
      "hate writing bios",
      "bios are hard",
      "i never know what to write",
      "dont know what to write",
      "idk what to write",
      "dont know what to put",
      "not sure what to write",
      "writing these is hard",
      "writing this is hard",
      "here goes nothing",
      "but here goes",
    ],
    why: "it tells a match you didn't want to write a profile, which makes it hard for them to want to reply",
  },
  {
    variants: ["will fill this out later", "fill this out later", "fill this in later", "will update later", "coming soon", "tbd", "n a"],
    why: "a placeholder tells people the profile isn't finished, so many wait for a version that never comes",
  },
  {
    variants: ["just seeing whats out there", "seeing whats out there", "just here to see", "not sure why im here", "friend made me"],
    why: "it sounds unsure whether you want to be here, which makes it hard for a match to invest",
  },
];

/** Low effort when it is the whole sentence or answer (a longer sentence around it can still carry something). */
export const LOW_EFFORT_WHOLE: readonly string[] = [
  "hi",
  "hey",
  "hello",
  "hiya",
  "yo",
  "idk",
  "i dont know",
  "dunno",
  "ask me",
  "just ask me",
  "ask away",
  "ask me anything",
  "lol",
  "haha",
  "whatever",
  "nothing",
  "nothing much",
  "ok",
  "okay",
  "yes",
  "no",
  "sure",
  "maybe",
  "same",
  "you",
  "everything",
  "anything",
  "na",
  "new here",
];

/** Low effort even as one clause of a longer sentence ("idk, just ask"); a subset safe to cut from anywhere. */
export const LOW_EFFORT_CLAUSE: readonly string[] = [
  "hi",
  "hey",
  "hello",
  "hiya",
  "idk",
  "i dont know",
  "dunno",
  "ask me",
  "just ask me",
  "ask away",
  "ask me anything",
  "whatever",
  "nothing much",
  "new here",
];

/** Words that add nothing to a bio; removed when tightening (never changes meaning). */
export const FILLERS: readonly string[] = ["basically", "literally", "honestly", "to be honest", "tbh", "needless to say"];

/** Signs of a hook: something a match can answer. */
export const INVITATIONS: readonly string[] = [
  "lets",
  "tell me",
  "convince me",
  "teach me",
  "show me",
  "guess what",
  "guess which",
  "guess the",
  "guess my",
  "take a guess",
  "i bet",
  "bet you",
  "race you",
  "fight me",
  "change my mind",
  "prove me wrong",
  "would you rather",
  "are you in",
  "in or out",
  "join me",
  "come with me",
  "bonus points if",
  "extra points if",
  "you bring",
  "ill bring",
  "we could",
  "you and me",
  "dare you",
  "your turn",
  "loser buys",
  "pitch me",
  "recommend me",
  "recommendations welcome",
  "send me",
];

export const OPINIONS: readonly string[] = [
  "hot take",
  "unpopular opinion",
  "controversial opinion",
  "overrated",
  "underrated",
  "objectively",
  "die on this hill",
  "is the best",
  "is the worst",
  "best way to",
  "only acceptable",
  "non negotiable",
  "i will defend",
];

/** Signs of humour worth keeping. */
export const HUMOUR: readonly string[] = [
  "lol",
  "haha",
  "allegedly",
  "questionable",
  "embarrassingly",
  "shamelessly",
  "unironically",
  "self taught",
  "undefeated",
  "okayest",
  "world champion",
  "reigning champion",
  "terrible at",
  "worst at",
  "in my defence",
  "in my defense",
  "no regrets about",
];

/** Emoji that usually mark a joke. */
export const HUMOUR_EMOJI: readonly string[] = ["😂", "🤣", "😅", "😜", "😉", "🙃", "😏"];

/**
 * Words too common to count as a concrete detail: "I love music, food and fun" has none. Checked after
 * normalising (lowercase, apostrophes removed).
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    "about above after again also always anything anyone around back because been being best better both come could days " +
    "does doing done down each easy enjoy enjoying enjoys even ever every everything fine from getting give going gonna good " +
    "great have having here into just keep kind kinda know like likes liking little live lived lives living look looking lots " +
    "love loved loves loving made make makes making many maybe more most much need needs never nice nothing often only other " +
    "over pretty really same says should since some someone something sometimes soon still such sure take than that their " +
    "them then there these they thing things think this those time times together trying very want wanna wants well were " +
    "what when where which while will with would your yours youre youll cool fun funny outgoing kind caring honest loyal " +
    "chill positive happy friendly genuine real simple normal laid earth people person life music movies films food " +
    "eating drinking drinks friends family travel traveling travelling adventure adventures places exploring explore " +
    "outdoors nature sports working work hanging chilling partying laughing laugh laughs smile vibes energy find " +
    "special connection relationship meaningful date dating guys girl girls woman women lady dude dudes weekend weekends " +
    "new netflix stuff hobbies interests activities experiences fitness gym shows series reading books hiking cooking " +
    "walks beach dogs cats coffee wine pizza tacos sushi concerts gigs shopping dancing yoga running gaming " +
    "walk sleep brunch sofa couch home dinner lunch breakfast pub bar restaurant tv show book song game games sport " +
    "amazing awesome incredible company normal person stuff isnt dont doesnt cant wont arent boring " +
    "the and for you are but not can was all any had her his him its our out own she who why how too two yes off one " +
    "get got let may now old see way day did has use ive ill lot yet say said put set ask try bit big"
  ).split(" "),
);

/**
 * Light corrections of common non-native patterns, each certain wherever its pattern matches ("since 3 years" is
 * never right in English). Only these exact patterns change; anything less certain stays as the customer wrote it.
 */
export interface Correction {
  pattern: RegExp;
  /** The corrected words, from the match's groups. */
  fix: (...groups: string[]) => string;
}

const DURATION = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|many|several)\s+(years?|months?|weeks?)`;
/** Words that name a job: a sentence with one says what the customer does, a fact kept before any filler. */
export const JOB_WORDS: readonly string[] = (
  "engineer developer designer teacher nurse doctor manager architect accountant consultant lawyer coder analyst chef " +
  "cook waiter waitress barista mechanic electrician plumber pharmacist dentist researcher scientist translator journalist " +
  "photographer driver pilot student assistant secretary receptionist cashier salesman saleswoman physiotherapist physio " +
  "veterinarian vet paramedic firefighter surgeon barrister solicitor midwife carer banker trader founder lecturer professor " +
  "librarian carpenter builder baker biologist chemist physicist economist officer sergeant soldier paralegal tutor coach " +
  "associate director executive"
).split(" ");
const JOB_NOUN = `(?:${JOB_WORDS.join("|")})`;

/** "make" → "do", "making" → "doing", keeping a capital. */
const MAKE_TO_DO: Record<string, (verb: string) => string> = {
  make: (v) => (v[0] === "M" ? "Do" : "do"),
  making: (v) => (v[0] === "M" ? "Doing" : "doing"),
};

export const CORRECTIONS: readonly Correction[] = [
  // "I live in Milan since 3 years" → "I've lived in Milan for 3 years".
  {
    pattern: new RegExp(String.raw`\b(I|i) (?:live|am living) (in [^.,;!?\n]{1,40}?) since ${DURATION}\b`, "gu"),
    fix: (i, place, n, unit) => `${i === "i" ? "i" : "I"}'ve lived ${place} for ${n} ${unit}`,
  },
  // "since 3 years I live in Berlin" → "for 3 years I've lived in Berlin".
  {
    pattern: new RegExp(String.raw`\bsince ${DURATION},? (I|i) (?:live|am living) (in [^.,;!?\n]{1,40}?)(?=[.,;!?\n]|$)`, "gu"),
    fix: (n, unit, i, place) => `for ${n} ${unit} ${i === "i" ? "i" : "I"}'ve lived ${place}`,
  },
  // "I make sports" → "I do sports".
  { pattern: /\b(make|making) (sports?)\b/giu, fix: (verb, sport) => `${MAKE_TO_DO[verb.toLowerCase()]!(verb)} ${sport}` },
  // "since 3 years" → "for 3 years".
  { pattern: new RegExp(String.raw`\bsince ${DURATION}\b`, "giu"), fix: (n, unit) => `for ${n} ${unit}` },
  // "I work like software engineer" → "I work as a software engineer" (never "work like a dog": an article follows there).
  {
    pattern: new RegExp(String.raw`\b(I|i) work like ((?:[\p{L}-]+ ){0,2}${JOB_NOUN})\b`, "gu"),
    fix: (i, job) => `${i} work as ${/^[aeiou]/i.test(job) ? "an" : "a"} ${job}`,
  },
  // "I search a serious relation" → "I'm looking for a serious relation(ship)" (the next pattern fixes the noun).
  {
    pattern: /\b(I|i) (?:am )?search(?:ing)? (?:for )?(a|an|someone|somebody|love|my)\b/gu,
    fix: (i, next) => `${i === "i" ? "i" : "I"}'m looking for ${next}`,
  },
  { pattern: /\b(serious|long[- ]term|stable|real|committed|true) relation\b/giu, fix: (kind) => `${kind} relationship` },
  // "I have 30 years" (age) → "I'm 30", only where nothing follows the years.
  { pattern: /\b(I|i) have (\d{2}) years(?: old)?(?=\s*(?:[.,!;\n]|$))/gu, fix: (i, age) => `${i === "i" ? "i" : "I"}'m ${age}` },
];
