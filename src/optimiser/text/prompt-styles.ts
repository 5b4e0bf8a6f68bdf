/**
 * What each prompt of the Hinge and Bumble lists (src/shared/profiles/options.ts) needs from an answer: which of the
 * customer's other facts can answer it when their own answer is thin (and how that reads after the prompt), how
 * it can end, and the prompt turned into a question for the match, the last resort when there is nothing of the
 * customer's to use.
 */
import { BUMBLE_PROMPTS, HINGE_PROMPTS } from "../../shared/profiles/options.ts";
import { asActivity, joinList, lowerFirst } from "./compose.ts";
import { norm } from "./match.ts";

/** Every prompt the forms offer: STYLES must have one entry for each, spelled exactly, so a renamed prompt fails the typecheck. */
type FormPrompt = (typeof HINGE_PROMPTS)[number] | (typeof BUMBLE_PROMPTS)[number];

export type Source = "date" | "lookingFor" | "interests" | "vibes";

export interface PromptStyle {
  /** In order of preference; `reads` turns the fact (or the list of items) into an answer to the prompt. */
  sources: { from: Source; reads: (items: string[]) => string }[];
  closings: string[];
  ask: string;
  /** The order is the point of the answer ("Two truths and a lie"), so the most specific line is not moved first. */
  keepOrder?: boolean;
}

const asIs = (items: string[]) => joinList(items);
const you = (verb: string) => (items: string[]) => `${verb} into ${joinList(items.map(asActivity), "or")}`;
const sayYesTo = (items: string[]) => `someone who'd say yes to ${lowerFirst(items[0]!)}`;
const someoneInto = (items: string[]) => `someone who's into ${joinList(items.map(asActivity), "or")}`;

const LOOKING: PromptStyle["sources"] = [
  { from: "lookingFor", reads: asIs },
  { from: "interests", reads: someoneInto },
  { from: "date", reads: sayYesTo },
];

const STYLES: Record<FormPrompt, PromptStyle> = {
  "A life goal of mine": { sources: [], closings: ["What's on your list?"], ask: "What's a life goal of yours?" },
  "I'm looking for": { sources: LOOKING, closings: ["Sound like you?", "Is that you?"], ask: "What are you looking for?" },
  "Together, we could": {
    sources: [{ from: "date", reads: asIs }, { from: "interests", reads: (i) => `try ${joinList(i, "or")}` }],
    closings: ["Are you in?", "Deal?"],
    ask: "What should we do first?",
  },
  "The most spontaneous thing I've done": { sources: [], closings: ["Can you top that?"], ask: "What's the most spontaneous thing you've done?" },
  "I get along best with people who": {
    sources: [{ from: "interests", reads: you("are") }, { from: "lookingFor", reads: asIs }],
    closings: ["Sound like you?"],
    ask: "Who do you get along best with?",
  },
  "Dating me is like": { sources: [], closings: ["Want to find out?"], ask: "What's dating you like?" },
  "A shower thought I recently had": { sources: [], closings: ["Change my mind.", "Do you agree?"], ask: "What's your latest shower thought?" },
  "Two truths and a lie": { sources: [], closings: ["Guess the lie.", "Which one's the lie?"], ask: "Tell me two truths and a lie; I'll guess.", keepOrder: true },
  "My most unusual skills": { sources: [], closings: ["Can you top that?", "Go on, test me."], ask: "What's your most unusual skill?" },
  "My simple pleasures": {
    sources: [{ from: "interests", reads: asIs }, { from: "date", reads: asIs }],
    closings: ["What are yours?", "Join me?"],
    ask: "What are your simple pleasures?",
  },
  "I want someone who": { sources: [{ from: "interests", reads: you("is") }], closings: ["Is that you?"], ask: "What do you want in someone?" },
  "The key to my heart is": {
    sources: [{ from: "interests", reads: asIs }, { from: "date", reads: asIs }],
    closings: ["What's the key to yours?"],
    ask: "What's the key to your heart?",
  },
  "Green flags I look for": { sources: [{ from: "vibes", reads: asIs }], closings: ["What are yours?"], ask: "What green flags do you look for?" },
  "My love language is": { sources: [], closings: ["What's yours?"], ask: "What's your love language?" },
  "We'll get along if": {
    sources: [{ from: "interests", reads: you("you're") }, { from: "date", reads: (i) => `you'd say yes to ${lowerFirst(i[0]!)}` }],
    closings: ["Sound like you?"],
    ask: "What would make us get along?",
  },
  "After work, you can find me": {
    sources: [{ from: "interests", reads: asIs }],
    closings: ["Where can I find you?", "Join me?"],
    ask: "Where can I find you after work?",
  },
  "A personal challenge I'm working on": { sources: [], closings: ["Any tips?"], ask: "What's a challenge you're working on?" },
  "My most useless skill": { sources: [], closings: ["Can you top that?", "Go on, test me."], ask: "What's your most useless skill?" },
  "My happy place is": { sources: [{ from: "interests", reads: asIs }], closings: ["Where's yours?", "Join me?"], ask: "Where's your happy place?" },
  "My perfect day": {
    sources: [{ from: "date", reads: asIs }, { from: "interests", reads: asIs }],
    closings: ["What does yours look like?"],
    ask: "What's your perfect day?",
  },
  "I'm known for": { sources: [], closings: ["What are you known for?"], ask: "What are you known for?" },
  "I'm hoping you": { sources: [{ from: "interests", reads: you("are") }], closings: ["Sound like you?"], ask: "What are you hoping for?" },
  "My best quality is": { sources: [], closings: ["What's yours?"], ask: "What's your best quality?" },
  "I'll pick the first date if you": {
    sources: [{ from: "date", reads: (i) => `say yes to ${lowerFirst(i[0]!)}` }],
    closings: ["Deal?", "Are you in?"],
    ask: "Where would you take me on a first date?",
  },
  "What I'm looking for": { sources: LOOKING, closings: ["Sound like you?"], ask: "What are you looking for?" },
  "My ideal match": { sources: LOOKING, closings: ["Is that you?"], ask: "What's your ideal match like?" },
  "I get way too excited about": { sources: [{ from: "interests", reads: asIs }], closings: ["What gets you this excited?", "Go on, test me."], ask: "What do you get way too excited about?" },
  "A relationship should be": { sources: [], closings: ["Agree?"], ask: "What should a relationship be?" },
  "My non-negotiable": { sources: [], closings: ["What's yours?"], ask: "What's your non-negotiable?" },
};

const DEFAULT_STYLE: PromptStyle = { sources: [{ from: "interests", reads: asIs }], closings: ["What's yours?"], ask: "What would yours be?" };

/** By the prompt's normalised wording, so a prompt sent with other punctuation or apostrophes still finds its style. */
const BY_WORDING = new Map(Object.entries(STYLES).map(([prompt, style]) => [norm(prompt), style]));

export function promptStyle(prompt: string): PromptStyle {
  return BY_WORDING.get(norm(prompt)) ?? DEFAULT_STYLE;
}

const OPEN_ANSWERS = [
  (ask: string) => `I'd rather hear yours first: ${ask}`,
  (ask: string) => `Your turn first: ${ask}`,
  (ask: string) => `Tell me first: ${ask} I'll answer in person.`,
];

/**
 * An answer that claims nothing about the customer: the prompt handed to the match. `nth` varies the wording so
 * two such answers in one profile do not read alike.
 */
export function openAnswer(style: PromptStyle, nth: number): string {
  const ask = `${style.ask[0]!.toLowerCase()}${style.ask.slice(1)}`;
  return OPEN_ANSWERS[nth % OPEN_ANSWERS.length]!(ask);
}
