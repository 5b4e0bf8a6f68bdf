/**
 * Elite's five conversation starters, each built from something specific: one of the customer's own details (an
 * interest, their first-date idea, their job, their song, a prompt they answered, what they're looking for), or a tip
 * that says which detail of the match's profile to reply to and what to send ("On a place in their photos: “…”"),
 * never a bracketed blank shown as finished text or the customer's own lines quoted back (issue 30, item 3). Their own
 * details come first, one per starter; a starter never claims anything they did not write.
 */
import { STARTERS_PER_PLAN } from "../../shared/optimiser/result.ts";
import { asActivity, joinList, lowerFirst, withArticle } from "../text/compose.ts";
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

/** From the customer's own details, one each: a message they can send as it is, no blank left to fill. */
const FROM_PROFILE: Build[] = [
  (w) => {
    const t = w.facts.topics[0];
    return t ? `I could talk about ${asActivity(t)} for hours. What could you talk about for hours, and how did you get into it?` : null;
  },
  (w) => {
    const d = short(w.facts.idealFirstDate, 100);
    return d ? `My idea of a first date is ${lowerFirst(d)}. What's yours? Best pitch wins.` : null;
  },
  (w) => {
    const t = w.facts.topics[1];
    return t ? `Be honest: how do you feel about ${t}? I'm asking for very important first-date reasons.` : null;
  },
  (w) => {
    const j = short(w.facts.job, 40);
    return j ? `I'm ${withArticle(j)}. What do you do when you're not on here, and how did you end up doing it?` : null;
  },
  (w) => {
    const a = short(w.facts.anthem, 60);
    return a ? `My song of the moment is ${a}. What would yours be? Choose wisely.` : null;
  },
  (w) => {
    // Their work as their bio says it ("I work in HR at a hospital"), named in a few of their words, never the line itself.
    if (w.facts.job || w.facts.industry) return null;
    const m = w.facts.bio.map((s) => /\bI (?:work|am working) (in|at|as) ([^.,!?;:]{3,40}?)(?=[.,!?;:]|\s(?:for|who|which|that|where|and|but|so|since|because)\b|$)/u.exec(s.text)).find(Boolean);
    return m ? `Ask me what a working day ${m[1] === "as" ? "as" : "in"} ${m[2]!.trim()} looks like, and tell me about yours.` : null;
  },
  (w) => {
    const i = short(w.facts.industry, 40);
    return i && !w.facts.job ? `I work in ${lowerFirst(i)}. What do you do, and would you choose it again?` : null;
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
    // Only a goal that says something ("a serious relationship", not "something real").
    const g = short(w.facts.lookingFor, 80);
    return g && isSpecific(g) ? `I'm on here for ${g}. What are you hoping to find?` : null;
  },
];

/**
 * For a detail of the match's own profile: a tip that says where to look and the message to send, never a bracketed
 * blank shown as finished text (issue 30, item 3).
 */
const TIPS: Build[] = [
  () => "On the photo of theirs you like most: “Okay, I need the story behind this one.”",
  () => "On the prompt of theirs you like best: “Your answer here is the best I've read today. Where did it come from?”",
  () => "Ask about an interest in their profile: “What's the best thing about it that nobody expects?”",
  () => "On a place in their photos: “If we went here together, what's the first thing we'd do?”",
  () => "On a line of theirs that sounds too good to be true: “Settle something for me: is this as good as it sounds?”",
];

/**
 * Premium's starters (text/starters.ts) with at least one built from the customer's own details, as every plan
 * with starters promises: when none of them uses a detail of theirs and one can be built, it takes the last place.
 */
export function withOneFromProfile(w: Writer, starters: string[], written: Said): string[] {
  if (starters.length === 0 || starters.some((s) => usesDetail(w, s))) return starters;
  const own = FROM_PROFILE.map((build) => build(w)).find((line) => line && line.length <= MAX_LENGTH && !leftOut(w.revision, line) && !written.repeats(line));
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
  // Starters are English lines of ours: a profile in another language gets none rather than English ones (issue 30).
  if (w.language.code !== "en") return [];
  const count = STARTERS_PER_PLAN.elite;
  const out: string[] = [];
  for (const build of [...FROM_PROFILE, ...TIPS]) {
    if (out.length === count) break;
    const line = build(w);
    if (!line || line.length > MAX_LENGTH || written.repeats(line) || leftOut(w.revision, line)) continue;
    written.add(line);
    out.push(line);
  }
  return out;
}
