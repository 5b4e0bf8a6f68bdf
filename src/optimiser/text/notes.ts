/**
 * The customer-facing wording of the rewrite notes, in one table: what we did to a text and why, one line each.
 * The rewriters choose which note applies; the words live here.
 */
import { shorten } from "./fit.ts";

const q = (text: string, max = 80) => `“${shorten(text, max)}”`;

export const NOTES = {
  strongKept: "Already strong: specific, easy to read and easy to reply to, so we kept it exactly as you wrote it.",
  strongKeptWriter: "Already strong: specific, easy to read and easy to reply to, so we kept it exactly as you wrote it. A writer will look at it too and suggest a version only if it says more.",
  keptNotBetter: "We kept your bio as you wrote it: our automatic edit could not make it better without losing something of yours. A writer will rework it by hand.",
  keptCutToLimit: (app: string, limit: number) =>
    `We kept your own sentences and cut whole sentences from the end to fit ${app}'s ${limit}-character limit; a writer will rework it by hand.`,
  nothingLeftOfBio: "Nothing in your bio could stay as it was, so we built a new one from your other details.",
  openedWith: (lead: string) => `Opened with your most specific line, ${q(lead)}, because details like that are what people remember.`,
  careerForward: "Kept it career-forward: your line about your work comes right after the opening.",
  fromInterests: "Your bio had no lines we could keep, so this version lists your details in your own words. A sentence only you could write (a place you love, something you've made) would do more.",
  nothingToBuildOn:
    "You gave us no details to build on, so this is an open question that claims nothing about you. Send us two or three real facts (what you do, what you love, a place you know well) and we'll write a full bio from them.",
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
  answerFillers: (words: string[]) => `Dropped filler words (${words.map((f) => `“${f}”`).join(", ")}).`,
  ledWithDetail: (text: string) => `Led with your most specific detail, ${q(text)}, so it is the first thing people read.`,
  drewOn: (label: string, source: string) => `Drew on ${label} (${q(source)}), since the answer on its own gave a match little to reply to.`,
  openAnswer:
    "There was nothing here we could build on without inventing details, so this answer asks the match to go first. Send us one real detail and we'll rewrite it around that.",
  endedWith: (closing: string) => `Ended with “${closing}” so a match has an easy way in.`,
  stillThin: "This is still short on detail because we only use what you told us: one real example (a moment, a place, a habit) would make it far stronger.",
  answerNotBetter: "We kept your answer as you wrote it: our automatic rewrite could not improve it without losing something of yours.",
} as const;

/** Why the review gate shows a part as needing a writer (admin-facing). */
export const WRITER_REASONS = {
  strong: "The customer's text is already strong and was kept as written; a premium rewrite needs a writer.",
  notBetter: "The automatic rewrite could not write a version better than the customer's own; the original was kept.",
  empty: "The customer gave nothing to build this text from; it is an open question until a writer adds more.",
  fromFields: "Built only from the customer's list fields (no sentences of theirs to keep); a writer should make it read like them.",
} as const;
