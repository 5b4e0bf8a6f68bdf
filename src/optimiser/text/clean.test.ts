import { describe, expect, test } from "bun:test";
import { cleanText, findProblems } from "./clean.ts";
import { listItems } from "./facts.ts";
import type { OptimiserInput } from "../input.ts";
import { findRules } from "./match.ts";
import { CLICHES } from "./phrases.ts";

describe("matching is tolerant of how people type", () => {
  test.each([
    ["Partner-in-crime!!", "Partner-in-crime"],
    ["PARTNER IN CRIME", "PARTNER IN CRIME"],
    ["love  to\ttravel", "love  to\ttravel"],
    ["work hard, play hard", "work hard, play hard"],
    ["6ft because apparently that matters", "6ft because apparently that matters"],
  ])("%s", (text, quote) => {
    expect(findRules(text, CLICHES).map((m) => m.quote)).toEqual([quote]);
  });

  test("curly and missing apostrophes", () => {
    expect(findProblems("Don’t message me if you can’t spell").map((p) => p.quote)).toEqual(["Don’t message me if you can’t spell"]);
    expect(findProblems("dont message me if you cant spell").map((p) => p.kind)).toEqual(["demand"]);
  });

  test("whole words only, and not after words that change the meaning", () => {
    expect(findRules("I work at the office on Tuesdays", CLICHES)).toEqual([]);
    expect(findRules("Quoting The Office since 2005", CLICHES).map((m) => m.quote)).toEqual(["The Office"]);
    expect(findRules("foodies", CLICHES)).toEqual([]);
    expect(findProblems("I never get tired of jazz")).toEqual([]);
  });

  test("the curated cliché list has at least 25 entries", () => {
    expect(CLICHES.length).toBeGreaterThanOrEqual(25);
  });
});

describe("cleaning keeps the customer's words and drops the rest", () => {
  test("a clause with a real detail keeps the detail", () => {
    expect(cleanText("Adventure seeker who has hiked Kilimanjaro and the Annapurna circuit.").text).toBe("I've hiked Kilimanjaro and the Annapurna circuit.");
    expect(cleanText("Went on an adventure in Patagonia.").text).toBe("Went on a trip in Patagonia.");
  });

  test("a sentence that is only clichés or negativity goes entirely", () => {
    expect(cleanText("No drama please. Work hard, play hard!").text).toBe("");
  });

  test("a demand runs on through 'and' and 'or'", () => {
    expect(cleanText("Swipe left if you're rude or boring, I'm a teacher in Leeds.").text).toBe("I'm a teacher in Leeds.");
  });

  test("a demand becomes a wish only about something mentioned", () => {
    expect(cleanText("I have a dog called Mabel. Swipe left if you don't like dogs.").wishes).toEqual(["Bonus points if you like dogs."]);
    expect(cleanText("Swipe left if you don't like dogs.").wishes).toEqual([]);
  });

  test("low effort inside a longer sentence is cut only when set off as its own clause", () => {
    expect(cleanText("idk, I teach year 5").text).toBe("I teach year 5");
    expect(cleanText(`<script>alert("hi")</script>`).text).toBe(`<script>alert("hi")</script>`);
  });

  test("filler words and repeated punctuation are tightened", () => {
    const out = cleanText("Honestly I'm literally obsessed with bouldering at The Depot!!!");
    expect(out.text).toBe("I'm obsessed with bouldering at The Depot!");
    expect(out.fillers.sort()).toEqual(["Honestly", "literally"]);
  });

  test("bullets and line breaks stay as laid out", () => {
    expect(cleanText("climber · jazz on Sundays · foodie · ramen in Leeds").text).toBe("climber · jazz on Sundays · ramen in Leeds");
    expect(cleanText("Nurse\nClimber\nLove to travel").text).toBe("Nurse\nClimber");
  });
});

describe("list fields", () => {
  test("split on commas and 'and', keeping compounds whole and dropping clichés", () => {
    expect(listItems("I love climbing, drum and bass & sourdough baking; foodie, travel")).toEqual(["climbing", "drum and bass", "sourdough baking", "travel"]);
  });

  test("markup is stripped, the words kept", () => {
    expect(listItems("<b>bold</b> things, jazz")).toEqual(["bold things", "jazz"]);
  });
});

describe("what a removed phrase leaves behind", () => {
  test("a single word left of a sentence is dropped, not kept as a sentence of its own", () => {
    const { text } = cleanText("I love to travel and laugh. Nurse in Leeds who bakes sourdough.");
    expect(text).toBe("Nurse in Leeds who bakes sourdough.");
  });

  test("a real clause after the cliché is kept", () => {
    expect(cleanText("I love to travel and I speak three languages.").text).toContain("I speak three languages");
  });
});

describe("what someone is looking for reads inside a sentence", () => {
  test("a common opening word is lowered, a name keeps its capital", async () => {
    const { gatherFacts } = await import("./facts.ts");
    const base = { profileId: "p", app: "tinder", plan: "basic", reason: "initial", revisionNotes: null, photos: [] } satisfies Omit<OptimiserInput, "profile">;
    const profile = (lookingFor: string) => ({ bio: null, lookingFor, interests: null, jobTitle: null, education: null, idealFirstDate: null, height: null, starSign: null, anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null, prompts: [] });
    expect(gatherFacts({ ...base, profile: profile("Someone kind") }).lookingFor).toBe("someone kind");
    expect(gatherFacts({ ...base, profile: profile("Paris lovers") }).lookingFor).toBe("Paris lovers");
  });
});

describe("a cliché that shares its verb", () => {
  test("only its object goes: the verb stays with what follows 'and', no fragment is left", () => {
    expect(cleanText("I love to travel and try new food.").text).toBe("I love to try new food.");
    expect(cleanText("Nurse in Leeds. I love to travel & cook Thai curries for friends.").text).toBe("Nurse in Leeds. I love to cook Thai curries for friends.");
  });

  test("without a second verb the whole phrase still goes as before", () => {
    expect(cleanText("I love to travel and laugh. Nurse in Leeds who bakes sourdough.").text).toBe("Nurse in Leeds who bakes sourdough.");
  });
});
