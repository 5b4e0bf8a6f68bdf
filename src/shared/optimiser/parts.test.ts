import { describe, expect, test } from "bun:test";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import type { OptimiserInput } from "../../optimiser/input.ts";
import { applyEdit, baseOf, changedParts, findingsText, guideFromText, hasEdits, partsOf, takeFromDraft, textBlocks, type PartsEdit } from "./parts.ts";
import { specFields } from "./render.ts";
import { optimisationResultSchema, type OptimisationResult } from "./result.ts";

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
    expect(html).toContain("reviewed by our team");
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

describe("drafts and the base of a rerun", () => {
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
    expect(baseOf(edited)).toEqual({ bio: "Edited bio.", prompts: edited.prompts.map((p) => ({ prompt: p.prompt, response: p.optimised })), starters: ["Edited starter?"] });
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
