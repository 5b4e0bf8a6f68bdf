/**
 * Issue 30's kinds of harm, each with a profile written for it: another language, demands and put-downs in phrasings
 * the rules were not written from, starters with blanks or quotes, grammar scars, and broken sentences.
 */
import { describe, expect, test } from "bun:test";
import { toWrite } from "../../shared/admin/desk.ts";
import { resultSignals } from "../../shared/admin/review-state.ts";
import { PLAN_IDS } from "../../shared/orders/plans.ts";
import { createLocalOptimiser } from "../local.ts";
import { analyseText } from "./analyse.ts";
import { cleanText, findProblems } from "./clean.ts";
import { asActivity, withArticle } from "./compose.ts";
import { inputFor } from "./corpus.fixture.ts";

const texts = (r: { bio: { optimised: string } | null; prompts: { optimised: string }[] }) => [r.bio?.optimised ?? "", ...r.prompts.map((p) => p.optimised)].filter(Boolean);

describe("another language (item 1)", () => {
  const german = {
    app: "bumble" as const,
    profile: {
      bio: "Tierärztin in Freiburg. Ich klettere im Schwarzwald und backe den besten Käsekuchen der Stadt. Keine Raucher, bitte.",
      interests: "Klettern, Backen",
      prompts: [{ prompt: "My happy place is", response: "Ein Felsen in der Sonne mit einem Stück Kuchen." }],
    },
  };

  test.each([...PLAN_IDS])("a German profile on %s comes back as written, with no English line and no starter", async (plan) => {
    const result = await createLocalOptimiser().optimise(inputFor(german, plan));
    expect(result.bio!.optimised).toBe(german.profile.bio);
    expect(result.prompts[0]!.optimised).toBe(german.profile.prompts[0]!.response);
    expect(result.conversationStarters).toEqual([]);
    for (const text of texts(result)) expect(text).not.toMatch(/\b(?:you|your|the|are|tell)\b/i);
  });

  test("every plan marks it for a writer who knows German, basic included", async () => {
    for (const plan of PLAN_IDS) {
      const result = await createLocalOptimiser().optimise(inputFor(german, plan));
      expect(result.bio!.needsWriter?.reason).toContain("German");
      expect(result.prompts[0]!.needsWriter?.reason).toContain("writer who knows the language");
      expect(result.needsWriter?.reason).toMatch(/writes in German.*writer who knows the language/);
    }
    const basic = await createLocalOptimiser().optimise(inputFor(german, "basic"));
    expect(basic.analysis.summary).toContain("written in German");
  });

  test("English rules never judge the German text: no cliché, demand or hook finding about it", () => {
    const result = analyseText(inputFor(german, "premium"));
    expect(result.analysis.problems.filter((p) => p.field === "bio").map((p) => p.title)).toEqual([]);
  });

  test("an English profile is edited as before", () => {
    const result = analyseText(inputFor({ app: "tinder", profile: { bio: "Work hard play hard. Welder in Hull who restores old Land Rovers.", interests: "Land Rovers" } }, "premium"));
    expect(result.bio!.optimised).not.toContain("Work hard play hard");
    expect(result.conversationStarters.length).toBeGreaterThan(0);
  });
});

describe("a demand in another language on basic (item 1, decision 151)", () => {
  // Each profile carries a demand the English rules cannot read: basic cannot edit it, so a person must see it.
  const profiles = [
    {
      language: "German",
      app: "tinder" as const,
      profile: {
        bio: "Hebamme aus Lübeck, am Wochenende meistens auf dem Wasser. Wer kleiner als 1,80 ist, braucht gar nicht erst zu schreiben. Ich koche gern für Freunde.",
        interests: "Segeln, Kochen",
      },
      demand: "kleiner als 1,80",
    },
    {
      language: "Spanish",
      app: "bumble" as const,
      profile: {
        bio: "Profesora de música en Valencia y corredora los domingos. Si fumas o no tienes trabajo, ni me escribas. Me encanta el arroz de mi abuela.",
        prompts: [{ prompt: "My happy place is", response: "La playa de la Malvarrosa a las siete de la mañana, antes de que llegue la gente." }],
      },
      demand: "ni me escribas",
    },
    {
      language: "French",
      app: "hinge" as const,
      profile: {
        jobTitle: "Boulanger",
        prompts: [
          { prompt: "My simple pleasures", response: "Le pain qui sort du four à quatre heures du matin, et le silence de la rue." },
          { prompt: "We'll get along if", response: "Tu es grand et sportif, sinon ce n'est pas la peine de m'écrire." },
          { prompt: "Dating me is like", response: "Un dimanche à la campagne avec un bon fromage et mon chien." },
        ],
      },
      demand: "ce n'est pas la peine",
    },
  ];

  test.each(profiles)("$language: kept word for word, every text of theirs marked, the result held at the desk", async ({ language, app, profile, demand }) => {
    const result = await createLocalOptimiser().optimise(inputFor({ app, profile }, "basic"));
    const { voiceOf } = await import("../../admin/brief.ts");
    const all = texts(result).join("\n");
    // Nothing of ours is added and nothing of theirs is cut: the demand is still there, so a person must read it.
    expect(all).toContain(demand);
    const own = [profile.bio, ...(profile.prompts ?? []).map((p) => p.response)].filter(Boolean);
    expect(texts(result)).toEqual(own as string[]);
    const parts = [...(result.bio ? [result.bio] : []), ...result.prompts];
    for (const part of parts) expect(part.needsWriter?.reason).toContain(`Written in ${language}`);
    expect(result.needsWriter?.reason).toContain(`writes in ${language}`);
    // The desk holds each part until a writer who knows the language writes it or records why it stands.
    const held = toWrite(result);
    expect(held.length).toBe(parts.length);
    for (const p of held) expect(p.why).toContain("writer who knows the language");
    expect(resultSignals(result).needsWriter).toBe(true);
    expect(voiceOf(own.join("\n"))).toStartWith(`Written in ${language}:`);
  });

  test("an English basic profile is still never held", async () => {
    const result = await createLocalOptimiser().optimise(inputFor({ app: "tinder", profile: { bio: "Welder in Hull who restores old Land Rovers. Never been skydiving.", interests: "Land Rovers" } }, "basic"));
    expect(result.needsWriter ?? null).toBeNull();
    expect(toWrite(result)).toEqual([]);
  });
});

describe("demands and put-downs go whole (item 2)", () => {
  // Phrasings the patterns were not written from: each must go whole, and the fact beside it stays.
  const cases: [string, string, RegExp][] = [
    ["Baker in Hull. 6 foot minimum, sorry.", "Baker in Hull.", /foot|minimum|sorry/i],
    ["Vet in Derby. Ideally 180cm+ since I love heels.", "Vet in Derby.", /180|heels/i],
    ["Say hey and nothing else and you'll be left on read. I run a bakery in Hull.", "I run a bakery in Hull.", /hey|read/i],
    ["Low-effort openers get ignored. Piano tuner in Bath.", "Piano tuner in Bath.", /openers|ignored/i],
    ["No vapers, no tourists. I guide walks in Bath.", "I guide walks in Bath.", /vapers|tourists/i],
    ["If you think a first date means splitting a meal deal or you can't name a book, we won't work. I fix pianos in Ely.", "I fix pianos in Ely.", /meal deal|name a book|won't work/i],
    ["Looking for someone who stays in shape like me. Rower in Henley.", "Rower in Henley.", /shape/i],
    ["Cyclist in Leeds. Shorter than me? It's a no.", "Cyclist in Leeds.", /shorter|no\./i],
  ];
  test.each(cases)("“%s”", (text, kept, gone) => {
    const cleaned = cleanText(text).text;
    expect(cleaned).toBe(kept);
    expect(cleaned).not.toMatch(gone);
  });

  test("the condition goes with its consequence, every clause of it: no bare “If you're … .” left", () => {
    const out = cleanText("Gardener in Kent. If you're here for likes or you ghost after a week, it's a hard pass.").text;
    expect(out).toBe("Gardener in Kent.");
  });

  test("lines that only look like a demand stay", () => {
    for (const text of [
      "I'm 6'2 and I bake bread.",
      "My dog is 6 years old and far too loud.",
      "I never answer work emails on Sundays.",
      "Next weekend I'm climbing in Wales.",
      "I go to the gym at 6am, then straight to the bakery.",
      "No regrets about the tattoo of a pigeon.",
    ]) {
      expect(findProblems(text).filter((p) => p.kind === "demand")).toEqual([]);
    }
  });

  test("basic removes a demand from any answer, not only the weakest", async () => {
    const profile = {
      jobTitle: "Joiner",
      education: "Leeds College of Building",
      idealFirstDate: "A walk on Ilkley Moor and a pint after.",
      prompts: [
        { prompt: "My simple pleasures", response: "Fresh shavings on the workshop floor and a brew at 10." },
        { prompt: "We'll get along if", response: "You like dogs. Anyone under 5'9 shouldn't bother." },
        { prompt: "Dating me is like", response: "Fun." },
      ],
    };
    const result = await createLocalOptimiser().optimise(inputFor({ app: "hinge", profile }, "basic"));
    for (const text of texts(result)) expect(text).not.toMatch(/5'9|bother/);
  });
});

describe("starters (item 3)", () => {
  const profile = {
    bio: "Sommelier in Bristol. I grow tomatoes on a balcony the size of a tea towel. Ask me about the worst wine I've ever loved.",
    jobTitle: "Sommelier",
    idealFirstDate: "Oysters at the harbour, then a walk to the suspension bridge",
    prompts: [{ prompt: "My happy place is", response: "A cellar at 12 degrees with a torch and a notebook." }],
  };
  test.each(["premium", "elite"] as const)("on %s: no bracketed blank, no line of theirs quoted back", async (plan) => {
    const result = await createLocalOptimiser().optimise(inputFor({ app: "bumble", profile }, plan));
    expect(result.conversationStarters.length).toBeGreaterThan(0);
    for (const s of result.conversationStarters) {
      expect(s).not.toMatch(/\[[^\]]*\]/);
      expect(s).not.toContain("worst wine I've ever loved");
      expect(s).not.toContain("balcony the size of a tea towel");
    }
  });
});

describe("light grammar (item 5)", () => {
  test("a title with its department gets “of”; an abbreviation its spoken article", () => {
    expect(withArticle("SVP Finance")).toBe("an SVP of Finance");
    expect(withArticle("Director of Logistics")).toBe("a Director of Logistics");
    expect(withArticle("Head Design")).toBe("a Head of Design");
    expect(withArticle("MD")).toBe("an MD");
    expect(withArticle("HR manager")).toBe("an HR manager");
    expect(withArticle("UX designer")).toBe("a UX designer");
    expect(withArticle("engineer")).toBe("an engineer");
  });

  test("“into X” reads as an activity: the beach, cats, climbing", () => {
    expect(asActivity("beach")).toBe("the beach");
    expect(asActivity("cat")).toBe("cats");
    expect(asActivity("climbing")).toBe("climbing");
    const bio = analyseText(inputFor({ app: "tinder", profile: { bio: "Nurse in Stoke.", interests: "beach, films" } }, "basic")).bio!.optimised;
    expect(bio).not.toMatch(/into beach\b/);
  });

  test("an emoticon keeps its space and takes no full stop", () => {
    for (const plan of PLAN_IDS) {
      const result = analyseText(inputFor({ app: "tinder", profile: { bio: "Potter in Frome :) I throw mugs nobody asked for ;)", interests: "pottery, cider" } }, plan));
      for (const text of texts(result)) {
        expect(text).not.toMatch(/\S[:;]\)/);
        expect(text).not.toMatch(/[:;]\)\./);
      }
    }
  });
});

describe("broken sentences (item 6)", () => {
  test("a cliché before a clause of their own loses only itself: never a verb left without its object", () => {
    const out = cleanText("I love to travel and I'm never happier than on my boat in Bude.").text;
    expect(out).not.toMatch(/\bto I/i);
    expect(out).toContain("I'm never happier than on my boat in Bude");
  });

  test.each([...PLAN_IDS])("a “Two truths and a lie” answer keeps all three lines on %s", async (plan) => {
    const response = "I hate chocolate. I've sailed to Orkney. I once met the Dalai Lama in a lift.";
    const profile = {
      jobTitle: "Ferry captain",
      education: "Glasgow",
      idealFirstDate: "Chips on the pier.",
      prompts: [
        { prompt: "Two truths and a lie", response },
        { prompt: "My simple pleasures", response: "Stuff." },
        { prompt: "Dating me is like", response: "Fun." },
      ],
    };
    const result = await createLocalOptimiser().optimise(inputFor({ app: "hinge", profile }, plan));
    const game = result.prompts.find((p) => p.prompt === "Two truths and a lie")!.optimised;
    for (const line of ["I hate chocolate", "I've sailed to Orkney", "I once met the Dalai Lama in a lift"]) expect(game).toContain(line);
  });
});

describe("the writer sees the language (item 1)", () => {
  test("the brief's voice line names another language first, and says nothing of it for English", async () => {
    const { voiceOf } = await import("../../admin/brief.ts");
    expect(voiceOf("Ich bin Schreiner in Kiel und segle, wann immer der Wind es zulässt.")).toStartWith("Written in German: write in German, or pass it to a writer who knows it.");
    expect(voiceOf("Welder in Hull who restores old Land Rovers.")).not.toContain("Written in");
  });
});
