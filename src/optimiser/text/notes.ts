/**
 * The customer-facing wording of the rewrite notes, in one table: what we did to a text and why, one line each.
 * The rewriters choose which note applies; the words live here. A note says only what this run did: never that a
 * person will do something later ("a writer will rework it"), and never "rewritten" of the customer's own words or a
 * reorder of them (issue 28, items 1 and 3). What a person still has to do is the writer's, in WRITER_REASONS.
 */
import { shorten } from "./fit.ts";

const q = (text: string, max = 80) => `“${shorten(text, max)}”`;

export const NOTES = {
  strongKept: "Already strong: specific, easy to read and easy to reply to, so we kept it exactly as you wrote it.",
  keptNotBetter: "We kept your bio as you wrote it: our automatic edit could not make it better without losing something of yours.",
  keptCutToLimit: (app: string, limit: number) => `We kept your own sentences and cut whole sentences from the end to fit ${app}'s ${limit}-character limit.`,
  nothingLeftOfBio: "Nothing in your bio could stay as it was, so we built a new one from your other details.",
  openedWith: (lead: string) => `Opened with your most specific line, ${q(lead)}, because details like that are what people remember.`,
  careerForward: "Kept it career-forward: your line about your work comes right after the opening.",
  fromInterests: "Your bio had no lines we could keep, so this version lists your details in your own words. A sentence only you could write (a place you love, something you've made) would do more.",
  nothingToBuildOn:
    "You gave us no details to build on, so this is an open question that claims nothing about you. Two or three real facts (what you do, what you love, a place you know well) would let it say far more.",
  machineInBio: (fragment: string) =>
    `Your bio contains text written for machines rather than people (${q(fragment, 50)}). A light edit keeps your words, but it would show on your profile exactly as typed, so consider removing it.`,
  fillers: (words: string[]) => `Tightened: dropped filler words (${words.map((f) => `“${f}”`).join(", ")}) and repeated punctuation.`,
  corrected: (fixes: { from: string; to: string }[]) =>
    `Corrected the English lightly: ${fixes.slice(0, 4).map((f) => `${q(f.from, 40)} now reads ${q(f.to, 40)}`).join("; ")}.`,
  wish: (wishes: string[]) => `Turned a demand into a wish you can stand behind: “${wishes.join(" ")}”`,
  builtClosing: (from: string) => `Ended with a question built from ${from}, so a match has an easy first message.`,
  openClosing: "Ended with an open question that claims nothing about you but gives a match an easy first message.",
  ownClosingKept: (kind: string, text: string) => `Kept your own ${kind} (${q(text, 60)}) at the end: it already gives a match an easy way in.`,
  droppedForWords: (min: number, max: number, source: string) => `Left out to keep it readable (${source} favors ${min} to ${max} words)`,
  droppedToFit: "Left out to fit",
  saidElsewhere: "Left out because another part of your profile already says it",
  answerFillers: (words: string[]) => `Dropped filler words (${words.map((f) => `“${f}”`).join(", ")}).`,
  ledWithDetail: (text: string) => `Led with your most specific detail, ${q(text)}, so it is the first thing people read.`,
  drewOn: (label: string, source: string) => `Drew on ${label} (${q(source)}), since the answer on its own gave a match little to reply to.`,
  openAnswer:
    "There was nothing here we could build on without inventing details, so this answer asks the match to go first. One real detail of yours would make it an answer only you could give.",
  endedWith: (closing: string) => `Ended with “${closing}” so a match has an easy way in.`,
  stillThin: "This is still short on detail because we only use what you told us: one real example (a moment, a place, a habit) would make it far stronger.",
  answerNotBetter: "We kept your answer as you wrote it: our automatic edit could not improve it without losing something of yours.",
  gameKept: "We kept your answer as you wrote it: every line of the game counts, and our automatic edit would have cut one.",
  /** A text in another language: the analyser's edits are for English (issue 30, item 1). */
  otherLanguage: (language: string) => `We kept this as you wrote it: it is in ${language}, and our automatic edits are for English text.`,
  /** Before a problem's reason in the recommendations, when the part it is about was kept as the customer wrote it. */
  keptAdvice: "Kept as you wrote it, so this is advice for you:",
} as const;

/**
 * Why the review gate shows a part as needing a writer: admin-facing, worded for the writer (what is missing and
 * why), never shown to the customer.
 */
export const WRITER_REASONS = {
  strong: "Kept as the customer wrote it (judged strong), but the plan sells a rewrite: write one that says more, or record why the original stands.",
  notBetter: "The automatic edit was not better than the customer's own text, so the draft is their original: write this part.",
  empty: "The customer gave nothing to build this text from; the draft is an open question that claims nothing: write it from their other details.",
  fromFields: "Built only from the customer's list fields (no sentences of theirs to keep): write it so it reads like them.",
  openAnswer: (prompt: string, original: string) =>
    `The answer to “${prompt}” has nothing of the customer's to build on${original.trim() ? ` (“${shorten(original.trim(), 60)}”)` : ""}, so the draft only asks the match to go first: write the answer from the customer's other details.`,
  language: (language: string) =>
    `Written in ${language}: the automatic edits are for English, so the draft is the customer's own text. It needs a writer who knows the language.`,
  game: (prompt: string) => `The answer to “${prompt}” is a game that needs every line, and the automatic edit would have cut one: write it, keeping all its lines.`,
  languageOfProfile: (language: string, parts: string, many: boolean) =>
    `The customer writes in ${language}: ${parts} ${many ? "need" : "needs"} a writer who knows the language. The automatic pass kept their text as written and wrote no starters, since its edits and lines are English only.`,
  revision: (requests: string[]) => `The revision note asks for what the automatic pass did not do: ${requests.map((r) => `“${shorten(r, 80)}”`).join("; ")}.`,
} as const;
