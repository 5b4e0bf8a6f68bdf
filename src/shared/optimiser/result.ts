/**
 * The one shape of an optimisation result, shared by the optimise-profile job (which stores it), the results page,
 * the results e-mail and the admin editor. Every string in it is plain text, whoever wrote it (our local analyser,
 * a model, an admin): only our own rendering code turns it into HTML, escaping as it goes.
 *
 * Browser-safe (zod only): the results page and the review dialog read it too. `withinLimits`, which shortens
 * texts with the optimiser's own sentence tools, is the server's (src/optimiser/result.ts).
 */
import { z } from "zod";
import { PLAN_IDS } from "../orders/plans.ts";
import { DATING_APPS } from "../profiles/options.ts";
import { PART_KEYS } from "./part-keys.ts";
import { BIO_TONES, RESULT_LIMITS, SHOT_KINDS, STAND_REASON, VERSIONS_OF } from "./result-values.ts";

// The result's plain values (limits, tones, kinds) live in ./result-values.ts, free of zod, for the browser's chunks
// that need only them (the review dialog: issue 31, item 4).
export { answerSetOf, answerSetText, BIO_TONES, RESULT_LIMITS, SHOT_KINDS, STAND_REASON, VERSION_KEY_OF, VERSIONS_OF, type BioTone, type VersionsOf } from "./result-values.ts";

/** Which engine made a part: the local analyser, or a model behind the OpenAI-compatible API (with its name). */
export const engineSchema = z.object({
  kind: z.enum(["local", "ai"]),
  model: z.string().max(200).optional(),
});
export type Engine = z.infer<typeof engineSchema>;

const L = RESULT_LIMITS;

const line = (max = 600) => z.string().trim().min(1).max(max);

/** A strength or a problem, with the reason it matters; `phrase` quotes the customer's words it is about. */
export const findingSchema = z.object({
  /** Short label, e.g. "Cliché" or "Concrete details". */
  title: line(L.title),
  /** Why it helps or hurts, in plain words. */
  reason: line(L.reason),
  phrase: z.string().max(L.phrase).optional(),
  /** Which part of the profile it is about: "bio", "prompt1".."prompt3", "photos", "profile". */
  field: z.string().max(40).optional(),
});
export type Finding = z.infer<typeof findingSchema>;

export const needsWriterSchema = z.object({ reason: line(L.note) });
export type NeedsWriter = z.infer<typeof needsWriterSchema>;

export const textRewriteSchema = z.object({
  original: z.string().max(4000).nullable(),
  optimised: line(2000),
  /** The app's character limit the optimised text respects. */
  limit: z.number().int().positive(),
  /** What was changed and why, one line each. */
  notes: z.array(line(L.note)).max(L.notes),
  /**
   * Set when the engine could not do this part better than the customer did (premium and elite sell a rewrite):
   * the text is then the customer's own, and the review gate shows the part as needing a writer. Absent in results
   * stored before it existed.
   */
  needsWriter: needsWriterSchema.nullable().optional(),
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
      /** The main face's turn in degrees, from the face mesh: yaw left (-) or right (+), pitch up or down. */
      faceYaw: z.number().min(-180).max(180),
      facePitch: z.number().min(-180).max(180),
      /** The main face looks toward the camera (turned at most 25° either way). */
      faceFrontal: z.boolean(),
      /** The photo's short side is under the minimum the analyser asks for (640 px). */
      belowMinimumSize: z.boolean(),
      /** Called a strong photo: one face, close, facing the camera, sharp, well lit, big enough. */
      strong: z.boolean(),
      /** Perceptual hash (hex) of the whole frame, for near-duplicate checks. */
      hash: z.string().max(64),
      duplicateOf: z.string().max(64).nullable(),
    })
    .partial()
    .optional(),
});
export type PhotoAnalysis = z.infer<typeof photoAnalysisSchema>;

export const strategyGuideSchema = z.object({
  title: line(L.heading),
  sections: z
    .array(z.object({ heading: line(L.heading), points: z.array(line(L.guidePoint)).min(1).max(10) }))
    .min(1)
    .max(10),
});
export type StrategyGuide = z.infer<typeof strategyGuideSchema>;


/**
 * Elite: up to three versions of the bio in different tones, each a complete bio within the app's limit, built from
 * the customer's own words. Fewer than three when the customer wrote too little for three that really differ; `note`
 * then says so (to the customer) rather than the result padding with filler.
 *
 * On an app without a bio (`of: "answers"`), each version is the set of answers in that tone: every answered prompt
 * on a line of its own, its answer on the next, answers separated by a blank line (`answerSetText`). Absent `of`:
 * the bio (results stored before answer sets existed).
 */
export const bioVersionsSchema = z.object({
  versions: z
    .array(z.object({ tone: z.enum(BIO_TONES), text: line(2000), why: line(L.note) }))
    .max(BIO_TONES.length),
  note: line(L.note).nullable(),
  of: z.enum(VERSIONS_OF).optional(),
});

export type BioVersions = z.infer<typeof bioVersionsSchema>;

/**
 * Elite: which prompts of the app's list (the ones the customer did not answer) to answer next, chosen by what the
 * customer wrote, each with a one-line reason. Null where our form for the app has no prompts.
 */
export const promptSuggestionsSchema = z.object({
  suggestions: z.array(z.object({ prompt: line(200), reason: line(300) })).max(5),
  note: line(L.note).nullable(),
});
export type PromptSuggestions = z.infer<typeof promptSuggestionsSchema>;


/**
 * Elite: the photo plan, from the photo analysis alone (faces, face size and turn, smile, sharpness, light): which
 * kinds of shot the set is missing and why. Only what the measurements show is said; what they cannot show (where a
 * photo was taken, what the person is doing) is asked as a question, never claimed.
 */
export const photoPlanSchema = z.object({
  summary: line(L.note),
  /** `written`: a shot a writer named that is none of the analyser's kinds. */
  missing: z.array(z.object({ kind: z.enum([...SHOT_KINDS, "written"]), shot: line(L.title), why: line(300) })).max(SHOT_KINDS.length),
});
export type PhotoPlan = z.infer<typeof photoPlanSchema>;

/**
 * What an administrator changed in the review dialog (src/shared/optimiser/parts.ts): the parts edited by hand, the
 * recommendations when they were rewritten (plain text, paragraphs separated by blank lines; it replaces the
 * recommendations made from the findings), and when. An edited part's machine notes are cleared, so no note about the
 * machine's draft reaches the customer. A rerun never overwrites an edited part: its result waits beside the working
 * one as a draft (profiles.draft_optimization).
 */

/**
 * A part a writer kept as it is, with why ("already strong: …"), who and when: it no longer waits to be written
 * (src/shared/admin/desk.ts). A later edit of the part, or taking it from a rerun's draft, replaces it.
 */
export const standSchema = z.object({
  part: z.enum(PART_KEYS),
  reason: z.string().trim().min(STAND_REASON.min).max(STAND_REASON.max),
  by: z.string().min(1).max(200),
  at: z.iso.datetime(),
});
export type Stand = z.infer<typeof standSchema>;

export const editorialSchema = z.object({
  edited: z.array(z.enum(PART_KEYS)).max(PART_KEYS.length),
  recommendations: z.string().max(L.editorialRecommendations).nullable(),
  editedAt: z.iso.datetime(),
  /** The parts kept as they are, with the writer's reason; absent in results stored before it existed. */
  stands: z.array(standSchema).max(PART_KEYS.length).optional(),
});
export type Editorial = z.infer<typeof editorialSchema>;

export const optimisationResultSchema = z.object({
  version: z.literal(1),
  app: z.enum(DATING_APPS),
  plan: z.enum(PLAN_IDS),
  generatedAt: z.iso.datetime(),
  /** Why this run happened: first run after payment, an admin's regeneration, or a customer's revision request. */
  reason: z.enum(["initial", "regenerate", "revision"]),
  analysis: z.object({
    summary: line(L.summary),
    strengths: z.array(findingSchema).max(L.strengths),
    problems: z.array(findingSchema).max(L.problems),
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
  conversationStarters: z.array(line(L.starter)).max(5),
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
  /** Set when a part needs a person to write it (see textRewriteSchema.needsWriter); absent in older results. */
  needsWriter: needsWriterSchema.nullable().optional(),
  /** Elite only (null on other plans and where the app has no bio); absent in results stored before elite had them. */
  bioVersions: bioVersionsSchema.nullable().optional(),
  /** Elite only (null on other plans and on apps whose form has no prompts); absent in older results. */
  promptSuggestions: promptSuggestionsSchema.nullable().optional(),
  /** Elite only (null on other plans); absent in older results. */
  photoPlan: photoPlanSchema.nullable().optional(),
  /** Set once an administrator edited a part (see editorialSchema); absent or null when none was. */
  editorial: editorialSchema.nullable().optional(),
});
export type OptimisationResult = z.infer<typeof optimisationResultSchema>;

/** How many conversation starters each plan promises (pricing page: premium "3 Conversation Starters"). */
export const STARTERS_PER_PLAN = { basic: 0, premium: 3, elite: 5 } as const;
