/**
 * Issue 19's examples of harm, each as found by a paying customer, and the limits that failed a paid order.
 */
import { describe, expect, test } from "bun:test";
import { PLAN_IDS } from "../../shared/orders/plans.ts";
import { createLocalOptimiser } from "../local.ts";
import { RESULT_LIMITS } from "../../shared/optimiser/result.ts";
import { analyseText } from "./analyse.ts";
import { cleanText } from "./clean.ts";
import { inputFor } from "./corpus.fixture.ts";

const texts = (r: ReturnType<typeof analyseText>) => [r.bio?.optimised ?? "", ...r.prompts.map((p) => p.optimised)].filter(Boolean);

describe("no valid submission fails on a limit", () => {
  // Fifteen sentences, 795 characters: the note listing what was left out ran past 400 characters.
  const bio = [
    "I grew up on a farm in Cork and still wake at six.", "Now I teach chemistry at a secondary school in Leeds.", "On weekends I climb at the Depot or cycle the Dales.",
    "I bake a very good lemon drizzle and a very bad baguette.", "Currently reading everything by Ursula Le Guin.", "I play bass in a covers band that knows four songs.",
    "My sister says I am too competitive at board games.", "I have run two marathons and walked most of a third.", "Learning Italian for a trip to Bologna next spring.",
    "I volunteer at the food bank on Thursday evenings.", "I can name every Pokemon from the first generation.", "Looking for someone who likes long dinners and longer walks.",
    "Tell me your favourite book and I will judge you kindly.", "Dogs over cats, but I will pet any animal that lets me.", "Coffee black, tea with milk, opinions strong.",
  ].join(" ");

  test.each([...PLAN_IDS])("a long Tinder bio on %s completes, every note within its limit", async (plan) => {
    const result = await createLocalOptimiser().optimise(inputFor({ app: "tinder", profile: { bio: `${bio} ${bio}`.slice(0, 2000) } }, plan));
    expect(result.bio!.optimised.length).toBeLessThanOrEqual(500);
    for (const note of result.bio!.notes) expect(note.length).toBeLessThanOrEqual(RESULT_LIMITS.note);
  });
});

describe("edits work on whole words, clauses and sentences", () => {
  test("a cliché across a joining word goes whole: never “Chil kinda guy”", () => {
    for (const plan of PLAN_IDS) {
      const r = analyseText(inputFor({ app: "tinder", profile: { bio: "Netflix and chill kinda guy. I fix old Vespas in my garage in Bristol and make a decent lasagne." } }, plan));
      expect(r.bio!.optimised).not.toMatch(/chil\b|kinda guy/i);
      expect(r.bio!.optimised).toContain("I fix old Vespas in my garage in Bristol");
    }
  });

  test("a demand goes whole, with its list of conditions and the condition set before it", () => {
    const bio = "Nurse in Leeds, I run the canal path every morning. If your pics are all filters, don't bother. Don't message me if you smoke, have kids or can't hold a conversation.";
    for (const plan of PLAN_IDS) {
      const out = analyseText(inputFor({ app: "tinder", profile: { bio } }, plan)).bio!.optimised;
      expect(out).not.toMatch(/filters|have kids|conversation/i);
      expect(out).toContain("Nurse in Leeds, I run the canal path every morning.");
    }
    expect(cleanText("Swipe left if you're rude or boring, I'm a teacher in Leeds.").text).toBe("I'm a teacher in Leeds.");
    expect(cleanText("Swipe left if your pics are all filters, I'm not interested. I run.").text).toBe("I run.");
    expect(cleanText("Nurse in Leeds. Have kids or can't hold a conversation? Keep scrolling.").text).toBe("Nurse in Leeds.");
    expect(cleanText("Do you like jazz? I play sax in Leeds.").text).toBe("Do you like jazz? I play sax in Leeds.");
  });

  test("no lower-case fragment after a full stop and no “,.” scar", () => {
    const input = (plan: (typeof PLAN_IDS)[number]) =>
      inputFor({ app: "bumble", profile: { bio: "Barista at a tiny roastery in Brighton, learning to surf badly.", prompts: [{ prompt: "After work, you can find me", response: "at the gym or on the couch with Netflix, honestly. Sometimes playing guitar badly." }] } }, plan);
    for (const plan of PLAN_IDS) {
      for (const text of texts(analyseText(input(plan)))) {
        expect(text).not.toMatch(/[,;:]\s*[.!?]/);
        expect(text).not.toMatch(/[.!?]\s+\p{Ll}/u);
      }
      // The answer continues the prompt, so its first line stays first.
      expect(analyseText(input(plan)).prompts[0]!.optimised.startsWith("at the gym")).toBe(true);
    }
  });

  test("no template lines: no “Into …”, “Vibes: …” or a career line repeating the bio", () => {
    const profile = {
      bio: "Product manager in fintech. I spend weekends sailing on the Solent and cooking Sichuan food for friends.",
      industry: "Financial services",
      jobTitle: "Product manager",
      lookingFor: "Something serious",
      vibes: "dry humour, ambitious",
      education: "LSE",
    };
    for (const plan of PLAN_IDS) {
      const bio = analyseText(inputFor({ app: "the_league", profile }, plan)).bio!.optimised;
      expect(bio).not.toMatch(/^Into |\. Into |Vibes:|Working in|Education:/);
      expect(bio).toContain("Product manager in fintech.");
    }
  });
});

describe("a strong text is kept as written", () => {
  const twoTruths = "I've been stung by a jellyfish in Bali. I can juggle five oranges. I once met Dolly Parton at a petrol station. Guess the lie.";
  test.each([...PLAN_IDS])("a strong “Two truths and a lie” on %s", (plan) => {
    const r = analyseText(inputFor({ app: "hinge", profile: { prompts: [{ prompt: "Two truths and a lie", response: twoTruths }] } }, plan));
    expect(r.prompts[0]!.optimised).toBe(twoTruths);
    expect(r.prompts[0]!.rewritten).toBe(false);
    expect((r.prompts[0]!.needsWriter ?? null) !== null).toBe(plan === "elite");
  });

  test("an edit that is not better keeps the original, says so and marks it for a writer", () => {
    // Nothing to remove, and a closing line of ours would not fit beside their words: no edit is better than theirs.
    const bio =
      "Gardener at Kew, where I look after the alpine house and its very moody cacti. Weekends I cycle to Richmond Park with a flask of builder's tea and a book by Ursula Le Guin. I have grown the same tomato plant from seed for six summers running and named every one of them Gerald.";
    expect(bio.length).toBeLessThanOrEqual(300);
    const r = analyseText(inputFor({ app: "bumble", profile: { bio } }, "premium"));
    expect(r.bio!.optimised).toBe(bio.trim());
    expect(r.bio!.notes[0]).toContain("kept your bio as you wrote it");
    expect(r.bio!.needsWriter?.reason).toContain("not better than the customer's own text");
    expect(r.analysis.summary).toContain("could not improve it");
    // What a person will do is the writer's to know, not a promise to the customer.
    expect([...r.bio!.notes, r.analysis.summary].join(" ")).not.toMatch(/writer|editor|by hand|rewrit/i);
  });

  test("a strong bio on premium is kept, said so, and marked for a writer; basic is kept without a flag", () => {
    const bio = "ICU nurse at St Mary's. Weekends: bouldering at The Depot and hunting down the best pho in Leeds. What's the last thing you got obsessed with?";
    const premium = analyseText(inputFor({ app: "tinder", profile: { bio } }, "premium"));
    expect(premium.bio!.optimised).toBe(bio);
    expect(premium.bio!.notes[0]).toContain("kept it exactly as you wrote it");
    expect(premium.bio!.needsWriter?.reason).toContain("judged strong");
    expect(premium.bio!.notes.join(" ")).not.toMatch(/writer|editor|will /i);
    expect(premium.needsWriter).not.toBeNull();
    const basic = analyseText(inputFor({ app: "tinder", profile: { bio } }, "basic"));
    expect(basic.bio!.optimised).toBe(bio);
    expect(basic.bio!.needsWriter ?? null).toBeNull();
  });

  test("a negative line never leads, and is never praised", () => {
    const bio = "I can't stand people who are always late to dinner at Dishoom. Pastry chef in Bath, I bake sourdough at 4am and swim in the river on Sundays.";
    for (const plan of ["premium", "elite"] as const) {
      const r = analyseText(inputFor({ app: "bumble", profile: { bio } }, plan));
      expect(r.bio!.optimised.startsWith("I can't stand")).toBe(false);
      expect(r.analysis.strengths.some((s) => s.phrase?.includes("can't stand"))).toBe(false);
    }
  });
});

describe("light corrections and the customer's goal", () => {
  const bio = "Hello! I am Marco, I live in Milan since 3 years. I work like software engineer. I like cooking risotto and climbing in the Dolomites. I search a serious relation with a kind woman.";
  test.each([...PLAN_IDS])("%s: corrected, and the goal kept", (plan) => {
    const r = analyseText(inputFor({ app: "tinder", profile: { bio } }, plan));
    const out = r.bio!.optimised;
    expect(out).toContain("I've lived in Milan for 3 years");
    expect(out).toContain("I work as a software engineer");
    expect(out).toContain("I'm looking for a serious relationship with a kind woman");
    expect(r.bio!.notes.join(" ")).toContain("Corrected the English lightly");
  });

  test("word order and verbs of other languages", () => {
    expect(cleanText("I come from Napoli but since 3 years I live in Berlin. In my free time I make sports.").text).toBe(
      "I come from Napoli but for 3 years I've lived in Berlin. In my free time I do sports.",
    );
  });

  test("only the exact patterns: an idiom with an article stays", () => {
    expect(cleanText("I work like a dog on weekdays and sail on Sundays.").text).toBe("I work like a dog on weekdays and sail on Sundays.");
  });
});

describe("findings agree with themselves and with the app", () => {
  test("a phrase is never both a strength and a problem", () => {
    const r = analyseText(inputFor({ app: "tinder", profile: { bio: "Adventure seeker who has hiked Kilimanjaro. Foodie who makes ramen from scratch in Leeds." } }, "premium"));
    for (const s of r.analysis.strengths.filter((f) => f.phrase)) {
      expect(r.analysis.problems.some((p) => p.phrase && (p.phrase.includes(s.phrase!) || s.phrase!.includes(p.phrase)))).toBe(false);
    }
  });

  test("“Good length” only inside the research's range, and a finding above it", () => {
    const words = Array.from({ length: 50 }, (_, i) => (i % 10 === 9 ? "Leeds." : "climbing")).join(" ");
    const r = analyseText(inputFor({ app: "tinder", profile: { bio: words } }, "premium"));
    expect(r.analysis.strengths.some((s) => s.title === "Good length")).toBe(false);
    expect(r.analysis.problems.some((p) => p.title === "Longer than most people read")).toBe(true);
  });

  test("The League's findings never cite Tinder's research", () => {
    const r = analyseText(inputFor({ app: "the_league", profile: { bio: "Architect in Clerkenwell who restores a 1972 Land Rover.", lookingFor: "someone curious" } }, "premium"));
    const all = [...r.analysis.strengths, ...r.analysis.problems].map((f) => f.reason).join(" ") + (r.strategyGuide?.sections.flatMap((s) => s.points).join(" ") ?? "");
    expect(all).not.toContain("Tinder");
  });

  test("two Bumble answers fill the form: no “Unused prompt”", () => {
    const prompts = [
      { prompt: "My happy place is", response: "The top of Conic Hill at sunrise, flask of tea in hand. Where's yours?" },
      { prompt: "My perfect day", response: "Swim at Portobello, chips on the prom, a gig at the Usher Hall." },
    ];
    const r = analyseText(inputFor({ app: "bumble", profile: { bio: "Architect in Glasgow hunting old cameras at the Barras.", prompts } }, "premium"));
    expect(r.analysis.problems.some((p) => p.title === "Unused prompt")).toBe(false);
    const one = analyseText(inputFor({ app: "bumble", profile: { bio: "Architect in Glasgow hunting old cameras at the Barras.", prompts: prompts.slice(0, 1) } }, "premium"));
    expect(one.analysis.problems.find((p) => p.title === "Unused prompt")?.reason).toContain("takes 2 prompts");
  });
});
