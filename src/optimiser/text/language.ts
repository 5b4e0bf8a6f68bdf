/**
 * Which language the customer writes in (issue 30, item 1). The analyser's rules (clichés, demands, corrections,
 * closing lines, starters) are English; text in another language gets none of them, and no English lines of ours.
 *
 * Hand-written rather than a library: dating-profile text is short (a bio of two sentences, an answer of six words),
 * and the decision the analyser needs is "English or not, and if not, which language to name for the writer". The
 * frequent function words of each language decide it, with a letter only one language uses as a tie-breaker, and the
 * script for text that is not in the Latin alphabet. Measured against `tinyld` and `eld` on short profile text
 * (docs/decisions/126-language-of-the-profile.md).
 */

export interface Language {
  /** ISO 639-1 code ("de"). */
  code: string;
  /** The language's English name, for the writer ("German"). */
  name: string;
}

export const ENGLISH: Language = { code: "en", name: "English" };

const NAMES: Record<string, string> = {
  en: "English",
  de: "German",
  es: "Spanish",
  fr: "French",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
  pl: "Polish",
  tr: "Turkish",
  sv: "Swedish",
  ru: "Russian",
  el: "Greek",
  ar: "Arabic",
  he: "Hebrew",
  hi: "Hindi",
  zh: "Chinese",
  ja: "Japanese",
  ko: "Korean",
  th: "Thai",
};

/**
 * The most frequent words of each language, as they appear in profile text. A word frequent in two languages is in
 * both lists: only the words one language has decide between them.
 */
const FUNCTION_WORDS: Record<string, string> = {
  en: "the and you your i im i'm i've ive my me to of is are was it it's its that this with for on at be have has not no yes but what who love like likes loves just so if when we our can don't dont am an a in from about tell how too into as do much very or will would there some than then more out up all by get",
  de: "und ich der die das ist nicht mit sich auf für ein eine einen einem dem den des zu im am sind bin du mein meine mich mir wer was wie auch noch nach aber oder wenn gern gerne sehr kein keine bei von zum zur sonst bitte mindestens an etwas",
  es: "el la los las de que y en un una es por con para no me mi mis lo le se al del su pero más muy yo tu te soy busco alguien como sin encanta",
  fr: "le la les de des et un une est je suis pour pas avec dans sur du au aux que qui mon ma mes ne tu vous nous ce cette très aussi cherche",
  it: "il lo la gli le di che e un una è sono per con non mi mio mia io ti del della al alla nel come anche molto cerco persona più ma troppi",
  pt: "o a os as de do da dos das que e um uma é em no na com para não eu meu minha por mais muito sou procuro alguém você",
  nl: "de het een en van ik je is niet op te zijn met voor dat die er maar ook als bij naar wat mijn veel heel jij",
  pl: "i w na nie z się jest to że do jak co ale mnie mam jestem lubię",
  tr: "ve bir bu da de için ile ben çok ne gibi değil",
  sv: "och att det är jag en som på med för inte har av till den mig",
};
const WORDS = new Map<string, string[]>();
for (const [code, list] of Object.entries(FUNCTION_WORDS)) {
  for (const word of list.split(" ")) WORDS.set(word, [...(WORDS.get(word) ?? []), code]);
}

/** Letters one language of the list uses and English never does: one point each, once per text. */
const LETTERS: [RegExp, string][] = [
  [/[ßäöü]/iu, "de"],
  [/[ñ¿¡]/iu, "es"],
  [/[çèêëœ]/iu, "fr"],
  [/[ãõ]/iu, "pt"],
  [/[łąężśćń]/iu, "pl"],
  [/[ğşı]/iu, "tr"],
  [/[å]/iu, "sv"],
];

/** French (and Italian) elision: "j'adore", "l'amour", "c'est", "qu'il". */
const ELISION = /^(?:j|l|d|c|qu|n|m|t|s)['’]\p{L}/u;

const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Greek}/u, "el"],
  [/\p{Script=Arabic}/u, "ar"],
  [/\p{Script=Hebrew}/u, "he"],
  [/\p{Script=Devanagari}/u, "hi"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Han}/u, "zh"],
  [/\p{Script=Thai}/u, "th"],
];

/** What a text shows: each language's points, and how many words said anything at all. */
function score(text: string): { points: Map<string, number>; evidence: number } {
  const points = new Map<string, number>();
  const add = (code: string, n = 1) => points.set(code, (points.get(code) ?? 0) + n);
  let evidence = 0;
  for (const token of text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []) {
    const word = token.replace(/’/g, "'");
    const codes = WORDS.get(word);
    if (codes) {
      evidence++;
      for (const code of codes) add(code);
    } else if (ELISION.test(word) && !word.startsWith("i'")) {
      evidence++;
      add("fr");
      if (/^[ld]'/u.test(word)) add("it");
    }
  }
  for (const [pattern, code] of LETTERS) if (pattern.test(text)) add(code);
  return { points, evidence };
}

/** The script most of the letters are in, when it is not Latin. */
function scriptLanguage(text: string): string | null {
  const letters = [...text].filter((ch) => /\p{L}/u.test(ch));
  if (letters.length === 0) return null;
  const latin = letters.filter((ch) => /\p{Script=Latin}/u.test(ch)).length;
  if (latin >= letters.length / 2) return null;
  // Japanese text mixes kana and Han: any kana makes it Japanese.
  let best: { code: string; n: number } | null = null;
  for (const [pattern, code] of SCRIPTS) {
    const n = letters.filter((ch) => pattern.test(ch)).length;
    if (code === "ja" && n > 0) return "ja";
    if (n > (best?.n ?? 0)) best = { code, n };
  }
  return best?.code ?? null;
}

const language = (code: string): Language => ({ code, name: NAMES[code] ?? code });

/**
 * The language of a text, or null when it is too short to tell (a list of interests, "Chef. Leeds. Dogs."): a
 * non-Latin script, or at least two function words with one language ahead of English by half again.
 */
export function detectLanguage(text: string): Language | null {
  const script = scriptLanguage(text);
  if (script) return language(script);
  const { points, evidence } = score(text);
  if (evidence === 0 && points.size === 0) return null;
  const ranked = [...points].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best) return null;
  const english = points.get("en") ?? 0;
  if (best[0] === "en" || english >= best[1]) return evidence >= 2 ? ENGLISH : null;
  if (best[1] < 2 || best[1] < english * 1.5) return english > 0 ? ENGLISH : null;
  // Two languages level (Spanish and Portuguese share many words): the first of the tie is named, both non-English.
  return language(second && second[1] === best[1] && second[0] === "en" ? "en" : best[0]);
}

/** Is this text in English? Text too short to tell is taken as English, the language of the service. */
export function isEnglish(text: string, fallback: Language | null = null): boolean {
  return (detectLanguage(text) ?? fallback ?? ENGLISH).code === "en";
}

/** The fields a customer writes sentences in, first; then the short ones (interests, job), when those say nothing. */
export function profileLanguage(profile: {
  bio: string | null;
  prompts: { response: string }[];
  idealFirstDate: string | null;
  lookingFor: string | null;
  interests: string | null;
  jobTitle: string | null;
  vibes: string | null;
  industry: string | null;
}): Language {
  const sentences = [profile.bio, ...profile.prompts.map((p) => p.response), profile.idealFirstDate, profile.lookingFor].filter(Boolean).join("\n");
  const fields = [profile.interests, profile.jobTitle, profile.vibes, profile.industry].filter(Boolean).join("\n");
  return detectLanguage(sentences) ?? detectLanguage(`${sentences}\n${fields}`) ?? ENGLISH;
}
