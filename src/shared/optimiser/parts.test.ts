import { describe, expect, test } from "bun:test";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import type { OptimiserInput } from "../../optimiser/input.ts";
import { applyEdit, changedParts, findingsText, guideFromText, hasEdits, partsOf, takeFromDraft, textBlocks, TONE_WHY, type PartsEdit } from "./parts.ts";
import { specFields } from "./render.ts";
import { answerSetOf, answerSetText, BIO_TONES, optimisationResultSchema, type OptimisationResult } from "./result.ts";
import { toWrite } from "../admin/desk.ts";

const AT = new Date("2026-03-01T10:00:00.000Z");

const input = (plan: OptimiserInput["plan"] = "premium", app: OptimiserInput["app"] = "bumble"): OptimiserInput =>
  sampleInput(plan, app, [
    { prompt: "My simple pleasures", response: "Coffee and a walk." },
    { prompt: "A shower thought I recently had", response: "Why do we park on driveways?" },
  ]);

const editOf = (result: OptimisationResult): PartsEdit => {
  const p = partsOf(result);
  return { bio: p.bio && { text: p.bio.text }, prompts: p.prompts.map((x) => ({ key: x.key, text: x.text })), starters: p.starters, guide: p.guide, recommendations: p.recommendations };
};

const apply = (result: OptimisationResult, edit: PartsEdit) => {
  const out = applyEdit(result, edit, AT);
  if (!out.ok) throw new Error(out.message);
  return out;
};

describe("partsOf and changedParts", () => {
  test("the parts in plain text, with the app's limits and the customer's originals", () => {
    const result = sampleResult(input());
    const parts = partsOf(result);
    expect(parts.bio).toEqual({ text: result.bio!.optimised, limit: 300, original: "I love to laugh. Nurse and baker." });
    expect(parts.prompts.map((p) => [p.key, p.prompt, p.original])).toEqual([
      ["prompt1", "My simple pleasures", "Coffee and a walk."],
      ["prompt2", "A shower thought I recently had", "Why do we park on driveways?"],
    ]);
    expect(parts.guide).toEqual({ title: result.strategyGuide!.title, sections: [{ heading: "Timing", text: "Be active in the evening." }] });
    expect(parts.recommendations).toBe(findingsText(result));
    expect(parts.recommendations).toContain("What to change\n\n- Cliché in your bio (“I love to laugh”): ");
    expect(changedParts(parts, parts)).toEqual([]);
  });

  test("changedParts names each part that differs, in order", () => {
    const result = sampleResult(input());
    const a = partsOf(result);
    const b = { ...a, bio: { ...a.bio!, text: "x" }, prompts: [a.prompts[0]!, { ...a.prompts[1]!, text: "y" }], guide: { ...a.guide!, title: "New" }, recommendations: "r" };
    expect(changedParts(a, b)).toEqual(["bio", "prompt2", "guide", "recommendations"]);
    expect(changedParts(a, { ...a, starters: [...a.starters, "more"] })).toEqual(["starters"]);
  });
});

describe("applyEdit", () => {
  test("trims, writes only the changed parts, clears their notes, marks them edited; unchanged parts keep theirs", () => {
    const result = sampleResult(input(), { needsWriter: { reason: "A writer is needed for the bio." } });
    const withWriter = { ...result, bio: { ...result.bio!, needsWriter: { reason: "kept" } } };
    const edit = editOf(withWriter);
    edit.bio = { text: "  Night-shift nurse who bakes.  " };
    edit.prompts[1]!.text = "Why do we park on driveways?";
    edit.starters = ["  One?  ", "", "Two?"];
    const out = apply(withWriter, edit);
    expect(out.changed).toEqual(["bio", "starters"]);
    expect(out.result.bio).toMatchObject({ optimised: "Night-shift nurse who bakes.", notes: [], needsWriter: null, original: "I love to laugh. Nurse and baker." });
    expect(out.result.prompts[1]).toEqual(withWriter.prompts[1]!);
    expect(out.result.conversationStarters).toEqual(["One?", "Two?"]);
    expect(out.result.editorial).toEqual({ edited: ["bio", "starters"], recommendations: null, editedAt: AT.toISOString() });
    // A writer wrote what the machine could not: the result no longer needs one.
    expect(out.result.needsWriter).toBeNull();
    expect(optimisationResultSchema.parse(out.result)).toEqual(out.result);
    expect(hasEdits(out.result)).toBe(true);
    // A later edit adds to the edited parts.
    const later = apply(out.result, { ...editOf(out.result), recommendations: "Lead with nursing." });
    expect(later.result.editorial!.edited).toEqual(["bio", "starters", "recommendations"]);
    expect(later.result.editorial!.recommendations).toBe("Lead with nursing.");
  });

  test("an answer back to the customer's words reads as kept; one that differs as rewritten", () => {
    const result = sampleResult(input());
    const edit = editOf(result);
    edit.prompts[0]!.text = "Coffee, a walk and a crossword.";
    expect(apply(result, edit).result.prompts[0]!.rewritten).toBe(true);
    const back = apply(apply(result, edit).result, { ...edit, prompts: [{ key: "prompt1", text: "Coffee and a walk." }, edit.prompts[1]!] }).result;
    expect(back.prompts[0]!.rewritten).toBe(false);
  });

  test("the result's shape is kept: refusals name what is wrong", () => {
    const result = sampleResult(input());
    const edit = editOf(result);
    const refused = (e: PartsEdit, r = result) => {
      const out = applyEdit(r, e, AT);
      return out.ok ? "accepted" : `${out.kind}: ${out.message}`;
    };
    expect(refused({ ...edit, bio: { text: "  " } })).toBe("invalid: The bio cannot be empty.");
    expect(refused({ ...edit, bio: null })).toStartWith("invalid: The bio is missing");
    expect(refused({ ...edit, prompts: [edit.prompts[0]!] })).toBe("invalid: The answer for prompt2 is missing.");
    expect(refused({ ...edit, prompts: [...edit.prompts, { key: "prompt3", text: "x" }] })).toBe("conflict: This result has no prompt3.");
    expect(refused({ ...edit, guide: { title: "T", sections: [{ heading: "H", text: "- \n  " }] } })).toBe("invalid: The guide's section “H” has no text.");
    const basic = sampleResult(input("basic"));
    expect(refused({ ...editOf(basic), starters: ["Hi"] }, basic)).toStartWith("conflict: Conversation starters");
    const hinge = sampleResult(input("premium", "hinge"));
    expect(refused({ ...editOf(hinge), bio: { text: "x" } }, hinge)).toBe("conflict: This app's profile has no bio.");
  });

  test("the guide: one point per line, list marks dropped", () => {
    const result = sampleResult(input());
    const out = apply(result, { ...editOf(result), guide: { title: " Plan ", sections: [{ heading: "Openers", text: "- Ask about the photo\n\n• Be brief\n" }] } });
    expect(out.result.strategyGuide).toEqual({ title: "Plan", sections: [{ heading: "Openers", points: ["Ask about the photo", "Be brief"] }] });
  });
});

describe("rendering the edited parts", () => {
  test("edited recommendations replace the findings, every word escaped; headings, lists and paragraphs as written", () => {
    const result = sampleResult(input());
    const text = `Lead with <b>nursing</b> & "baking".\n\nWhat to try\n\n- Ask about <script>x</script>\n- Keep it short`;
    const html = specFields(apply(result, { ...editOf(result), recommendations: text }).result).recommendations;
    expect(html).toContain("<p>Lead with &lt;b&gt;nursing&lt;/b&gt; &amp; &quot;baking&quot;.</p>\n<h3>What to try</h3>\n<ul><li>Ask about &lt;script&gt;x&lt;/script&gt;</li><li>Keep it short</li></ul>");
    expect(html).not.toContain("Almost everyone loves to laugh");
    expect(html).toContain("Our team wrote these recommendations; the rest was drafted automatically");
    expect(html).not.toContain("reviewed by our team");
    expect(textBlocks("One line.\n\nNot a heading\n\nplain")).toEqual([
      { kind: "paragraph", text: "One line." },
      { kind: "paragraph", text: "Not a heading" },
      { kind: "paragraph", text: "plain" },
    ]);
  });

  test("a result stored before editorial existed parses and renders as before", () => {
    const result = sampleResult(input());
    const { editorial: _, ...old } = result;
    expect(optimisationResultSchema.parse(old).editorial).toBeUndefined();
    expect(specFields(optimisationResultSchema.parse(old)).recommendations).toContain("<h3>What to change</h3>");
    expect(optimisationResultSchema.safeParse({ ...result, editorial: { edited: ["bio"], recommendations: "x".repeat(6001), editedAt: AT.toISOString() } }).success).toBe(false);
    expect(optimisationResultSchema.safeParse({ ...result, editorial: { edited: ["nope"], recommendations: null, editedAt: AT.toISOString() } }).success).toBe(false);
  });
});

describe("drafts", () => {
  test("takeFromDraft: the chosen parts are the draft's, with its notes, and no longer edited; the rest stays", () => {
    const original = sampleResult(input());
    const edited = apply(original, { ...editOf(original), bio: { text: "Edited bio." }, starters: ["Edited starter?"], recommendations: "Edited advice." }).result;
    const draft = sampleResult(input(), { reason: "revision", bio: { ...original.bio!, optimised: "Draft bio.", notes: ["Added, as you asked."] }, conversationStarters: ["Draft starter?"] });
    const taken = takeFromDraft(edited, draft, ["bio"], AT);
    expect(taken.bio).toEqual(draft.bio);
    expect(taken.conversationStarters).toEqual(["Edited starter?"]);
    expect(taken.editorial).toEqual({ edited: ["starters", "recommendations"], recommendations: "Edited advice.", editedAt: AT.toISOString() });
    const all = takeFromDraft(edited, draft, ["bio", "starters", "recommendations"], AT);
    expect(all.editorial).toBeNull();
    expect(all.analysis).toEqual(draft.analysis);
    expect(takeFromDraft(edited, draft, [], AT)).toBe(edited);
  });

  test("guideFromText: '#' the title, '##' the sections, long sections continued, none refused", () => {
    expect(guideFromText("# My guide\n## Openers\n- Be kind\n1. Be brief\n## Photos\nSmile", "Fallback")).toEqual({
      title: "My guide",
      sections: [
        { heading: "Openers", points: ["Be kind", "Be brief"] },
        { heading: "Photos", points: ["Smile"] },
      ],
    });
    const long = guideFromText(Array.from({ length: 12 }, (_, i) => `Point ${i + 1}`).join("\n"), "Fallback");
    expect(long).toMatchObject({ title: "Fallback", sections: [{ heading: "Your strategy" }, { heading: "Your strategy (continued)", points: ["Point 11", "Point 12"] }] });
    expect(guideFromText("\n  \n", "F")).toBe("The strategy guide has no text.");
    expect(guideFromText(Array.from({ length: 101 }, (_, i) => `P${i}`).join("\n"), "F")).toStartWith("The strategy guide is too long");
  });
});

describe("elite's parts: the versions, the prompts to answer and the photo plan", () => {
  const elite = (overrides: Partial<OptimisationResult> = {}) =>
    sampleResult(input("elite"), {
      bioVersions: { versions: [{ tone: "warm", text: "Warm nurse who bakes.", why: "Made warmer by the machine." }], note: "You wrote too little for three versions." },
      promptSuggestions: { suggestions: [{ prompt: "Two truths and a lie", reason: "Your baking gives you a lie." }], note: null },
      photoPlan: { summary: "Your set lacks a wider shot.", missing: [{ kind: "wider", shot: "A wider shot", why: "Your face fills every frame." }] },
      ...overrides,
    });
  const full = (result: OptimisationResult): PartsEdit => {
    const p = partsOf(result);
    return { ...editOf(result), versions: p.versions, promptsToAnswer: p.promptsToAnswer, photoPlan: p.photoPlan };
  };

  test("partsOf: always three tones (a missing one empty), the suggestions and the plan as plain text; null on other plans", () => {
    const parts = partsOf(elite());
    expect(parts.versions).toEqual([
      { tone: "warm", text: "Warm nurse who bakes." },
      { tone: "playful", text: "" },
      { tone: "direct", text: "" },
    ]);
    expect(parts.promptsToAnswer).toBe("Two truths and a lie — Your baking gives you a lie.");
    expect(parts.photoPlan).toBe("Your set lacks a wider shot.\n\nA wider shot — Your face fills every frame.");
    const premium = partsOf(sampleResult(input()));
    expect([premium.versions, premium.promptsToAnswer, premium.photoPlan]).toEqual([null, null, null]);
    // An elite result stored before elite had its parts: the versions and the plan are there to write.
    const { bioVersions: _, promptSuggestions: __, photoPlan: ___, ...old } = elite();
    const oldParts = partsOf(optimisationResultSchema.parse(old));
    expect(oldParts.versions!.map((v) => v.text)).toEqual(["", "", ""]);
    expect(oldParts.photoPlan).toBe("");
  });

  test("applyEdit writes each part: a written version says its tone, the note goes once all three exist; the rest read back", () => {
    const result = elite();
    const edit = full(result);
    edit.versions = [
      { tone: "warm", text: "Warm nurse who bakes." },
      { tone: "playful", text: "  Night shifts, day loaves.  " },
      { tone: "direct", text: "Nurse. Baker. Walker." },
    ];
    edit.promptsToAnswer = "Two truths and a lie — Your baking gives you a lie.\n- My most irrational fear - You mentioned spiders.";
    edit.photoPlan = "Add two shots.\n\nA wider shot — Your face fills every frame.\nA photo with friends – Shows your social side.";
    const out = apply(result, edit);
    expect(out.changed).toEqual(["versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);
    expect(out.result.bioVersions).toEqual({
      versions: [
        { tone: "warm", text: "Warm nurse who bakes.", why: "Made warmer by the machine." },
        { tone: "playful", text: "Night shifts, day loaves.", why: TONE_WHY.playful },
        { tone: "direct", text: "Nurse. Baker. Walker.", why: TONE_WHY.direct },
      ],
      note: null,
    });
    expect(out.result.promptSuggestions).toEqual({
      suggestions: [
        { prompt: "Two truths and a lie", reason: "Your baking gives you a lie." },
        { prompt: "My most irrational fear", reason: "You mentioned spiders." },
      ],
      note: null,
    });
    expect(out.result.photoPlan).toEqual({
      summary: "Add two shots.",
      missing: [
        { kind: "wider", shot: "A wider shot", why: "Your face fills every frame." },
        { kind: "written", shot: "A photo with friends", why: "Shows your social side." },
      ],
    });
    expect(out.result.editorial!.edited).toEqual(["versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);
    expect(optimisationResultSchema.parse(out.result)).toEqual(out.result);
    // What the customer reads: each written part, the tone's sentence, no machine note.
    const fields = specFields(out.result);
    const html = typeof fields.optimizedProfile === "string" ? fields.optimizedProfile : fields.optimizedProfile.html;
    expect(html).toContain("3 versions of your bio to choose from");
    expect(html).toContain("Night shifts, day loaves.");
    expect(html).not.toContain("You wrote too little");
    expect(fields.recommendations).toContain("My most irrational fear");
    expect(fields.recommendations).toContain("A photo with friends");
    // Editing a part again, or leaving elite's parts out of the edit, keeps the rest.
    expect(apply(out.result, editOf(out.result)).changed).toEqual([]);
  });

  test("bad input is refused with what is wrong", () => {
    const result = elite();
    const refused = (e: Partial<PartsEdit>, r = result) => {
      const out = applyEdit(r, { ...full(r), ...e }, AT);
      return out.ok ? "accepted" : `${out.kind}: ${out.message}`;
    };
    const versions = partsOf(result).versions!;
    expect(refused({ versions: versions.map((v) => (v.tone === "warm" ? { ...v, text: " " } : v)) })).toBe("invalid: The warm version cannot be empty.");
    expect(refused({ versions: versions.map((v) => (v.tone === "direct" ? { ...v, text: "x".repeat(301) } : v)) })).toBe("invalid: The direct version is 301 characters; the app allows 300 for a bio.");
    expect(refused({ versions: versions.slice(0, 2) })).toStartWith("invalid: Send each bio version once");
    expect(refused({ versions: null })).toStartWith("invalid: The bio versions are missing");
    expect(refused({ promptsToAnswer: "No separator here" })).toBe("invalid: Line 1 of the prompts to answer needs the prompt, “ — ”, then why.");
    expect(refused({ promptsToAnswer: "  \n " })).toStartWith("invalid: Write at least one prompt to answer");
    expect(refused({ promptsToAnswer: Array.from({ length: 6 }, (_, i) => `P${i} — why`).join("\n") })).toBe("invalid: At most 5 prompts to answer, one a line.");
    expect(refused({ photoPlan: "" })).toStartWith("invalid: The photo plan needs its summary first");
    expect(refused({ photoPlan: "Summary.\n\nJust a shot" })).toBe("invalid: Shot 1 of the photo plan needs the shot, “ — ”, then why.");
    expect(refused({ photoPlan: `Summary.\n\n${"x".repeat(121)} — why` })).toBe("invalid: Shot 1 of the photo plan is over 120 characters.");
    // Parts on a plan that has none.
    const premium = sampleResult(input());
    expect(refused({ versions }, premium)).toStartWith("conflict: Bio versions belong to elite");
    expect(refused({ promptsToAnswer: "A — b" }, premium)).toStartWith("conflict: Prompts to answer belong to elite");
    expect(refused({ photoPlan: "S." }, premium)).toStartWith("conflict: The photo plan belongs to elite");
  });

  test("takeFromDraft takes each version, the prompts to answer and the photo plan on their own; a later edit replaces a part's reason to stand", () => {
    const at = AT.toISOString();
    const working = elite({ editorial: { edited: ["versionWarm"], recommendations: null, editedAt: at, stands: [{ part: "photoPlan", reason: "Already strong.", by: "ann", at }] } });
    const draft = elite({
      bioVersions: { versions: BIO_TONES.map((tone) => ({ tone, text: `Draft ${tone}.`, why: "x" })), note: null },
      photoPlan: { summary: "Draft plan.", missing: [] },
    });
    const taken = takeFromDraft(working, draft, ["versionPlayful", "photoPlan"], AT);
    expect(taken.bioVersions!.versions.map((v) => v.text)).toEqual(["Warm nurse who bakes.", "Draft playful."]);
    expect(taken.photoPlan).toEqual({ summary: "Draft plan.", missing: [] });
    expect(taken.promptSuggestions).toEqual(working.promptSuggestions);
    expect(taken.editorial).toEqual({ edited: ["versionWarm"], recommendations: null, editedAt: at });
    const all = takeFromDraft(working, draft, ["versionWarm", "versionPlayful", "versionDirect"], AT);
    expect(all.bioVersions).toEqual(draft.bioVersions);
    expect(all.editorial!.stands).toHaveLength(1);
    // Writing the photo plan replaces its reason to stand.
    const written = apply(working, { ...full(working), photoPlan: "A new plan." }).result;
    expect(written.editorial!.stands).toBeUndefined();
    expect(written.editorial!.edited).toEqual(["versionWarm", "photoPlan"]);
  });
});

describe("elite on an app without a bio: the answer set in three tones (issue 30, item 4)", () => {
  const set = (tone: string) =>
    answerSetText([
      { prompt: "My simple pleasures", answer: `${tone}: coffee and a walk.` },
      { prompt: "A shower thought I recently had", answer: `${tone}: why do we park on driveways?` },
    ]);
  const hinge = () =>
    sampleResult(input("elite", "hinge"), {
      bioVersions: { versions: BIO_TONES.map((tone) => ({ tone, text: set(tone), why: `${tone} why.` })), note: null, of: "answers" },
    });

  test("the desk sells the three sets, the editor keeps them as answer sets, and the customer reads them as answers in tones", () => {
    const result = hinge();
    expect(result.bio).toBeNull();
    expect(partsOf(result).versions!.map((v) => v.tone)).toEqual([...BIO_TONES]);
    const parts = toWrite(result).map((p) => p.part);
    expect(parts).toEqual(expect.arrayContaining(["versionWarm", "versionPlayful", "versionDirect"]));
    const edited = apply(result, { ...editOf(result), versions: BIO_TONES.map((tone) => ({ tone, text: tone === "direct" ? set("Plain") : set(tone) })) });
    expect(edited.changed).toEqual(["versionDirect"]);
    expect(edited.result.bioVersions!.of).toBe("answers");
    expect(answerSetOf(edited.result.bioVersions!.versions[2]!.text)[0]!.answer).toBe("Plain: coffee and a walk.");
    const html = (specFields(edited.result).optimizedProfile as { html: string }).html;
    expect(html).toContain("<h3>Your answers in 3 tones to choose from</h3>");
    expect(html).not.toContain("versions of your bio");
  });

  test("an answer over the app's limit in a set is refused, naming the set and the prompt", () => {
    const result = hinge();
    const long = answerSetText([{ prompt: "My simple pleasures", answer: "x".repeat(200) }]);
    const out = applyEdit(result, { ...editOf(result), versions: BIO_TONES.map((tone) => ({ tone, text: tone === "warm" ? long : set(tone) })) }, AT);
    expect(out.ok ? "accepted" : out.message).toBe(`The warm version's answer to “My simple pleasures” is 200 characters; the app allows ${result.prompts[0]!.limit} for an answer.`);
  });

  test("an elite Hinge result stored before answer sets has no versions to write", () => {
    const old = sampleResult(input("elite", "hinge"));
    expect(partsOf(old).versions).toBeNull();
    expect(toWrite(old).map((p) => p.part)).not.toContain("versionWarm");
  });
});
