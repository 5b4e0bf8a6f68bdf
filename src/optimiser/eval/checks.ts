/**
 * The optimiser's quality checks (issue 19, item 7), shared by the evaluation script (scripts/eval-optimiser.ts) and
 * the evaluation test (./eval.test.ts). Each check reads what the optimiser wrote beside what the customer wrote and
 * returns what it found wrong, one readable line each; an empty list is a pass. They are built to flag only text the
 * optimiser made: whatever the customer wrote themselves (their lowercase style, their own ",,", their own verbless
 * lines) is theirs and never counted against the optimiser.
 */
import { readFileSync } from "node:fs";
import wordListPath from "word-list";
import type { ProfileText } from "../input.ts";
import { answerSetOf, type OptimisationResult } from "../../shared/optimiser/result.ts";

// ---------------------------------------------------------------------------------------------------------------
// Text helpers

/** Lowercase, accents folded (cliché → cliche), curly quotes made straight, whitespace collapsed. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[‘’ʼ\u0060]/g, "'")
    .replace(/[“”]/g, '"')
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Words: runs of letters, with inner apostrophes and hyphens ("don't", "well-read"); numbers and emoji are not words. */
export function wordsOf(text: string): string[] {
  return text.normalize("NFC").match(/[\p{L}\p{M}]+(?:['’‘-][\p{L}\p{M}]+)*/gu) ?? [];
}

/** A full stop that ends no sentence: "etc.", "e.g.", "Dr.", or an ellipsis ("So... maybe"). */
const ABBREVIATION_END = /(?:\b(?:e\.g|i\.e|etc|vs|approx|St|Dr|Mr|Mrs|Ms|Jr|Sr|a\.m|p\.m)\.|\.\.\.|…)$/i;

/**
 * Sentences, split after . ! ? … and at line breaks; the end punctuation stays with its sentence. An abbreviation or
 * an ellipsis followed by a lower-case word ends no sentence.
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let current = "";
    for (const part of line.split(/(?<=[.!?…])\s+/u)) {
      const joins = current && ABBREVIATION_END.test(current) && /^[^\p{L}]*\p{Ll}/u.test(part);
      if (current && !joins) {
        out.push(current);
        current = part;
      } else current = current ? `${current} ${part}` : part;
    }
    if (current) out.push(current);
  }
  return out.map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Only letters, digits and single spaces, lowercase: for "does this sentence come from the customer" questions. */
function bare(text: string): string {
  return fold(text)
    .replace(/'/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when `piece` (its words, in order, whole words only) is part of `text`. */
function containsWords(text: string, piece: string): boolean {
  const words = bare(piece);
  return words.length > 0 && ` ${bare(text)} `.includes(` ${words} `);
}

/**
 * True when `sentence` is one of the customer's own sentences, word for word. Part of one is not theirs: a clause cut
 * out of their sentence and left standing is exactly what these checks are for.
 */
function fromCustomer(sentence: string, customer: string): boolean {
  const own = bare(sentence);
  return own.length > 0 && sentencesOf(customer).some((s) => bare(s) === own);
}

/** Every text the customer wrote in the profile (prompt titles are the app's words, not theirs). */
export function customerText(profile: ProfileText): string {
  return [
    profile.bio,
    ...profile.prompts.map((p) => p.response),
    profile.interests,
    profile.jobTitle,
    profile.education,
    profile.idealFirstDate,
    profile.lookingFor,
    profile.vibes,
    profile.industry,
    profile.school,
    profile.anthem,
    profile.spotifyArtists,
  ]
    .filter((t): t is string => Boolean(t))
    .join("\n");
}

/**
 * All the letters of the customer's bio and answers are lowercase (at least 20 of them): a style, which the
 * optimiser follows, so lower-case sentence starts are theirs. Other fields (an industry, a school) do not count.
 */
export function writesInLowercase(profile: ProfileText): boolean {
  const own = [profile.bio, ...profile.prompts.map((p) => p.response)].filter(Boolean).join(" ");
  const letters = own.replace(/[^\p{L}]/gu, "");
  return letters.length >= 20 && letters === letters.toLowerCase() && letters !== letters.toUpperCase();
}

// ---------------------------------------------------------------------------------------------------------------
// Broken words

/** Real words the list leaves out (it has no one-letter words) and words of this trade it does not know. */
const EXTRA_WORDS = [
  ..."a i ok emoji emojis selfie selfies app apps".split(" "),
  ..."monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays".split(" "),
  ..."january february march april may june july august september october november december".split(" "),
  ..."english german spanish french italian portuguese dutch polish turkish swedish russian greek arabic hebrew hindi chinese japanese korean thai".split(" "),
];

let dictionary: Set<string> | null = null;

/** The `word-list` package's 274,000 English words (MIT licence), loaded once. */
export function englishWords(): ReadonlySet<string> {
  dictionary ??= new Set([...readFileSync(wordListPath, "utf8").split("\n").filter(Boolean), ...EXTRA_WORDS]);
  return dictionary;
}

/** Contractions whose stem is no word on its own: can't, won't, ain't, shan't. */
const NOT_STEMS = new Set(["ca", "wo", "ai", "sha"]);

function isEnglish(word: string, words: ReadonlySet<string>): boolean {
  const w = fold(word);
  if (words.has(w) || words.has(w.replace(/'/g, ""))) return true;
  const apostrophe = w.indexOf("'");
  if (apostrophe > 0) {
    if (w.endsWith("n't")) {
      const stem = w.slice(0, -3);
      return words.has(stem) || NOT_STEMS.has(stem);
    }
    const suffix = w.slice(apostrophe + 1);
    if (["s", "m", "re", "ve", "ll", "d"].includes(suffix)) return isEnglish(w.slice(0, apostrophe), words);
  }
  return false;
}

/**
 * Words of the optimiser's text that are neither the customer's (any case) nor English: what cutting inside a word
 * leaves ("Chil kinda guy"). A hyphenated word is checked part by part; a word in another script counts only when the
 * customer never wrote it, since the optimiser writes no other script itself.
 */
export function brokenWords(output: string, customer: string, words: ReadonlySet<string> = englishWords()): string[] {
  const theirs = new Set(wordsOf(customer).flatMap((w) => [fold(w), ...fold(w).split(/[-']/)]));
  const broken: string[] = [];
  for (const word of wordsOf(output)) {
    if (theirs.has(fold(word))) continue;
    const parts = word.split("-");
    const bad = parts.some((part) => !theirs.has(fold(part)) && !(/^[\p{Script=Latin}'’‘]+$/u.test(part) && isEnglish(part, words)));
    if (bad && !broken.includes(word)) broken.push(word);
  }
  return broken;
}

// ---------------------------------------------------------------------------------------------------------------
// Fragments

const AUXILIARIES = new Set(
  "am is are was were be been being have has had do does did can could will would shall should may might must need dare let ain't".split(" "),
);

/** Common verbs (base forms); with -s, -ing, -ed endings, contractions and auxiliaries they make a word "verb-like". */
const VERBS = new Set(
  (
    "ask bake be become begin believe bring build buy call care catch change chase check choose climb come cook cry cut dance " +
    "decide dive draw dream drink drive eat enjoy explore fall feel fight find finish fly follow forget get give go grow hang hate " +
    "have hear help hike hold hope hunt join jump keep kill know laugh lead learn leave let lie like listen live look lose love make " +
    "mean meet miss move need open order own paint pay pick plan play pretend promise put quit reach read relax remember rest ride " +
    "run say search see seem sell send share shop show sing sit skate ski sleep smile speak spend stand start stay stop study surf swim " +
    "take talk teach tell think train travel try turn understand use visit wait wake walk want watch wear win wish wonder work write " +
    "message swipe text date match grab ship vote adore admit argue bet bike binge boulder brew camp chat collect cycle debate defend " +
    "doodle edit fix garden guess hug juggle kayak knit lift mix nap paddle party pitch pour practise practice prefer raise recommend " +
    "rock row sail scroll sew shoot sketch spill sprint stream stretch support swap taste trade treat volunteer wander"
  ).split(" "),
);

/** Words ending in -ing or -ed that are not verbs in a profile. */
const NOT_VERBS = new Set(
  "thing something nothing anything everything morning evening ceiling wedding king ring spring sibling pudding string wing sing bed red shed seed speed weed need feed bred hundred".split(
    " ",
  ),
);

function verbLike(word: string): boolean {
  const w = fold(word);
  if (AUXILIARIES.has(w) || VERBS.has(w)) return true;
  if (/'(?:m|re|s|ve|ll|d)$|n't$/.test(w)) return true;
  if (NOT_VERBS.has(w)) return false;
  if (/ing$/.test(w) && w.length >= 5) return true;
  if (/ed$/.test(w) && w.length >= 4) return true;
  const stem = w.replace(/(?:es|s)$/, "");
  return VERBS.has(stem) || VERBS.has(w.replace(/s$/, ""));
}

const CONNECTIVE_START = new Set("and but or so nor yet plus at on in with without for from of by about after before than".split(" "));
const SUBORDINATE_START = new Set("if because when while although though unless whereas which who whom whose".split(" "));

/**
 * Sentences of the optimiser's text that are not sentences, each once with why:
 * - a lower-case start after a full stop, or at the very start (unless the customer writes in lowercase, see
 *   `writesInLowercase`, or began that same sentence lower-case themselves);
 * - a new sentence that opens with a conjunction or preposition and has no verb ("At the gym or on the couch.");
 * - a new sentence that is one subordinate clause on its own ("If your pics are all filters.").
 * The customer's own sentences are theirs and never counted. "Into X." lines are template filler, counted there.
 */
export function fragments(output: string, customer: string, { lowercaseStyle = false } = {}): string[] {
  const found: string[] = [];
  const add = (why: string, sentence: string) => {
    const line = `${why}: “${sentence}”`;
    if (!found.includes(line)) found.push(line);
  };

  if (!lowercaseStyle) {
    const pieces = output.split(/(?<=\.)\s+/u);
    pieces.forEach((piece, i) => {
      const first = piece.match(/[\p{L}\p{N}]/u)?.[0];
      if (!first || first === first.toUpperCase()) return;
      if (i > 0 && ABBREVIATION_END.test(pieces[i - 1]!)) return;
      // Only letters that have case: a sentence may start with a number or an emoji.
      if (!/\p{Ll}/u.test(first)) return;
      const sentence = sentencesOf(piece)[0] ?? piece;
      if (startsLowerInCustomer(sentence, customer)) return;
      add(i === 0 ? "starts lower-case" : "lower-case after a full stop", sentence);
    });
  }

  for (const whole of sentencesOf(output)) {
    if (fromCustomer(whole, customer)) continue;
    // A lead-in before a quotation ("On a prompt of theirs about free time: “Good answer.") labels the quoted words.
    const sentence = whole.replace(/^[^“"]*:\s*[“"]/u, "");
    const words = wordsOf(sentence);
    if (words.length === 0) continue;
    const first = fold(words[0] ?? "");
    if (first === "into") continue;
    const verbs = words.filter(verbLike).length;
    if (CONNECTIVE_START.has(first) && verbs === 0) add("no verb", whole);
    else if (SUBORDINATE_START.has(first) && !sentence.includes(",") && verbs <= 1 && !sentence.endsWith("?")) add("a clause on its own", whole);
  }
  return found;
}

/** The customer began this same sentence with a lower-case letter somewhere (their style, kept). */
function startsLowerInCustomer(sentence: string, customer: string): boolean {
  const start = wordsOf(sentence).slice(0, 3).join(" ");
  if (!start) return false;
  return sentencesOf(customer).some((s) => wordsOf(s).slice(0, 3).join(" ") === start);
}

// ---------------------------------------------------------------------------------------------------------------
// Punctuation scars

const SCARS: { name: string; pattern: RegExp }[] = [
  { name: "“,.”", pattern: /,\s*\.(?!\.)/g },
  { name: "“. .”", pattern: /(?<!\.)\.\s+\.(?!\.)/g },
  { name: "“,,”", pattern: /,\s*,/g },
  { name: "a space before “.” or “,”", pattern: /[\p{L}\p{N}] +[.,](?!\.)/gu },
  { name: "“;.” or “:.”", pattern: /[;:]\s*\./g },
  { name: "“.,” or “.;”", pattern: /(?<!\.)\.\s*[,;]/g },
  { name: "a sentence opening with punctuation", pattern: /(?:^|[.!?]\s+)[,;:]/g },
  { name: "empty brackets", pattern: /\(\s*\)/g },
];

/** Punctuation left broken by edits (",.", ". .", ",,", " ."): each kind counted only beyond what the customer wrote. */
export function punctuationScars(output: string, customer: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of SCARS) {
    const extra = (output.match(pattern)?.length ?? 0) - (customer.match(pattern)?.length ?? 0);
    if (extra > 0) found.push(`${name}${extra > 1 ? ` ×${extra}` : ""}`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Put-downs left in part

/** Words that make no put-down by themselves: a shared run of these proves nothing. */
const FUNCTION_WORDS = new Set(
  (
    "a an the and or but so if then than that this these those is am are was were be been to of in on at for with from by as " +
    "it its i me my you your we our they them their he she his her not no don't do does did have has had can can't will just all " +
    "any some very too also there here what who how when where why which would could should whats"
  ).split(" "),
);

/**
 * The customer's put-downs and demands (`putDowns`, each a sentence or clause as they wrote it) that survive in part:
 * three or more of its words in a row, one of them a content word, without the whole. A put-down removed whole or
 * kept whole is no scar ("If your pics are all filters." left of "Swipe left if your pics are all filters" is).
 */
export function putDownsLeftInPart(output: string, putDowns: readonly string[]): string[] {
  const text = ` ${bare(output)} `;
  const found: string[] = [];
  for (const putDown of putDowns) {
    const words = bare(putDown).split(" ").filter(Boolean);
    if (words.length < 4 || text.includes(` ${words.join(" ")} `)) continue;
    for (let i = 0; i + 3 <= words.length; i++) {
      const run = words.slice(i, i + 3);
      if (run.every((w) => FUNCTION_WORDS.has(w))) continue;
      if (text.includes(` ${run.join(" ")} `)) {
        found.push(`“${putDown}” left as “…${run.join(" ")}…”`);
        break;
      }
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Facts kept, strong texts kept

/** The customer's facts (numbers, jobs, places, goal phrases) missing from the optimiser's text (case and quotes ignored). */
export function factsMissing(output: string, facts: readonly string[]): string[] {
  const text = ` ${bare(output)} `;
  // "serious relation|serious relationship": a fact the analyser may also write corrected counts in either form.
  return facts.filter((fact) => !fact.split("|").some((form) => text.includes(` ${bare(form)} `)));
}

/** Sentences of a text the customer wrote well that the optimiser's version lost or changed (case and punctuation ignored). */
export function strongSentencesLost(original: string, optimised: string): string[] {
  return sentencesOf(original).filter((sentence) => !containsWords(optimised, sentence));
}

// ---------------------------------------------------------------------------------------------------------------
// Plans that differ

/** What a plan's rewrite delivers in words: the bio, every answer, and (elite) each version of the bio or of the answer set. */
export function writtenTexts(result: OptimisationResult): string[] {
  return [result.bio?.optimised ?? "", ...result.prompts.map((p) => p.optimised), ...(result.bioVersions?.versions.map((v) => versionWords(result, v.text)) ?? [])];
}

/** A version's own words: an answer set's answers without the prompts' titles (the app's words), one a line. */
function versionWords(result: OptimisationResult, text: string): string {
  return result.bioVersions?.of === "answers" ? answerSetOf(text).map((a) => a.answer).join("\n") : text;
}

/** What a plan delivers beyond the analysis: its texts, starters, and (elite) the prompts to answer and the photo plan. */
function delivered(result: OptimisationResult): unknown {
  return {
    texts: writtenTexts(result).map(fold),
    starters: result.conversationStarters.map(fold),
    prompts: result.promptSuggestions?.suggestions.map((s) => s.prompt) ?? [],
    photos: result.photoPlan?.missing.map((m) => m.kind) ?? null,
  };
}

/** Premium and elite deliver the same thing word for word: bio, answers, bio versions, starters, prompts and photo plan (elite promises more). */
export function plansIdentical(premium: OptimisationResult, elite: OptimisationResult): boolean {
  return JSON.stringify(delivered(premium)) === JSON.stringify(delivered(elite));
}

// ---------------------------------------------------------------------------------------------------------------
// Elite's versions differ in tone (issue 30, item 4)

/**
 * Pairs of elite's versions (of the bio, or of the answer set) that differ in no more than a line: each must open
 * with its own sentence, and have at least one sentence besides the opening that the other does not have at all.
 * Sentences compare as words (case and punctuation aside); an answer set's prompt titles are not its sentences.
 */
export function versionsAlike(result: OptimisationResult): string[] {
  const versions = (result.bioVersions?.versions ?? []).map((v) => ({ tone: v.tone, sentences: sentencesOf(versionWords(result, v.text)).map(bare).filter(Boolean) }));
  const found: string[] = [];
  versions.forEach((b, j) =>
    versions.slice(0, j).forEach((a) => {
      if (a.sentences[0] === b.sentences[0]) found.push(`the ${b.tone} version opens as the ${a.tone} one does: “${b.sentences[0]}”`);
      const own = (x: string[], y: string[]) => x.slice(1).some((s) => !y.includes(s));
      if (!own(a.sentences, b.sentences) && !own(b.sentences, a.sentences)) found.push(`the ${a.tone} and ${b.tone} versions differ in no sentence besides the opening`);
    }),
  );
  return found;
}

/**
 * Elite's answers word for word premium's (issue 30, item 4) on an app without a bio, where the answers are all the
 * text elite writes: neither an answer nor an answer set in another tone differs from what premium delivers. A result
 * that tells the writer why (`needsWriter`) has said so where it must.
 */
export function eliteAnswersCopied(premium: OptimisationResult, elite: OptimisationResult): string[] {
  if (elite.bio !== null || elite.prompts.length === 0 || elite.needsWriter) return [];
  const premiums = new Set(premium.prompts.map((p) => bare(p.optimised)));
  const own = [...elite.prompts.map((p) => p.optimised), ...(elite.bioVersions?.versions ?? []).flatMap((v) => answerSetOf(v.text).map((a) => a.answer))];
  return own.some((text) => !premiums.has(bare(text))) ? [] : ["every answer elite delivers is premium's, word for word"];
}

// ---------------------------------------------------------------------------------------------------------------
// Starters built from the profile

const GENERIC_WORDS = new Set(
  (
    "week weekend weekends day days today tonight night morning time times date dates dating first favorite best worst " +
    "one two three four five ten quick rate review tell answer question go pick choose win wins match profile app swipe message chat " +
    "thing things something anything story idea ideas plan plans fun love like really good great better people person someone life " +
    "yes counter offer side kind sort part way last next actually real honest new old place spot usually always never year years " +
    "lately recently opinion hot take important stuff start starting off let say think want need know make get looking done " +
    "skills skill out honestly pitch decides decide ask"
  ).split(" "),
);

function stem(word: string): string {
  const whole = fold(word).replace(/'s$/, "");
  const stemmed = whole.replace(/ies$/, "y").replace(/(?:ing|ed|er|es|s|e)$/, "");
  // A short word keeps its ending: "LSE" is no "ls".
  return stemmed.length >= 3 ? stemmed : whole;
}

/** Content words of a text, stemmed: no function words, no words every starter template uses. */
export function contentStems(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .map((w) => fold(w).replace(/'(?:s|m|re|ve|ll|d)$/, ""))
      .filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w) && !GENERIC_WORDS.has(w))
      .map(stem)
      .filter((s) => s.length >= 3),
  );
}

/** A clearly marked blank for the match's details: [their job], ___, {…} or <…>. */
const BLANK = /\[[^\]]+\]|_{3,}|\{[^}]+\}|<[^>]+>/;

/**
 * What is wrong with a plan's starters: a starter repeated; none of them built from the customer's own words (none
 * shares a content word with the profile or names one of their answers); and on elite, which promises five each built from something specific,
 * every starter that is neither built from the profile nor a tip about the match's profile (nor, as before, has a marked blank). A profile without content words (an
 * empty one) can give nothing to build from, so only repeats count there.
 */
export function starterProblems(starters: readonly string[], profile: ProfileText, plan: OptimisationResult["plan"]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const s of starters) {
    if (seen.has(bare(s))) problems.push(`repeated: “${s}”`);
    seen.add(bare(s));
  }
  const own = contentStems(customerText(profile));
  if (starters.length === 0 || own.size === 0) return problems;
  // Naming one of their answers ("my answer to “My happy place is”") builds on their profile without copying it.
  const answered = profile.prompts.filter((p) => p.response.trim()).map((p) => fold(`“${p.prompt}”`));
  const built = starters.map((s) => [...contentStems(s)].some((w) => own.has(w)) || answered.some((a) => fold(s).includes(a)));
  if (!built.some(Boolean)) problems.push("no starter is built from the profile");
  else if (plan === "elite") starters.forEach((s, i) => !built[i] && !BLANK.test(s) && !TIP.test(s) && problems.push(`not built from the profile: “${s}”`));
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Template filler

const FIELD_LABEL = /^(?:vibes|interests|industry|education|school|looking for|job|work|anthem|spotify|star sign|height|hobbies)\s*:/i;
const EITHER_OR = /^(?:[\p{L}'’-]+\s+){0,3}[\p{L}'’-]+ or (?:[\p{L}'’-]+\s+){0,3}[\p{L}'’-]+\s*(?:\?|:\s*which\b[^?]*\?)$/iu;

/**
 * The optimiser's stock lines in a bio or answer, where the customer did not write them: "Into X.", a field label
 * turned into a line ("Vibes: dry humor."), a generic either/or closer ("Hiking or baking: which one wins for you?").
 */
export function templateFiller(output: string, customer: string): string[] {
  const found: string[] = [];
  for (const sentence of sentencesOf(output)) {
    if (fromCustomer(sentence, customer)) continue;
    const words = wordsOf(sentence);
    const isInto = fold(words[0] ?? "") === "into" && !sentence.endsWith("?");
    if (isInto || FIELD_LABEL.test(sentence) || EITHER_OR.test(sentence)) found.push(`“${sentence}”`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Said once

/** One part of a result as the customer reads it, named as a writer would name it. */
export interface NamedPart {
  name: string;
  text: string;
  /** Parts of one family (the bio and its versions in other tones) may share lines: they are alternatives. */
  family?: string;
}

/**
 * The parts of a result that carry text of ours or the customer's: the bio, each answer, each starter, each guide
 * point, the recommendations made from the findings (the summary and each finding's title and reason; a finding's
 * phrase quotes the customer's original, which is what the finding is about), elite's bio versions, prompts to answer
 * and photo plan.
 */
export function namedParts(result: OptimisationResult): NamedPart[] {
  const parts: NamedPart[] = [];
  if (result.bio) parts.push({ name: "bio", text: result.bio.optimised, family: "bio" });
  const answerSets = result.bioVersions?.of === "answers";
  for (const v of answerSets ? [] : (result.bioVersions?.versions ?? [])) parts.push({ name: `${v.tone} bio version`, text: `${v.text}\n${v.why}`, family: "bio" });
  if (result.bioVersions?.note) parts.push({ name: "bio versions note", text: result.bioVersions.note, family: "bio" });
  for (const p of result.prompts) parts.push({ name: `answer to “${p.prompt}”`, text: p.optimised, ...(answerSets && { family: `answer to “${p.prompt}”` }) });
  // An answer set in another tone is each answer again: each of its answers is of that answer's family; its "why" is ours.
  for (const v of answerSets ? (result.bioVersions?.versions ?? []) : []) {
    for (const a of answerSetOf(v.text)) parts.push({ name: `${v.tone} answer set: answer to “${a.prompt}”`, text: a.answer, family: `answer to “${a.prompt}”` });
    parts.push({ name: `${v.tone} answer set note`, text: v.why, family: "answer sets" });
  }
  result.conversationStarters.forEach((s, i) => parts.push({ name: `starter ${i + 1}`, text: s }));
  result.strategyGuide?.sections.forEach((s) => s.points.forEach((p, i) => parts.push({ name: `guide “${s.heading}” point ${i + 1}`, text: p })));
  const { summary, problems, strengths } = result.analysis;
  parts.push({ name: "recommendations", text: [summary, ...[...problems, ...strengths].map((f) => `${f.title}: ${f.reason}`)].join("\n") });
  const suggestions = result.promptSuggestions;
  if (suggestions) parts.push({ name: "prompts to answer", text: [...suggestions.suggestions.map((s) => s.reason), suggestions.note ?? ""].join("\n") });
  const plan = result.photoPlan;
  if (plan) parts.push({ name: "photo plan", text: [plan.summary, ...plan.missing.flatMap((m) => [m.shot, m.why])].join("\n") });
  return parts;
}

/** A line copied into another part is at least this many words; shorter runs are a fact named again, not a line. */
const SAID_WORDS = 3;
/** A run this long inside a longer sentence of another part is a copy too ("My pitch: <their first-date idea>"). */
const COPIED_WORDS = 5;

/** A text's lines: each sentence, and each piece of one between colons, semicolons, brackets and quotation marks. */
function linesOf(text: string): string[] {
  const out = new Set<string>();
  for (const sentence of sentencesOf(text)) {
    for (const piece of [sentence, ...sentence.split(/[:;()“”"]|\s[–—-]\s/u)]) {
      const line = bare(piece);
      if (line.split(" ").length >= SAID_WORDS) out.add(line);
    }
  }
  return [...out];
}

/**
 * Lines that appear in two parts of one result (issue 28, item 4: written once, referred to everywhere): the same
 * sentence or clause (case and punctuation ignored) in two parts, or a line of five words or more of one part inside a
 * longer line of another; each line once, with the parts it is in. The parts of one family (the bio and its versions) share
 * the customer's lines by design; a prompt's title names a part and is no copy; what the customer wrote twice
 * themselves is theirs.
 */
export function repeatedLines(result: OptimisationResult, profile: ProfileText): string[] {
  const parts = namedParts(result);
  const titles = new Set(result.prompts.map((p) => bare(p.prompt)));
  const theirs = [profile.bio, ...profile.prompts.map((p) => p.response)].filter((t): t is string => Boolean(t)).map((t) => ` ${bare(t)} `);
  const customerTwice = (line: string) => theirs.filter((text) => text.includes(` ${line} `)).length >= 2;
  // “My simple pleasures” in "your answer to “My simple pleasures”" names a part: one word, so the reference is no line.
  const named = (text: string) => result.prompts.reduce((t, p, i) => t.replaceAll(`“${p.prompt}”`, `prompt${i + 1}`), text);
  const lines = parts.map((p) => linesOf(named(p.text)).filter((l) => !titles.has(l) && !customerTwice(l)));
  const joined = lines.map((l) => ` ${l.join(" | ")} `);
  // Each line: the parts it is in, by family (the bio and its versions count once).
  const where = new Map<string, Map<string, string>>();
  const add = (line: string, i: number) => {
    const found = where.get(line) ?? new Map<string, string>();
    const key = parts[i]!.family ?? parts[i]!.name;
    if (!found.has(key)) found.set(key, parts[i]!.name);
    where.set(line, found);
  };
  lines.forEach((own, i) => {
    for (const line of own) {
      add(line, i);
      if (line.split(" ").length < COPIED_WORDS) continue;
      joined.forEach((text, j) => j !== i && text.includes(` ${line} `) && add(line, j));
    }
  });
  const repeated = [...where].filter(([, found]) => found.size >= 2).sort(([a], [b]) => b.length - a.length);
  const reported: [string, string][] = [];
  for (const [line, found] of repeated) {
    const names = [...found.values()].join(", ");
    // A clause of a sentence already reported in the same parts is the same copy.
    if (reported.some(([other, otherNames]) => otherNames === names && ` ${other} `.includes(` ${line} `))) continue;
    reported.push([line, names]);
  }
  return reported.map(([line, names]) => `“${line}” in ${names}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Honest notes

/** What the customer reads about their result: the summary, findings, notes, guide and elite parts' words of ours. */
export function customerNotes(result: OptimisationResult): string[] {
  return [
    result.analysis.summary,
    ...[...result.analysis.strengths, ...result.analysis.problems].map((f) => f.reason),
    ...(result.bio?.notes ?? []),
    ...result.prompts.flatMap((p) => p.notes),
    ...(result.strategyGuide?.sections.flatMap((s) => s.points) ?? []),
    ...(result.bioVersions ? [...result.bioVersions.versions.map((v) => v.why), result.bioVersions.note ?? ""] : []),
    ...(result.promptSuggestions ? [...result.promptSuggestions.suggestions.map((s) => s.reason), result.promptSuggestions.note ?? ""] : []),
    ...(result.photoPlan ? [result.photoPlan.summary, ...result.photoPlan.missing.map((m) => m.why)] : []),
  ].filter(Boolean);
}

/** A promise of a person's later work ("a writer will rework it", "we'll write it"), or a claim to follow a revision note. */
const PROMISES: { name: string; pattern: RegExp }[] = [
  { name: "a person's later work promised", pattern: /\b(?:writer|editor)s?\b|\bby hand\b|\bwe(?:'|’)ll\b|\bwe will\b|\bwill (?:add|rework|rewrite|read|look at|write)\b/i },
  { name: "claims to follow the revision note", pattern: /\bfollows? your (?:revision )?notes?\b/i },
];
/** The local analyser cuts, reorders and adds a closing line: what it did is never called a rewrite. */
const REWRITE = /\brewr(?:ite|ites|ote|itten|iting)\b/i;

/**
 * What the customer reads that claims what did not happen (issue 28, items 1 and 3): a person's later work promised,
 * the revision note said to be followed, and, of the local analyser's texts, a rewrite it did not do. Where a person
 * is needed is the admin's (`needsWriter`), never the customer's.
 */
export function untrueClaims(result: OptimisationResult): string[] {
  const local = result.engines.bio.kind === "local" && result.engines.prompts.kind === "local";
  const found: string[] = [];
  // A prompt's title is the app's words ("We'll get along if"), not ours.
  const ours = (text: string) => result.prompts.reduce((t, p) => t.replaceAll(`“${p.prompt}”`, "“…”"), text);
  for (const text of customerNotes(result)) {
    for (const { name, pattern } of PROMISES) if (pattern.test(ours(text))) found.push(`${name}: “${text}”`);
    if (local && REWRITE.test(ours(text))) found.push(`a rewrite the local engine did not do: “${text}”`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 30: the kinds of harm the checks above did not look for

/**
 * English words that carry a sentence and are no word of German, Spanish, French, Italian, Dutch or Portuguese: two
 * of them in a sentence the customer did not write, in a profile written in another language, are English added.
 */
const ENGLISH_MARKERS = new Set(
  "the you your you're what and with tell how about that this it's i'm i've are for from have has into who me my too ask asking best first".split(" "),
);

/**
 * Another language mixed in (issue 30, item 1), for a profile written in another language: sentences of the result's
 * texts and starters that the customer did not write and that read as English; each text of theirs that lost one of
 * its sentences (the local analyser's edits are for English: a text in another language comes back as written, cut to
 * the app's limit at most); and, on every plan (basic too: decision 151), a result not marked for a writer who knows
 * the language.
 */
export function languageMixed(result: OptimisationResult, profile: ProfileText): string[] {
  const customer = customerText(profile);
  const found: string[] = [];
  const texts = [...writtenTexts(result), ...result.conversationStarters].filter(Boolean);
  for (const text of texts) {
    for (const sentence of sentencesOf(text)) {
      if (fromCustomer(sentence, customer)) continue;
      const english = new Set(wordsOf(sentence).map(fold).filter((w) => ENGLISH_MARKERS.has(w)));
      if (english.size >= 2) found.push(`English added: “${sentence}”`);
    }
  }
  const fields = [
    { original: profile.bio, part: result.bio },
    ...profile.prompts.map((p) => ({ original: p.response, part: result.prompts.find((r) => r.prompt === p.prompt) ?? null })),
  ];
  for (const { original, part } of fields) {
    if (!original?.trim() || !part || original.trim().length > part.limit) continue;
    for (const lost of strongSentencesLost(original, part.optimised)) found.push(`“${lost}” lost from a text in another language`);
  }
  if (!/\blanguage\b/i.test(result.needsWriter?.reason ?? "")) found.push("not marked for a writer who knows the language");
  return found;
}

/**
 * Demands and put-downs kept (issue 30, item 2): each of the customer's put-downs (`putDowns`) still whole in a part
 * of the result that is not marked for a writer (on basic only a text in another language is: basic is otherwise
 * sent as the machine wrote it), or in a starter or an elite bio version.
 */
export function demandsKept(result: OptimisationResult, putDowns: readonly string[]): string[] {
  const parts = [
    { name: "bio", text: result.bio?.optimised ?? "", marked: Boolean(result.bio?.needsWriter) },
    ...result.prompts.map((p) => ({ name: `answer to “${p.prompt}”`, text: p.optimised, marked: Boolean(p.needsWriter) })),
    ...(result.bioVersions?.versions ?? []).map((v) => ({ name: `${v.tone} bio version`, text: v.text, marked: false })),
    ...result.conversationStarters.map((s, i) => ({ name: `starter ${i + 1}`, text: s, marked: false })),
  ];
  const found: string[] = [];
  for (const putDown of putDowns) {
    for (const part of parts) if (!part.marked && containsWords(part.text, putDown)) found.push(`“${putDown}” kept in the ${part.name}`);
  }
  return found;
}

/** A starter worded as advice about the match's profile ("On a photo of theirs…", "Ask about…"): a tip, not a message with a hole. */
const TIP = /^(?:on (?:a|an|the|one of)\b[^:“"]{0,80}\btheirs?\b|ask (?:them )?about\b|when someone\b)/i;

/**
 * Starters with a blank or a quote (issue 30, item 3): a bracketed blank shown as finished text ("[their hobby]"),
 * or the customer's own words quoted back to them (three or more of their words inside quotation marks, or a run of
 * eight words of their bio or answers).
 */
export function starterBlanksAndQuotes(starters: readonly string[], profile: ProfileText): string[] {
  const own = [profile.bio, ...profile.prompts.map((p) => p.response)].filter((t): t is string => Boolean(t)).join("\n");
  const ownRuns = ` ${bare(own)} `;
  const found: string[] = [];
  for (const s of starters) {
    if (BLANK.test(s)) found.push(`a blank in “${s}”`);
    const quoted = [...s.matchAll(/[“"]([^”"]+)[”"]/gu)].map((m) => m[1]!);
    // A tip may quote the message to send; a prompt's title is the app's words, not the customer's.
    const messages = TIP.test(s) ? [] : quoted;
    const quotesThem = messages.some((q) => bare(q).split(" ").length >= 3 && ownRuns.includes(` ${bare(q)} `));
    const words = bare(TIP.test(s) ? quoted.join(" ") : s).split(" ");
    const copies = words.some((_, i) => i + 8 <= words.length && ownRuns.includes(` ${words.slice(i, i + 8).join(" ")} `));
    if (quotesThem || copies) found.push(`quotes the customer: “${s}”`);
  }
  return found;
}

/** Place and thing nouns that read wrong bare after "into … too" ("Are you into pub too?"). */
const NOT_ACTIVITIES = "gym beach pub park office kitchen library bar club cinema theatre theater sofa couch bed car dog cat church garden allotment".split(" ");

const GRAMMAR: { name: string; pattern: RegExp }[] = [
  { name: "an article before a title and its department (“a Head Sales”)", pattern: /\b(?:a|an)\s+(?:VP|SVP|EVP|AVP|Head|Director)\s+(?!of\b|at\b|in\b|for\b|and\b|to\b)\p{Lu}/gu },
  { name: "no space before an emoticon (“Thanks:)”)", pattern: /[\p{L}\p{N}](?::-?[)(DPp]|;-?[)D])(?![\p{L}\p{N}])/gu },
  { name: "a full stop after an emoticon (“:).”)", pattern: /(?:^|\s)(?::-?[)(DPp]|;-?[)D])[.,]/gu },
  { name: "“into X too” of a thing, not an activity", pattern: new RegExp(String.raw`\binto (?:(?:my|our|his|her) \S+|${NOT_ACTIVITIES.join("|")}) too\b`, "giu") },
  { name: "a verb left without its object (“like to I've”)", pattern: /\b(?:love|like|enjoy|want|need|hope|prefer) to (?:I|I'm|I’m|I've|I’ve|I'd|I’d|my|we|you're|you’re)\b/giu },
  { name: "a doubled article", pattern: /\b(?:a|an|the) (?:a|an|the)\b/giu },
];

/** Grammar scars of our edits and lines (issue 30, item 5), each kind counted only beyond what the customer wrote. */
export function grammarScars(output: string, customer: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of GRAMMAR) {
    const extra = (output.match(pattern)?.length ?? 0) - (customer.match(pattern)?.length ?? 0);
    if (extra > 0) found.push(`${name} in “${output}”`);
  }
  return found;
}

/** A job noun ("engineer", "midwife", "VP"), so "I'm a simple guy" is not a job. */
const JOB_NOUN = /^(?:\p{L}+(?:er|or|ist|ian|ant|ent|eon|ive|ife)|nurse|chef|vet|medic|vp|ceo|cto|cfo|founder|head|student|coach|pilot|cook|dentist|physio|paramedic|associate|barrister|solicitor)$/u;

/** "I'm a <job>", "I work as/in/at …", "looking for …": what the customer says about themselves, as a run of their words to find. */
function selfFactsOf(sentence: string): string[] {
  const text = bare(sentence);
  const facts: string[] = [];
  for (const m of text.matchAll(/\b(?:im|i am) (?:a|an) ((?:\S+ ){0,2}\S+)/gu)) {
    const words = m[1]!.split(" ");
    const job = words.findIndex((w) => JOB_NOUN.test(w));
    if (job >= 0) facts.push(words.slice(0, job + 1).join(" "));
  }
  for (const m of text.matchAll(/\bi work (?:as|in|at|for) (?:a |an |the )?(\S+(?: \S+)?)/gu)) facts.push(m[1]!);
  // "Looking for my partner in crime" names no goal of theirs: a cliché, which an edit may take out.
  for (const m of text.matchAll(/\b(?:looking for|hoping to find|searching for|here for) (?:a |an |someone |something )?(\S+(?: \S+)?)/gu)) if (!/^my\b/u.test(m[1]!)) facts.push(m[1]!);
  return facts;
}

/**
 * What the customer wrote about themselves that the result dropped (issue 30, item 5): a sentence of their bio or
 * answers that says their job ("I'm a nurse", "I work in HR") or what they are looking for, whose words are in none
 * of the result's texts. A sentence that is one of their put-downs goes whole by design and is not counted.
 */
export function selfFactsDropped(result: OptimisationResult, profile: ProfileText, putDowns: readonly string[]): string[] {
  const output = ` ${bare(writtenTexts(result).join("\n"))} `;
  const found: string[] = [];
  for (const text of [profile.bio, ...profile.prompts.map((p) => p.response)]) {
    for (const sentence of sentencesOf(text ?? "")) {
      if (putDowns.some((p) => containsWords(p, sentence) || containsWords(sentence, p))) continue;
      for (const fact of selfFactsOf(sentence)) if (!output.includes(` ${fact} `)) found.push(`“${fact}” (from “${sentence}”) dropped`);
    }
  }
  return found;
}

/** A prompt whose answer is a game: every item is the point. */
const GAMES = /^two truths and a lie$/i;

/** A game answer's items: its sentences, or, in one sentence, the pieces between commas, semicolons and numbers. */
function itemsOf(answer: string): string[] {
  const sentences = sentencesOf(answer);
  const pieces = sentences.length >= 3 ? sentences : answer.split(/[,;\n]|\s\d[.)]\s/u);
  return pieces.map((p) => p.replace(/^\s*(?:\d[.)]|[-•])\s*/u, "").trim()).filter((p) => bare(p).length > 0);
}

/** "Two truths and a lie" answers that lost an item (issue 30, item 6): the game no longer works. */
export function gameItemsLost(result: OptimisationResult): string[] {
  const found: string[] = [];
  for (const p of result.prompts) {
    if (!GAMES.test(p.prompt.trim()) || !p.original) continue;
    const items = itemsOf(p.original);
    if (items.length < 3) continue;
    for (const item of items) if (!containsWords(p.optimised, item)) found.push(`“${item}” cut from the answer to “${p.prompt}”`);
  }
  return found;
}

/** The result's bio and every answer are the customer's own, word for word: nothing was edited. */
export function equalsOriginal(result: OptimisationResult): boolean {
  const same = (original: string | null, optimised: string) => (original ?? "").trim() === optimised.trim();
  return (result.bio === null || same(result.bio.original, result.bio.optimised)) && result.prompts.every((p) => same(p.original, p.optimised));
}
