import { describe, expect, test } from "bun:test";
import { EMPTY_PROFILE_TEXT, type ProfileText } from "../input.ts";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import {
  brokenWords,
  contentStems,
  demandsKept,
  equalsOriginal,
  gameItemsLost,
  grammarScars,
  languageMixed,
  selfFactsDropped,
  starterBlanksAndQuotes,
  englishWords,
  factsMissing,
  fragments,
  plansIdentical,
  punctuationScars,
  putDownsLeftInPart,
  repeatedLines,
  sentencesOf,
  starterProblems,
  strongSentencesLost,
  templateFiller,
  untrueClaims,
  writesInLowercase,
  writtenTexts,
} from "./checks.ts";


describe("sentences", () => {
  test("split after end punctuation and at line breaks, keeping the punctuation", () => {
    expect(sentencesOf("Nurse by day. Baker by night!\nAsk me why? 🙂")).toEqual(["Nurse by day.", "Baker by night!", "Ask me why?"]);
    expect(sentencesOf("Jazz, funk etc. and soul. So... maybe.")).toEqual(["Jazz, funk etc. and soul.", "So... maybe."]);
  });
});

describe("broken words", () => {
  const customer = "Netflix and chill kinda guy. Nurse by day, sourdough baker by night.";

  test("a word cut inside is caught", () => {
    expect(brokenWords("Chil kinda guy. Nurse by day.", customer)).toEqual(["Chil"]);
  });

  test("English words, contractions, hyphenated words and the customer's own words (any case) pass", () => {
    expect(brokenWords("NETFLIX kinda guy. I'm a well-read nurse who can't say no, and you'd love my sourdough's crust.", customer)).toEqual([]);
    expect(brokenWords("Took out “love to travel”: lines like that make a cliché of your profile.", "")).toEqual([]);
  });

  test("a word of another script counts only when the customer never wrote it", () => {
    expect(brokenWords("Люблю путешествовать.", "Люблю путешествовать и читать книги.")).toEqual([]);
    expect(brokenWords("Люблю путешес.", "Люблю путешествовать и читать книги.")).toEqual(["путешес"]);
  });

  test("the word list is the word-list package's, with the one-letter words added", () => {
    const words = englishWords();
    expect(words.size).toBeGreaterThan(250_000);
    expect(words.has("a")).toBe(true);
    expect(words.has("chil")).toBe(false);
    expect(brokenWords("What's your ideal Sunday in May?", "")).toEqual([]);
  });
});

describe("fragments", () => {
  test("a lead-in label before a quotation is no sentence of its own; the quoted words are still read", () => {
    expect(fragments("On a prompt of theirs about free time: “Good answer. Now the real test: climbing or jazz?”", "")).toEqual([]);
    expect(fragments("On a prompt of theirs: “At the gym or on the couch.”", "")).toEqual(["no verb: “On a prompt of theirs: “At the gym or on the couch.””"]);
    expect(fragments("On a prompt of theirs about free time.", "")).toEqual(["no verb: “On a prompt of theirs about free time.”"]);
  });

  test("lower-case after a full stop is caught, an abbreviation or ellipsis is not", () => {
    expect(fragments("Sometimes playing guitar badly. at the gym or on the couch with Netflix.", "")).toEqual([
      "lower-case after a full stop: “at the gym or on the couch with Netflix.”",
      "no verb: “at the gym or on the couch with Netflix.”",
    ]);
    expect(fragments("I like jazz, soul, funk etc. and anything with a horn section. So... maybe you do too?", "")).toEqual([]);
  });

  test("a text that starts lower-case is caught unless the customer wrote in lowercase", () => {
    expect(fragments("and I teach year 5.", "I teach year 5 and I love it.")).toEqual(["starts lower-case: “and I teach year 5.”"]);
    expect(fragments("i teach year 5. most days i love it.", "i teach year 5 and most days i love it, honestly", { lowercaseStyle: true })).toEqual([]);
    expect(fragments("i teach year 5. most days i love it.", "i teach year 5 and most days i love it, honestly")).toEqual(["lower-case after a full stop: “most days i love it.”"]);
    expect(fragments("i teach. i said it: i teach.", "i teach. i said it")).toEqual([]);
  });

  test("a new verbless sentence opening with a preposition or conjunction is caught; the customer's own is theirs", () => {
    expect(fragments("I teach. At the gym or on the couch with Netflix.", "I teach. At the gym or on the couch with Netflix.")).toEqual([]);
    expect(fragments("I teach. At the gym or on the couch with Netflix.", "I teach, at the gym or on the couch with Netflix.")).toEqual(["no verb: “At the gym or on the couch with Netflix.”"]);
    expect(fragments("On Sundays I bake bread. With my dog, always.", "I bake bread on Sundays")).toEqual(["no verb: “With my dog, always.”"]);
  });

  test("a subordinate clause left on its own is caught, a complete one is not", () => {
    expect(fragments("If your pics are all filters.", "Swipe left if your pics are all filters.")).toEqual(["a clause on its own: “If your pics are all filters.”"]);
    expect(fragments("If you can beat me at Mario Kart, we should talk. When in doubt, order the dumplings.", "")).toEqual([]);
  });

  test("verbless lines the optimiser may rightly write are not fragments", () => {
    expect(fragments("Nurse by day, sourdough baker by night. Currently failing to keep a starter alive. Dog dad.", "")).toEqual([]);
  });
});

test("the lowercase style is read from the bio and answers, not from the other fields", () => {
  const bio = "structural engineer. i make sure bridges stay up";
  expect(writesInLowercase({ ...EMPTY_PROFILE_TEXT, bio, industry: "Engineering" })).toBe(true);
  expect(writesInLowercase({ ...EMPTY_PROFILE_TEXT, bio: "Structural engineer. I make sure bridges stay up" })).toBe(false);
  expect(writesInLowercase({ ...EMPTY_PROFILE_TEXT, bio: "ok then" })).toBe(false);
});

describe("punctuation scars", () => {
  test("“,.”, “. .”, “,,” and a space before a full stop are caught", () => {
    expect(punctuationScars("On the couch with Netflix,. Where are you?", "")).toEqual(["“,.”"]);
    expect(punctuationScars("I cook. . You wash up,, deal? I said no .", "")).toEqual(["“. .”", "“,,”", "a space before “.” or “,”"]);
  });

  test("an ellipsis, a decimal and the customer's own scars are not counted", () => {
    expect(punctuationScars("So... 4.5 stars. Maybe.", "")).toEqual([]);
    expect(punctuationScars("I like it ,, really.", "I like it ,, really.")).toEqual([]);
    expect(punctuationScars("I like it ,, really,, yes.", "I like it ,, really.")).toEqual(["“,,”"]);
  });
});

describe("put-downs left in part", () => {
  const putDowns = ["Swipe left if your pics are all filters", "Don't message me if you have kids or can't hold a conversation"];

  test("part of a put-down surviving is caught", () => {
    expect(putDownsLeftInPart("Nurse by day. If your pics are all filters.", putDowns)).toEqual([
      "“Swipe left if your pics are all filters” left as “…if your pics…”",
    ]);
    expect(putDownsLeftInPart("Have kids or can't hold a conversation.", putDowns)).toEqual([
      "“Don't message me if you have kids or can't hold a conversation” left as “…have kids or…”",
    ]);
  });

  test("a put-down removed whole or kept whole is no scar, nor are shared function words", () => {
    expect(putDownsLeftInPart("Nurse by day, baker by night. Tell me about your dog.", putDowns)).toEqual([]);
    expect(putDownsLeftInPart("Swipe left if your pics are all filters.", putDowns)).toEqual([]);
    expect(putDownsLeftInPart("I promise you have to try my bread if you are near.", putDowns)).toEqual([]);
  });
});

describe("facts and strong texts kept", () => {
  test("a missing fact is named; case, quotes and punctuation do not matter", () => {
    expect(factsMissing("ICU nurse at St Mary’s, looking for a SERIOUS relationship.", ["St Mary's", "serious relationship", "3 years"])).toEqual(["3 years"]);
    // A fact the analyser writes corrected ("I search a serious relation") is kept in either form, and only whole.
    expect(factsMissing("I'm looking for a serious relationship.", ["serious relation|serious relationship"])).toEqual([]);
    expect(factsMissing("I search a serious relation.", ["serious relation|serious relationship"])).toEqual([]);
    expect(factsMissing("Something serious.", ["serious relation|serious relationship"])).toEqual(["serious relation|serious relationship"]);
  });

  test("a fact must be whole words: “nurse” is not kept by “nursery”", () => {
    expect(factsMissing("I run a nursery.", ["nurse"])).toEqual(["nurse"]);
  });

  test("a strong text cut to two of its three statements is caught; kept as written, or with more added, passes", () => {
    const original = "I've met the Queen. I can juggle fire. I've never seen Star Wars.";
    expect(strongSentencesLost(original, "I've met the Queen. I can juggle fire.")).toEqual(["I've never seen Star Wars."]);
    expect(strongSentencesLost(original, "I've met the queen. I can juggle fire! I've never seen Star Wars. Guess the lie.")).toEqual([]);
  });
});

describe("plans that differ", () => {
  const result = (bio: string, answers: string[], elite: Partial<OptimisationResult> = {}) =>
    ({
      bio: { original: null, optimised: bio, limit: 500, notes: [] },
      prompts: answers.map((a) => ({ prompt: "My simple pleasures", optimised: a, original: null, limit: 150, notes: [], rewritten: true })),
      conversationStarters: ["Best loaf so far?"],
      ...elite,
    }) as unknown as OptimisationResult;

  test("identical bio and answers are caught, any difference passes", () => {
    expect(plansIdentical(result("Nurse by day.", ["Tea."]), result("Nurse by day.", ["Tea."]))).toBe(true);
    expect(plansIdentical(result("Nurse by day.", ["Tea."]), result("Nurse by day.", ["Tea, and a long walk."]))).toBe(false);
    expect(plansIdentical(result("Nurse by day.", []), result("Night-shift nurse, day-shift baker.", []))).toBe(false);
  });

  test("elite's own parts count: bio versions, starters, prompts to answer and the photo plan", () => {
    const premium = result("Nurse by day.", ["Tea."]);
    const same = (elite: Partial<OptimisationResult>) => plansIdentical(premium, result("Nurse by day.", ["Tea."], elite));
    expect(same({ bioVersions: { versions: [{ tone: "warm", text: "Nurse by day, baker by night.", why: "Warm." }], note: null } })).toBe(false);
    expect(same({ conversationStarters: ["Best loaf so far?", "Which trail first?"] })).toBe(false);
    expect(same({ promptSuggestions: { suggestions: [{ prompt: "My simple pleasures", reason: "You mention tea." }], note: null } })).toBe(false);
    expect(same({ photoPlan: { summary: "We'd keep 3 of your 3 photos.", missing: [{ kind: "social", shot: "Friends", why: "None has friends." }] } })).toBe(false);
    // Empty elite parts add nothing.
    expect(same({ bioVersions: null, promptSuggestions: null, photoPlan: null })).toBe(true);
  });

  test("bio versions are written texts, checked like the bio", () => {
    const elite = result("Nurse by day.", [], { bioVersions: { versions: [{ tone: "playful", text: "Chil kinda nurse.", why: "Playful." }], note: null } });
    expect(writtenTexts(elite)).toEqual(["Nurse by day.", "Chil kinda nurse."]);
  });
});

describe("starters built from the profile", () => {
  const profile: ProfileText = { ...EMPTY_PROFILE_TEXT, bio: "Nurse by day, sourdough baker by night.", interests: "hiking, baking" };

  test("content words are stemmed and template words left out", () => {
    expect(contentStems("What's your favorite hiking trail this weekend?")).toEqual(new Set(["hik", "trail"]));
  });

  test("at least one starter must share a content word with the profile", () => {
    expect(starterProblems(["Rate your hikes out of 10.", "Two-word review of your week so far. Go."], profile, "premium")).toEqual([]);
    expect(starterProblems(["Two-word review of your week so far. Go.", "Tell me your best first-date story."], profile, "premium")).toEqual([
      "no starter is built from the profile",
    ]);
  });

  test("on elite every starter is built from the profile or has a marked blank; repeats are caught on any plan", () => {
    expect(starterProblems(["Best sourdough you've had?", "Which trail would you hike first?", "How did you end up in [their city]?"], profile, "elite")).toEqual([]);
    expect(starterProblems(["Best sourdough you've had?", "Two-word review of your week so far. Go."], profile, "elite")).toEqual([
      "not built from the profile: “Two-word review of your week so far. Go.”",
    ]);
    expect(starterProblems(["Best sourdough you've had?", "Best sourdough you've had?"], profile, "premium")).toEqual(["repeated: “Best sourdough you've had?”"]);
  });

  test("an empty profile gives nothing to build from: only repeats count", () => {
    expect(starterProblems(["Two-word review of your week so far. Go."], EMPTY_PROFILE_TEXT, "elite")).toEqual([]);
  });
});

describe("template filler", () => {
  test("“Into X.”, a field label line and an either/or closer are caught", () => {
    expect(templateFiller("Nurse by day. Into hiking and baking. Vibes: dry humor. Hiking or baking: which one wins for you?", "Nurse by day.")).toEqual([
      "“Into hiking and baking.”",
      "“Vibes: dry humor.”",
      "“Hiking or baking: which one wins for you?”",
    ]);
    expect(templateFiller("Coffee or cocktails?", "")).toEqual(["“Coffee or cocktails?”"]);
  });

  test("the customer's own lines and ordinary sentences pass", () => {
    expect(templateFiller("Into bouldering? Me too. Weekends: hiking, brunch, repeat.", "Into bouldering? Me too. Weekends: hiking, brunch, repeat.")).toEqual([]);
    expect(templateFiller("I got into climbing last year. Tell me whether you would pick the mountains or the sea, and why.", "")).toEqual([]);
  });
});

describe("said once", () => {
  const profile: ProfileText = { ...EMPTY_PROFILE_TEXT, bio: "Potter in Stroud.", idealFirstDate: "Chips on the harbour wall in Whitby", prompts: [{ prompt: "My simple pleasures", response: "Tea." }] };
  const result = (parts: Partial<OptimisationResult>) =>
    ({
      bio: { original: null, optimised: "Potter in Stroud. Chips on the harbour wall in Whitby. Better plan?", limit: 500, notes: [] },
      prompts: [{ prompt: "My simple pleasures", optimised: "Tea, strong. What are yours?", original: "Tea.", limit: 150, notes: [], rewritten: true }],
      conversationStarters: ["What did you last make with your hands?"],
      strategyGuide: { title: "Guide", sections: [{ heading: "Timing", points: ["Write within a day of matching."] }] },
      analysis: { summary: "We edited your bio.", strengths: [], problems: [] },
      bioVersions: null,
      promptSuggestions: null,
      photoPlan: null,
      ...parts,
    }) as unknown as OptimisationResult;

  test("a result whose parts each say their own lines passes", () => {
    expect(repeatedLines(result({}), profile)).toEqual([]);
  });

  test("a line quoted into another part is caught, in a clause or in quotation marks, whatever the case", () => {
    const guide = { title: "Guide", sections: [{ heading: "Dates", points: ["Your own idea is ready to go: “chips on the harbour wall in Whitby”."] }] };
    expect(repeatedLines(result({ strategyGuide: guide }), profile)).toEqual(["“chips on the harbour wall in whitby” in bio, guide “Dates” point 1"]);
    const starter = ["My pitch: chips on the harbour wall in Whitby. Deal?"];
    expect(repeatedLines(result({ conversationStarters: starter }), profile)).toHaveLength(1);
  });

  test("a line of five words or more inside a longer line of another part is a copy; a fact named again is not", () => {
    const copied = ["My idea of a first date is chips on the harbour wall in Whitby, then a walk."];
    expect(repeatedLines(result({ conversationStarters: copied }), profile)).toEqual(["“chips on the harbour wall in whitby” in bio, starter 1"]);
    expect(repeatedLines(result({ conversationStarters: ["Which is better, Stroud or Whitby?"] }), profile)).toEqual([]);
  });

  test("the same closing question in two answers, or an answer's line in the recommendations, is caught", () => {
    const prompts = ["My simple pleasures", "I'm looking for"].map((prompt) => ({ prompt, optimised: "Kind people. What are yours?", original: "x", limit: 150, notes: [], rewritten: true }));
    expect(repeatedLines(result({ prompts } as Partial<OptimisationResult>), profile)).toEqual(["“what are yours” in answer to “My simple pleasures”, answer to “I'm looking for”"]);
    const analysis = { summary: "We kept your own facts (potter in stroud).", strengths: [], problems: [] };
    expect(repeatedLines(result({ analysis }), profile)).toEqual(["“potter in stroud” in bio, recommendations"]);
  });

  test("a reference names a part without copying it: a prompt's title, the bio and its versions, the customer's own repeat", () => {
    const guide = { title: "Guide", sections: [{ heading: "Order", points: ["Your answer to “My simple pleasures” is your most specific: keep it first."] }] };
    const starters = ["When someone likes your “My simple pleasures” answer, ask for theirs."];
    const versions = { versions: [{ tone: "warm" as const, text: "Potter in Stroud. Tell me yours.", why: "Warm: your lines." }], note: null };
    expect(repeatedLines(result({ strategyGuide: guide, conversationStarters: starters, bioVersions: versions }), profile)).toEqual([]);
    const twice = { ...profile, bio: "Potter in Stroud. Tea is life.", prompts: [{ prompt: "My simple pleasures", response: "Tea is life." }] };
    const own = result({ bio: { original: twice.bio, optimised: "Potter in Stroud. Tea is life.", limit: 500, notes: [] }, prompts: [{ prompt: "My simple pleasures", optimised: "Tea is life.", original: "Tea is life.", limit: 150, notes: [], rewritten: false }] } as Partial<OptimisationResult>);
    expect(repeatedLines(own, twice)).toEqual([]);
  });
});

describe("honest notes", () => {
  const result = (notes: string[], engine: "local" | "ai" = "local", prompt = "My simple pleasures") =>
    ({
      analysis: { summary: "We edited your bio from your own sentences.", strengths: [], problems: [] },
      bio: { original: "Baker.", optimised: "Baker. Tell me yours.", limit: 300, notes },
      prompts: [{ prompt, optimised: "Tea.", original: "Tea.", limit: 150, notes: [], rewritten: false }],
      strategyGuide: null,
      engines: { analysis: { kind: engine }, bio: { kind: engine }, prompts: { kind: engine }, photos: { kind: "local" }, starters: null, guide: null },
    }) as unknown as OptimisationResult;

  test("notes that say only what happened pass", () => {
    expect(untrueClaims(result(["Opened with your most specific line.", "Ended with a question built from your interests."]))).toEqual([]);
  });

  test("a person's later work, a revision note said to be followed, and a local rewrite are each caught", () => {
    expect(untrueClaims(result(["Kept as you wrote it; our editor will polish it."]))).toHaveLength(1);
    expect(untrueClaims(result(["Send us a detail and we'll use it."]))).toHaveLength(1);
    expect(untrueClaims(result(["This version follows your note: shorter."]))).toHaveLength(1);
    expect(untrueClaims(result(["We rewrote your bio around your best line."]))).toHaveLength(1);
    // A model that did rewrite may say so.
    expect(untrueClaims(result(["We rewrote your bio around your best line."], "ai"))).toEqual([]);
  });

  test("a prompt's title is the app's words, not a promise", () => {
    const r = result([], "local", "We'll get along if");
    r.analysis.summary = "Your answer to “We'll get along if” is your most specific.";
    expect(untrueClaims(r)).toEqual([]);
  });
});

describe("issue 30's kinds of harm", () => {
  const base = (parts: Partial<OptimisationResult>) =>
    ({
      plan: "premium",
      bio: { original: "Schreiner in Kiel. Ich segle gern.", optimised: "Schreiner in Kiel. Ich segle gern.", limit: 500, notes: [], needsWriter: null },
      prompts: [],
      conversationStarters: [],
      bioVersions: null,
      needsWriter: { reason: "The customer writes in German: the bio needs a writer who knows the language." },
      ...parts,
    }) as unknown as OptimisationResult;
  const german: ProfileText = { ...EMPTY_PROFILE_TEXT, bio: "Schreiner in Kiel. Ich segle gern." };

  test("another language: an English line of ours, a lost sentence or a missing mark is caught; their own text passes", () => {
    expect(languageMixed(base({}), german)).toEqual([]);
    const added = base({ bio: { original: german.bio, optimised: "Schreiner in Kiel. Ich segle gern. Are you into sailing too? Tell me.", limit: 500, notes: [] } as never });
    expect(languageMixed(added, german)).toEqual(["English added: “Are you into sailing too?”", "English added: “Tell me.”"]);
    const cut = base({ bio: { original: german.bio, optimised: "Schreiner in Kiel.", limit: 500, notes: [] } as never });
    expect(languageMixed(cut, german)).toEqual(["“Ich segle gern.” lost from a text in another language"]);
    expect(languageMixed(base({ needsWriter: null }), german)).toEqual(["not marked for a writer who knows the language"]);
    // Basic too is marked for a writer who knows the language (decision 151).
    expect(languageMixed(base({ needsWriter: null, plan: "basic" }), german)).toEqual(["not marked for a writer who knows the language"]);
  });

  test("a put-down kept whole is caught unless its part is marked for a writer", () => {
    const putDown = "Guys under 5'11 need not apply.";
    const kept = base({ bio: { original: "", optimised: `Welder in Hull. ${putDown}`, limit: 500, notes: [], needsWriter: null } as never });
    expect(demandsKept(kept, [putDown])).toEqual([`“${putDown}” kept in the bio`]);
    const marked = base({ bio: { original: "", optimised: `Welder in Hull. ${putDown}`, limit: 500, notes: [], needsWriter: { reason: "write it" } } as never });
    expect(demandsKept(marked, [putDown])).toEqual([]);
  });

  test("a starter with a blank or the customer's own line quoted is caught; a tip and a message are not", () => {
    const profile: ProfileText = { ...EMPTY_PROFILE_TEXT, bio: "I restore old canal boats in Stoke every summer." };
    expect(starterBlanksAndQuotes(["You mention [an interest of theirs]. Why?"], profile)).toHaveLength(1);
    expect(starterBlanksAndQuotes(["Quiz me on “restore old canal boats”, then I'll quiz you."], profile)).toHaveLength(1);
    expect(starterBlanksAndQuotes(["On a place in their photos: “Where is this?”", "Canal boats or narrowboats: what's the difference?"], profile)).toEqual([]);
  });

  test("grammar scars of ours are caught, the customer's own are not", () => {
    expect(grammarScars("I'm a Director Partnerships at a charity.", "")).toHaveLength(1);
    expect(grammarScars("I'm a Director of Partnerships.", "")).toEqual([]);
    expect(grammarScars("Florist in Norwich:) Ask me.", "Florist in Norwich :) Ask me.")).toHaveLength(1);
    expect(grammarScars("Florist in Norwich :). Ask me.", "")).toHaveLength(1);
    expect(grammarScars("Would you be into library too?", "")).toHaveLength(1);
    expect(grammarScars("Would you be into the library too?", "")).toEqual([]);
    expect(grammarScars("I'd like to I've got two left feet.", "")).toHaveLength(1);
    expect(grammarScars("Cheers;) x", "Cheers;) x")).toEqual([]);
  });

  test("a job or goal of theirs dropped is caught; a put-down going whole is not", () => {
    const profile: ProfileText = { ...EMPTY_PROFILE_TEXT, bio: "I'm a midwife in Bath. I'm looking for a long-term relationship. Looking for a man over 6ft." };
    const r = (bio: string) => base({ bio: { original: profile.bio, optimised: bio, limit: 500, notes: [] } as never });
    expect(selfFactsDropped(r("I'm a midwife in Bath. Tell me about you."), profile, ["Looking for a man over 6ft."])).toEqual([
      "“long term” (from “I'm looking for a long-term relationship.”) dropped",
    ]);
    expect(selfFactsDropped(r("I'm a midwife in Bath. I'm looking for a long-term relationship."), profile, ["Looking for a man over 6ft."])).toEqual([]);
  });

  test("a game that lost a line is caught; equal to the original is every part the customer's own", () => {
    const game = (optimised: string) =>
      base({ bio: null, prompts: [{ prompt: "Two truths and a lie", original: "I hate tea. I've rowed the Thames. I met Bowie.", optimised, limit: 150, notes: [], rewritten: true }] as never });
    expect(gameItemsLost(game("I've rowed the Thames. I met Bowie. Guess the lie."))).toEqual(["“I hate tea.” cut from the answer to “Two truths and a lie”"]);
    expect(gameItemsLost(game("I hate tea. I've rowed the Thames. I met Bowie. Guess the lie."))).toEqual([]);
    expect(equalsOriginal(game("I hate tea. I've rowed the Thames. I met Bowie."))).toBe(true);
    expect(equalsOriginal(game("I hate tea. I've rowed the Thames. I met Bowie. Guess the lie."))).toBe(false);
  });
});
