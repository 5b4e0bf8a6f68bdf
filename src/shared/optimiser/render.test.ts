import { describe, expect, test } from "bun:test";
import type { OptimiserInput } from "../../optimiser/input.ts";
import { sampleResult } from "../../testing/optimisation.ts";
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
        bioVersions: { versions: [{ tone: "warm", text: payload, why: payload }], note: payload },
        promptSuggestions: { suggestions: [{ prompt: payload, reason: payload }], note: payload },
        photoPlan: { summary: payload, missing: [{ kind: "social", shot: payload, why: payload }] },
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

  test("elite: the bio versions with the profile, the prompts to answer and the photo plan with the recommendations", () => {
    const result = sampleResult(input("elite"), {
      bioVersions: {
        versions: [
          { tone: "warm", text: "Nurse who bakes.\nAsk me why.", why: "Warm: your own lines." },
          { tone: "direct", text: "Nurse. Baker.", why: "Direct: short and plain." },
        ],
        note: "You gave us enough for two versions that really differ.",
      },
      promptSuggestions: { suggestions: [{ prompt: "My perfect day", reason: "You mention “baking”." }], note: null },
      photoPlan: { summary: "We'd keep 3 of your 4 photos: 3 of just you.", missing: [{ kind: "social", shot: "One photo with friends", why: "None has other people." }] },
    });
    const fields = specFields(result);
    const html = (fields.optimizedProfile as { html: string }).html;
    expect(html).toContain("<h3>2 versions of your bio to choose from</h3>");
    expect(html).toContain("<h4>Warm</h4>\n<p>Nurse who bakes.<br>Ask me why.</p>\n<p><em>Warm: your own lines.</em></p>");
    expect(html).toContain("<h4>Direct</h4>\n<p>Nurse. Baker.</p>");
    expect(html).toContain("<p>You gave us enough for two versions that really differ.</p>");
    expect(fields.recommendations).toContain("<h3>Prompts to answer</h3>\n<ul><li><strong>My perfect day</strong>: You mention “baking”.</li></ul>");
    expect(fields.recommendations).toContain("<h3>Your photo plan</h3>\n<p>We&#39;d keep 3 of your 4 photos: 3 of just you.</p>\n<ul><li><strong>One photo with friends</strong>: None has other people.</li></ul>");
    // The parts come before the line that says what made the result.
    expect(fields.recommendations.indexOf("Your photo plan")).toBeLessThan(fields.recommendations.indexOf("drafted automatically"));
  });

  test("no elite parts (premium, or an elite result stored before they existed): nothing of them is rendered", () => {
    for (const result of [sampleResult(input("premium")), sampleResult(input("elite"))]) {
      const fields = specFields(result);
      const html = (fields.optimizedProfile as { html: string }).html;
      expect(html).not.toContain("versions of your bio");
      expect(fields.recommendations).not.toContain("Prompts to answer");
      expect(fields.recommendations).not.toContain("photo plan");
    }
    const none = specFields(sampleResult(input("elite"), { promptSuggestions: { suggestions: [], note: "Nothing you wrote points to a prompt." }, photoPlan: { summary: "We'd keep 4 of your 4 photos.", missing: [] } }));
    expect(none.recommendations).toContain("<h3>Prompts to answer</h3>\n<p>Nothing you wrote points to a prompt.</p>");
    expect(none.recommendations).toContain("Your photos already cover the shots a profile needs");
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
    // Made with AI, and said so; the model's name is ours, not the customer's to read.
    expect(madeBy(ai)).toBe("This analysis was drafted automatically with AI and our own photo analyzer, then approved by our team before it was sent to you.");
    expect(madeBy(ai)).not.toContain("gpt-5-mini");
    expect(madeBy(local)).toBe("This analysis was drafted automatically by our own analyzer, which runs on our server, then approved by our team before it was sent to you.");
  });

  test("it names the parts our team wrote, and never calls a text reviewed or rewritten that nobody wrote", () => {
    const at = "2026-03-01T10:00:00.000Z";
    const result = sampleResult(input("elite"));
    const written = { ...result, editorial: { edited: ["bio" as const, "prompt1" as const, "versionWarm" as const, "photoPlan" as const], recommendations: null, editedAt: at } };
    expect(madeBy(written)).toBe(
      `Our team wrote your bio, your answer to “${result.prompts[0]!.prompt}”, the warm version of your bio and the photo plan; the rest was drafted automatically by our own analyzer, which runs on our server, then approved by our team before it was sent to you.`,
    );
    for (const r of [result, written]) expect(specFields(r).recommendations).not.toMatch(/reviewed by our team|rewritten/);
  });

  test("the machine's note on fewer bio versions is not shown once a writer wrote or kept each version", () => {
    const at = "2026-03-01T10:00:00.000Z";
    const note = "You gave us enough for one version. A writer will add the rest.";
    const result = sampleResult(input("elite"), { bioVersions: { versions: [{ tone: "warm", text: "Warm.", why: "Warm in tone." }], note } });
    const html = (r: typeof result) => (specFields(r).optimizedProfile as { html: string }).html;
    expect(html(result)).toContain("A writer will add the rest.");
    const stands = (["versionPlayful", "versionDirect"] as const).map((part) => ({ part, reason: "Too little to write more.", by: "ann", at }));
    const settled = { ...result, editorial: { edited: ["versionWarm" as const], recommendations: null, editedAt: at, stands } };
    expect(html(settled)).not.toContain("A writer will");
    expect(html(settled)).toContain("Another version of your bio to choose from");
  });
});
