/**
 * The summary at the top of the analysis: what already works, what holds the profile back, and what this plan did
 * about it, in a few plain sentences that quote the customer's own words.
 */
import type { Finding, PromptRewrite } from "../../shared/optimiser/result.ts";
import type { TextRewrite } from "./bio.ts";
import { joinList, lowerFirst } from "./compose.ts";
import type { Writer } from "./writer.ts";
import { fitToLimit, shorten } from "./fit.ts";
import { norm } from "./match.ts";
import { NOTES } from "./notes.ts";
import { plain, said } from "./said.ts";
import { capitalise } from "./sentences.ts";

interface Inputs {
  writer: Writer;
  strengths: Finding[];
  problems: Finding[];
  bio: TextRewrite | null;
  prompts: PromptRewrite[];
  starters: string[];
}

/** How each problem reads in a list, given how many there are ("2 clichés"). */
const PROBLEM_WORDS: Record<string, (n: number) => string> = {
  Cliché: (n) => (n === 1 ? "a cliché" : `${n} clichés`),
  "Negative tone": (n) => (n === 1 ? "a negative line" : `${n} negative lines`),
  Demand: (n) => (n === 1 ? "a demand" : `${n} demands`),
  "Low effort": (n) => (n === 1 ? "a low-effort line" : `${n} low-effort lines`),
  "Too long": (n) => (n === 1 ? "text over the app's limit" : `${n} texts over the app's limit`),
  "Empty bio": () => "an empty bio",
  "Empty answer": (n) => (n === 1 ? "an empty answer" : `${n} empty answers`),
  "One-word answer": (n) => (n === 1 ? "a one-word answer" : `${n} one-word answers`),
  "One-word bio": () => "a one-word bio",
  "Too short": (n) => (n === 1 ? "a text that is too short" : `${n} texts that are too short`),
  Vague: (n) => (n === 1 ? "a vague line" : `${n} vague lines`),
  "No hook": (n) => (n === 1 ? "no question or invitation to reply to" : `no question or invitation to reply to in ${n} places`),
  "Unused prompt": () => "an unused prompt slot",
  "Longer than most people read": () => "a bio longer than most people read",
};
const QUOTED = new Set(["Cliché", "Negative tone", "Demand", "Low effort"]);

export function summarise({ writer: w, strengths, problems, bio, prompts, starters }: Inputs): string {
  const name = w.rules.name;
  const where = w.rules.bioLimit === null ? `${name} answers` : `${name.replace(/^The /, "")} profile`;
  const has = w.rules.bioLimit === null ? "have" : "has";
  const sentences: string[] = [];
  // Another language: the English rules found nothing they could read, so the summary says only what was done and
  // what the language-blind checks found (an empty part, a text over the limit), never "nothing holds it back".
  const foreign = w.language.code !== "en";
  if (foreign) sentences.push(whatWeDid(w, bio, prompts, starters));

  // What is good is named by the part it is in, never quoted: the part itself says it (written once, issue 28).
  const detail = strengths.find((s) => s.title === "Concrete details");
  const other = strengths.find((s) => s.title !== "Concrete details");
  if (foreign) {
    // Said above.
  } else if (detail?.phrase) {
    const part = partName(w, detail.field);
    sentences.push(part ? `${capitalise(part)} already has the kind of detail people remember.` : `Your ${where} already ${has} the kind of detail people remember.`);
  } else if (other) {
    const part = partName(w, other.field);
    sentences.push(`There is a good start here: ${other.title.toLowerCase()}${part ? ` in ${part}` : ""}.`);
  } else if (hasFacts(w)) {
    sentences.push(`Your ${where} ${has === "has" ? "doesn't" : "don't"} show much of you yet, so we worked from the details you gave us.`);
  } else {
    sentences.push(`Your ${where} is empty so far, so we wrote an opening that invites replies without claiming anything about you.`);
  }

  const result = said([bio?.optimised ?? "", ...prompts.map((p) => p.optimised)]);
  if (problems.length > 0) {
    const counts = new Map<string, Finding[]>();
    for (const p of problems) counts.set(p.title, [...(counts.get(p.title) ?? []), p]);
    const listed = [...counts].map(([title, found]) => {
      const label = PROBLEM_WORDS[title]?.(found.length) ?? title.toLowerCase();
      // A phrase still in the result (a part kept as written) is not quoted again: the part shows it.
      const quotes = QUOTED.has(title) ? found.filter((f) => f.phrase && !result.has(f.phrase)).slice(0, 2).map((f) => `“${shorten(f.phrase!, 40)}”`) : [];
      return quotes.length > 0 ? `${label} (${quotes.join(", ")})` : label;
    });
    sentences.push(`What holds it back: ${joinList(listed.slice(0, 5))}.`);
  } else if (!foreign) {
    sentences.push("We found nothing that holds it back, so the changes are about sharpening, not fixing.");
  }

  // Nothing about a revision note here: the local analyser cannot tell whether what it did answers the note, so the
  // parts' own notes say what changed, and the writer's brief carries the note (issue 28, item 3).
  if (!foreign) sentences.push(whatWeDid(w, bio, prompts, starters));
  return fitToLimit(sentences.join(" "), 1200);
}

function whatWeDid(w: Writer, bio: TextRewrite | null, prompts: PromptRewrite[], starters: string[]): string {
  if (w.language.code !== "en") {
    const texts = [bio ? "your bio" : null, prompts.length > 1 ? "your answers" : prompts.length === 1 ? "your answer" : null].filter(Boolean);
    const one = texts.length === 1 && !texts[0]!.endsWith("s");
    return `Your profile is written in ${w.language.name}, and our automatic edits are for English text, so ${joinList(texts as string[]) || "your texts"} ${one ? "stays as you wrote it" : "stay as you wrote them"}.`;
  }
  // Only facts that really are in the rewritten texts.
  const written = norm([bio?.optimised ?? "", ...prompts.filter((p) => p.rewritten).map((p) => p.optimised)].join(" "));
  const candidates = [...w.facts.topics, w.facts.industry, w.facts.job, w.facts.idealFirstDate].filter((f): f is string => !!f);
  // Short facts only ("climbing", "Bristol"): a longer one (a first-date idea) is a line of a part, not repeated here.
  const short = (f: string) => plain(f).split(" ").length < 3;
  const keyFacts = candidates.filter((f) => short(f) && ` ${written} `.includes(` ${norm(f)} `)).slice(0, 3).map(lowerFirst);
  const kept = keyFacts.length > 0 ? `, keeping your own facts (${joinList(keyFacts)})` : "";
  const rewritten = prompts.filter((p) => p.rewritten);
  // "Edited", never "rewrote": the local analyser cuts, reorders and adds a closing line to the customer's own words.
  const answers =
    rewritten.length === 0 ? "" : rewritten.length === prompts.length ? "every prompt answer" : `${rewritten.length} of your ${prompts.length} answers`;
  const extras = starters.length > 0 ? ` You also get ${starters.length} conversation starters and a strategy guide for ${w.rules.name}.` : "";

  const bioKept = !!bio?.original && norm(bio.optimised) === norm(bio.original);
  // Kept because it is strong, or because nothing we could write was better: the summary says which.
  const strong = bioKept && !bio?.notes.some((n) => n === NOTES.keptNotBetter);
  if (w.input.plan === "basic") {
    if (bio && bioKept) return strong ? "Your bio needed no edits, so we kept it exactly as you wrote it." : "We kept your bio as you wrote it: our automatic edit could not improve it.";
    const alsoAnswers = answers ? `, and edited ${answers}` : "";
    if (bio) return `We edited your bio lightly, keeping your own words, within ${w.rules.name}'s ${bio.limit} characters${alsoAnswers}; advice on the rest is in the notes.`;
    const weakest = rewritten[0];
    return weakest ? `We edited your weakest answer (“${weakest.prompt}”)${kept}, and left advice on the others.` : "We left advice on each answer in the notes.";
  }
  const bioPart = !bio
    ? ""
    : bioKept
      ? strong
        ? "kept your bio exactly as you wrote it, since it already works"
        : "kept your bio as you wrote it, since our automatic edit could not improve it"
      : `edited your bio from your own sentences${kept}, within ${w.rules.name}'s ${bio.limit} characters`;
  const answerPart = answers ? `edited ${answers}${bio ? "" : kept}` : "";
  const did = [bioPart, answerPart].filter(Boolean).join(", and ");
  return `We ${did || "kept your strong answers as they are"}.${extras}`;
}

/** The part a finding is about, as the customer knows it: "your bio", "your answer to “…”"; null for the profile. */
function partName(w: Writer, field: string | undefined): string | null {
  if (field === "bio") return "your bio";
  const prompt = /^prompt([1-3])$/.exec(field ?? "");
  const asked = prompt ? w.input.profile.prompts[Number(prompt[1]) - 1]?.prompt : undefined;
  return asked ? `your answer to “${asked}”` : null;
}

function hasFacts(w: Writer): boolean {
  const f = w.facts;
  const fields = f.job ?? f.industry ?? f.lookingFor ?? f.idealFirstDate;
  return f.bio.length > 0 || f.interests.length > 0 || f.prompts.some((p) => p.cleaned) || fields !== null;
}
