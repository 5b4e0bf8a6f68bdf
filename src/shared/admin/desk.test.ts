import { describe, expect, test } from "bun:test";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import { applyEdit, partsOf } from "../optimiser/parts.ts";
import type { OptimisationResult } from "../optimiser/result.ts";
import { stillToWriteMessage, toWrite } from "./desk.ts";

const AT = "2026-03-01T10:00:00.000Z";
const ai = { kind: "ai", model: "m" } as const;
const PROMPTS = [
  { prompt: "My simple pleasures", response: "Coffee and a walk." },
  { prompt: "Ask me", response: "Ask me." },
];

/** A result as the AI engine writes it, every text part by the model, nothing flagged. */
function byModel(result: OptimisationResult): OptimisationResult {
  return { ...result, engines: { ...result.engines, analysis: ai, bio: ai, prompts: ai, starters: ai, guide: ai } };
}

const parts = (result: OptimisationResult) => toWrite(result).map((p) => p.part);

describe("toWrite", () => {
  test("basic is held only for a text the machine marked (another language), and only while the machine's draft stands", () => {
    expect(toWrite(sampleResult(sampleInput("basic", "bumble", PROMPTS), { needsWriter: { reason: "x" } }))).toEqual([]);
    const base = sampleResult(sampleInput("basic", "bumble", PROMPTS));
    const reason = { reason: "Written in Spanish: the automatic edits are for English, so the draft is the customer's own text. It needs a writer who knows the language." };
    const spanish = { ...base, bio: { ...base.bio!, needsWriter: reason }, prompts: base.prompts.map((p, i) => (i === 1 ? { ...p, needsWriter: reason } : p)) };
    const left = toWrite(spanish);
    expect(left.map((p) => p.part)).toEqual(["bio", "prompt2"]);
    expect(left[0]!.why).toStartWith("Basic is sent as the optimizer left it, and the optimizer could not edit this part: Written in Spanish");
    expect(left[0]!.why).toContain("local analyzer's draft");
    // The model wrote it (in the customer's language): nothing held. A fallback to the local draft is held.
    expect(parts(byModel(spanish))).toEqual([]);
    expect(parts({ ...byModel(spanish), fallback: { reason: "timed out" } })).toEqual(["bio", "prompt2"]);
    // Written, or kept with a reason: no longer held.
    const at = AT;
    expect(parts({ ...spanish, editorial: { edited: ["bio"], recommendations: null, editedAt: at, stands: [{ part: "prompt2", reason: "Fine as written.", by: "ann", at }] } })).toEqual([]);
  });

  test("premium by the local analyser: the bio and the answers the machine changed or marked, each labelled and explained", () => {
    const base = sampleResult(sampleInput("premium", "bumble", PROMPTS));
    const result = { ...base, prompts: base.prompts.map((p, i) => (i === 1 ? { ...p, optimised: "Ask me about the first date I planned." } : p)) };
    const left = toWrite(result);
    expect(left.map((p) => [p.part, p.label])).toEqual([
      ["bio", "the bio"],
      ["prompt2", "the answer to “Ask me”"],
    ]);
    expect(left[0]!.why).toContain("Premium sells a complete rewrite of the bio.");
    expect(left[0]!.why).toContain("local analyzer's draft");
    expect(left[1]!.why).toContain("The optimizer changed this answer");
    const marked = { ...base, prompts: base.prompts.map((p, i) => (i === 0 ? { ...p, needsWriter: { reason: "Too short to rework." } } : p)) };
    expect(parts(marked)).toEqual(["bio", "prompt1"]);
    expect(stillToWriteMessage(left)).toBe("Still to write: the bio, the answer to “Ask me”. Write each part, or record why it stands.");
  });

  test("elite by the local analyser: the bio, every answer, each version, the prompts to answer and the photo plan", () => {
    const result = sampleResult(sampleInput("elite", "bumble", PROMPTS));
    expect(parts(result)).toEqual(["bio", "prompt1", "prompt2", "versionWarm", "versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);
    expect(toWrite(result).find((p) => p.part === "versionPlayful")!.why).toContain("the optimizer made no playful one");
    // Hinge has no bio: no bio, no versions.
    expect(parts(sampleResult(sampleInput("elite", "hinge", PROMPTS)))).toEqual(["prompt1", "prompt2", "promptsToAnswer", "photoPlan"]);
  });

  test("the AI engine's parts go as they are unless its answer was flagged or fell back; the photo plan is always the analyser's", () => {
    const premium = byModel(sampleResult(sampleInput("premium", "bumble", PROMPTS)));
    expect(parts(premium)).toEqual([]);
    expect(parts({ ...premium, checks: { flagged: true, problems: ["A link."] } })).toEqual(["bio"]);
    expect(toWrite({ ...premium, fallback: { reason: "timed out" } })[0]!.why).toContain("The AI engine failed (timed out)");
    expect(parts(byModel(sampleResult(sampleInput("elite", "bumble", PROMPTS))))).toEqual(["photoPlan"]);
  });

  test("a part is settled once a person edits it or records why it stands; each clears on its own", () => {
    const result = sampleResult(sampleInput("premium", "bumble", PROMPTS));
    const edited = applyEdit(result, { ...partsOf(result), bio: { text: "Night nurse, day baker." } }, new Date(AT));
    if (!edited.ok) throw new Error(edited.message);
    expect(parts(edited.result)).toEqual([]);
    const stood = { ...result, editorial: { edited: [], recommendations: null, editedAt: AT, stands: [{ part: "bio" as const, reason: "Already strong.", by: "ann", at: AT }] } };
    expect(parts(stood)).toEqual([]);
    // The editorial given is the one judged.
    expect(parts(result)).toEqual(["bio"]);
    expect(toWrite(result, stood.editorial)).toEqual([]);
  });
});
