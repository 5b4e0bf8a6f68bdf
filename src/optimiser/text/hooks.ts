/**
 * Closing lines: the question or invitation that ends a bio or an answer, so a match knows how to start. Each is
 * built only from the customer's own topics, first-date idea, job or prompts; with none of those, an open question
 * that claims nothing about them.
 */
import { asActivity, lowerFirst, withArticle } from "./compose.ts";
import type { Writer } from "./writer.ts";
import { capitalise } from "./sentences.ts";
import { findHook, isSpecific, specificity } from "./signals.ts";
import { norm } from "./match.ts";
import type { Tone } from "./revision.ts";

type Lines = Record<Tone, string>;

const oneTopic = (a: string): Lines => ({
  default: `Are you into ${a} too? Tell me how you got into it.`,
  playful: `Tell me your most controversial ${a} opinion and I'll tell you mine.`,
  casual: `Into ${a} too? Tell me your favorite part.`,
  formal: `What do you enjoy most with a free afternoon? For me, it's ${a}.`,
});

const firstDate = (d: string): Lines => ({
  default: `First-date idea: ${d}. Better plan? Pitch me.`,
  playful: `My pitch for a first date: ${d}. Counter-offers welcome.`,
  casual: `First date idea: ${d}. Are you in?`,
  formal: `My idea of a good first date: ${d}. What would yours be?`,
});

const openQuestion: Lines = {
  default: "Tell me the best thing that happened to you this week, and I'll trade you mine.",
  playful: "Tell me the best thing that happened to you this week. I'll trade you mine, and mine might be better.",
  casual: "What was the best bit of your week? I'll trade you mine.",
  formal: "What was the best part of your week? I'd like to hear about it.",
};

export interface Closing {
  text: string;
  /** What of the customer's it is built from, for the notes ("your interests (climbing and jazz)"). */
  from: string | null;
}

/** Closing lines for a bio, best first. */
export function bioClosings(w: Writer): Closing[] {
  const { facts, tone } = w;
  const lines: Closing[] = [];
  // No generic either/or ("climbing or jazz: which one wins?"): each line carries one real fact of theirs.
  const [a] = facts.topics;
  if (facts.lookingFor && facts.lookingFor.length <= 80) {
    lines.push({ text: `Looking for ${facts.lookingFor}. Sound like you?`, from: "what you're looking for" });
  }
  if (facts.idealFirstDate && facts.idealFirstDate.length <= 100) {
    lines.push({ text: firstDate(lowerFirst(facts.idealFirstDate))[tone], from: "your first-date idea" });
  }
  if (a) lines.push({ text: oneTopic(asActivity(a))[tone], from: `your interest in ${a}` });
  if (facts.job && facts.job.length <= 40) {
    lines.push({ text: `Guess what ${withArticle(facts.job)} does all day; the closest answer picks our first-date spot.`, from: "your job" });
  }
  // Only an answer worth reading: the most specific one the customer wrote.
  const prompt = [...facts.prompts].filter((p) => isSpecific(p.cleaned)).sort((a, b) => specificity(b.cleaned) - specificity(a.cleaned))[0]?.prompt;
  if (prompt) lines.push({ text: `Read my answer to “${prompt}” below, then tell me yours.`, from: "your prompts" });
  lines.push({ text: openQuestion[tone], from: null });
  return lines.map((l) => ({ ...l, text: capitalise(l.text) }));
}

/** The first line that no text written before it in this result already ends with. */
export function pick<T extends { text: string }>(taken: readonly string[], lines: T[]): T {
  const used = (line: T) => taken.some((t) => ` ${norm(t)}`.endsWith(` ${norm(line.text)}`));
  return lines.find((l) => !used(l)) ?? lines[lines.length - 1]!;
}

/** The customer's own best closing line: a question, else an invitation, else (if allowed) an opinion; the last one. */
export function ownClosing<T extends { text: string }>(sentences: T[], opinions = true): T | undefined {
  const kinds = opinions ? ["question", "invitation", "opinion"] : ["question", "invitation"];
  for (const kind of kinds) {
    const found = sentences.filter((s) => findHook(s.text)?.kind === kind).at(-1);
    if (found) return found;
  }
  return undefined;
}
