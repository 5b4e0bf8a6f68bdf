import { describe, expect, test } from "bun:test";
import type { OptimiserInput } from "./input.ts";
import { sampleResult } from "../testing/optimisation.ts";
import { escapeHtml, madeBy, specFields, startersFromMarkdown, uploadLabel } from "./render.ts";

const HOSTILE = [
  `<script>alert(1)</script>`,
  `<img src=x onerror="alert(1)">`,
  `"><svg onload=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `' onmouseover='alert(1)`,
  `</li></ul><iframe src=//evil.test>`,
];

function input(plan: OptimiserInput["plan"], app: OptimiserInput["app"] = "bumble"): OptimiserInput {
  return {
    profileId: "p1",
    app,
    plan,
    reason: "initial",
    revisionNotes: null,
    profile: { bio: "Nurse", lookingFor: null, interests: null, jobTitle: null, education: null, idealFirstDate: null, height: null, starSign: null, anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null, prompts: [{ prompt: "My happy place is", response: "the sea" }] },
    photos: ["a", "b", "c", "d"].map((id, order) => ({ id, order, path: `/x/${id}.jpg` })),
  };
}

describe("the spec's fields rendered from a result", () => {
  test("every string is escaped, wherever it appears: nothing a model or a customer wrote becomes markup", () => {
    for (const payload of HOSTILE) {
      const result = sampleResult(input("elite"), {
        analysis: { summary: payload, strengths: [{ title: payload, reason: payload, phrase: payload }], problems: [{ title: payload, reason: payload, phrase: payload, field: "prompt1" }] },
        conversationStarters: [payload, payload, payload, payload, payload],
        strategyGuide: { title: payload, sections: [{ heading: payload, points: [payload] }] },
      });
      const fields = specFields({ ...result, prompts: result.prompts.map((p) => ({ ...p, prompt: payload, optimised: payload })) });
      const premium = fields.optimizedProfile as { html: string };
      for (const html of [fields.recommendations, premium.html]) {
        expect(html).not.toMatch(/<(script|img|svg|iframe|a)\b/i);
        expect(html).not.toMatch(/<[^>]*\son\w+=/i);
        expect(html).toContain(escapeHtml(payload));
      }
    }
  });

  test("basic: optimized_profile is HTML text; premium and elite: an object with the starters as Markdown and the guide", () => {
    expect(typeof specFields(sampleResult(input("basic"))).optimizedProfile).toBe("string");
    const premium = specFields(sampleResult(input("premium"))).optimizedProfile as { html: string; conversationStarters: string; strategyGuide: string };
    expect(premium.conversationStarters).toBe("1. Opener number 1?\n2. Opener number 2?\n3. Opener number 3?");
    expect(startersFromMarkdown(premium.conversationStarters)).toEqual(["Opener number 1?", "Opener number 2?", "Opener number 3?"]);
    expect(startersFromMarkdown("- one\n\n* two\n3) three\nfour")).toEqual(["one", "two", "three", "four"]);
    expect(premium.strategyGuide).toStartWith("# Your Bumble plan");
    // The starters and the guide travel beside the profile's HTML, not inside it.
    expect(premium.html).not.toContain("Opener number");
    expect(premium.html).toContain("<h3>Your Bumble bio</h3>");
  });

  test("each photo gets the spec's analysis JSON; photos are named by the customer's upload order", () => {
    const result = sampleResult(input("premium"));
    const fields = specFields(result);
    expect(JSON.parse(fields.photoAnalysis.get("a")!)).toEqual({ score: 82, rank: 1, keep: true, faces: 1, reasons: ["Sharp, well lit, one face."] });
    expect(uploadLabel(result, "d")).toBe("Photo 4");
  });

  test("a finding says where it is: the bio, or the prompt in the customer's own wording", () => {
    const fields = specFields(sampleResult(input("basic")));
    expect(fields.recommendations).toContain("<strong>Cliché</strong> in your bio");
  });

  test("the result says plainly what made it", () => {
    const local = sampleResult(input("basic"));
    expect(madeBy(local)).toContain("our own analyzer");
    const ai = { ...local, engines: { ...local.engines, bio: { kind: "ai" as const, model: "gpt-5-mini" } } };
    expect(madeBy(ai)).toContain("an AI model (gpt-5-mini)");
  });
});
