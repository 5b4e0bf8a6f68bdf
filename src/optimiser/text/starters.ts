/**
 * Conversation starters the customer can send, built from their own interests, first-date idea, job, prompts and
 * vibes, in the manner of each app: on Hinge a comment on a specific prompt of the match; on Bumble a first move
 * that has to land within 24 hours; on Tinder short and light; on The League thoughtful and aware of work and vibe.
 * When the profile runs out of material, the rest are open questions about the match that claim nothing about the
 * customer.
 */
import type { DatingApp } from "../../shared/profiles/options.ts";
import { STARTERS_PER_PLAN } from "../../shared/optimiser/result.ts";
import { joinList, lowerFirst, withArticle } from "./compose.ts";
import type { Writer } from "./writer.ts";
import type { Facts } from "./facts.ts";
import { leftOut } from "./revision.ts";
import type { Said } from "./said.ts";

/** Starters are messages; long ones go unread, and 300 is well inside the schema's limit. */
const MAX_LENGTH = 280;

type Template = (f: Facts) => string | null;

const short = (text: string | null, max: number) => (text && text.length <= max ? text : null);

const TEMPLATES: Record<DatingApp, Template[]> = {
  tinder: [
    (f) => (f.topics[1] ? `Quick one: ${f.topics[0]} or ${f.topics[1]}? Your answer decides our first date.` : null),
    (f) => (short(f.idealFirstDate, 90) ? `First-date pitch: ${lowerFirst(f.idealFirstDate!)}. Yes, no, or counter-offer?` : null),
    (f) => (f.topics[0] && /ing$/u.test(f.topics[0]) ? `Rate your ${f.topics[0]} skills out of 10. I'll go second.` : null),
    (f) => (short(f.job, 40) ? `You get three guesses at what ${withArticle(f.job!)} does all day. Go.` : null),
    (f) => (short(f.anthem, 60) ? `My song of the moment is ${f.anthem}. What's yours? Choose wisely.` : null),
    (f) => {
      // A topic the first starter did not already use.
      const topic = f.topics[2] ?? (f.topics.length === 1 ? f.topics[0] : undefined);
      return topic ? `Be honest: how do you feel about ${topic}? A lot rides on this.` : null;
    },
    () => "Two-word review of your week so far. Go.",
    () => "Your photos raise questions. What's the best story behind one of them?",
    () => "What's the best thing you've eaten this month? I'm taking notes.",
    () => "Important first question: what are you doing this weekend that beats swiping?",
    () => "Give me one reason you're the most interesting match I've had today.",
  ],
  bumble: [
    (f) => (f.topics[1] ? `Starting us off with the important stuff: ${f.topics[0]} or ${f.topics[1]}?` : null),
    (f) => (short(f.idealFirstDate, 90) ? `My first-date idea: ${lowerFirst(f.idealFirstDate!)}. Would you say yes, or counter with something better?` : null),
    (f) => (f.prompts[0] ? `What would your answer to “${f.prompts[0].prompt}” be? Mine's on my profile, and I'm curious how they compare.` : null),
    (f) => (f.topics[0] ? `Where do you stand on ${f.topics[0]}? Asking for important first-date reasons.` : null),
    (f) => (short(f.lookingFor, 80) ? `What are you hoping to find on here? I'm looking for ${f.lookingFor}.` : null),
    (f) => (short(f.job, 40) ? `I'm ${withArticle(f.job!)}; what do you do when you're not on here?` : null),
    (f) => (short(f.anthem, 60) ? `My song of the moment is ${f.anthem}. What's yours?` : null),
    () => "Using my first move on you: what's the story behind your first photo?",
    () => "What's the best thing that happened to you this week? I'll trade you mine.",
    () => "Quick question before the 24 hours run out: what's your ideal Sunday?",
    () => "Your profile got me curious. What's something about you that isn't in it?",
    () => "If you could be anywhere this weekend, where would it be? I'll tell you mine.",
  ],
  hinge: [
    (f) => (f.topics[1] ? `On a prompt of theirs about free time: “Good answer. Now the real test: ${f.topics[0]} or ${f.topics[1]}?”` : null),
    (f) => (short(f.idealFirstDate, 90) ? `On a prompt of theirs about dates or plans: “Sounds like a good time. My pitch: ${lowerFirst(f.idealFirstDate!)}. Deal?”` : null),
    (f) => (f.topics[0] ? `On a prompt of theirs about food, music or hobbies: “Bold choice. Would it survive a head-to-head with ${f.topics[0]}?”` : null),
    (f) => (f.prompts[0] ? `When someone likes your “${f.prompts[0].prompt}” answer, reply with: “Thank you! Your turn: what would yours be?”` : null),
    (f) => (short(f.anthem, 60) ? `On a prompt of theirs about music: “Good taste. Does it beat ${f.anthem}?”` : null),
    (f) => (short(f.job, 40) ? `On a prompt of theirs about work or ambitions: “Love this. What's the next step for you? I'm ${withArticle(f.job!)}, so I'll trade you mine.”` : null),
    () => "On the prompt of theirs you like best: “This is the best answer I've read today. What's the story behind it?”",
    () => "On a photo of theirs that shows a place: “Okay, where is this, and should it be on my list?”",
    () => "On a prompt of theirs with a strong opinion: “I have questions. Defend this over a first date?”",
    () => "On a prompt of theirs you half agree with: “Agree with half of this. Which half do you think?”",
    () => "On a prompt of theirs that made you laugh: “This got a real laugh out of me. Is there a story behind it?”",
  ],
  the_league: [
    (f) => (short(f.industry, 60) ? `What got you into your line of work? I'll tell you how I ended up in ${lowerFirst(f.industry!)} if you go first.` : null),
    (f) => (short(f.lookingFor, 80) ? `I'm looking for ${f.lookingFor}. What's the one thing you're looking for that most profiles don't say?` : null),
    (f) => (f.topics[0] ? `Outside work, it's ${f.topics[0]} for me. What's yours when the week is done?` : null),
    (f) => (f.vibes.length > 0 ? `I'd describe my vibe as ${joinList(f.vibes.slice(0, 3))}. How would your friends describe yours?` : null),
    (f) => (short(f.idealFirstDate, 90) ? `First-date idea, since The League is about actually meeting: ${lowerFirst(f.idealFirstDate!)}. Would that work for you?` : null),
    (f) => (!f.industry && short(f.job, 40) ? `What got you into what you do? I'll tell you my route to being ${withArticle(f.job!)} if you go first.` : null),
    (f) => (short(f.education, 60) ? `Where did you study, and would you choose it again? Mine was ${f.education}.` : null),
    () => "What's something you're working towards this year, in or out of work?",
    () => "What's the best decision you made this year?",
    () => "What does a good week look like for you, work and everything else?",
    () => "Which part of your work would you happily talk about for an hour?",
    () => "What's an idea you've changed your mind about recently?",
  ],
};

/**
 * `written`: what the result already says (its bio and answers). A starter that would repeat one of its lines (the
 * customer's first-date idea, already in an answer) is passed over for the next: each line is said once.
 */
export function conversationStarters(w: Writer, written: Said): string[] {
  const count = STARTERS_PER_PLAN[w.input.plan];
  const out: string[] = [];
  for (const template of TEMPLATES[w.input.app]) {
    if (out.length === count) break;
    const line = template(w.facts);
    if (!line || line.length > MAX_LENGTH || written.repeats(line) || leftOut(w.revision, line)) continue;
    written.add(line);
    out.push(line);
  }
  return out;
}
