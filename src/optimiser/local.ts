/**
 * The local analyser: the embedded default, with no network and nothing leaving the machine. Text findings and
 * rewrites come from ./text, photo measurements, faces and the order from ./photos; this module puts them together
 * into one result for the plan bought, with the photo findings a customer needs to read first.
 */
import type { Finding } from "../shared/optimiser/result.ts";
import type { OptimiserInput } from "./input.ts";
import type { Optimiser } from "./optimiser.ts";
import { analysePhotos } from "./photos/analyse.ts";
import { withinLimits } from "./result.ts";
import { optimisationResultSchema, type OptimisationResult, type PhotoAnalysis } from "../shared/optimiser/result.ts";
import { eliteParts, premiumStarters } from "./plan-parts/elite.ts";
import { analyseText, type TextAnalysis } from "./text/analyse.ts";

const LOCAL = { kind: "local" } as const;

export function createLocalOptimiser(): Optimiser {
  return {
    description: "local",
    async optimise(given) {
      const input = fromBase(given);
      const text = ownOriginals(given, analyseText(input));
      const photos = withUploadPositions(input, await analysePhotos(input.photos));
      // Photo selection (leaving photos out) is a premium feature; basic gets the order, every photo kept.
      const selection = input.plan !== "basic";
      const shown = selection ? photos : photos.map((p) => ({ ...p, keep: true }));
      const photoFindings = findPhotoFindings(input, shown);
      const premium = input.plan !== "basic";
      const elite = input.plan === "elite" ? eliteParts(input, text, shown) : null;
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
        // A rerun keeps the working starters: the notes are read for the bio and the answers only.
        conversationStarters: premium && given.base?.starters.length ? given.base.starters : (elite?.conversationStarters ?? (premium ? premiumStarters(input, text, text.conversationStarters) : [])),
        strategyGuide: elite ? elite.strategyGuide : premium ? text.strategyGuide : null,
        engines: { analysis: LOCAL, bio: LOCAL, prompts: LOCAL, photos: LOCAL, starters: premium ? LOCAL : null, guide: premium ? LOCAL : null },
        fallback: null,
        revisionNotes: given.reason === "revision" ? given.revisionNotes : null,
        needsWriter: needsWriter.length > 0 ? { reason: needsWriter.map((n) => n.reason).join(" ") } : null,
        bioVersions: elite?.bioVersions ?? null,
        promptSuggestions: elite?.promptSuggestions ?? null,
        photoPlan: elite?.photoPlan ?? null,
      };
      return optimisationResultSchema.parse(withinLimits(result));
    },
  };
}

/**
 * A rerun starts from the working text (`base`: the released text plus the administrator's edits) in place of the
 * customer's, so the analyser keeps it or improves it per the revision notes, and never goes back to its first draft.
 */
function fromBase(input: OptimiserInput): OptimiserInput {
  const base = input.base;
  if (!base) return input;
  const answer = (prompt: string) => base.prompts.find((p) => p.prompt === prompt)?.response;
  return {
    ...input,
    profile: {
      ...input.profile,
      bio: base.bio ?? input.profile.bio,
      prompts: input.profile.prompts.map((p) => ({ prompt: p.prompt, response: answer(p.prompt) ?? p.response })),
    },
  };
}

/**
 * Each part's `original` is the customer's own text again (Before and After compares with it), and an answer that
 * differs from it is a rewritten one.
 */
function ownOriginals(given: OptimiserInput, text: TextAnalysis): TextAnalysis {
  if (!given.base) return text;
  const own = (prompt: string) => given.profile.prompts.find((p) => p.prompt === prompt)?.response ?? null;
  return {
    ...text,
    bio: text.bio && { ...text.bio, original: given.profile.bio },
    prompts: text.prompts.map((p) => {
      const original = own(p.prompt);
      return { ...p, original, rewritten: p.rewritten || p.optimised.trim() !== (original ?? "").trim() };
    }),
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
