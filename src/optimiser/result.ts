/**
 * The one shape of an optimisation result, shared by the optimise-profile job (which stores it), the results page,
 * the results e-mail and the admin editor. Every string in it is plain text, whoever wrote it (our local analyser,
 * a model, an admin): only our own rendering code turns it into HTML, escaping as it goes.
 */
import { z } from "zod";
import { PLAN_IDS } from "../orders/plans.ts";
import { DATING_APPS } from "../profiles/options.ts";

/** Which engine made a part: the local analyser, or a model behind the OpenAI-compatible API (with its name). */
export const engineSchema = z.object({
  kind: z.enum(["local", "ai"]),
  model: z.string().max(200).optional(),
});
export type Engine = z.infer<typeof engineSchema>;

const line = (max = 600) => z.string().trim().min(1).max(max);

/** A strength or a problem, with the reason it matters; `phrase` quotes the customer's words it is about. */
export const findingSchema = z.object({
  /** Short label, e.g. "Cliché" or "Concrete details". */
  title: line(120),
  /** Why it helps or hurts, in plain words. */
  reason: line(600),
  phrase: z.string().max(300).optional(),
  /** Which part of the profile it is about: "bio", "prompt1".."prompt3", "photos", "profile". */
  field: z.string().max(40).optional(),
});
export type Finding = z.infer<typeof findingSchema>;

export const textRewriteSchema = z.object({
  original: z.string().max(4000).nullable(),
  optimised: line(2000),
  /** The app's character limit the optimised text respects. */
  limit: z.number().int().positive(),
  /** What was changed and why, one line each. */
  notes: z.array(line(400)).max(12),
});

export const promptRewriteSchema = textRewriteSchema.extend({
  prompt: line(200),
  /** false when the answer was kept as the customer wrote it (basic and premium keep strong answers). */
  rewritten: z.boolean(),
});
export type PromptRewrite = z.infer<typeof promptRewriteSchema>;

/** Per photo; also stored (as JSON) in the photo row's `analysis` column, the spec's field. */
export const photoAnalysisSchema = z.object({
  photoId: z.string().min(1).max(64),
  /** 1-based position in which the customer uploaded it: how the customer knows the photo ("Photo 3"). */
  uploadPosition: z.number().int().min(1).max(6).optional(),
  score: z.number().int().min(0).max(100),
  /** 1-based position in the recommended order. */
  rank: z.number().int().min(1),
  keep: z.boolean(),
  faces: z.number().int().min(0),
  reasons: z.array(line(300)).min(1).max(12),
  /** Measurements behind the score (local analyser); absent when unknown. */
  metrics: z
    .object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      sharpness: z.number().min(0),
      brightness: z.number().min(0).max(255),
      contrast: z.number().min(0),
      clippedShadows: z.number().min(0).max(1),
      clippedHighlights: z.number().min(0).max(1),
      faceShare: z.number().min(0).max(1),
      faceCentred: z.boolean(),
      smile: z.number().min(0).max(1).nullable(),
      /** Perceptual hash (hex) for near-duplicate checks. */
      hash: z.string().max(64),
      duplicateOf: z.string().max(64).nullable(),
    })
    .partial()
    .optional(),
});
export type PhotoAnalysis = z.infer<typeof photoAnalysisSchema>;

export const strategyGuideSchema = z.object({
  title: line(160),
  sections: z
    .array(z.object({ heading: line(160), points: z.array(line(600)).min(1).max(10) }))
    .min(1)
    .max(10),
});
export type StrategyGuide = z.infer<typeof strategyGuideSchema>;

export const optimisationResultSchema = z.object({
  version: z.literal(1),
  app: z.enum(DATING_APPS),
  plan: z.enum(PLAN_IDS),
  generatedAt: z.iso.datetime(),
  /** Why this run happened: first run after payment, an admin's regeneration, or a customer's revision request. */
  reason: z.enum(["initial", "regenerate", "revision"]),
  analysis: z.object({
    summary: line(1200),
    strengths: z.array(findingSchema).max(12),
    problems: z.array(findingSchema).max(20),
  }),
  /** Null where the app shows no bio (Hinge). Basic: optimised; premium and elite: completely rewritten. */
  bio: textRewriteSchema.nullable(),
  /** One per prompt the customer answered; elite has every answer rewritten. */
  prompts: z.array(promptRewriteSchema).max(3),
  /** Ordered by rank. */
  photos: z.array(photoAnalysisSchema).max(6),
  /** Photo ids, recommended order first to last (kept photos only). */
  photoOrder: z.array(z.string()).max(6),
  /** Photo ids the customer should leave out (premium and elite: photo selection). */
  droppedPhotos: z.array(z.string()).max(6),
  /** Premium: 3; elite: 5; basic: none. */
  conversationStarters: z.array(line(400)).max(5),
  /** Premium and elite only. */
  strategyGuide: strategyGuideSchema.nullable(),
  engines: z.object({
    analysis: engineSchema,
    bio: engineSchema,
    prompts: engineSchema,
    photos: engineSchema,
    starters: engineSchema.nullable(),
    guide: engineSchema.nullable(),
  }),
  /** Set when the AI engine was asked but the local analyser's result was used; the admin sees why. */
  fallback: z.object({ reason: line(600) }).nullable(),
  /** The customer's revision notes this run answered (revision runs only). */
  revisionNotes: z.string().max(2000).nullable(),
  /**
   * The AI engine's checks of the model's texts (links, contact details, numbers the customer never wrote, Markdown
   * or HTML, echoed instructions, repeated starters). `flagged`: the answer still failed them after one corrective
   * request and was stored anyway, so the admin reads `problems` before sending. Absent on the local analyser's
   * results and on results stored before the checks existed.
   */
  checks: z.object({ flagged: z.boolean(), problems: z.array(line(300)).max(12) }).nullable().optional(),
});
export type OptimisationResult = z.infer<typeof optimisationResultSchema>;

/** How many conversation starters each plan promises (pricing page: premium "3 Conversation Starters"). */
export const STARTERS_PER_PLAN = { basic: 0, premium: 3, elite: 5 } as const;
