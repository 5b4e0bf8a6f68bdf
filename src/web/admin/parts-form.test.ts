import { describe, expect, test } from "bun:test";
import type { OptimiserInput } from "../../optimiser/input.ts";
import { applyEdit, partsOf } from "../../shared/optimiser/parts.ts";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import { changedKeys, fieldId, formErrors, formOf, formPartText, guideFromFile, partLabel, partsChange, partsEdit, partText, premiumContentMissing, unsaved, withPart, withText } from "./parts-form.ts";

const input = (plan: OptimiserInput["plan"], app: OptimiserInput["app"] = "bumble"): OptimiserInput => sampleInput(plan, app);

describe("the review dialog's form of the parts", () => {
  const result = sampleResult(input("premium"));
  const saved = partsOf(result);

  test("'Start from the draft' puts a starter list, a guide or the recommendations back as partText wrote them", () => {
    const draft = formOf(saved);
    const blank = { ...draft, starters: [], guide: { title: "", sections: [] }, recommendations: "" };
    for (const key of ["starters", "guide", "recommendations"] as const) {
      const started = withText(blank, key, partText(key, saved));
      expect(started[key]).toEqual(draft[key]);
      expect(changedKeys(started, draft)).not.toContain(key);
    }
    expect(draft.starters.length).toBeGreaterThan(0);
    expect(draft.guide!.sections.length).toBeGreaterThan(0);
    const guide = { title: "Your plan", sections: [{ heading: "Photos", text: "Lead with a smile\nAdd a wide shot" }, { heading: "Openers", text: "Ask about the canal" }] };
    expect(withText(blank, "guide", partText("guide", { ...saved, guide })).guide).toEqual(guide);
  });

  test("a form made from the parts is not unsaved, and sends the parts back unchanged", () => {
    const form = formOf(saved);
    expect(unsaved(form, saved)).toBe(false);
    expect(changedKeys(form, formOf(saved))).toEqual([]);
    const applied = applyEdit(result, partsEdit(form), new Date());
    expect(applied).toMatchObject({ ok: true, changed: [] });
  });

  test("any character counts as unsaved, a trailing space included; the changed parts are named", () => {
    const form = formOf(saved);
    expect(unsaved({ ...form, bio: `${form.bio} ` }, saved)).toBe(true);
    const edited = { ...form, bio: "Nurse who bakes sourdough.", starters: [...form.starters, "Best bakery?"], prompts: form.prompts.map((p) => ({ ...p, text: "Cycling, then coffee." })) };
    expect(changedKeys(edited, formOf(saved))).toEqual(["bio", "prompt1", "starters"]);
    // Editing the form never touches the saved parts it was made from.
    expect(saved.bio?.text).toBe(result.bio!.optimised);
  });

  test("a save sends only the parts named: the others are absent, not sent as they stood", () => {
    const form = { ...formOf(saved), bio: "Nurse who bakes sourdough.", recommendations: "Lead with the baking." };
    expect(partsChange(form, ["bio"])).toEqual({ bio: { text: "Nurse who bakes sourdough." } });
    expect(partsChange(form, ["prompt1", "recommendations"])).toEqual({ prompts: [{ key: "prompt1", text: form.prompts[0]!.text }], recommendations: "Lead with the baking." });
    expect(partsChange(form, [])).toEqual({});
  });

  test("one part taken from another form leaves the rest; a form's part reads as the saved part's text", () => {
    const mine = { ...formOf(saved), bio: "Mine.", starters: ["My opener?"] };
    const theirs = { ...formOf(saved), bio: "Theirs.", starters: ["Their opener?"] };
    expect(withPart(mine, "bio", theirs)).toEqual({ ...mine, bio: "Theirs." });
    expect(withPart(mine, "starters", theirs).starters).toEqual(["Their opener?"]);
    expect(formPartText("starters", mine, saved)).toBe("1. My opener?");
    expect(formPartText("bio", formOf(saved), saved)).toBe(partText("bio", saved));
  });

  test("what is sent is what the server applies: the edited bio and starter reach the result, marked edited", () => {
    const form = formOf(saved);
    const edited = { ...form, bio: "Nurse who bakes sourdough on Sundays.", starters: ["What's your go-to bakery?", ...form.starters.slice(1)] };
    const applied = applyEdit(result, partsEdit(edited), new Date("2026-01-01T00:00:00Z"));
    if (!applied.ok) throw new Error(applied.message);
    expect(applied.result.bio?.optimised).toBe("Nurse who bakes sourdough on Sundays.");
    expect(applied.result.conversationStarters[0]).toBe("What's your go-to bakery?");
    expect(applied.result.editorial?.edited).toEqual(["bio", "starters"]);
  });

  test("an empty bio, answer, guide title, heading or section is named by its field; a whitespace-only text is empty", () => {
    const form = formOf(saved);
    const errors = formErrors({
      ...form,
      bio: "   ",
      prompts: form.prompts.map((p) => ({ ...p, text: "" })),
      guide: { title: " ", sections: [{ heading: "", text: "\n" }] },
    });
    expect(Object.keys(errors).sort()).toEqual([fieldId.bio, fieldId.guideTitle, fieldId.heading(0), fieldId.prompt("prompt1"), fieldId.sectionText(0)].sort());
    expect(formErrors(form)).toEqual({});
  });

  test("premium content is missing only on a premium plan with no starter and a guide without sections", () => {
    const form = formOf(saved);
    expect(premiumContentMissing(form, true)).toBe(false);
    expect(premiumContentMissing({ ...form, starters: [] }, true)).toBe(false);
    expect(premiumContentMissing({ ...form, starters: [], guide: { title: "Plan", sections: [] } }, true)).toBe(true);
    expect(premiumContentMissing({ ...form, starters: [], guide: null }, false)).toBe(false);
  });

  test("a guide file becomes the guide's title and sections, one point per line; a file with no text says so", () => {
    const guide = guideFromFile("# Your Bumble plan\n\n## Timing\n- Open the app at 8 pm.\n- Reply within a day.\n\n## Photos\n1. Lead with photo 2.\n", "Fallback");
    expect(guide).toEqual({
      title: "Your Bumble plan",
      sections: [
        { heading: "Timing", text: "Open the app at 8 pm.\nReply within a day." },
        { heading: "Photos", text: "Lead with photo 2." },
      ],
    });
    expect(guideFromFile("Just one line of advice.", "Your plan")).toMatchObject({ title: "Your plan", sections: [{ text: "Just one line of advice." }] });
    expect(typeof guideFromFile("\n  \n", "Your plan")).toBe("string");
    // Markup in a file stays text: the server's renderer escapes it.
    expect(guideFromFile("## <b>Bold</b>\n- <script>x</script>", "T")).toMatchObject({ sections: [{ heading: "<b>Bold</b>", text: "<script>x</script>" }] });
  });

  test("each part in words and as one text, for the draft chooser", () => {
    expect(partLabel("prompt1", saved)).toBe("Answer to “My perfect day”");
    expect(partLabel("bio", saved)).toBe("Bio");
    expect(partText("starters", saved)).toBe(saved.starters.map((s, i) => `${i + 1}. ${s}`).join("\n"));
    expect(partText("guide", saved)).toContain("Timing");
    expect(partText("bio", partsOf(sampleResult(input("basic", "hinge"))))).toBe("");
  });
});
