import { describe, expect, test } from "bun:test";
import { brokenWords, customerText, fragments, punctuationScars, templateFiller } from "../eval/checks.ts";
import { EMPTY_PROFILE_TEXT, type OptimiserInput, type ProfileText } from "../input.ts";
import { createLocalOptimiser } from "../local.ts";
import { withinLimits } from "../result.ts";
import { optimisationResultSchema, RESULT_LIMITS, type PhotoAnalysis } from "../../shared/optimiser/result.ts";
import { appRules } from "../../shared/optimiser/apps.ts";
import { HINGE_PROMPTS, BUMBLE_PROMPTS } from "../../shared/profiles/options.ts";
import { sampleResult } from "../../testing/optimisation.ts";
import { answerVersions } from "./answer-versions.ts";
import { bioVersions, distinctVersion, goalPhrase, versionSentences } from "./bio-versions.ts";
import { answerSetOf } from "../../shared/optimiser/result.ts";
import { eliteAnswersCopied, versionsAlike } from "../eval/checks.ts";
import { eliteParts } from "./elite.ts";
import { photoPlan } from "./photo-plan.ts";
import { promptSuggestions } from "./prompt-suggestions.ts";
import { eliteStarters, withOneFromProfile } from "./starters.ts";
import { writerFor } from "./writer.ts";
import { said } from "../text/said.ts";


function input(profile: Partial<ProfileText>, app: OptimiserInput["app"] = "bumble", overrides: Partial<OptimiserInput> = {}): OptimiserInput {
  return { profileId: "p1", app, plan: "elite", reason: "initial", revisionNotes: null, profile: { ...EMPTY_PROFILE_TEXT, ...profile }, photos: [], ...overrides };
}

const RICH: Partial<ProfileText> = {
  bio: "Night-shift nurse in Leeds. I bake sourdough at 6 am and hike the Dales on Sundays. My flatmates rate my focaccia 9 out of 10. What's the best thing you've baked?",
  interests: "baking, hiking, true crime podcasts",
  jobTitle: "Nurse",
  idealFirstDate: "A bakery crawl in Leeds",
  prompts: [{ prompt: "My happy place is", response: "The bakery at 6 am with flour on my sleeves" }],
};

/** The checks the evaluation holds every written text to (eval/checks.ts): a bio version is held to them too. */
function textProblems(text: string, profile: Partial<ProfileText>): string[] {
  const customer = customerText({ ...EMPTY_PROFILE_TEXT, ...profile });
  return [...brokenWords(text, customer), ...fragments(text, customer), ...punctuationScars(text, customer), ...templateFiller(text, customer)];
}

/** Every number of a text appears in the customer's own text: nothing invented. */
function numbersInvented(text: string, profile: Partial<ProfileText>): string[] {
  const theirs = customerText({ ...EMPTY_PROFILE_TEXT, ...profile });
  return (text.match(/\d+/g) ?? []).filter((n) => !theirs.includes(n));
}

describe("bio versions", () => {
  test("a bio with material enough: three versions, warm, playful and direct, each complete, within the limit and different", () => {
    const made = bioVersions(writerFor(input(RICH)))!;
    expect(made.part.versions.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
    expect(made.part.note).toBeNull();
    expect(made.needsWriter).toBeNull();
    const limit = appRules("bumble").bioLimit!;
    for (const v of made.part.versions) {
      expect(v.text.length).toBeLessThanOrEqual(limit);
      expect(v.text).toMatch(/[.!?]$/);
      expect({ tone: v.tone, problems: textProblems(v.text, RICH) }).toEqual({ tone: v.tone, problems: [] });
      expect(numbersInvented(v.text, RICH)).toEqual([]);
      expect(v.why.length).toBeLessThanOrEqual(RESULT_LIMITS.note);
    }
    expect(new Set(made.part.versions.map((v) => v.text)).size).toBe(3);
    // Each leads or ends differently: not the same lines with another last sentence.
    expect(new Set(made.part.versions.map((v) => v.text.split(/(?<=[.!?])\s/)[0])).size).toBeGreaterThan(1);
    expect(made.part.versions[0]!.text).toContain("Night-shift nurse in Leeds.");
  });

  test("each version opens with its own sentence and has another of its own, even when the first line is also the most specific (issue 30, item 4)", () => {
    // Their first line is their most specific: a playful version leading with its best line would open as the warm one.
    const profile = {
      bio: "I restore 1960s narrowboats on the Grand Union canal with my uncle. Weekends are slow and muddy. I make a decent curry.",
      interests: "narrowboats, curry",
      jobTitle: "Carpenter",
      idealFirstDate: "A pint at a canal-side pub",
      lookingFor: "Something long-term",
    };
    for (const p of [profile, RICH]) {
      const made = bioVersions(writerFor(input(p)))!;
      expect(made.part.versions.length).toBeGreaterThanOrEqual(2);
      const texts = made.part.versions.map((v) => v.text);
      const openings = texts.map((t) => versionSentences(t)[0]);
      expect(new Set(openings).size).toBe(texts.length);
      texts.forEach((t, j) => texts.slice(0, j).forEach((earlier) => expect({ earlier, later: t, distinct: distinctVersion(earlier, t) }).toEqual({ earlier, later: t, distinct: true })));
      expect(versionsAlike({ ...sampleResult(input(p)), bioVersions: made.part })).toEqual([]);
      for (const v of made.part.versions) expect(textProblems(v.text, p)).toEqual([]);
    }
  });

  test("versions alike are caught: the same opening, or nothing besides it of their own", () => {
    const result = (texts: string[]) => ({ ...sampleResult(input(RICH)), bioVersions: { versions: texts.map((text, i) => ({ tone: (["warm", "playful", "direct"] as const)[i]!, text, why: "Why." })), note: null } });
    expect(versionsAlike(result(["Nurse in Leeds. I bake. Join me?", "Nurse in Leeds. I bake. Dare you?"]))).toEqual(["the playful version opens as the warm one does: “nurse in leeds”"]);
    expect(versionsAlike(result(["Nurse in Leeds. I bake.", "I bake. Nurse in Leeds."]))).toEqual(["the warm and playful versions differ in no sentence besides the opening"]);
    expect(versionsAlike(result(["Nurse in Leeds. I bake.", "I bake. Join me?"]))).toEqual([]);
  });

  test("an empty bio and no details: no versions, and a note that says why instead of filler", () => {
    const made = bioVersions(writerFor(input({})))!;
    expect(made.part.versions).toEqual([]);
    expect(made.part.note).toContain("no lines or details we could build a bio from");
    expect(made.needsWriter).toContain("Only 0 of 3");
  });

  test("a one-line bio: fewer than three, said honestly, and the review gate asked for a writer", () => {
    const profile = { bio: "Architect who draws tiny houses on napkins." };
    const made = bioVersions(writerFor(input(profile)))!;
    expect(made.part.versions.length).toBeGreaterThanOrEqual(1);
    expect(made.part.versions.length).toBeLessThan(3);
    expect(made.part.versions[0]!.text).toBe("Architect who draws tiny houses on napkins.");
    expect(made.part.note).toMatch(made.part.versions.length === 1 ? /enough for one version;/ : /enough for two versions that really differ;/);
    // The writer is told which tones to write; the customer's note promises no one's later work.
    expect(made.needsWriter).toMatch(/: write the \w+( and \w+)? ones?\.$/);
    expect(made.part.note).not.toMatch(/writer|editor|will add|we'll/i);
  });

  test("the customer's own line about what they want is in every version, the shorter ones too", () => {
    const bio = "Netflix and chill kinda guy. Nurse in Leeds, climbing on weekends and baking sourdough badly. Looking for something serious. Terrible at karaoke, great at pancakes.";
    const made = bioVersions(writerFor(input({ bio, idealFirstDate: "Coffee and a walk by the river" })))!;
    expect(made.part.versions.length).toBeGreaterThanOrEqual(1);
    for (const v of made.part.versions) expect({ tone: v.tone, keeps: v.text.includes("Looking for something serious.") }).toEqual({ tone: v.tone, keeps: true });
  });

  test("a long bio on Tinder: every version within Tinder's limit, cut between whole sentences", () => {
    const bio = Array.from({ length: 12 }, (_, i) => `On day ${i + 1} of the trip I climbed another crag near Kalymnos with my brother.`).join(" ");
    const profile = { bio, interests: "climbing, espresso", idealFirstDate: "Espresso and a bouldering session" };
    const made = bioVersions(writerFor(input(profile, "tinder")))!;
    expect(made.part.versions.length).toBeGreaterThanOrEqual(2);
    for (const v of made.part.versions) {
      expect(v.text.length).toBeLessThanOrEqual(appRules("tinder").bioLimit!);
      expect(textProblems(v.text, profile)).toEqual([]);
    }
  });

  test("another language: only the customer's own sentences, no English lines of ours, and the note says so", () => {
    const profile = {
      bio: "Profe de música en Valencia. Me encanta la playa en invierno y tocar la guitarra hasta tarde. Busco a alguien con quien reír.",
      interests: "música, playa",
      idealFirstDate: "Un paseo por la playa",
    };
    const made = bioVersions(writerFor(input(profile)))!;
    expect(made.part.versions.length).toBeGreaterThanOrEqual(1);
    const own = profile.bio.split(/(?<=\.)\s/);
    for (const v of made.part.versions) for (const sentence of v.text.split(/(?<=\.)\s/)) expect(own).toContain(sentence);
    expect(made.part.note).toContain("not in English");
  });

  test("a bio as a list keeps its lines; lowercase writers stay lowercase", () => {
    const list = { bio: "🎻 cellist in an amateur orchestra\n🐈 two cats, Miso and Tofu\n🥾 Peak District most Saturdays", interests: "hiking, cello", lookingFor: "Something long-term" };
    for (const v of bioVersions(writerFor(input(list)))!.part.versions) expect(v.text).not.toMatch(/\. 🐈|\. 🥾/);
    const lower = { bio: "structural engineer. i make sure bridges stay up. weekends are for cold swims at the ponds.", interests: "swimming" };
    for (const v of bioVersions(writerFor(input(lower)))!.part.versions) expect(v.text).toBe(v.text.toLowerCase());
  });

  test("Hinge has no bio: no versions", () => {
    expect(bioVersions(writerFor(input({ prompts: [{ prompt: "My simple pleasures", response: "Warm bread" }] }, "hinge")))).toBeNull();
  });

  test("what they look for reads right after 'Looking for', or is left out", () => {
    expect(goalPhrase("Long-term")).toBe("something Long-term".replace("L", "l"));
    expect(goalPhrase("relationship")).toBe("a relationship");
    expect(goalPhrase("serious relationship")).toBe("a serious relationship");
    expect(goalPhrase("Marriage")).toBe("marriage");
    expect(goalPhrase("someone kind")).toBe("someone kind");
    expect(goalPhrase("to be swept off my feet by a Scorpio")).toBeNull();
  });
});

describe("prompts to answer", () => {
  test("a customer who mentions cooking gets a food prompt, quoting their word; answered prompts are never suggested", () => {
    const profile = { bio: "I cook ramen from scratch every Sunday.", prompts: [{ prompt: "My simple pleasures", response: "Cold beer on a hot day" }] };
    const part = promptSuggestions(writerFor(input(profile, "hinge")))!;
    expect(part.suggestions[0]).toEqual({ prompt: "The key to my heart is", reason: expect.stringContaining("“cook”") });
    expect(part.suggestions.map((s) => s.prompt)).not.toContain("My simple pleasures");
    for (const s of part.suggestions) expect(HINGE_PROMPTS as readonly string[]).toContain(s.prompt);
    expect(part.note).toBe("Hinge shows 3 prompt answers and you have answered 1: up to 2 of these prompts go in the free places; any more would replace one of your answers.");
  });

  test("with every place answered, the prompts to answer say each would replace an answer, and the guide says swap (issue 30, item 4)", () => {
    const profile = {
      jobTitle: "Gardener",
      interests: "sourdough, hiking",
      prompts: [
        { prompt: "My simple pleasures", response: "Sourdough on a Sunday and a hike up Kinder Scout." },
        { prompt: "Dating me is like", response: "A long walk with too many snack stops." },
        { prompt: "A life goal of mine", response: "Grow a pumpkin bigger than my dog." },
      ],
    };
    const part = promptSuggestions(writerFor(input(profile, "hinge")))!;
    expect(part.suggestions.length).toBeGreaterThan(0);
    expect(part.note).toBe("Hinge shows 3 prompt answers and all 3 of yours are answered, so each prompt here would replace one of them: swap it in for the answer you like least.");
    const parts = eliteParts(input(profile, "hinge"), { bio: null, prompts: [], strategyGuide: { title: "Guide", sections: [{ heading: "Timing", points: ["Evenings."] }] } }, []);
    expect(parts.strategyGuide!.sections[1]!.points.some((p) => p.startsWith(`Next prompt to swap in: “${part.suggestions[0]!.prompt}”`))).toBe(true);
  });

  test("one prompt per theme, at most three, each with a one-line reason", () => {
    const profile = { bio: "Paramedic. I surf at Rest Bay and play guitar badly. My greyhound Pip runs the house.", lookingFor: "Something long-term", interests: "surfing, guitar" };
    const part = promptSuggestions(writerFor(input(profile, "bumble")))!;
    expect(part.suggestions.length).toBe(3);
    expect(new Set(part.suggestions.map((s) => s.prompt)).size).toBe(3);
    for (const s of part.suggestions) {
      expect(BUMBLE_PROMPTS as readonly string[]).toContain(s.prompt);
      expect(s.reason).not.toContain("\n");
      expect(s.reason.length).toBeLessThanOrEqual(300);
    }
    expect(part.suggestions.map((s) => s.prompt)).toContain("What I'm looking for");
  });

  test("nothing to go on: none suggested, and the note says so rather than guessing", () => {
    const part = promptSuggestions(writerFor(input({ bio: "Hola, soy Ana." }, "bumble")))!;
    expect(part.suggestions).toEqual([]);
    expect(part.note).toContain("we suggest none rather than guess");
  });

  test("Tinder and The League: our forms have no prompts, so none", () => {
    expect(promptSuggestions(writerFor(input(RICH, "tinder")))).toBeNull();
    expect(promptSuggestions(writerFor(input(RICH, "the_league")))).toBeNull();
  });
});

function photo(id: string, overrides: Partial<PhotoAnalysis> = {}, metrics: NonNullable<PhotoAnalysis["metrics"]> = {}): PhotoAnalysis {
  return {
    photoId: id,
    score: 80,
    rank: 1,
    keep: true,
    faces: 1,
    reasons: ["Sharp."],
    ...overrides,
    metrics: { faceShare: 0.08, smile: 0.9, faceFrontal: true, strong: true, belowMinimumSize: false, sharpness: 12, brightness: 120, ...metrics },
  };
}

describe("photo plan", () => {
  const w = writerFor(input({ interests: "climbing, jazz" }));

  test("three close-up solo portraits, all strong and smiling: a wider shot, a social one and an activity are missing", () => {
    const plan = photoPlan(w, [photo("a"), photo("b"), photo("c")]);
    expect(plan.summary).toBe("We'd keep 3 of your 3 photos: 3 of just you.");
    expect(plan.missing.map((m) => m.kind)).toEqual(["wider", "social", "activity", "more"]);
    expect(plan.missing.find((m) => m.kind === "wider")!.why).toContain("your face fills a large part of the frame");
    // What the measurements cannot show is asked, never claimed.
    expect(plan.missing.find((m) => m.kind === "activity")!.why).toContain("We can't tell from a photo what you are doing in it");
  });

  test("no strong first photo: says why from the measurements (turned away, too small); no smile measured low", () => {
    const plan = photoPlan(w, [
      photo("a", {}, { strong: false, faceFrontal: false, belowMinimumSize: true, smile: 0.1 }),
      photo("b", { faces: 3 }, { strong: false, faceShare: 0.005, smile: 0.2 }),
      photo("c", { score: 40 }, { strong: false, smile: 0.05 }),
      photo("d", {}, { strong: false, faceShare: 0.01, smile: 0.3 }),
    ]);
    const kinds = plan.missing.map((m) => m.kind);
    expect(kinds).toEqual(["clear-solo", "smiling", "activity"]);
    expect(plan.missing[0]!.why).toStartWith("In your best solo photo your face is turned away from the camera and your best solo photo is too small");
  });

  test("left-out photos do not count, and unknown measurements claim nothing", () => {
    const plan = photoPlan(writerFor(input({})), [photo("a", { keep: false, faces: 2 }), { photoId: "b", score: 50, rank: 2, keep: true, faces: 1, reasons: ["ok"] }]);
    expect(plan.missing.map((m) => m.kind)).toEqual(["clear-solo", "social", "more"]);
    expect(plan.summary).toBe("We'd keep 1 of your 2 photos: 1 of just you.");
  });

  test("every sentence is true of each photo it speaks of: no close-up claimed of a full-length, faceless or group shot (issue 30, item 6)", () => {
    const wider = (photos: PhotoAnalysis[]) => photoPlan(w, photos).missing.find((m) => m.kind === "wider")?.why ?? null;
    // A full-length side shot: its face, turned away, is small in the frame.
    const fullLength = photo("far", {}, { faceShare: 0.012, faceFrontal: false, strong: false });
    expect(wider([photo("a"), photo("b"), fullLength])).toBeNull();
    // A full-length shot from afar where no face was found, and a photo of a dog: neither is a close-up.
    expect(wider([photo("a"), photo("b"), photo("far", { faces: 0 }, { faceShare: 0 })])).toBeNull();
    // A group photo's largest face may not be theirs.
    expect(wider([photo("a"), photo("b"), photo("group", { faces: 6 }, { faceShare: 0.09 })])).toBeNull();
    // Waist-up and close-ups: true to say they are all waist up or closer, not that the face fills the frame.
    const waistUp = wider([photo("a"), photo("b"), photo("waist", {}, { faceShare: 0.035 })]);
    expect(waistUp).toStartWith("Every photo we'd keep shows you from the waist up or closer.");
    expect(waistUp).not.toContain("fills a large part");
    // Faces unchecked on a kept photo: only what was found is said about other people.
    const unchecked = photoPlan(w, [photo("a"), photo("b"), { photoId: "c", score: 50, rank: 3, keep: true, faces: 0, reasons: ["ok"], metrics: { sharpness: 9 } }]);
    expect(unchecked.missing.find((m) => m.kind === "social")!.why).toStartWith("We found no other people in the photos we'd keep.");
  });

  test("no photos: the set a profile needs", () => {
    expect(photoPlan(w, []).missing.map((m) => m.kind)).toEqual(["clear-solo", "wider", "social", "activity"]);
  });
});

describe("elite starters", () => {
  test("five, distinct, each built from a detail of theirs or a tip about the match's profile, never a bracketed blank (issue 30)", () => {
    const starters = eliteStarters(writerFor(input(RICH)), said());
    expect(starters).toHaveLength(5);
    expect(new Set(starters).size).toBe(5);
    const details = ["baking", "hiking", "sourdough", "bakery crawl", "nurse", "bakery at 6 am", "podcasts"];
    const tip = /^(?:On (?:a|an|the) [^:]*\btheirs?\b[^:]*: “|Ask about [^:]*: “)/;
    for (const s of starters) expect({ s, specific: details.some((d) => s.toLowerCase().includes(d)) || tip.test(s) }).toEqual({ s, specific: true });
    for (const s of starters) expect(s).not.toMatch(/\[[^\]]+\]/);
    expect(starters.filter((s) => details.some((d) => s.toLowerCase().includes(d))).length).toBeGreaterThanOrEqual(3);
    for (const s of starters) expect(textProblems(s, RICH)).toEqual([]);
  });

  test("an empty profile: five tips about the match's profile, none claiming anything about the customer", () => {
    const starters = eliteStarters(writerFor(input({})), said());
    expect(starters).toHaveLength(5);
    for (const s of starters) expect(s).toMatch(/^(?:On|Ask about) [^:]*: “[^”]+”$/);
    for (const s of starters) expect(s).not.toMatch(/\[[^\]]+\]|\bI(?:'m| am| work)\b/);
  });

  test("a topic from the bio when the interests field is empty; a thing asked to be left out stays out", () => {
    const profile = { bio: "Nurse, runner, terrible at karaoke." };
    expect(eliteStarters(writerFor(input(profile)), said())[0]).toBe("Important question before anything else: where do you stand on karaoke? My answer is on my profile.");
    const revision = input(RICH, "bumble", { reason: "revision", revisionNotes: "Don't mention baking" });
    for (const s of eliteStarters(writerFor(revision), said())) expect(s.toLowerCase()).not.toMatch(/\bbaking\b/);
  });

  test("premium's starters get one from the profile when none of them was", () => {
    const w = writerFor(input({ bio: "Nurse, runner, terrible at karaoke." }, "bumble", { plan: "premium" }));
    const generic = ["What's your ideal Sunday?", "Best thing this week?", "Where would you be this weekend?"];
    const kept = withOneFromProfile(w, generic, said());
    expect(kept.slice(0, 2)).toEqual(generic.slice(0, 2));
    expect(kept[2]).toContain("karaoke");
    const already = ["Where do you stand on karaoke?", ...generic.slice(1)];
    expect(withOneFromProfile(w, already, said())).toEqual(already);
  });
});

describe("the elite result", () => {
  test("premium and elite differ on the same input: elite adds versions, prompts to answer, a photo plan, five starters and a guide section", async () => {
    const optimiser = createLocalOptimiser();
    const premium = await optimiser.optimise(input(RICH, "bumble", { plan: "premium" }));
    const elite = await optimiser.optimise(input(RICH, "bumble", { plan: "elite" }));
    expect(premium.bioVersions).toBeNull();
    expect(premium.promptSuggestions).toBeNull();
    expect(premium.photoPlan).toBeNull();
    expect(premium.conversationStarters).toHaveLength(3);
    expect(elite.bioVersions!.versions).toHaveLength(3);
    expect(elite.promptSuggestions!.suggestions.length).toBeGreaterThan(0);
    expect(elite.photoPlan!.missing.length).toBeGreaterThan(0);
    expect(elite.conversationStarters).toHaveLength(5);
    expect(elite.conversationStarters).not.toEqual(expect.arrayContaining(premium.conversationStarters));
    expect(elite.strategyGuide!.sections.at(-1)!.heading).toBe("Made for your profile");
    expect(premium.strategyGuide!.sections.map((s) => s.heading)).not.toContain("Made for your profile");
    expect(JSON.stringify(elite)).not.toBe(JSON.stringify({ ...premium, plan: "elite" }));
  });

  test("fewer than three versions marks the result as needing a writer, beside the text analyser's own reasons", async () => {
    const elite = await createLocalOptimiser().optimise(input({ bio: "Architect who draws tiny houses on napkins." }));
    expect(elite.needsWriter!.reason).toContain("bio versions");
    expect(elite.needsWriter!.reason.length).toBeLessThanOrEqual(RESULT_LIMITS.note);
  });

  test("the guide section says which version to use, the next prompt and the next photo", () => {
    const guide = { title: "Guide", sections: [{ heading: "Timing", points: ["Evenings."] }] };
    const parts = eliteParts(input(RICH), { bio: null, prompts: [], strategyGuide: guide }, []);
    const section = parts.strategyGuide!.sections[1]!;
    expect(section.heading).toBe("Made for your profile");
    expect(section.points[0]).toContain("Your bio comes in 3 versions (Warm, Playful, Direct)");
    // The prompts to answer and the photo plan are named, not copied: their own parts say what and why.
    const first = parts.promptSuggestions!.suggestions[0]!;
    const prompt = section.points.find((p) => p.startsWith(`Next prompt to answer: “${first.prompt}”`));
    expect(prompt).toBeDefined();
    expect(prompt).not.toContain(first.reason);
    const photo = section.points.find((p) => p.startsWith("Next photo to take: the first shot in your photo plan"));
    expect(photo).toBeDefined();
    for (const m of parts.photoPlan.missing) expect(photo).not.toContain(m.why);
  });
});

describe("elite on an app without a bio: the answer set in three tones (issue 30, item 4)", () => {
  const HINGE = {
    jobTitle: "Tree surgeon",
    education: "Myerscough College",
    idealFirstDate: "Bouldering then noodles",
    lookingFor: "A long-term relationship",
    interests: "climbing, ramen, jazz",
    prompts: [
      { prompt: "My simple pleasures", response: "Fresh bread from the bakery on my street. A thermos of tea halfway up an oak." },
      { prompt: "Dating me is like", response: "A day out with someone who knows every tree by its bark. Expect detours." },
      { prompt: "We'll get along if", response: "You laugh at my jazz records. I own far too many of them." },
    ],
  };

  test("three sets, each holding every answer within Hinge's limit, labelled as answers, each opening and another sentence its own", () => {
    const made = answerVersions(writerFor(input(HINGE, "hinge")), HINGE.prompts.map((p) => ({ prompt: p.prompt, optimised: p.response })))!;
    expect(made.part.of).toBe("answers");
    expect(made.part.versions.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
    expect(made.needsWriter).toBeNull();
    const limit = appRules("hinge").promptAnswerLimit!;
    const bodies = made.part.versions.map((v) => {
      const set = answerSetOf(v.text);
      expect(set.map((a) => a.prompt).sort()).toEqual(HINGE.prompts.map((p) => p.prompt).sort());
      for (const a of set) {
        expect(a.answer.length).toBeLessThanOrEqual(limit);
        expect(textProblems(a.answer, HINGE)).toEqual([]);
        expect(numbersInvented(a.answer, HINGE)).toEqual([]);
      }
      return set.map((a) => a.answer).join("\n");
    });
    bodies.forEach((b, j) => bodies.slice(0, j).forEach((a) => expect(distinctVersion(a, b)).toBe(true)));
    // None of them is the customer's answer set as it stands.
    for (const b of bodies) expect(b).not.toBe(HINGE.prompts.map((p) => p.response).join("\n"));
  });

  test("the elite result carries them, and its answers are not premium's word for word; the guide says how to use the tones", async () => {
    const optimiser = createLocalOptimiser();
    const premium = await optimiser.optimise(input(HINGE, "hinge", { plan: "premium" }));
    const elite = await optimiser.optimise(input(HINGE, "hinge", { plan: "elite" }));
    expect(premium.bioVersions).toBeNull();
    expect(elite.bioVersions!.of).toBe("answers");
    expect(elite.bioVersions!.versions).toHaveLength(3);
    expect(versionsAlike(elite)).toEqual([]);
    expect(eliteAnswersCopied(premium, elite)).toEqual([]);
    // What the check catches: an elite result with no tones and the same answers.
    expect(eliteAnswersCopied(premium, { ...elite, prompts: premium.prompts, bioVersions: null, needsWriter: null })).toEqual(["every answer elite delivers is premium's, word for word"]);
    expect(elite.strategyGuide!.sections.at(-1)!.points[0]).toBe("Your answers come in 3 tones (Warm, Playful, Direct). Use one set for a week, then switch to another, and keep the one that brings more likes and comments.");
  });

  test("one-word answers: fewer sets, and the writer is told which tones to write; nothing of it in the customer's note", () => {
    const thin = { jobTitle: "Electrician", prompts: [{ prompt: "My simple pleasures", response: "Tea." }, { prompt: "Dating me is like", response: "Easy." }, { prompt: "I'm looking for", response: "Someone nice." }] };
    const made = answerVersions(writerFor(input(thin, "hinge")), thin.prompts.map((p) => ({ prompt: p.prompt, optimised: p.response })))!;
    expect(made.part.versions.length).toBeLessThan(3);
    expect(made.needsWriter).toMatch(/^Hinge has no bio, so elite's three tones are of the answer set; only \d of 3 differed enough to offer from the customer's own words: write the .+ ones?\.$/);
    expect(made.part.note).toBeNull();
  });

  test("an app with a bio keeps bio versions; no answers, no sets", () => {
    expect(answerVersions(writerFor(input(RICH, "bumble")), [])).toBeNull();
    expect(answerVersions(writerFor(input({ jobTitle: "Nurse" }, "hinge")), [])).toBeNull();
  });
});

describe("the result shape", () => {
  const base = input(RICH);

  test("results stored before the elite parts existed still parse", () => {
    const old = sampleResult(base) as Record<string, unknown>;
    delete old.bioVersions;
    delete old.promptSuggestions;
    delete old.photoPlan;
    expect(optimisationResultSchema.parse(old).bioVersions).toBeUndefined();
  });

  test("limits met by construction: an over-long reason, note or why is shortened, never a reason to fail", () => {
    const long = "word ".repeat(200);
    const result = {
      ...sampleResult(base),
      bioVersions: { versions: [{ tone: "warm" as const, text: "Nurse.", why: long }], note: long },
      promptSuggestions: { suggestions: [{ prompt: "My perfect day", reason: long }], note: long },
      photoPlan: { summary: long, missing: [{ kind: "social" as const, shot: long, why: long }] },
    };
    expect(optimisationResultSchema.safeParse(result).success).toBe(false);
    const fitted = optimisationResultSchema.parse(withinLimits(result));
    expect(fitted.bioVersions!.versions[0]!.why.length).toBeLessThanOrEqual(RESULT_LIMITS.note);
    expect(fitted.promptSuggestions!.suggestions[0]!.reason.length).toBeLessThanOrEqual(300);
    expect(fitted.photoPlan!.summary.length).toBeLessThanOrEqual(RESULT_LIMITS.note);
  });
});
