/** The content checks of the model's answer, through the engine and the test server: one corrective request, then a flag. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { memoryLogger } from "../log.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../testing/openai-server.ts";
import { BUMBLE_PROFILE, engine, type GoodAnswer, good, makeInput, MODEL, photoFolder, systemOf } from "./ai-test-helpers.ts";
import { optimisationResultSchema } from "../shared/optimiser/result.ts";

let photoDir: string;
let server: FakeOpenAI;
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  photoDir = await photoFolder();
});
afterAll(() => rmSync(photoDir, { recursive: true, force: true }));
beforeEach(() => {
  server = startFakeOpenAI();
  log = memoryLogger();
});
afterEach(async () => {
  await server.stop();
});

const withBio = (bio: string) => (a: GoodAnswer) => ({ ...a, bio: { ...a.bio, optimised: bio } });
const withStarter = (starter: string) => (a: GoodAnswer) => ({ ...a, conversationStarters: [starter, ...a.conversationStarters.slice(1)] });
const withGuidePoint = (point: string) => (a: GoodAnswer) => ({ ...a, strategyGuide: { ...a.strategyGuide, sections: [{ heading: "Timing", points: [point] }] } });

const caught: [string, (a: GoodAnswer) => unknown, string][] = [
  ["a link in the bio", withBio("Nurse and sourdough baker. More at https://bake.example/me"), "bio: a link"],
  ["a bare domain in the bio", withBio("Nurse and sourdough baker, find me on breadlovers.com"), "bio: a link"],
  ["an e-mail address in the bio", withBio("Nurse and sourdough baker. Write to sam@bakery.example"), "bio: an e-mail address"],
  ["a phone number in a starter", withStarter("Text me on +1 415 555 0199, we can bake?"), "starter 1: a phone number"],
  ["a social handle in the bio", withBio("Nurse and sourdough baker, follow @sam.bakes"), "bio: a social media handle"],
  ["Markdown in the bio", withBio("**Nurse** and sourdough baker"), "bio: Markdown"],
  ["HTML in the bio", withBio("Nurse and <b>sourdough</b> baker"), "bio: HTML"],
  ["an invented height and yacht", withBio("Nurse and sourdough baker, 6'4, owns a yacht"), "bio: the number 4 is not in the customer's data"],
  ["an invented age in a starter", withStarter("I'm 29 and bake sourdough, you?"), "starter 1: the number 29 is not in the customer's data"],
  ["a blank in square brackets in a starter (issue 30, item 3)", withStarter("Is [their favorite bakery] open at 6 am too?"), "starter 1: a blank in square brackets: write a tip instead (\"On a place in their photos: “…”\")"],
  ["the same starter twice", (a) => ({ ...a, conversationStarters: ["What would you bake first?", "what would you bake first", "Best hike?"] }), "starter 2: the same as starter 1"],
  [
    "a poem in place of the bio (an obeyed injection)",
    withBio("Roses are red,\nviolets are blue,\nthe moon in June\nis shining too."),
    "bio: uses none of the customer's own details",
  ],
  [
    "our instructions echoed as the bio",
    withBio("Never invent facts about the person. Use only what the profile data says. Nurse and baker."),
    "bio: repeats our instructions instead of writing for the customer",
  ],
  ["a Tinder fact quoted in a guide for Bumble", withGuidePoint("Keep the bio between 15 and 45 words."), "guide section 1, point 1: the numbers 15, 45 are not in the customer's data"],
  [
    "a starter that quotes the bio",
    withStarter("Night-shift nurse who bakes sourdough at dawn and hikes it off on Sundays. You?"),
    "starter 1: repeats a line of the bio or an answer; name the part instead",
  ],
  [
    "a guide point that copies the bio's opening",
    withGuidePoint("Your bio opens with “Night-shift nurse who bakes sourdough at dawn and hikes it off on Sundays.”"),
    "guide section 1, point 1: repeats a line of the bio or an answer; name the part instead",
  ],
  [
    "a note promising a writer's later work",
    (a) => ({ ...a, bio: { ...(a as GoodAnswer).bio, notes: ["A writer will polish this by hand."] } }),
    "bio notes: promises that a person will do something later",
  ],
];

describe("a text that fails a check gets one corrective request saying what failed", () => {
  for (const [name, change, problem] of caught) {
    test(`${name}: caught, and the corrected answer is used`, async () => {
      server.enqueue(good("premium", change), good());
      const result = await engine(server, log).optimise(makeInput(photoDir));
      expect(server.requests).toHaveLength(2);
      const correction = server.requests[1]!.body.messages.at(-1)!;
      expect(correction.role).toBe("user");
      expect(correction.content).toContain(problem);
      expect(result.fallback).toBeNull();
      expect(result.checks).toEqual({ flagged: false, problems: [] });
      expect(result.bio!.optimised).toContain("Night-shift nurse");
    });
  }
});

describe("elite's bio versions are checked like the bio", () => {
  type Versions = Record<"warm" | "playful" | "direct", { text: string; why: string }>;
  const withVersion = (tone: keyof Versions, text: string) => (a: GoodAnswer) => {
    const versions = (a as GoodAnswer & { bioVersions: Versions }).bioVersions;
    return { ...a, bioVersions: { ...versions, [tone]: { ...versions[tone], text } } };
  };
  const cases: [string, (a: GoodAnswer) => unknown, string][] = [
    ["a link in a version", withVersion("playful", "Sourdough baker, more at bakes.example.com"), "bio version 2: a link"],
    ["an invented age in a version", withVersion("direct", "Nurse, baker, 34, hiker."), "bio version 3: the number 34 is not in the customer's data"],
    ["two versions alike", withVersion("direct", "night-shift nurse who bakes sourdough at dawn. tell me about your favorite bakery."), "bio version 3: the same text as bio version 1"],
    ["a version about nothing of theirs", withVersion("warm", "Roses are red, violets are blue."), "bio version 1: uses none of the customer's own details"],
  ];
  for (const [name, change, problem] of cases) {
    test(`${name}: caught, and the corrected answer is used`, async () => {
      server.enqueue(good("elite", change), good("elite"));
      const result = await engine(server, log).optimise(makeInput(photoDir, { plan: "elite" }));
      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]!.body.messages.at(-1)!.content).toContain(problem);
      expect(result.checks).toEqual({ flagged: false, problems: [] });
      expect(result.bioVersions!.versions.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
    });
  }
});

describe("elite's versions differ in tone by the local analyser's rule (issue 30, item 4)", () => {
  type Versions = Record<"warm" | "playful" | "direct", { text: string; why: string }>;
  const withVersions = (texts: Partial<Record<keyof Versions, string>>) => (a: GoodAnswer) => {
    const versions = (a as GoodAnswer & { bioVersions: Versions }).bioVersions;
    const changed = Object.fromEntries(Object.entries(versions).map(([tone, v]) => [tone, { ...v, text: texts[tone as keyof Versions] ?? v.text }]));
    return { ...a, bioVersions: changed };
  };
  const correctionOf = (i: number) => server.requests[i]!.body.messages.at(-1)!.content as string;

  test("a version that opens like an earlier one is corrected, the message quoting both versions", async () => {
    const playful = "Nurse by night, sourdough baker by dawn, hiker on Sundays. Fair warning: I will judge your crust.";
    const direct = "Nurse by night, sourdough baker by dawn, hiker on Sundays. Looking for something long-term.";
    server.enqueue(good("elite", withVersions({ playful, direct })), good("elite"));
    const result = await engine(server, log).optimise(makeInput(photoDir, { plan: "elite" }));
    expect(server.requests).toHaveLength(2);
    expect(correctionOf(1)).toContain(`bio version 3: opens with the same sentence as bio version 2: open each version with a sentence of its own, in “${direct}”, beside bio version 2: “${playful}”`);
    expect(result.checks).toEqual({ flagged: false, problems: [] });
  });

  test("a version with a new opening and nothing else of its own (a line swapped in) is corrected", async () => {
    const direct = "Nurse, baker, hiker, straight to the point. Tell me about your favorite bakery.";
    server.enqueue(good("elite", withVersions({ warm: "Night-shift nurse who bakes sourdough at dawn. Tell me about your favorite bakery.", direct })), good("elite"));
    await engine(server, log).optimise(makeInput(photoDir, { plan: "elite" }));
    expect(server.requests).toHaveLength(2);
    expect(correctionOf(1)).toContain(`bio version 3: has no sentence besides its opening that bio version 1 lacks: write at least one more sentence in its own tone, in “${direct}”, beside bio version 1:`);
  });

  test("failing again, the answer is stored flagged with the rule; the stored problem quotes nothing", async () => {
    const alike = withVersions({ direct: "Night-shift nurse who bakes sourdough at dawn. Bring your best loaf." });
    server.enqueue(good("elite", alike), good("elite", alike));
    const result = await engine(server, log).optimise(makeInput(photoDir, { plan: "elite" }));
    expect(result.checks).toEqual({ flagged: true, problems: ["bio version 3: opens with the same sentence as bio version 1: open each version with a sentence of its own"] });
    expect(log.lines.join("\n")).not.toContain("Bring your best loaf");
  });

  test("on Hinge the answer sets are compared by their answers: a set that opens like another is corrected", async () => {
    const tones = (direct: string[]) => (a: GoodAnswer) => {
      const set = (answers: string[]) => Object.fromEntries(answers.map((text, i) => [`prompt${i + 1}`, text]));
      // Hinge has no bio: the findings name the profile.
      const onProfile = (list: GoodAnswer["analysis"]["strengths"]) => list.map((f) => ({ ...f, field: "profile" }));
      return {
        ...a,
        bio: undefined,
        analysis: { ...a.analysis, strengths: onProfile(a.analysis.strengths), problems: onProfile(a.analysis.problems) },
        // Every Hinge slot is answered: a suggestion says which answer it replaces.
        promptSuggestions: a.promptSuggestions && { ...a.promptSuggestions, suggestions: a.promptSuggestions.suggestions.map((x) => ({ ...x, reason: "In place of “My simple pleasures”: this one shows your baking." })) },
        answerTones: {
          warm: { answers: set(["The bakery at 6 am, when the first loaves come out.", "Bringing bread to every party, still warm.", "Warm bread and a cold walk after."]), why: "Warm." },
          playful: { answers: set(["Six am at the bakery: yes, on purpose.", "Turning up to parties with a loaf instead of wine.", "Cold mornings I pretend to love."]), why: "Teasing." },
          direct: { answers: set(direct), why: "Plain." },
        },
      };
    };
    const alike = ["The bakery at 6 am, when the first loaves come out.", "Bread at every party.", "Warm bread, cold mornings, long walks."];
    const own = ["Bakery, 6 am, every day off.", "The one who brings bread.", "Warm bread, cold mornings, long walks."];
    server.enqueue(good("elite", tones(alike)), good("elite", tones(own)));
    const result = await engine(server, log).optimise(makeInput(photoDir, { app: "hinge", plan: "elite" }));
    expect(server.requests).toHaveLength(2);
    expect(correctionOf(1)).toContain("bio version 3: opens with the same sentence as bio version 1: open each version with a sentence of its own, in “The bakery at 6 am, when the first loaves come out. Bread at every party.");
    expect(result.checks).toEqual({ flagged: false, problems: [] });
    expect(result.bioVersions!.of).toBe("answers");
  });
});

describe("failing again: stored as the model's work with a visible flag, never silently", () => {
  test("a link and a phone number twice: stored, flagged with both problems, and the log says so", async () => {
    const change = (a: GoodAnswer) => withStarter("Call 415-555-0199 for bread?")(withBio("Nurse and sourdough baker, see www.bakes.example")(a) as GoodAnswer);
    server.enqueue(good("premium", change), good("premium", change));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(2);
    expect(result.fallback).toBeNull();
    expect(result.engines.bio).toEqual({ kind: "ai", model: MODEL });
    expect(result.checks!.flagged).toBe(true);
    expect(result.checks!.problems).toEqual(expect.arrayContaining(["bio: a link", "starter 1: a phone number"]));
    expect(optimisationResultSchema.parse(JSON.parse(JSON.stringify(result)))).toEqual(result);
    expect(log.lines[0]).toEndWith("ok, flagged by the checks");
  });

  test("a hostile string is stored verbatim as plain text, flagged", async () => {
    const hostile = `<img src=x onerror=alert(1)> "quoted" & </script>`;
    const change = (a: GoodAnswer) => ({ ...a, bio: { ...a.bio, optimised: `Nurse ${hostile}` }, conversationStarters: [hostile, "b?", "c?"] });
    server.enqueue(good("premium", change), good("premium", change));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(result.bio!.optimised).toBe(`Nurse ${hostile}`);
    expect(result.conversationStarters[0]).toBe(hostile);
    expect(result.checks).toMatchObject({ flagged: true, problems: expect.arrayContaining(["bio: HTML", "starter 1: HTML"]) });
  });

  test("checks that failed once, then an answer the schema refuses: the checked answer is kept, flagged", async () => {
    server.enqueue(good("premium", withBio("Nurse and sourdough baker at bakes.io")), { kind: "text", content: "not json" });
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(result.fallback).toBeNull();
    expect(result.bio!.optimised).toBe("Nurse and sourdough baker at bakes.io");
    expect(result.checks).toEqual({ flagged: true, problems: ["bio: a link"] });
  });
});

describe("what passes", () => {
  test("numbers the customer wrote, facts of this app in the guide, and a tip for the match's detail", async () => {
    const change = (a: GoodAnswer) => ({
      ...withStarter("On a bakery in their photos: “Is it open at 6 am too?”")(a) as GoodAnswer,
      strategyGuide: { title: "Your Bumble plan", sections: [{ heading: "Timing", points: ["A match you don't act on within 24 hours is gone."] }] },
    });
    server.enqueue(good("premium", change));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(result.checks).toEqual({ flagged: false, problems: [] });
  });

  test("the request carries this app's facts and the plan's promise, and no other app's", async () => {
    server.enqueue(good("premium"));
    await engine(server, log).optimise(makeInput(photoDir, { app: "the_league" }));
    const system = systemOf(server.requests[0]!.body);
    expect(system).toContain("App facts for The League");
    expect(system).toContain("Happy Hour, 5pm local time");
    expect(system).toContain("What the Premium plan promises the customer: Everything in Basic; Complete Bio Rewrite;");
    expect(system).not.toContain("Tinder");
    expect(system).not.toContain("15 to 45 words");
  });
});

describe("a capable model's natural phrasings (issue 30, item 7)", () => {
  const withGuide = (...points: string[]) => (a: GoodAnswer) => ({ ...a, strategyGuide: { title: "Your Bumble plan", sections: [{ heading: "Which photo to lead with", points }] } });

  test("a schema-valid premium answer naming Photo 2 and Photo 3 is accepted at once, unflagged", async () => {
    server.enqueue(good("premium", withGuide("Open with Photo 3, where your smile is clearest; Photo 2 repeats Photo 1, so keep only one of those two.", "Photos 1 and 2 share the same red jacket.")));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(result.checks).toEqual({ flagged: false, problems: [] });
    expect(result.strategyGuide!.sections[0]!.points[0]).toStartWith("Open with Photo 3");
  });

  test("the numbers of the app's facts and of the plan's promise pass in the guide", async () => {
    // Bumble's 24 hours (app facts); premium's 3 starters and 1 revision (the plan's features, both in the system message).
    server.enqueue(good("premium", withGuide("A match you don't act on within 24 hours is gone.", "Your plan has 3 conversation starters and 1 revision.")));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(systemOf(server.requests[0]!.body)).toContain("3 Conversation Starters");
    expect(server.requests).toHaveLength(1);
    expect(result.checks).toEqual({ flagged: false, problems: [] });
  });

  test("a photo the customer did not send is a number they never wrote: the correction quotes the point and the phrase", async () => {
    server.enqueue(good("premium", withGuide("Lead with Photo 1.", "Photo 4 looks like Photo 1, so drop it.")), good());
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(2);
    const correction = server.requests[1]!.body.messages.at(-1)!.content as string;
    expect(correction).toContain("guide section 1, point 2: the number 4 is not in the customer's data, in “Photo 4 looks like Photo 1, so drop it.”");
    expect(result.checks).toEqual({ flagged: false, problems: [] });
  });

  test("a long text is quoted around the fault only; the stored problem and the log carry no quote", async () => {
    const long = `Nurse and sourdough baker who hikes every Sunday and reads true crime at night, ${"and bakes again ".repeat(6)}then calls 415-555-0199 to order flour for the week ahead, of course.`;
    const change = (a: GoodAnswer) => ({ ...a, bio: { ...a.bio, optimised: long } });
    server.enqueue(good("premium", change), good("premium", change));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    const correction = server.requests[1]!.body.messages.at(-1)!.content as string;
    const quoted = /bio: a phone number, in “([^”]*)”/.exec(correction)![1]!;
    expect(quoted).toContain("415-555-0199");
    expect(quoted).toStartWith("…");
    expect(quoted.length).toBeLessThan(long.length);
    expect(result.checks!.problems).toContain("bio: a phone number");
    expect(log.lines.join("\n")).not.toContain("415-555");
  });

  test("a year range the customer wrote is not a phone number; one they never wrote is an invented number", async () => {
    const profile = { ...BUMBLE_PROFILE, bio: "Nursed in Porto 2017-2021, now back home. Sourdough baker, Sunday hiker." };
    const ranges = (a: GoodAnswer) => ({
      ...a,
      bio: { ...a.bio, optimised: "Back home after nursing in Porto (2017 – 2021). I bake sourdough and hike on Sundays." },
      conversationStarters: ["Porto, 2017–2021, taught me custard tarts: what would you bake first?", ...a.conversationStarters.slice(1)],
    });
    server.enqueue(good("premium", ranges));
    const result = await engine(server, log).optimise(makeInput(photoDir, { profile }));
    expect(server.requests).toHaveLength(1);
    expect(result.checks).toEqual({ flagged: false, problems: [] });

    server.enqueue(good("premium", withBio("Nurse, in Lisbon 2015-2016, sourdough baker.")), good());
    await engine(server, log).optimise(makeInput(photoDir));
    const correction = server.requests[2]!.body.messages.at(-1)!.content as string;
    expect(correction).toContain("bio: the numbers 2015, 2016 are not in the customer's data");
    expect(correction).not.toContain("phone number");
  });

  test("a blank line of underscores is not Markdown; __bold__ still is", async () => {
    server.enqueue(good("premium", withStarter("Sourdough, a long hike and _____: what fills the gap in your Sunday?")));
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(1);
    expect(result.checks).toEqual({ flagged: false, problems: [] });

    server.enqueue(good("premium", withBio("__Nurse__ and sourdough baker")), good());
    await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests[2]!.body.messages.at(-1)!.content).toContain("bio: Markdown, in “__Nurse__ and sourdough baker”");
  });
});

describe("a passing fault during the corrective turn (issue 30, item 7)", () => {
  const FAULTS = [{ kind: "error", status: 503 }, { kind: "error", status: 503 }, { kind: "error", status: 503 }] as const;

  test("three 503s on the corrective request: the first answer is stored, flagged, with the failed check and the fault", async () => {
    server.enqueue(good("premium", withBio("Nurse and sourdough baker, see www.bakes.example")), ...FAULTS);
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(4);
    expect(result.fallback).toBeNull();
    expect(result.engines.bio).toEqual({ kind: "ai", model: MODEL });
    expect(result.bio!.optimised).toBe("Nurse and sourdough baker, see www.bakes.example");
    expect(result.checks).toEqual({
      flagged: true,
      problems: ["bio: a link", "the corrective request failed: The AI service failed 3 times (HTTP 503, HTTP 503, HTTP 503): a failure on the AI service's side"],
    });
    expect(optimisationResultSchema.parse(JSON.parse(JSON.stringify(result)))).toEqual(result);
    expect(log.lines[0]).toEndWith("ok, flagged by the checks");
  });

  test("an answer that never read, then three 503s: the local result, its reason naming both", async () => {
    server.enqueue({ kind: "text", content: "not json" }, ...FAULTS);
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(server.requests).toHaveLength(4);
    expect(result.fallback!.reason).toBe(
      "The AI model's answer was refused (the answer is not valid JSON), and the corrective request failed: The AI service failed 3 times (HTTP 503, HTTP 503, HTTP 503): a failure on the AI service's side; this result was made by the local analyzer.",
    );
  });

  test("a refusal of the corrective request keeps the flagged answer too, and its words stay out of the log", async () => {
    server.enqueue(good("premium", withBio("Nurse and sourdough baker at bakes.io")), { kind: "refusal", refusal: "I won't fix that." });
    const result = await engine(server, log).optimise(makeInput(photoDir));
    expect(result.checks!.problems).toEqual(["bio: a link", 'the corrective request failed: the model refused: "I won\'t fix that."']);
    expect(log.lines.join("\n")).not.toContain("won't fix");
  });
});
