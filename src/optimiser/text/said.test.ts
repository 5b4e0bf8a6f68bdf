import { describe, expect, test } from "bun:test";
import { findingsText } from "../../shared/optimiser/parts.ts";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import { repeatedLines } from "../eval/checks.ts";
import { EMPTY_PROFILE_TEXT, type OptimiserInput, type ProfileText } from "../input.ts";
import { createLocalOptimiser } from "../local.ts";
import { linesOf, said } from "./said.ts";

const optimise = (app: OptimiserInput["app"], plan: OptimiserInput["plan"], profile: Partial<ProfileText>) =>
  createLocalOptimiser().optimise({ profileId: "said", app, plan, reason: "initial", revisionNotes: null, profile: { ...EMPTY_PROFILE_TEXT, ...profile }, photos: [] });

/** Every text of ours or theirs a result says (a finding's phrase quotes the customer's original, which it is about). */
const allTexts = (r: OptimisationResult) => [
  r.bio?.optimised ?? "",
  ...r.prompts.map((p) => p.optimised),
  ...r.conversationStarters,
  ...(r.strategyGuide?.sections.flatMap((s) => s.points) ?? []),
  r.analysis.summary,
  ...[...r.analysis.problems, ...r.analysis.strengths].map((f) => f.reason),
];

describe("what a result has said", () => {
  test("its lines are sentences and the clauses between colons, brackets and quotation marks, three words or more", () => {
    expect(linesOf("First-date pitch: a ferry to Cowes and chips. Deal? (Yes, “really”.)")).toEqual([
      "first date pitch a ferry to cowes and chips",
      "first date pitch",
      "a ferry to cowes and chips",
    ]);
  });

  test("a line repeats when it is said again whole, quoted, or five words of it inside a longer line; a fact named again does not", () => {
    const ledger = said(["Glassblower in Bath. A ferry to Cowes and chips on the quay. Join me?"]);
    expect(ledger.repeats("My idea: “a ferry to Cowes and chips on the quay”.")).toBe(true);
    expect(ledger.repeats("Would you say yes to a ferry to Cowes and chips on the quay, or something calmer?")).toBe(true);
    expect(ledger.repeats("Glassblower in Bath.")).toBe(true);
    expect(ledger.repeats("What's the best thing you've made from glass?")).toBe(false);
    expect(ledger.repeats("Bath or Cowes?")).toBe(false);
    expect(ledger.has("a ferry to Cowes")).toBe(true);
  });

  test("a prompt's title names a part: a reference to it is no repeat", () => {
    const ledger = said(["Read my answer to “My simple pleasures” below, then tell me yours."], ["My simple pleasures"]);
    expect(ledger.repeats("What would your answer to “My simple pleasures” be?")).toBe(false);
  });
});

describe("written once, said everywhere (issue 28, item 4)", () => {
  const date = "A pottery class in Walthamstow, then dumplings on Hoe Street";
  const hinge = {
    jobTitle: "Tram driver",
    idealFirstDate: date,
    prompts: [
      { prompt: "My simple pleasures", response: "meh, you tell me" },
      { prompt: "Two truths and a lie", response: "I have driven a tram through a snowstorm. I own 40 cacti. I have met a Beatle." },
      { prompt: "Dating me is like", response: "A long lunch that turns into dinner at the lido cafe." },
    ],
  };

  test("a weak answer is never filled with another field's text: it is an open question, marked for the writer", async () => {
    for (const plan of ["premium", "elite"] as const) {
      const r = await optimise("hinge", plan, hinge);
      const weak = r.prompts[0]!;
      expect(weak.optimised).not.toContain("pottery");
      expect(weak.needsWriter?.reason).toContain("“My simple pleasures”");
      expect(weak.needsWriter?.reason).toContain("“meh, you tell me”");
      expect(weak.notes.join(" ")).not.toMatch(/writer|editor|will /i);
      expect(r.needsWriter).not.toBeNull();
    }
  });

  test("the first-date idea is in one part at most; the guide refers to it without quoting it", async () => {
    for (const plan of ["premium", "elite"] as const) {
      const r = await optimise("hinge", plan, hinge);
      expect(repeatedLines(r, { ...EMPTY_PROFILE_TEXT, ...hinge })).toEqual([]);
      expect(allTexts(r).filter((t) => t.toLowerCase().includes("dumplings on hoe street")).length).toBeLessThanOrEqual(1);
      const meeting = r.strategyGuide!.sections.flatMap((s) => s.points).find((p) => p.includes("first-date idea"))!;
      expect(meeting).toBeDefined();
      expect(meeting).not.toContain("pottery");
    }
  });

  test("the guide names the bio's opening line and never copies it", async () => {
    const bio = "Glassblower in Bath: I make lamps nobody can afford, including me. Weekends are sea swims at Clevedon. Tell me the last thing you made with your hands.";
    const r = await optimise("tinder", "premium", { bio, interests: "glass, sea swimming" });
    const points = r.strategyGuide!.sections.flatMap((s) => s.points).join("\n");
    expect(points).toContain("your bio's opening line");
    expect(points).not.toContain("Glassblower in Bath");
    expect(repeatedLines(r, { ...EMPTY_PROFILE_TEXT, bio, interests: "glass, sea swimming" })).toEqual([]);
  });

  test("no starter quotes the bio or an answer; one names their answer instead", async () => {
    const profile = {
      bio: "Locksmith in Hull. I restore old bicycles in a shed that is mostly spiders. Ask me about the worst lock I ever opened.",
      prompts: [{ prompt: "My most useless skill", response: "I can whistle the whole of the Blue Peter theme backwards." }],
    };
    const r = await optimise("bumble", "elite", profile);
    for (const s of r.conversationStarters) {
      expect(s).not.toContain("whistle the whole");
      expect(s).not.toContain("mostly spiders");
    }
    expect(r.conversationStarters.some((s) => s.includes("“My most useless skill”"))).toBe(true);
    expect(repeatedLines(r, { ...EMPTY_PROFILE_TEXT, ...profile })).toEqual([]);
  });

  test("an answer leaves out a line the bio already says, and says why", async () => {
    const profile = {
      bio: "Beekeeper in Ludlow with two hives on a roof. I make terrible candles from the wax.",
      prompts: [{ prompt: "I'm known for", response: "I make terrible candles from the wax. Also for losing at darts." }],
    };
    const r = await optimise("bumble", "premium", profile);
    const answer = r.prompts[0]!;
    expect(answer.optimised).not.toContain("terrible candles");
    expect(answer.optimised).toContain("losing at darts");
    expect(answer.notes.join(" ")).toContain("another part of your profile already says it");
  });
});

describe("the recommendations agree with the answers", () => {
  test("a problem in an answer kept as written says it was kept, and is advice, not something still to be fixed by us", async () => {
    // Basic edits only the weakest answer: the other one without a question is kept as written.
    const profile = {
      idealFirstDate: "Crazy golf in Margate",
      prompts: [
        { prompt: "My simple pleasures", response: "idk" },
        { prompt: "Dating me is like", response: "Sharing chips on the beach at Margate while the gulls plot against us." },
      ],
    };
    const r = await optimise("hinge", "basic", profile);
    const kept = r.prompts[1]!;
    expect(kept.rewritten).toBe(false);
    const problems = r.analysis.problems.filter((p) => p.field === "prompt2");
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p.reason).toStartWith("Kept as you wrote it");
    expect(findingsText(r)).toContain("in “Dating me is like”: Kept as you wrote it");
    // A rewritten answer's problems are the ones the edit dealt with: no "kept" there.
    for (const p of r.analysis.problems.filter((p) => p.field === "prompt1")) expect(p.reason).not.toContain("Kept as you wrote it");
  });
});
