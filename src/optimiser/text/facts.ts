/**
 * The customer's own facts, cleaned and ranked: everything a rewrite, a conversation starter or the guide may say
 * about them comes from here, so nothing is invented. Revision notes can add facts only when the customer states
 * them about themselves ("mention that I play cello"); see revision.ts.
 */
import type { OptimiserInput } from "../input.ts";
import { cleanText } from "./clean.ts";
import { norm, words } from "./match.ts";
import { splitSentences } from "./sentences.ts";
import { isSpecific, specificity, withoutMachineText } from "./signals.ts";
import { isEnglish, profileLanguage } from "./language.ts";

interface Sentence {
  text: string;
  /** How concrete it is (signals.ts); the rewrite leads with the highest. */
  score: number;
}

export interface Facts {
  /** The bio's sentences after cleaning, in the customer's order, without machine text (signals.ts). */
  bio: Sentence[];
  /** Demands in the bio turned into wishes ("Bonus points if you like dogs."). */
  wishes: string[];
  interests: string[];
  vibes: string[];
  job: string | null;
  education: string | null;
  industry: string | null;
  idealFirstDate: string | null;
  /** Their profile song. */
  anthem: string | null;
  /** What they want, without "looking for" in front and without demands. */
  lookingFor: string | null;
  prompts: { prompt: string; response: string; cleaned: string }[];
  /** Interests short enough for a question to be about ("climbing", "jazz"), most specific first. */
  topics: string[];
  /** Everything the customer wrote (revision statements included), to check what they mention. */
  allText: string;
}

export function gatherFacts(input: OptimiserInput, stated: string[] = [], extraInterests: string[] = []): Facts {
  const p = input.profile;
  const allText = [
    p.bio,
    p.interests,
    p.lookingFor,
    p.jobTitle,
    p.education,
    p.idealFirstDate,
    p.industry,
    p.vibes,
    p.school,
    p.anthem,
    p.spotifyArtists,
    ...p.prompts.flatMap((q) => [q.response]),
    ...stated,
    ...extraInterests,
  ]
    .filter(Boolean)
    .join("\n");
  const elsewhere = (own: string | null) => allText.replace(own ?? "", "");

  // The cleaning rules are English: a text in another language is taken as written (issue 30, item 1).
  const language = profileLanguage(p);
  const clean = (text: string, around = "") => (isEnglish(text, language) ? cleanText(text, around) : { text: text.trim(), wishes: [] as string[] });
  const cleanedBio = clean(p.bio ?? "", elsewhere(p.bio));
  const bio = splitSentences(cleanedBio.text)
    .filter((s) => !cleanedBio.wishes.includes(s.text))
    .map((s) => withoutMachineText(s.text))
    .filter((text) => /[\p{L}\p{N}]/u.test(text))
    .map((text) => ({ text, score: specificity(text) }));
  // Things the customer asked us to mention first, then their interests, then the artists they listen to.
  const interests = dedupe([...extraInterests, ...listItems(p.interests), ...listItems(p.spotifyArtists)]);
  const prompts = p.prompts.map((q) => ({ ...q, cleaned: withoutMachineText(clean(q.response, elsewhere(q.response)).text) }));
  const idealFirstDate = cleanField(p.idealFirstDate);
  const lookingFor = lowerCommonStart(cleanField(p.lookingFor)?.replace(LOOKING_FOR, "") || null);

  return {
    bio,
    wishes: cleanedBio.wishes,
    interests,
    vibes: listItems(p.vibes),
    job: cleanField(p.jobTitle),
    education: cleanField(p.education) ?? cleanField(p.school),
    anthem: cleanField(p.anthem),
    industry: cleanField(p.industry),
    idealFirstDate,
    lookingFor,
    prompts,
    topics: topicsFrom(interests),
    allText,
  };
}

const LOOKING_FOR = /^(?:(?:i'?m|i’m|i am)\s+)?(?:looking for|seeking|searching for|after|want|wanting)\s+/iu;

function cleanField(value: string | null): string | null {
  if (!value) return null;
  const text = cleanText(value).text.replace(/[.!…]+$/u, "").trim();
  return text || null;
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = norm(item);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Topics a question can safely be about: the customer's short interests, specific ones first. Free text is not
 * mined for topics: "cleaning tanks at 7am" names an activity nobody wants asked about.
 */
function topicsFrom(interests: string[]): string[] {
  // "my dog Biscuit" is a fact, not a topic: "my dog Biscuit or jazz?" would not read right.
  const short = interests.filter((i) => i.length <= 30 && words(i).length <= 4 && !/^(?:my|our|i)\b/i.test(i));
  return [...short].sort((a, b) => Number(isSpecific(b)) - Number(isSpecific(a)));
}

/** A list field ("climbing, jazz & sourdough baking") as clean items, in the customer's words. */
export function listItems(text: string | null): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  const items: string[] = [];
  // Spaces inside a compound are swapped for a private-use character while splitting, then put back.
  const guarded = text.replace(COMPOUND, (m) => m.replace(/\s/g, "\uE000"));
  for (const raw of guarded.split(/[,;\n•·|]+|\s+(?:and|&|\+)\s+/iu)) {
    const cleaned = withoutMachineText(cleanText(raw.replace(/\uE000/g, " ")).text);
    const stripped = cleaned.replace(LEADING_LIKES, "").trim();
    // A closing full stop goes, unless it ends an initialism ("Fontaines D.C.").
    const item = /\b\p{L}\.$/u.test(stripped) ? stripped : stripped.replace(/[.!?…]+$/u, "").trim();
    const key = norm(item);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** "X and Y" that name one thing, so a list is never split inside them. */
const COMPOUNDS = [
  "drum and bass",
  "rock and roll",
  "fish and chips",
  "gin and tonic",
  "dungeons and dragons",
  "rhythm and blues",
  "arts and crafts",
  "mac and cheese",
  "cheese and wine",
  "pen and paper",
  "snakes and ladders",
  "r and b",
  "salt and pepper",
];
const COMPOUND = new RegExp(`\\b(?:${COMPOUNDS.map((c) => c.replace(" and ", "\\s+(?:and|&)\\s+")).join("|")})\\b`, "giu");

const LEADING_LIKES = /^(?:(?:i'?m|i’m|i am|i)\s+)?(?:really\s+|very\s+|big\s+|huge\s+)?(?:love|loves|like|likes|enjoy|enjoys|into|fan of|obsessed with|passionate about)\s+/iu;

/**
 * "Someone kind" reads "Looking for someone kind." inside a sentence. Only common opening words are lowered, so a
 * name or a place the customer starts with ("Paris", "Hinge") keeps its capital.
 */
const COMMON_START = /^(Someone|Somebody|Something|A|An|The|My|Friends?|Fun|Love|Long|Short|Casual|Serious|New|Relationships?|Partners?|People|Anyone|Good|Kind|Genuine|Real)\b/;

function lowerCommonStart(text: string | null): string | null {
  if (!text) return text;
  return text.replace(COMMON_START, (word) => word.toLowerCase());
}
