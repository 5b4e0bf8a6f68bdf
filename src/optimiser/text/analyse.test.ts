import { describe, expect, test } from "bun:test";
import { appRules } from "../../shared/optimiser/apps.ts";
import type { OptimiserInput } from "../input.ts";
import { findingSchema, optimisationResultSchema, promptRewriteSchema, STARTERS_PER_PLAN, strategyGuideSchema, textRewriteSchema } from "../../shared/optimiser/result.ts";
import { PLAN_IDS } from "../../shared/orders/plans.ts";
import { analyseText, type TextAnalysis } from "./analyse.ts";
import { CORPUS, INVENTION_WATCHLIST, inputFor, type CorpusEntry, type Expected } from "./corpus.fixture.ts";
import { findRules, norm } from "./match.ts";
import { CLICHES, LOW_EFFORT, NEGATIVITY } from "./phrases.ts";
import { findHook } from "./signals.ts";

const lower = (s: string) => s.toLowerCase();
const hasWord = (text: string, word: string) => ` ${norm(text)} `.includes(` ${norm(word)} `);

/** Everything we wrote for the customer to use: the bio, the answers we rewrote, the starters. */
function writtenTexts(r: TextAnalysis): string[] {
  return [r.bio?.optimised ?? "", ...r.prompts.filter((p) => p.rewritten).map((p) => p.optimised), ...r.conversationStarters].filter(Boolean);
}

/** What the customer's profile will say after they paste our result in. */
function profileText(r: TextAnalysis): string {
  return [r.bio?.optimised ?? "", ...r.prompts.map((p) => p.optimised)].join("\n");
}

function everythingTheCustomerGave(input: OptimiserInput): string {
  const p = input.profile;
  return [p.bio, p.interests, p.lookingFor, p.jobTitle, p.education, p.idealFirstDate, p.industry, p.vibes, p.school, p.anthem, p.spotifyArtists, input.revisionNotes, ...p.prompts.flatMap((q) => [q.prompt, q.response])]
    .filter(Boolean)
    .join("\n");
}

function matches(found: { title: string; phrase?: string; field?: string }[], e: Expected): boolean {
  return found.some((f) => f.title === e.title && (!e.phrase || lower(f.phrase ?? "").includes(lower(e.phrase))) && (!e.field || f.field === e.field));
}

/** The whole stored result, as the job would build it around this analysis. */
function asResult(input: OptimiserInput, r: TextAnalysis) {
  const local = { kind: "local" as const };
  return {
    version: 1,
    app: input.app,
    plan: input.plan,
    generatedAt: new Date(0).toISOString(),
    reason: input.reason,
    ...r,
    photos: [],
    photoOrder: [],
    droppedPhotos: [],
    engines: { analysis: local, bio: local, prompts: local, photos: local, starters: input.plan === "basic" ? null : local, guide: input.plan === "basic" ? null : local },
    fallback: null,
    revisionNotes: input.revisionNotes,
  };
}

test("the corpus has at least 20 profiles and covers every app", () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(20);
  expect(new Set(CORPUS.map((e) => e.app))).toEqual(new Set(["hinge", "bumble", "tinder", "the_league"]));
});

describe.each(CORPUS.map((e) => [e.name, e] as [string, CorpusEntry]))("%s", (_name, entry) => {
  const findingsRun = analyseText(inputFor(entry, "premium"));

  test("reports its expected problems, quoting the customer's words", () => {
    for (const e of entry.problems) {
      if (!matches(findingsRun.analysis.problems, e)) throw new Error(`missing problem ${JSON.stringify(e)} in ${JSON.stringify(findingsRun.analysis.problems, null, 1)}`);
    }
    for (const title of entry.notProblems ?? []) {
      expect(findingsRun.analysis.problems.filter((p) => p.title === title)).toEqual([]);
    }
    const original = everythingTheCustomerGave(inputFor(entry, "premium"));
    for (const f of [...findingsRun.analysis.problems, ...findingsRun.analysis.strengths]) {
      if (!f.phrase || ["Too long"].includes(f.title)) continue;
      // A quote is the customer's text, possibly shortened with an ellipsis, never rewritten or escaped.
      expect(original).toContain(f.phrase.replace(/…$/, ""));
    }
  });

  test("reports its expected strengths", () => {
    for (const e of entry.strengths ?? []) {
      if (!matches(findingsRun.analysis.strengths, e)) throw new Error(`missing strength ${JSON.stringify(e)} in ${JSON.stringify(findingsRun.analysis.strengths, null, 1)}`);
    }
  });

  test.each([...PLAN_IDS])("%s: valid, within limits, keeps facts, invents nothing", (plan) => {
    const input = inputFor(entry, plan);
    const r = analyseText(input);
    const rules = appRules(entry.app);

    // Schema, piece by piece and whole.
    for (const f of [...r.analysis.problems, ...r.analysis.strengths]) findingSchema.parse(f);
    if (r.bio) textRewriteSchema.parse(r.bio);
    for (const p of r.prompts) promptRewriteSchema.parse(p);
    if (r.strategyGuide) strategyGuideSchema.parse(r.strategyGuide);
    optimisationResultSchema.parse(asResult(input, r));

    // Bio where the app has one; never over a limit.
    if (rules.bioLimit === null) expect(r.bio).toBeNull();
    else {
      expect(r.bio).not.toBeNull();
      expect(r.bio!.limit).toBe(rules.bioLimit);
      expect(r.bio!.optimised.length).toBeLessThanOrEqual(rules.bioLimit);
    }
    expect(r.prompts.map((p) => p.prompt)).toEqual(input.profile.prompts.map((p) => p.prompt));
    for (const p of r.prompts) {
      expect(p.optimised.length).toBeLessThanOrEqual(p.limit);
      if (rules.promptAnswerLimit !== null) expect(p.limit).toBe(rules.promptAnswerLimit);
      if (!p.rewritten) expect(p.optimised).toBe(p.original!.trim());
    }

    // The customer's facts survive.
    const profile = lower(profileText(r));
    for (const fact of plan === "basic" ? (entry.keepBasic ?? entry.keep) : entry.keep) expect(profile).toContain(lower(fact));

    // No cliché, negativity or low-effort line in anything we wrote.
    for (const text of writtenTexts(r)) {
      expect(findRules(text, CLICHES).map((m) => m.quote)).toEqual([]);
      expect(findRules(text, NEGATIVITY).map((m) => m.quote)).toEqual([]);
      expect(findRules(text, LOW_EFFORT).map((m) => m.quote)).toEqual([]);
    }

    // Nothing invented: a watched hobby, pet or place appears only if the customer wrote it.
    const given = everythingTheCustomerGave(input);
    const ours = [...writtenTexts(r), ...(r.strategyGuide?.sections.flatMap((s) => s.points) ?? [])].join("\n");
    for (const word of INVENTION_WATCHLIST) {
      if (!hasWord(given, word)) expect(hasWord(ours, word) ? word : null).toBeNull();
    }

    // No sentence twice in one text (a closing line added on top of the customer's own, say).
    for (const text of writtenTexts(r)) {
      const sentences = text.split(/(?<=[.!?…])\s+/).map(norm).filter(Boolean);
      expect(sentences.length).toBe(new Set(sentences).size);
    }

    // Starters and guide by plan.
    expect(r.conversationStarters.length).toBe(STARTERS_PER_PLAN[plan]);
    expect(new Set(r.conversationStarters.map(norm)).size).toBe(r.conversationStarters.length);
    for (const s of r.conversationStarters) expect(s.length).toBeLessThan(300);
    if (plan === "basic") expect(r.strategyGuide).toBeNull();
    else expect(r.strategyGuide!.sections.map((s) => s.heading)).toContain(`How ${rules.name} decides who sees you`);

    // Deterministic: the same input gives the same result.
    expect(analyseText(input)).toEqual(r);
  });
});

describe("plans", () => {
  const strongHinge = CORPUS.find((e) => e.name === "hinge: three strong answers")!;
  const weakHinge = CORPUS.find((e) => e.name === "hinge: weak answers")!;
  const longHinge = CORPUS.find((e) => e.name === "hinge: answers over 150 characters")!;

  test("basic on Hinge rewrites only the weakest answer and advises on the others", () => {
    const r = analyseText(inputFor(weakHinge, "basic"));
    expect(r.prompts.filter((p) => p.rewritten).length).toBe(1);
    // The specific "Two truths and a lie" is never the weakest.
    expect(r.prompts[1]!.rewritten).toBe(false);
    expect(r.prompts[1]!.notes.join(" ")).toContain("end with “Guess the lie.”");
    const kept = r.prompts.find((p) => !p.rewritten && p.prompt !== "Two truths and a lie")!;
    expect(kept.notes.length).toBeGreaterThan(0);
    expect(kept.notes.some((n) => n.includes(kept.original!.includes("idk") ? "just ask" : "partner in crime"))).toBe(true);
  });

  test("premium keeps strong answers as written and rewrites weak ones", () => {
    expect(analyseText(inputFor(strongHinge, "premium")).prompts.map((p) => p.rewritten)).toEqual([false, false, false]);
    const weak = analyseText(inputFor(weakHinge, "premium")).prompts;
    expect(weak.map((p) => p.rewritten)).toEqual([true, true, true]);
  });

  test("elite keeps strong answers exactly as written and marks them for a writer", () => {
    const r = analyseText(inputFor(strongHinge, "elite"));
    expect(r.prompts.map((p) => p.rewritten)).toEqual([false, false, false]);
    for (const p of r.prompts) {
      expect(p.optimised).toBe(p.original!.trim());
      expect(p.needsWriter?.reason).toContain("judged strong");
      expect(p.notes.join(" ")).not.toMatch(/writer|editor|will /i);
    }
    expect(r.needsWriter?.reason).toContain("needed for");
  });

  test("an answer over the limit is rewritten whatever the plan", () => {
    for (const plan of PLAN_IDS) {
      const r = analyseText(inputFor(longHinge, plan));
      expect(r.prompts.every((p) => p.rewritten && p.optimised.length <= 150)).toBe(true);
    }
  });

  test("basic edits the bio lightly: the customer's sentences stay in their order", () => {
    const entry = CORPUS.find((e) => e.name === "tinder: demands, and a dog the customer mentions")!;
    const r = analyseText(inputFor(entry, "basic"));
    expect(r.bio!.optimised.startsWith("Primary school teacher and owner of a very loud dog called Mabel.")).toBe(true);
    expect(r.bio!.optimised).not.toContain("No drama");
  });

  test("premium rewrites the bio from the customer's facts: most specific line first, interests, a closing question", () => {
    const entry = CORPUS.find((e) => e.name === "tinder: wall of clichés")!;
    const bio = analyseText(inputFor(entry, "premium")).bio!.optimised;
    expect(bio.toLowerCase()).toContain("pottery classes");
    expect(findHook(bio)).not.toBeNull();
  });
});

describe("rewrites", () => {
  test("“I work as …” is a line about their work even when the job is no word the analyser knows (The League puts it second)", () => {
    const bio = "Sunday swims at Tooting Lido all year, even in January. Terrible at darts, worse at pool. I work as a cartographer for the Ordnance Survey.";
    const r = analyseText(inputFor({ app: "the_league", profile: { bio } }, "premium"));
    expect(r.bio!.optimised).toStartWith("Sunday swims at Tooting Lido all year, even in January. I work as a cartographer");
    expect(r.bio!.notes.join(" ")).toContain("career-forward");
  });

  test("a demand becomes a wish only when the customer mentions the thing", () => {
    const withDog = CORPUS.find((e) => e.name === "tinder: demands, and a dog the customer mentions")!;
    expect(analyseText(inputFor(withDog, "premium")).bio!.optimised).toContain("Bonus points if you like dogs.");
    const noDog = CORPUS.find((e) => e.name === "tinder: demands with no dog anywhere")!;
    const bio = analyseText(inputFor(noDog, "premium")).bio!.optimised;
    expect(hasWord(bio, "dogs")).toBe(false);
    expect(bio).not.toMatch(/swipe left/i);
  });

  test("a lowercase writer gets a lowercase rewrite", () => {
    const entry = CORPUS.find((e) => e.name === "tinder: all lowercase voice")!;
    for (const plan of PLAN_IDS) {
      const bio = analyseText(inputFor(entry, plan)).bio!.optimised;
      expect(bio).toBe(bio.toLowerCase());
    }
  });

  test("hostile text is kept as plain text, never escaped or executed", () => {
    const entry = CORPUS.find((e) => e.name === "tinder: hostile text stays plain text")!;
    const r = analyseText(inputFor(entry, "basic"));
    const all = JSON.stringify(r);
    expect(all).not.toContain("&lt;");
    expect(all).not.toContain("&amp;");
    expect(r.bio!.optimised).toContain("Vet nurse in Bristol & part-time DJ");
  });

  test("emoji are never split, even when cutting to the limit", () => {
    const bio = `${"🧗‍♀️ 🎷 🍜 ".repeat(40)}climber in Leeds`;
    const r = analyseText(inputFor({ app: "bumble", profile: { bio, prompts: [] } }, "basic"));
    const out = r.bio!.optimised;
    expect(out.length).toBeLessThanOrEqual(300);
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  test("an empty profile gets an open question that claims nothing", () => {
    const entry = CORPUS.find((e) => e.name === "tinder: nothing at all")!;
    const r = analyseText(inputFor(entry, "elite"));
    expect(findHook(r.bio!.optimised)).not.toBeNull();
    expect(r.bio!.notes.join(" ")).toContain("claims nothing about you");
  });

  test("no two texts in one result end on the same closing line", () => {
    const entry = CORPUS.find((e) => e.name === "bumble: clichés in prompts")!;
    const r = analyseText(inputFor(entry, "elite"));
    const endings = [r.bio!.optimised, ...r.prompts.map((p) => p.optimised)].map((t) => t.split(/(?<=[.!?])\s+/).pop());
    expect(new Set(endings).size).toBe(endings.length);
  });
});

describe("starters", () => {
  test("are built from the customer's own content", () => {
    const entry = CORPUS.find((e) => e.name === "hinge: weak answers")!;
    const starters = analyseText(inputFor(entry, "elite")).conversationStarters.join(" ");
    expect(starters).toContain("ramen at Ippudo");
    expect(lower(starters)).toContain("secondary school science teacher");
  });

  test("use the customer's anthem when they have one", () => {
    const entry = CORPUS.find((e) => e.name === "hinge: three strong answers")!;
    expect(analyseText(inputFor(entry, "elite")).conversationStarters.join(" ")).toContain("Dancing in the Moonlight");
  });

  test("follow each app's manner", () => {
    const hinge = analyseText(inputFor(CORPUS.find((e) => e.app === "hinge")!, "elite")).conversationStarters;
    expect(hinge.filter((s) => /prompt|photo/i.test(s)).length).toBeGreaterThanOrEqual(3);
    const league = analyseText(inputFor(CORPUS.find((e) => e.name === "the league: clichés only")!, "elite")).conversationStarters;
    expect(league.join(" ")).toContain("venture capital");
  });
});

test.each(["hinge", "bumble", "tinder", "the_league"] as const)("%s: an empty profile still gets five distinct starters on elite", (app) => {
  const r = analyseText(inputFor({ app, profile: {} }, "elite"));
  expect(r.conversationStarters.length).toBe(5);
  expect(new Set(r.conversationStarters).size).toBe(5);
});

describe("guide", () => {
  test("uses the app's rules and the customer's facts", () => {
    const league = analyseText(inputFor(CORPUS.find((e) => e.name === "the league: clichés only")!, "premium")).strategyGuide!;
    const text = league.sections.flatMap((s) => s.points).join(" ");
    expect(text).toContain("Happy Hour, 5pm");
    expect(text).toContain("your work in venture capital");
    const bumble = analyseText(inputFor(CORPUS.find((e) => e.app === "bumble")!, "elite")).strategyGuide!;
    expect(bumble.sections.flatMap((s) => s.points).join(" ")).toContain("24 hours");
    expect(bumble.sections.map((s) => s.heading)).toEqual([
      "How Bumble decides who sees you",
      "Your first photo and profile order",
      "When and how to send the first message",
      "Your weekly routine",
    ]);
  });
});

describe("any input", () => {
  /** Deterministic, so a failure can be replayed. */
  function random(seed: number) {
    let x = seed;
    return () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return x / 2 ** 31;
    };
  }
  const PIECES = [
    "love to travel", "Swipe left if you don't like cats", "idk", "🧗‍♀️🎷", "Zoë", "Leeds", "I teach year 5", "<script>x</script>",
    "partner in crime", "no drama", "sourdough", "?", ".", ",", "\n", "x".repeat(300), "ICU nurse at St Mary's", "just ask", "", " ",
  ];
  const PROMPTS = ["My simple pleasures", "Two truths and a lie", "I'm looking for", "We'll get along if", "Something not on any list"];

  test("never breaks the schema or a limit, whatever the customer sends", () => {
    const rand = random(7);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const text = (n: number) => Array.from({ length: n }, () => pick(PIECES)).join(" ").slice(0, 1000);
    for (let i = 0; i < 100; i++) {
      const app = pick(["hinge", "bumble", "tinder", "the_league"] as const);
      const plan = pick(PLAN_IDS);
      const input = inputFor(
        {
          app,
          profile: {
            bio: rand() < 0.2 ? null : text(1 + Math.floor(rand() * 30)),
            interests: rand() < 0.3 ? null : text(3),
            jobTitle: rand() < 0.5 ? null : text(1).slice(0, 100),
            idealFirstDate: rand() < 0.5 ? null : text(4),
            lookingFor: rand() < 0.5 ? null : text(3),
            prompts: Array.from({ length: Math.floor(rand() * 4) }, (_, n) => ({ prompt: PROMPTS[n]!, response: text(1 + Math.floor(rand() * 20)) })),
          },
        },
        plan,
        rand() < 0.3 ? { reason: "revision", revisionNotes: text(5) } : {},
      );
      const r = analyseText(input);
      optimisationResultSchema.parse(asResult(input, r));
      const rules = appRules(app);
      if (r.bio) expect(r.bio.optimised.length).toBeLessThanOrEqual(rules.bioLimit!);
      for (const p of r.prompts) expect(p.optimised.length).toBeLessThanOrEqual(p.limit);
    }
  }, 30_000);
});
