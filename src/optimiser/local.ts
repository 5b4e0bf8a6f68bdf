/**
 * The local analyser: the embedded default, with no network and nothing leaving the machine. Text findings and
 * rewrites come from ./text, photo measurements, faces and the order from ./photos; this module puts them together
 * into one result for the plan bought, with the photo findings a customer needs to read first.
 */
import type { Finding } from "./result.ts";
import type { OptimiserInput } from "./input.ts";
import type { Optimiser } from "./optimiser.ts";
import { analysePhotos } from "./photos/analyse.ts";
import { optimisationResultSchema, withinLimits, type OptimisationResult, type PhotoAnalysis } from "./result.ts";
import { eliteParts, premiumStarters } from "./plan-parts/elite.ts";
import { analyseText } from "./text/analyse.ts";

const LOCAL = { kind: "local" } as const;

export function createLocalOptimiser(): Optimiser {
  return {
    description: "local",
    async optimise(input) {
      const text = analyseText(input);
      const photos = withUploadPositions(input, await analysePhotos(input.photos));
      // Photo selection (leaving photos out) is a premium feature; basic gets the order, every photo kept.
      const selection = input.plan !== "basic";
      const shown = selection ? photos : photos.map((p) => ({ ...p, keep: true }));
      const photoFindings = findPhotoFindings(input, shown);
      const premium = input.plan !== "basic";
      const elite = input.plan === "elite" ? eliteParts(input, text.strategyGuide, shown) : null;
      const needsWriter = [text.needsWriter, elite?.needsWriter].filter((n) => n != null);

      const result: OptimisationResult = {
        version: 1,
        app: input.app,
        plan: input.plan,
        generatedAt: new Date().toISOString(),
        reason: input.reason,
        analysis: {
          summary: summary(text.analysis.summary, shown),
          strengths: [...photoFindings.strengths, ...text.analysis.strengths].slice(0, 12),
          problems: [...photoFindings.problems, ...text.analysis.problems].slice(0, 20),
        },
        bio: text.bio,
        prompts: text.prompts,
        photos: shown,
        photoOrder: shown.filter((p) => p.keep).map((p) => p.photoId),
        droppedPhotos: shown.filter((p) => !p.keep).map((p) => p.photoId),
        conversationStarters: elite?.conversationStarters ?? (premium ? premiumStarters(input, text.conversationStarters) : []),
        strategyGuide: elite ? elite.strategyGuide : premium ? text.strategyGuide : null,
        engines: { analysis: LOCAL, bio: LOCAL, prompts: LOCAL, photos: LOCAL, starters: premium ? LOCAL : null, guide: premium ? LOCAL : null },
        fallback: null,
        revisionNotes: input.reason === "revision" ? input.revisionNotes : null,
        needsWriter: needsWriter.length > 0 ? { reason: needsWriter.map((n) => n.reason).join(" ") } : null,
        bioVersions: elite?.bioVersions ?? null,
        promptSuggestions: elite?.promptSuggestions ?? null,
        photoPlan: elite?.photoPlan ?? null,
      };
      return optimisationResultSchema.parse(withinLimits(result));
    },
  };
}

function withUploadPositions(input: OptimiserInput, photos: PhotoAnalysis[]): PhotoAnalysis[] {
  const position = new Map(input.photos.map((p, i) => [p.id, i + 1]));
  return photos.map((p) => ({ ...p, uploadPosition: position.get(p.photoId) }));
}

/** What the photos as a set say: the first photo matters most, so its choice is the first finding. */
function findPhotoFindings(input: OptimiserInput, photos: PhotoAnalysis[]): { strengths: Finding[]; problems: Finding[] } {
  const strengths: Finding[] = [];
  const problems: Finding[] = [];
  const best = photos[0];
  const currentFirst = photos.find((p) => p.uploadPosition === 1);
  if (best && currentFirst && best.photoId !== currentFirst.photoId) {
    problems.push({
      field: "photos",
      title: "Your strongest photo is not first",
      reason: `Put Photo ${best.uploadPosition} first: most people decide from the first photo alone. ${best.reasons[0] ?? ""}`.trim(),
    });
  } else if (best?.metrics?.strong && best.score >= 70) {
    strengths.push({ field: "photos", title: "A strong first photo", reason: best.reasons[0] ?? "Your first photo is your strongest." });
  }
  const solo = photos.filter((p) => p.faces === 1).length;
  if (photos.length > 0 && solo === 0) {
    problems.push({
      field: "photos",
      title: "No clear solo photo",
      reason: "None of your photos shows one face clearly. Add a well-lit photo of just you, face visible, so matches know who they are talking to.",
    });
  }
  if (photos.length > 0 && photos.length < 4 && input.app === "hinge") {
    problems.push({ field: "photos", title: "Too few photos", reason: "Hinge profiles show six photos; with fewer, your profile looks unfinished." });
  }
  return { strengths, problems };
}

function summary(textSummary: string, photos: PhotoAnalysis[]): string {
  const kept = photos.filter((p) => p.keep).length;
  const photoLine =
    photos.length === 0
      ? ""
      : ` We looked at your ${photos.length} photos one by one and suggest an order${kept < photos.length ? ` with ${photos.length - kept} left out` : ""}.`;
  return `${textSummary}${photoLine}`.slice(0, 1200);
}
