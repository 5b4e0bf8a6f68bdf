/**
 * Elite's "which prompts to answer": prompts of the app's list in our form (src/shared/profiles/options.ts) that the
 * customer did not answer, chosen by what they wrote (someone who mentions cooking gets a food prompt), each with a
 * one-line reason that quotes the words it is built on. One prompt per theme, the best-matched first; nothing is
 * suggested on a theme they never mentioned. Apps whose form has no prompts (Tinder, The League) get none.
 */
import { BUMBLE_PROMPTS, HINGE_PROMPTS, promptsFor } from "../../shared/profiles/options.ts";
import type { PromptSuggestions } from "../../shared/optimiser/result.ts";
import { appRules } from "../../shared/optimiser/apps.ts";
import type { DatingApp } from "../../shared/profiles/options.ts";
import { shorten } from "../text/fit.ts";
import { withArticle } from "../text/compose.ts";
import type { Writer } from "../text/writer.ts";

/** Every prompt the forms offer: a renamed prompt fails the typecheck until it has its themes here. */
type FormPrompt = (typeof HINGE_PROMPTS)[number] | (typeof BUMBLE_PROMPTS)[number];

type Theme = "food" | "outdoors" | "music" | "travel" | "pets" | "books" | "learning" | "humor" | "work" | "goal" | "date";

/** Words that put a customer's text on a theme; the first word found is the one the reason quotes. */
const THEME_WORDS: Record<Exclude<Theme, "work" | "goal" | "date">, RegExp> = {
  food: /\b(?:cook(?:ing|s)?|bak(?:e|ing|er)|food(?:ie)?|chef|recipes?|restaurants?|ramen|pizza|pasta|curry|sourdough|brunch(?:es)?|lasagne|risotto|paella|tacos?|sushi|coffee|wine|cake|bread|dumplings|barbecue|bbq)\b/iu,
  outdoors: /\b(?:hik(?:e|es|ing)|climb(?:ing)?|boulder(?:ing)?|surf(?:ing)?|swim(?:s|ming)?|running|marathon|cycl(?:e|ing)|bike|sailing|camping|mountains?|beach|trails?|allotment|garden(?:ing)?|kayak(?:ing)?|ski(?:ing)?|rowing|row)\b/iu,
  music: /\b(?:music|guitar|piano|cello|cellist|violin|choir|sing(?:ing)?|band|gigs?|concerts?|karaoke|playlist|songs?|festivals?|drums?|vinyl|jazz|orchestra)\b/iu,
  travel: /\b(?:travel(?:l?ing)?|trips?|abroad|backpack(?:ing)?|holidays?|road ?trips?|countries|grew up in|moved to)\b/iu,
  pets: /\b(?:dogs?|cats?|pupp(?:y|ies)|greyhound|collie|pets?|kitten|horse)\b/iu,
  books: /\b(?:books?|reading|novels?|museums?|films?|movies?|cinema|theatre|theater|poetry|art|painting|podcasts?)\b/iu,
  learning: /\b(?:learning|trying to|trying out|training for|practi[cs]ing|studying|course|challenge)\b/iu,
  humor: /\b(?:badly|terrible at|useless at|weirdly|competitive|quiz|questionable|unreasonably|hopeless)\b/iu,
};

/** What each prompt is best answered with, best first; an empty list: no theme of a profile points to it. */
const PROMPT_THEMES: Record<FormPrompt, Theme[]> = {
  "A life goal of mine": ["learning", "travel", "work"],
  "I'm looking for": ["goal"],
  "Together, we could": ["date", "food", "outdoors", "travel"],
  "The most spontaneous thing I've done": ["travel"],
  "I get along best with people who": ["humor", "books"],
  "Dating me is like": ["humor", "pets"],
  "A shower thought I recently had": ["humor"],
  "Two truths and a lie": ["travel", "humor", "work"],
  "My most unusual skills": ["humor", "music", "food"],
  "My simple pleasures": ["food", "outdoors", "books"],
  "I want someone who": ["goal"],
  "The key to my heart is": ["food", "pets"],
  "Green flags I look for": ["goal"],
  "My love language is": [],
  "We'll get along if": ["outdoors", "music", "pets", "books"],
  "After work, you can find me": ["outdoors", "music", "food", "work"],
  "A personal challenge I'm working on": ["learning"],
  "My most useless skill": ["humor"],
  "My happy place is": ["outdoors", "travel", "books"],
  "My perfect day": ["outdoors", "food", "date"],
  "I'm known for": ["food", "humor", "work"],
  "I'm hoping you": ["date"],
  "My best quality is": [],
  "I'll pick the first date if you": ["date", "food"],
  "What I'm looking for": ["goal"],
  "My ideal match": ["goal"],
  "I get way too excited about": ["food", "music", "pets", "books"],
  "A relationship should be": ["goal"],
  // A rule for strangers reads as a demand, the very thing the analyser takes out of bios.
  "My non-negotiable": [],
};

const REASONS: Record<Theme, (quote: string) => string> = {
  food: (q) => `You mention ${q}: food is easy to picture and easy to reply to, and this prompt lets you show it.`,
  outdoors: (q) => `You mention ${q}: this prompt turns it into a scene a match can picture and join.`,
  music: (q) => `You mention ${q}: music gives a match something to agree or argue about straight away.`,
  travel: (q) => `You mention ${q}: a place or a trip gives a match something to ask about.`,
  pets: (q) => `You mention ${q}: an animal in your life is one of the easiest things to ask about.`,
  books: (q) => `You mention ${q}: your taste in books, films or art starts conversations.`,
  learning: (q) => `You mention ${q}: something you are working at shows where you are headed.`,
  humor: (q) => `You mention ${q}: a little self-mockery like that suits this prompt.`,
  work: (q) => `You told us you're ${q}: this prompt lets your work come across as a story, not a job title.`,
  goal: (q) => `You told us you're looking for ${q}: this prompt says it in your own words, so the right people reply.`,
  // Named, not quoted: the idea is a line of the bio, an answer or a starter already.
  date: () => "Your first-date idea is a ready-made answer to this prompt.",
};

const MAX_SUGGESTIONS = 3;

export function promptSuggestions(w: Writer): PromptSuggestions | null {
  const list = promptsFor(w.input.app) as readonly FormPrompt[];
  if (list.length === 0) return null;
  const answered = new Set(w.input.profile.prompts.map((p) => p.prompt));
  const found = themesFound(w);
  const candidates = list
    .filter((prompt) => !answered.has(prompt))
    .flatMap((prompt) => {
      const at = PROMPT_THEMES[prompt].findIndex((t) => found.has(t));
      return at < 0 ? [] : [{ prompt, theme: PROMPT_THEMES[prompt][at]!, at }];
    })
    // The prompt that fits a theme best first; the app's own order breaks ties.
    .sort((a, b) => a.at - b.at);

  const suggestions: PromptSuggestions["suggestions"] = [];
  const used = new Set<Theme>();
  for (const c of candidates) {
    if (suggestions.length === MAX_SUGGESTIONS) break;
    if (used.has(c.theme)) continue;
    used.add(c.theme);
    suggestions.push({ prompt: c.prompt, reason: shorten(REASONS[c.theme](found.get(c.theme)!), 300) });
  }
  const note =
    suggestions.length === 0
      ? `Nothing you wrote points clearly to one of ${w.rules.name}'s other prompts, so we suggest none rather than guess. A place, a habit or something you love, once it is in your profile, would point to one.`
      : promptSlotsNote(w.input.app, w.input.profile.prompts.filter((p) => p.response.trim()).length);
  return { suggestions, note };
}

/**
 * What answering a suggested prompt costs (issue 30, item 4): an app shows a fixed number of prompt answers, so once
 * they are all answered a new one replaces one of them, and the customer should know which kind of swap it is.
 */
export function promptSlotsNote(app: DatingApp, answeredCount: number): string {
  const { name, promptCount } = appRules(app);
  const free = promptCount - answeredCount;
  if (free <= 0) {
    return `${name} shows ${promptCount} prompt answers and all ${promptCount} of yours are answered, so each prompt here would replace one of them: swap it in for the answer you like least.`;
  }
  const places = free === 1 ? "the first prompt here takes the free place, and any other would replace one of your answers" : `up to ${free} of these prompts go in the free places; any more would replace one of your answers`;
  return `${name} shows ${promptCount} prompt answers and you have answered ${answeredCount}: ${places}.`;
}

/** Whether every prompt place the app shows is answered: a suggested prompt then takes the place of an answer. */
export function promptsFull(app: DatingApp, answeredCount: number): boolean {
  return answeredCount >= appRules(app).promptCount;
}

/** Words of THEME_WORDS a question can name without an article. */
const MASS_NOUNS = new Set(
  "food sourdough pasta pizza curry ramen sushi coffee wine cake bread brunch lasagne risotto paella barbecue bbq music jazz karaoke vinyl poetry art theatre theater cinema".split(" "),
);

/** Countable words of THEME_WORDS a question names in the plural. */
const PLURALS: Record<string, string> = { dog: "dogs", cat: "cats", puppy: "puppies", kitten: "kittens", horse: "horses", book: "books", novel: "novels", film: "films", movie: "movies", museum: "museums", podcast: "podcasts" };

/** Themes whose words are things (a dish, a sport, an instrument, an animal) a question can be about. */
const TOPIC_THEMES = ["food", "outdoors", "music", "pets", "books"] as const;

/**
 * Things the customer's bio and answers mention that a question can be about ("karaoke", "sourdough"), in their
 * words, for starters built from text rather than from the interests field.
 */
export function mentionedTopics(w: Writer): string[] {
  const text = [w.facts.bio.map((s) => s.text).join(" "), ...w.facts.prompts.map((p) => p.cleaned)].join("\n");
  const found: string[] = [];
  for (const theme of TOPIC_THEMES) {
    for (const m of text.matchAll(new RegExp(THEME_WORDS[theme].source, "giu"))) {
      const word = m[0].toLowerCase();
      // "Where do you stand on karaoke / running / podcasts?" reads; "…on bike?" does not.
      const askable = /(?:ing|s)$/u.test(word) || MASS_NOUNS.has(word);
      // "…on dogs?" reads where "…on dog?" does not: a countable thing they mention is asked about in the plural.
      const topic = askable ? word : PLURALS[word];
      if (topic && !found.includes(topic)) found.push(topic);
    }
  }
  return found;
}

/** Each theme the customer's text is on, with the words of theirs that show it (quoted, for the reason). */
function themesFound(w: Writer): Map<Theme, string> {
  const { facts } = w;
  const found = new Map<Theme, string>();
  const text = [facts.bio.map((s) => s.text).join(" "), facts.interests.join(", "), ...facts.prompts.map((p) => p.cleaned), facts.idealFirstDate ?? ""].join("\n");
  for (const [theme, pattern] of Object.entries(THEME_WORDS) as [Theme, RegExp][]) {
    const match = pattern.exec(text);
    if (match) found.set(theme, `“${match[0]}”`);
  }
  if (facts.job && facts.job.length <= 40) found.set("work", withArticle(facts.job));
  if (facts.lookingFor && facts.lookingFor.length <= 80) found.set("goal", facts.lookingFor);
  if (facts.idealFirstDate) found.set("date", `“${shorten(facts.idealFirstDate, 80)}”`);
  return found;
}
