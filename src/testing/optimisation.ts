/**
 * Test doubles for the optimiser: a valid result built from the input (for tests of the job, the API and the
 * rendering that must not depend on the analysers' wording), and an optimiser scripted to fail or wait.
 */
import { appRules } from "../shared/optimiser/apps.ts";
import { EMPTY_PROFILE_TEXT, type OptimiserInput } from "../optimiser/input.ts";
import type { Optimiser } from "../optimiser/optimiser.ts";
import { optimisationResultSchema, STARTERS_PER_PLAN, type OptimisationResult } from "../shared/optimiser/result.ts";

export function sampleResult(input: OptimiserInput, overrides: Partial<OptimisationResult> = {}): OptimisationResult {
  const rules = appRules(input.app);
  const local = { kind: "local" } as const;
  const premium = input.plan !== "basic";
  return optimisationResultSchema.parse({
    version: 1,
    app: input.app,
    plan: input.plan,
    generatedAt: new Date().toISOString(),
    reason: input.reason,
    analysis: {
      summary: "Concrete details in the bio, but it opens with a cliché; the first photo is the strongest.",
      strengths: [{ title: "Concrete details", reason: "Baking and hiking give a match something to ask about.", phrase: "sourdough baker", field: "bio" }],
      problems: [{ title: "Cliché", reason: "Almost everyone loves to laugh; it tells a reader nothing.", phrase: "I love to laugh", field: "bio" }],
    },
    bio: rules.bioLimit === null ? null : { original: input.profile.bio, optimised: "Nurse, sourdough baker and Sunday hiker.", limit: rules.bioLimit, notes: ["Dropped the cliché opener."] },
    prompts: input.profile.prompts.map((p) => ({
      prompt: p.prompt,
      original: p.response,
      optimised: p.response.slice(0, rules.promptAnswerLimit ?? 150),
      limit: rules.promptAnswerLimit ?? 150,
      notes: [],
      rewritten: false,
    })),
    photos: input.photos.map((p, i) => ({ photoId: p.id, uploadPosition: i + 1, score: 82 - i * 10, rank: i + 1, keep: i < 3, faces: 1, reasons: ["Sharp, well lit, one face."] })),
    photoOrder: input.photos.slice(0, 3).map((p) => p.id),
    droppedPhotos: input.photos.slice(3).map((p) => p.id),
    conversationStarters: Array.from({ length: STARTERS_PER_PLAN[input.plan] }, (_, i) => `Opener number ${i + 1}?`),
    strategyGuide: premium ? { title: `Your ${rules.name} plan`, sections: [{ heading: "Timing", points: ["Be active in the evening."] }] } : null,
    engines: { analysis: local, bio: local, prompts: local, photos: local, starters: premium ? local : null, guide: premium ? local : null },
    fallback: null,
    revisionNotes: input.revisionNotes,
    ...overrides,
  });
}

/** An optimiser that answers `sampleResult`, after the steps it is given: fail (throw) or wait, one per call. */
export function scriptedOptimiser(steps: ("fail" | { waitMs: number })[] = [], overrides: Partial<OptimisationResult> = {}): Optimiser & { inputs: OptimiserInput[] } {
  const inputs: OptimiserInput[] = [];
  return {
    description: "scripted",
    inputs,
    async optimise(input) {
      inputs.push(input);
      const step = steps.shift();
      if (step === "fail") throw new Error("the optimiser failed (scripted)");
      if (step) await Bun.sleep(step.waitMs);
      return sampleResult(input, overrides);
    },
  };
}

/** A customer's input for the tests of results and their parts: a short bio and the given prompt answers, no photos. */
export function sampleInput(
  plan: OptimiserInput["plan"],
  app: OptimiserInput["app"] = "bumble",
  prompts: OptimiserInput["profile"]["prompts"] = [{ prompt: "My perfect day", response: "Market, then sketching by the canal." }],
): OptimiserInput {
  return {
    profileId: "p1",
    app,
    plan,
    reason: "initial",
    revisionNotes: null,
    profile: { ...EMPTY_PROFILE_TEXT, bio: "I love to laugh. Nurse and baker.", prompts },
    photos: [],
  };
}
