/**
 * What each prompt of the Hinge and Bumble lists (src/profiles/options.ts) needs from an answer: which of the
 * customer's other facts can answer it when their own answer is thin (and how that reads after the prompt), how
 * it can end, and the prompt turned into a question for the match, the last resort when there is nothing of the
 * customer's to use.
 */
import { joinList, lowerFirst } from "./compose.ts";
import { norm } from "./match.ts";

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
const you = (verb: string) => (items: string[]) => `${verb} into ${joinList(items, "or")}`;
const sayYesTo = (items: string[]) => `someone who'd say yes to ${lowerFirst(items[0]!)}`;
const someoneInto = (items: string[]) => `someone who's into ${joinList(items, "or")}`;

const LOOKING: PromptStyle["sources"] = [
  { from: "lookingFor", reads: asIs },
  { from: "interests", reads: someoneInto },
  { from: "date", reads: sayYesTo },
];

const STYLES: Record<string, PromptStyle> = {
  "a life goal of mine": { sources: [], closings: ["What's on your list?"], ask: "What's a life goal of yours?" },
  "im looking for": { sources: LOOKING, closings: ["Sound like you?", "Is that you?"], ask: "What are you looking for?" },
  "together we could": {
    sources: [{ from: "date", reads: asIs }, { from: "interests", reads: (i) => `try ${joinList(i, "or")}` }],
    closings: ["Are you in?", "Deal?"],
    ask: "What should we do first?",
  },
  "the most spontaneous thing ive done": { sources: [], closings: ["Can you top that?"], ask: "What's the most spontaneous thing you've done?" },
  "i get along best with people who": {
    sources: [{ from: "interests", reads: you("are") }, { from: "lookingFor", reads: asIs }],
    closings: ["Sound like you?"],
    ask: "Who do you get along best with?",
  },
  "dating me is like": { sources: [], closings: ["Want to find out?"], ask: "What's dating you like?" },
  "a shower thought i recently had": { sources: [], closings: ["Agree or disagree?", "Change my mind."], ask: "What's your latest shower thought?" },
  "two truths and a lie": { sources: [], closings: ["Guess the lie.", "Which one's the lie?"], ask: "Tell me two truths and a lie; I'll guess.", keepOrder: true },
  "my most unusual skills": { sources: [], closings: ["Can you top that?", "Go on, test me."], ask: "What's your most unusual skill?" },
  "my simple pleasures": {
    sources: [{ from: "interests", reads: asIs }, { from: "date", reads: asIs }],
    closings: ["What are yours?", "Join me?"],
    ask: "What are your simple pleasures?",
  },
  "i want someone who": { sources: [{ from: "interests", reads: you("is") }], closings: ["Is that you?"], ask: "What do you want in someone?" },
  "the key to my heart is": {
    sources: [{ from: "interests", reads: asIs }, { from: "date", reads: asIs }],
    closings: ["What's the key to yours?"],
    ask: "What's the key to your heart?",
  },
  "green flags i look for": { sources: [{ from: "vibes", reads: asIs }], closings: ["What are yours?"], ask: "What green flags do you look for?" },
  "my love language is": { sources: [], closings: ["What's yours?"], ask: "What's your love language?" },
  "well get along if": {
    sources: [{ from: "interests", reads: you("you're") }, { from: "date", reads: (i) => `you'd say yes to ${lowerFirst(i[0]!)}` }],
    closings: ["Sound like you?"],
    ask: "What would make us get along?",
  },
  "after work you can find me": {
    sources: [{ from: "interests", reads: asIs }],
    closings: ["Where can I find you?", "Join me?"],
    ask: "Where can I find you after work?",
  },
  "a personal challenge im working on": { sources: [], closings: ["Any tips?"], ask: "What's a challenge you're working on?" },
  "my most useless skill": { sources: [], closings: ["Can you top that?", "Go on, test me."], ask: "What's your most useless skill?" },
  "my happy place is": { sources: [{ from: "interests", reads: asIs }], closings: ["Where's yours?", "Join me?"], ask: "Where's your happy place?" },
  "my perfect day": {
    sources: [{ from: "date", reads: asIs }, { from: "interests", reads: asIs }],
    closings: ["What does yours look like?"],
    ask: "What's your perfect day?",
  },
  "im known for": { sources: [], closings: ["What are you known for?"], ask: "What are you known for?" },
  "im hoping you": { sources: [{ from: "interests", reads: you("are") }], closings: ["Sound like you?"], ask: "What are you hoping for?" },
  "my best quality is": { sources: [], closings: ["What's yours?"], ask: "What's your best quality?" },
  "ill pick the first date if you": {
    sources: [{ from: "date", reads: (i) => `say yes to ${lowerFirst(i[0]!)}` }],
    closings: ["Deal?", "Are you in?"],
    ask: "Where would you take me on a first date?",
  },
  "what im looking for": { sources: LOOKING, closings: ["Sound like you?"], ask: "What are you looking for?" },
  "my ideal match": { sources: LOOKING, closings: ["Is that you?"], ask: "What's your ideal match like?" },
  "i get way too excited about": { sources: [{ from: "interests", reads: asIs }], closings: ["What gets you this excited?", "Go on, test me."], ask: "What do you get way too excited about?" },
  "a relationship should be": { sources: [], closings: ["Agree?"], ask: "What should a relationship be?" },
  "my non negotiable": { sources: [], closings: ["What's yours?"], ask: "What's your non-negotiable?" },
};

const DEFAULT_STYLE: PromptStyle = { sources: [{ from: "interests", reads: asIs }], closings: ["What's yours?"], ask: "What would yours be?" };

export function promptStyle(prompt: string): PromptStyle {
  return STYLES[norm(prompt)] ?? DEFAULT_STYLE;
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
