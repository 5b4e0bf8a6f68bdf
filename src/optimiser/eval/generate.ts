/**
 * A seeded generator of valid order-form submissions, for the optimiser's sweep test (../sweep.test.ts): each app's
 * section (and the standalone Hinge and Bumble forms), every plan, and every text field from its minimum to its form
 * limit, written in many voices: native and non-native English, other languages and scripts, emoji, line breaks,
 * lists, lowercase, shouting, handles and one unbroken run of letters. The same seed always gives the same profiles.
 */
import { PLAN_IDS, type PlanId } from "../../shared/orders/plans.ts";
import { BUMBLE_PROMPTS, DATING_APPS, HEIGHT_OPTIONS, HINGE_PROMPTS, STAR_SIGNS, type DatingApp } from "../../shared/profiles/options.ts";
import { toProfileColumns } from "../../profiles/submission.ts";
import { submissionSchema, TEXT_LIMITS, type Submission, type SubmissionInput } from "../../shared/profiles/submission.ts";
import type { OptimiserInput, PhotoInput, ProfileText } from "../input.ts";
import { seededRandom } from "../../shared/seeded-random.ts";


type Random = () => number;
const pick = <T>(rng: Random, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

function shuffled<T>(rng: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How a field is filled: left out (optional fields only), at its minimum, short, medium, long, or at its form limit. */
export const LENGTHS = ["absent", "min", "short", "medium", "long", "max"] as const;
export type LengthMode = (typeof LENGTHS)[number];

export const VOICES = ["native", "non-native", "other-language", "emoji", "lowercase", "shouting", "list", "mixed"] as const;
export type Voice = (typeof VOICES)[number];

const NATIVE = [
  "I'm a paramedic in Manchester and I bake bread on my days off.",
  "Work hard, play hard.",
  "I love to travel and try new food.",
  "Netflix and chill kinda guy.",
  "Swipe left if your pics are all filters, I'm not interested.",
  "No drama, no games, no hookups.",
  "Have kids or can't hold a conversation? Keep scrolling.",
  "Looking for a serious relationship, not a pen pal.",
  "Two truths and a lie: I've met the Queen, I can juggle fire, I've never seen Star Wars.",
  "Sunday mornings are for the farmers market and far too much coffee.",
  "My dog Pickles is the real star of this profile.",
  "Currently learning Italian so I can finally order properly in Bologna.",
  "I run a tiny bookshop and I will absolutely recommend you something.",
  "Tell me your most controversial pizza topping.",
  "6'2 because apparently that matters.",
  "Fluent in sarcasm and movie quotes.",
  "Sometimes playing guitar badly, at the gym or on the couch with Netflix.",
  "Nurse by day, sourdough baker by night.",
  "If you can beat me at Mario Kart, we should talk.",
  "I'm just a simple guy, idk what to write here lol.",
  "Former rower, current couch enthusiast.",
  "Ask me about the time I got lost in Lisbon for six hours.",
  "(Yes, that's my sister in photo 3.)",
  "Insta: @not.a.real.handle — or just message me here.",
  "Coffee > tea. Fight me.",
  "Honestly? Just here to see what happens...",
  "I've climbed Kilimanjaro twice and I'd do it again tomorrow!!!",
  "Weekends: hiking, brunch, repeat.",
  "Dad of two great kids (50/50), so my weekends are busy.",
  "Green flags: kindness, curiosity, and good taste in music.",
];

const NON_NATIVE = [
  "I search a serious relation with honest woman.",
  "Since 3 years I live in Berlin and I work like software engineer.",
  "I am very funny person and like to make sports.",
  "In my free time I go to cinema and I read many books.",
  "I am coming from Brazil, now living here for my master.",
  "Please no one night, I am looking something long.",
  "My friends say I am good cooker, especially for pasta.",
  "I like very much the nature and the mountains.",
  "I am working in hospital like nurse since 5 years.",
  "Who is interesting for travel with me to Japan?",
  "I don't like peoples who are lying.",
  "Family is for me the most important.",
];

const OTHER_LANGUAGES = [
  "Me encanta bailar salsa y cocinar para mis amigos.",
  "Busco a alguien con quien reír y viajar.",
  "J'adore les randonnées en montagne et le bon vin.",
  "Ich liebe Fahrradtouren und gutes Brot.",
  "Adoro praia, futebol e churrasco com a família.",
  "Lubię góry, kawę i długie rozmowy.",
  "Люблю путешествовать и читать книги.",
  "週末はカフェ巡りと映画鑑賞をしています。",
  "我喜欢爬山和做饭。",
  "أحب القراءة والسفر والقهوة.",
  "मुझे संगीत और क्रिकेट पसंद है।",
  "Kahve ve kitap olmadan yapamam.",
  "Amo il mare e la pizza napoletana.",
  "Ik fiets elke dag naar mijn werk.",
];

const EMOJI = ["🏔️", "🍜", "🐶", "☕️", "🎸", "✈️", "📚", "🧗‍♀️", "🌮", "😂", "❤️", "🇧🇷", "👩🏽‍💻", "🙃", "🔥", "🌊"];

const LIST_ITEMS = ["hiking", "ramen", "live music", "board games", "cold-water swimming", "pottery", "jazz", "running", "sci-fi", "wine bars", "cycling", "crosswords", "k-pop", "chess"];

/** Separators between pieces: spaces, line breaks (LF and CRLF, as the API may receive either), bullets. */
const SEPARATORS = [" ", " ", " ", "\n", "\n\n", "\r\n", " · ", " | ", "  "];

function piece(rng: Random, voice: Voice): string {
  switch (voice) {
    case "native":
      return pick(rng, NATIVE);
    case "non-native":
      return pick(rng, rng() < 0.7 ? NON_NATIVE : NATIVE);
    case "other-language":
      return pick(rng, rng() < 0.7 ? OTHER_LANGUAGES : NATIVE);
    case "emoji":
      return rng() < 0.5 ? `${pick(rng, EMOJI)} ${pick(rng, LIST_ITEMS)}` : `${pick(rng, NATIVE)} ${pick(rng, EMOJI)}${pick(rng, EMOJI)}`;
    case "lowercase":
      return pick(rng, [...NATIVE, ...NON_NATIVE]).toLowerCase();
    case "shouting":
      return pick(rng, NATIVE).toUpperCase();
    case "list":
      return `${rng() < 0.5 ? "- " : pick(rng, EMOJI) + " "}${pick(rng, LIST_ITEMS)}`;
    case "mixed":
      return piece(rng, pick(rng, VOICES.filter((v) => v !== "mixed")));
  }
}

/** Length as the submission schema counts it (zod counts code points, so an emoji is one character, or four for a family). */
export function characters(text: string): number {
  return [...text].length;
}

/** The first `max` code points, so an emoji is never split into half a surrogate pair. */
function cutTo(text: string, max: number): string {
  return [...text].slice(0, max).join("");
}

function targetLength(rng: Random, mode: Exclude<LengthMode, "absent">, min: number, max: number): number {
  const between = (lo: number, hi: number) => Math.max(min, Math.min(max, lo + Math.floor(rng() * (hi - lo + 1))));
  switch (mode) {
    case "min":
      return min;
    case "short":
      return between(min, min + 40);
    case "medium":
      return between(Math.floor(max * 0.2), Math.floor(max * 0.5));
    case "long":
      return between(Math.floor(max * 0.6), max - 1);
    case "max":
      return max;
  }
}

/**
 * Text of exactly `length` characters (code points) after trimming (the schema trims), in the voice given. One time in twenty a
 * long field gets an unbroken run of letters, as someone holding a key down would send.
 */
export function textOfLength(rng: Random, voice: Voice, length: number): string {
  if (length >= 60 && rng() < 0.05) return ("I can't think of anything " + "a".repeat(length)).slice(0, length);
  let text = "";
  while (characters(text) < length + 20) text += (text ? pick(rng, SEPARATORS) : "") + piece(rng, voice);
  text = cutTo(text, length).trim();
  // Cutting may end on a space, which the schema trims away: fill up with plain letters.
  while (characters(text) < length) text += text.length % 7 === 0 ? "!" : "a";
  return text;
}

const LIMIT_OF = {
  bio: { min: 10, max: TEXT_LIMITS.bio },
  response: { min: 1, max: TEXT_LIMITS.response },
  ideal_first_date: { min: 10, max: TEXT_LIMITS.ideal_first_date },
  job_title: { min: 1, max: TEXT_LIMITS.job_title },
  education: { min: 1, max: TEXT_LIMITS.education },
  interests: { min: 5, max: TEXT_LIMITS.interests },
  industry: { min: 1, max: TEXT_LIMITS.industry },
  looking_for: { min: 5, max: TEXT_LIMITS.looking_for },
  vibes: { min: 5, max: TEXT_LIMITS.vibes },
} as const;
type TextField = keyof typeof LIMIT_OF;

/** Which form a submission comes from: the app's section on /upload and /profile-form, or a standalone form. */
export type FormName = "upload" | "hinge-form" | "bumble-form";

export interface GeneratedProfile {
  index: number;
  app: DatingApp;
  plan: PlanId;
  form: FormName;
  voice: Voice;
  /** The length mode each text field was filled with (the prompts' responses as response1…). */
  lengths: Record<string, LengthMode>;
  /** As the browser sends it. */
  raw: SubmissionInput;
  /** As the server parses it. */
  submission: Submission;
}

/**
 * `count` valid submissions. Apps and plans go round in turn (every app meets every plan within 12 profiles), and
 * each field's length mode moves on every 12 profiles, so within 72 every field of every app has had every length
 * mode on every plan.
 * Throws if a generated submission does not pass the submission schema: that is a bug of this generator.
 */
export function generateSubmissions(seed: number, count: number): GeneratedProfile[] {
  const rng = seededRandom(seed);
  const out: GeneratedProfile[] = [];
  for (let index = 0; index < count; index++) {
    const app = DATING_APPS[index % DATING_APPS.length]!;
    // Each app's turn: its plans go round, and each field's length mode moves on once every plan has had it.
    const round = Math.floor(index / DATING_APPS.length);
    const plan = PLAN_IDS[round % PLAN_IDS.length]!;
    const step = Math.floor(round / PLAN_IDS.length);
    const voice = pick(rng, VOICES);
    const form: FormName = app === "hinge" && index % 8 === 0 ? "hinge-form" : app === "bumble" && index % 8 === 1 ? "bumble-form" : "upload";
    const lengths: Record<string, LengthMode> = {};
    let turn = 0;
    const fill = (name: string, field: TextField, required: boolean): string | undefined => {
      // Each field starts at a different point of the cycle, so one profile mixes short and long fields.
      let mode = LENGTHS[(step + turn++) % LENGTHS.length]!;
      if (mode === "absent" && required) mode = "short";
      lengths[name] = mode;
      if (mode === "absent") return undefined;
      const { min, max } = LIMIT_OF[field];
      return textOfLength(rng, rng() < 0.8 ? voice : "mixed", targetLength(rng, mode, min, max));
    };
    const raw: Record<string, string> & { email: string } = { email: `sweep${index}@example.com`, dating_app: app };
    const set = (name: string, value: string | undefined) => {
      if (value !== undefined) raw[name] = value;
    };
    const prompts = (list: readonly string[], count: number, required: boolean) => {
      const chosen = shuffled(rng, list).slice(0, count);
      chosen.forEach((prompt, i) => {
        const response = fill(`response${i + 1}`, "response", required);
        if (response === undefined) return;
        // The /upload form sends prompt1…; the standalone forms' older field name selectedPrompt1… is accepted too.
        raw[form === "upload" || rng() < 0.5 ? `prompt${i + 1}` : `selectedPrompt${i + 1}`] = prompt;
        raw[`response${i + 1}`] = response;
      });
    };

    if (app === "hinge") {
      prompts(HINGE_PROMPTS, 3, true);
      set("ideal_first_date", fill("ideal_first_date", "ideal_first_date", true));
      set("job_title", fill("job_title", "job_title", true));
      set("education", fill("education", "education", true));
    } else if (app === "bumble") {
      set("bio", fill("bio", "bio", true));
      prompts(BUMBLE_PROMPTS, form === "bumble-form" ? 3 : 2, false);
      if (form === "bumble-form") {
        if (rng() < 0.7) raw.height = pick(rng, HEIGHT_OPTIONS).value;
        if (rng() < 0.7) raw.star_sign = pick(rng, STAR_SIGNS);
        set("job_title", fill("job_title", "job_title", false));
        set("education", fill("education", "education", false));
      }
    } else if (app === "tinder") {
      set("bio", fill("bio", "bio", false));
      set("interests", fill("interests", "interests", false));
    } else {
      set("bio", fill("bio", "bio", false));
      set("industry", fill("industry", "industry", false));
      set("education", fill("education", "education", false));
      set("looking_for", fill("looking_for", "looking_for", false));
      set("vibes", fill("vibes", "vibes", false));
    }

    const parsed = submissionSchema.safeParse(raw);
    if (!parsed.success) {
      throw new Error(`generated submission ${index} (seed ${seed}) is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    out.push({ index, app, plan, form, voice, lengths, raw, submission: parsed.data });
  }
  return out;
}

/**
 * The optimiser's input for a parsed submission, as the optimise-profile job builds it from the stored profile row
 * (src/optimiser/job.ts): the stored defaults ("Not provided") read as nothing, prompts without an answer are left out.
 */
export function optimiserInputFor(submission: Submission, plan: PlanId, photos: PhotoInput[], profileId = "sweep-profile"): OptimiserInput {
  const row = toProfileColumns(submission);
  const own = (value: string | null) => (value === null || value === "Not provided" || value === "Not specified" ? null : value);
  const prompts = ([1, 2, 3] as const)
    .map((n) => ({ prompt: row[`prompt${n}`], response: row[`response${n}`] }))
    .filter((x): x is { prompt: string; response: string } => Boolean(x.prompt && x.response));
  const profile: ProfileText = {
    bio: own(row.bio),
    lookingFor: own(row.lookingFor),
    interests: own(row.interests),
    jobTitle: own(row.jobTitle),
    education: own(row.education),
    idealFirstDate: own(row.idealFirstDate),
    height: own(row.height),
    starSign: own(row.starSign),
    anthem: own(row.anthem),
    spotifyArtists: own(row.spotifyArtists),
    school: own(row.school),
    industry: own(row.industry),
    vibes: own(row.vibes),
    prompts,
  };
  return { profileId, app: row.datingApp, plan, reason: "initial", revisionNotes: null, profile, photos };
}
