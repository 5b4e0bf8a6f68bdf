/**
 * The dating-app strategy guide (premium and elite): how the app decides who sees you, what to put first, when and
 * how to write, and a weekly routine. App facts come from the rules table (apps.ts, with sources); the rest is
 * personalised with the customer's own facts and this result's rewrites.
 */
import type { PromptRewrite, StrategyGuide } from "../../shared/optimiser/result.ts";
import type { TextRewrite } from "./bio.ts";
import type { AppRules } from "../../shared/optimiser/apps.ts";
import { lowerFirst, withArticle } from "./compose.ts";
import type { Writer } from "./writer.ts";
import { fitToLimit } from "./fit.ts";
import { plain, said } from "./said.ts";
import { specificity } from "./signals.ts";

const POINT = 600;

interface Made {
  bio: TextRewrite | null;
  prompts: PromptRewrite[];
  starters: string[];
}

export function strategyGuide(w: Writer, made: Made): StrategyGuide | null {
  if (w.input.plan === "basic") return null;
  const { rules, facts, input } = w;
  const name = rules.name;
  // A topic is named ("climbing"), never a line of theirs quoted: a longer one is what the bio or an answer says.
  const topic = facts.topics.find((t) => plain(t).split(" ").length < 3);
  const ranked = [...made.prompts].sort((a, b) => specificity(b.optimised) - specificity(a.optimised));
  const strongest = ranked[0]?.prompt;

  const seen: string[] = [...rules.discovery];
  if (input.app === "hinge" && strongest) {
    seen.push(`Your answer to “${strongest}” is your most specific, so it is the one most likely to draw comments: keep it first among your prompts.`);
  }
  // The guide names the part it means ("your bio's opening line") and never copies its words: one edit of the bio
  // then needs no second edit here.
  if (input.app === "tinder" && made.bio) {
    seen.push("Your bio is read only once a photo has stopped someone, so the first photo does most of the work and your bio's opening line does the rest.");
  }
  if (input.app === "bumble" && made.bio) {
    seen.push("The top of your bio shows right under your first photo, so its opening line is the one nearly everyone reads: keep your most specific line there.");
  }
  if (input.app === "the_league") {
    // A field of a few words is named; a longer one is a line, which the bio or a starter says.
    const short = (field: string | null) => (field && plain(field).split(" ").length <= 4 ? field : null);
    const industry = short(facts.industry);
    const job = short(facts.job);
    const work = industry ? `your work in ${lowerFirst(industry)}` : job ? `your work as ${withArticle(job)}` : null;
    const about = [work, topic].filter(Boolean).join(" and ");
    const named = `With only a few profiles a day, members read each one properly: ${about} ${work && topic ? "give" : "gives"} them something specific to ask about.`;
    // Their work is named, not quoted: an industry field that is a whole line of their bio is left to the bio.
    const copies = said([made.bio?.optimised ?? "", ...made.prompts.map((p) => p.optimised)]).repeats(named);
    seen.push(about && !copies ? named : "With only a few profiles a day, members read each one properly, so every line of your profile gets seen.");
  }

  const order: string[] = [
    `What people see first on ${name}: ${rules.showsFirst}.`,
    "Put the clearest photo of just you first: your face in focus, no sunglasses, no group shot.",
    "Follow the photo order in this report: it puts your strongest photo first and leaves out weak or near-duplicate ones.",
  ];
  if (topic) order.push(`If you have a photo that shows ${topic}, put it second: it backs up what your profile says and is easy to comment on.`);
  if (input.app === "hinge" && ranked.length > 1) {
    order.push(`Prompt order: ${ranked.map((p) => `“${p.prompt}”`).join(", then ")}, so your most specific answer sits near your first photo.`);
  }

  const message: string[] = [...rules.firstMessage];
  if (made.starters.length > 0) {
    message.push(`Start from one of the ${made.starters.length} conversation starters in this report and fit it to something in their profile.`);
  }
  message.push(FIRST_MESSAGE[input.app]);

  const routine: string[] = [
    ...rules.routine,
    "Two short sessions a day of 10 to 15 minutes work better than one long one: you stay choosy and reply while matches are fresh.",
    `Once a week, look at which part of your profile gets replies and swap the weakest line (${weakestLine(rules)}) for something new from your own life.`,
    facts.idealFirstDate
      ? `After a few good messages, suggest meeting within the week; your own first-date idea is ready to go${whereSaid(made, facts.idealFirstDate)}.`
      : "After a few good messages, suggest meeting within the week, somewhere easy for both of you to get to.",
  ];

  return {
    title: `Your strategy guide for ${name}`,
    sections: [
      { heading: `How ${name} decides who sees you`, points: seen },
      { heading: "Your first photo and profile order", points: order },
      { heading: "When and how to send the first message", points: message },
      { heading: "Your weekly routine", points: routine },
    ].map((s) => ({ ...s, points: s.points.slice(0, 10).map((p) => fitToLimit(p, POINT)) })),
  };
}

/** Where in this result a fact of theirs is written (", in your bio"), for a point that refers to it; "" when nowhere. */
function whereSaid(made: Made, fact: string): string {
  if (made.bio && said([made.bio.optimised]).has(fact)) return ", in your bio";
  const answer = made.prompts.find((p) => said([p.optimised]).has(fact));
  return answer ? `, in your answer to “${answer.prompt}”` : "";
}

function weakestLine(rules: AppRules): string {
  if (rules.bioLimit === null) return "a prompt answer";
  return rules.promptCount > 0 ? "a prompt answer or your bio's closing question" : "your bio's closing question";
}

const FIRST_MESSAGE: Record<Writer["input"]["app"], string> = {
  hinge: "Comment on one specific photo or prompt instead of sending a bare like, and pick up their words so they know you read it.",
  bumble: "When it is yours to send, send it the day you match: the 24 hours start at the match, and a line that shows you read their profile beats a plain “hey”.",
  tinder: "Write within a day of matching while it is fresh, and keep it to one or two light lines about something in their profile.",
  the_league: "Write within a day of matching and make it specific to their profile; thoughtful beats clever here.",
};
