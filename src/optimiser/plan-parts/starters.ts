/**
 * Elite's five conversation starters, each built from something specific: one of the customer's own details (an
 * interest, their first-date idea, their job, their song, a prompt they answered, what they're looking for), or a
 * clearly marked blank in square brackets for a detail of the match's profile, which the customer fills in before
 * sending. Their own details come first, one per starter; a starter never claims anything they did not write.
 */
import { STARTERS_PER_PLAN } from "../../shared/optimiser/result.ts";
import { joinList, lowerFirst, withArticle } from "../text/compose.ts";
import { isSpecific, soundsNegative } from "../text/signals.ts";
import { findProblems } from "../text/clean.ts";
import { mentionedTopics } from "./prompt-suggestions.ts";
import { norm } from "../text/match.ts";
import { leftOut } from "../text/revision.ts";
import type { Said } from "../text/said.ts";
import type { Writer } from "../text/writer.ts";

const MAX_LENGTH = 280;

type Build = (w: Writer) => string | null;

const short = (text: string | null | undefined, max: number) => (text && text.length <= max ? text : null);

/** From the customer's own details, one each. */
const FROM_PROFILE: Build[] = [
  (w) => {
    const t = w.facts.topics[0];
    return t ? `I'm into ${t}, so [their hobby or interest] caught my eye. How did you get into it?` : null;
  },
  (w) => {
    const d = short(w.facts.idealFirstDate, 100);
    return d ? `My idea of a first date is ${lowerFirst(d)}. What's yours, and would [a place from their profile] beat it?` : null;
  },
  (w) => {
    const t = w.facts.topics[1];
    return t ? `Be honest: how do you feel about ${t}? I'm asking for very important first-date reasons.` : null;
  },
  (w) => {
    const j = short(w.facts.job, 40);
    return j ? `I'm ${withArticle(j)}, so I have to ask: how did you end up doing [their job or studies]?` : null;
  },
  (w) => {
    const a = short(w.facts.anthem, 60);
    return a ? `My song of the moment is ${a}. What would yours be, and is it better than [a song or artist from their profile]?` : null;
  },
  (w) => {
    const i = short(w.facts.industry, 40);
    return i && !w.facts.job ? `I work in ${lowerFirst(i)}, so I have to ask: how did you end up doing [their job or studies]?` : null;
  },
  (w) => {
    const e = short(w.facts.education, 50);
    return e ? `I studied at ${e}. Where did you study, and would you choose it again?` : null;
  },
  (w) => (w.facts.vibes.length > 0 ? `I'd describe my vibe as ${joinList(w.facts.vibes.slice(0, 3))}. How would your friends describe yours?` : null),
  (w) => {
    // Something their bio or answers mention, when the interests field gave no topic.
    const t = mentionedTopics(w).find((m) => !w.facts.topics.some((topic) => norm(topic).includes(m)));
    return t ? `Important question before anything else: where do you stand on ${t}? My answer is on my profile.` : null;
  },
  (w) => {
    // Their answer, named and not quoted: it is on their profile already (written once, issue 28).
    const p = w.facts.prompts.find((q) => isSpecific(q.cleaned) && !soundsNegative(q.cleaned) && findProblems(q.cleaned).length === 0);
    return p ? `My answer to “${p.prompt}” is on my profile. What would yours be? I'm curious how they compare.` : null;
  },
  (w) => {
    const g = short(w.facts.lookingFor, 80);
    return g ? `I'm on here for ${g}. What about you, and what made you pick [a detail from their profile] for your profile?` : null;
  },
];

/** Their most specific short line, quoted, for a profile with nothing else a question could be built on. */
const QUOTED: Build = (w) => {
  const line = w.facts.bio
    .map((s) => s.text.replace(/[.!…]+$/u, ""))
    .filter((t) => t.length <= 70 && !t.includes("?") && isSpecific(t) && !soundsNegative(t) && findProblems(t).length === 0)[0];
  return line ? `Ask me about “${line}”, and I'll ask you about [something from their profile].` : null;
};

/** With a marked blank for the match's details: usable by anyone, specific once filled in. */
const WITH_BLANKS: Build[] = [
  () => "Okay, I need the story behind [the photo of theirs you like most].",
  () => "Your answer about [one of their prompts] is the best I've read today. What's the story behind it?",
  () => "You mention [an interest of theirs]. What's the best thing about it that nobody expects?",
  () => "If we went to [a place from their photos or profile] together, what's the first thing we'd do?",
  () => "Settle something for me: is [something from their profile] as good as it looks?",
];

/**
 * Premium's starters (text/starters.ts) with at least one built from the customer's own details, as every plan
 * with starters promises: when none of them uses a detail of theirs and one can be built, it takes the last place.
 */
export function withOneFromProfile(w: Writer, starters: string[], written: Said): string[] {
  if (starters.length === 0 || starters.some((s) => usesDetail(w, s))) return starters;
  const own = [...FROM_PROFILE, QUOTED].map((build) => build(w)).find((line) => line && line.length <= MAX_LENGTH && !leftOut(w.revision, line) && !written.repeats(line));
  return own ? [...starters.slice(0, -1), own] : starters;
}

/** Does a starter use one of the customer's details, in their words? */
function usesDetail(w: Writer, line: string): boolean {
  const { facts } = w;
  const details = [
    ...facts.interests,
    ...facts.vibes,
    ...mentionedTopics(w),
    ...[facts.job, facts.industry, facts.education, facts.idealFirstDate, facts.anthem, facts.lookingFor].filter((d): d is string => Boolean(d)),
  ];
  const said = ` ${norm(line)} `;
  return details.some((d) => norm(d).length >= 3 && said.includes(` ${norm(d)} `));
}

/** `written`: what the result's bio and answers say; a starter that would repeat a line of theirs is passed over. */
export function eliteStarters(w: Writer, written: Said): string[] {
  const count = STARTERS_PER_PLAN.elite;
  const out: string[] = [];
  for (const build of [...FROM_PROFILE, QUOTED, ...WITH_BLANKS]) {
    if (out.length === count) break;
    const line = build(w);
    if (!line || line.length > MAX_LENGTH || written.repeats(line) || leftOut(w.revision, line)) continue;
    written.add(line);
    out.push(line);
  }
  return out;
}
