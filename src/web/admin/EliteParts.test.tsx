import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { sampleResult } from "../../testing/optimisation.ts";
import type { OptimiserInput } from "../../optimiser/input.ts";
import { EliteParts } from "./EliteParts.tsx";

const input = (plan: OptimiserInput["plan"]): OptimiserInput => ({
  profileId: "p1",
  app: "bumble",
  plan,
  reason: "initial",
  revisionNotes: null,
  profile: { bio: "Nurse", lookingFor: null, interests: null, jobTitle: null, education: null, idealFirstDate: null, height: null, starSign: null, anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null, prompts: [] },
  photos: [],
});

describe("the review dialog's elite parts", () => {
  test("shows each part read-only: the versions with their tone and note, the prompts to answer, the photo plan", () => {
    const result = sampleResult(input("elite"), {
      bioVersions: { versions: [{ tone: "playful", text: "Nurse <b>who</b> bakes.", why: "Playful: a light challenge." }], note: "Only one version: a writer should add two." },
      promptSuggestions: { suggestions: [{ prompt: "My perfect day", reason: "You mention “baking”." }], note: null },
      photoPlan: { summary: "We'd keep 3 of your 3 photos.", missing: [{ kind: "social", shot: "One photo with friends", why: "None has other people." }] },
    });
    const html = renderToStaticMarkup(<EliteParts result={result} />);
    expect(html).toContain("Bio versions (1 of 3)");
    expect(html).toContain("Playful");
    expect(html).toContain("Nurse &lt;b&gt;who&lt;/b&gt; bakes.");
    expect(html).toContain("Only one version: a writer should add two.");
    expect(html).toContain("My perfect day");
    expect(html).toContain("One photo with friends");
    expect(html).not.toMatch(/<(input|textarea|button)\b/);
  });

  test("nothing for a premium result or an elite result stored before the parts existed", () => {
    expect(renderToStaticMarkup(<EliteParts result={sampleResult(input("premium"))} />)).toBe("");
    expect(renderToStaticMarkup(<EliteParts result={sampleResult(input("elite"))} />)).toBe("");
  });
});
