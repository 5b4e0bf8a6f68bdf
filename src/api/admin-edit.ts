/**
 * The review gate's routes (review gate contract; issue 20, items 1-3), mounted on the admin profiles router (same
 * session and same-origin checks): they validate, call one function of src/admin/edit.ts and answer the profile's
 * detail as GET /api/admin/profiles/:id does.
 *
 * - PUT  /profiles/:id/parts  `{ version, parts, bases? }`: the parts the tab changed, each based on `version` or
 *   on its own `bases[part]`; 409 with `{ message, saved, conflicts, profile }` when another save changed one too.
 * - POST /profiles/:id/draft  `{ version, take }`: the chosen parts of a rerun's draft; `take: []` discards it.
 * - PATCH /profiles/:id/update and /update-premium-content: the spec's HTML and Markdown routes, read into the parts;
 *   the version the detail answered may come in the body (`version`) or an `If-Match` header, and a stale one is a 409.
 * - GET /profiles/:id/versions/:versionId: one version's parts beside its parent's (the history's diff).
 * - POST /profiles/:id/versions/:versionId/restore `{ version }`: that version's text as a new working version.
 * - POST /profiles/:id/stands `{ version, part, reason }`: a part still to write kept as it is, with why (issue 28).
 */
import type { Hono } from "hono";
import type { AdminEnv } from "../admin/guard.ts";
import { z } from "zod";
import { conflictMessage, recordStand, resolveDraft, restoreVersion, saveParts, updateContentHtml, updatePremiumContent, versionAnswer } from "../admin/edit.ts";
import type { AppContext } from "../context.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import type { PartsConflictAnswer, VersionAnswer } from "../shared/api/admin-profiles.ts";
import { EDIT_LIMITS as L, PART_KEYS, PROMPT_KEYS } from "../shared/optimiser/parts.ts";
import { BIO_TONES, STAND_REASON } from "../shared/optimiser/result.ts";
import { controlCharacterMessage, noControlCharacter } from "../shared/admin/plain-text.ts";

/** A text field, trimmed, with its limit named in the message; line breaks and tabs but no other control character. */
const text = (name: string, max: number) =>
  z
    .string(`${name} must be text`)
    .trim()
    .max(max, `${name} is too long (at most ${max.toLocaleString("en-US")} characters)`)
    .refine(noControlCharacter, controlCharacterMessage(name));

const version = z.string("version is required: send the version the detail answered").min(1, "version is required").max(100, "version is not valid");

export const partsBody = z.object({
  version,
  /** A part's own base, when the tab based it on another version than `version` (a conflict kept as its own text). */
  bases: z.partialRecord(z.enum(PART_KEYS, `bases must name parts: ${PART_KEYS.join(", ")}`), version).optional(),
  // Each part is optional: the dialog sends the parts its tab changed.
  parts: z.object(
    {
      bio: z.object({ text: text("The bio", L.bio) }, "bio must be an object with text, or null").nullable().optional(),
      prompts: z
        .array(
          z.object({
            key: z.enum(PROMPT_KEYS, `key must be one of ${PROMPT_KEYS.join(", ")}`),
            text: text("An answer", L.answer),
          }),
          "prompts must be a list",
        )
        .max(PROMPT_KEYS.length, `At most ${PROMPT_KEYS.length} prompt answers`)
        .optional(),
      starters: z
        .array(text("A conversation starter", L.starter), "starters must be a list")
        .max(L.starters, `At most ${L.starters} conversation starters`)
        .optional(),
      guide: z
        .object(
          {
            title: text("The guide's title", L.guideTitle),
            sections: z
              .array(z.object({ heading: text("A section heading", L.heading), text: text("A section's text", L.sectionText) }), "sections must be a list")
              .min(1, "The strategy guide needs at least one section")
              .max(L.sections, `At most ${L.sections} guide sections`),
          },
          "guide must be an object with a title and sections, or null",
        )
        .nullable()
        .optional(),
      recommendations: text("The recommendations", L.recommendations).optional(),
      versions: z
        .array(
          z.object({ tone: z.enum(BIO_TONES, `tone must be one of ${BIO_TONES.join(", ")}`), text: text("A bio version", L.bio) }, "each version must be an object with tone and text"),
          "versions must be a list",
        )
        .min(1, "versions must name at least one version")
        .max(BIO_TONES.length, `At most ${BIO_TONES.length} bio versions`)
        .refine((vs) => new Set(vs.map((v) => v.tone)).size === vs.length, "Each bio version can be sent once")
        .nullable()
        .optional(),
      // null, as the detail answers a part the result does not have: the edit's checks say when it has one.
      promptsToAnswer: text("The prompts to answer", L.promptsToAnswer).nullable().optional(),
      photoPlan: text("The photo plan", L.photoPlan).nullable().optional(),
    },
    "parts is required",
  ),
});

export const draftBody = z.object({
  version,
  take: z
    .array(z.enum(PART_KEYS, `each part must be one of ${PART_KEYS.join(", ")}`), "take must be a list of parts (empty to discard the draft)")
    .max(PART_KEYS.length)
    .refine((keys) => new Set(keys).size === keys.length, "Each part can be taken once"),
});

/** The spec's PATCH bodies may carry the version the detail answered (or send it as `If-Match`). */
const patchVersion = version.optional();

const contentEdit = z.object({
  version: patchVersion,
  optimized_profile: z
    .string("optimized_profile must be HTML text")
    .max(100_000, "optimized_profile is too long")
    .refine(noControlCharacter, controlCharacterMessage("optimized_profile")),
  recommendations: z
    .string("recommendations must be HTML text")
    .max(100_000, "recommendations is too long")
    .refine(noControlCharacter, controlCharacterMessage("recommendations")),
});

const premiumEdit = z
  .object({
    version: patchVersion,
    conversationStarters: z
      .string("conversationStarters must be text")
      .max(10_000, "conversationStarters is too long")
      .refine(noControlCharacter, controlCharacterMessage("conversationStarters"))
      .optional(),
    strategyGuide: z
      .string("strategyGuide must be text")
      .max(100_000, "The strategy guide is too long (100,000 characters at most)")
      .refine(noControlCharacter, controlCharacterMessage("strategyGuide"))
      .optional(),
  })
  .refine((e) => Boolean(e.conversationStarters?.trim() || e.strategyGuide?.trim()), "Please enter conversation starters or upload a strategy guide file.");

type AdminRouter = Hono<AdminEnv>;

const restoreBody = z.object({ version });

/** A part kept as it is: which, why (the audit keeps it), and the version the writer read. */
export const standBody = z.object({
  version,
  part: z.enum(PART_KEYS, `part must be one of ${PART_KEYS.join(", ")}`),
  reason: z
    .string("reason is required: say why the text stands as it is")
    .trim()
    .min(STAND_REASON.min, `Say why the text stands as it is (at least ${STAND_REASON.min} characters)`)
    .max(STAND_REASON.max, `The reason is too long (at most ${STAND_REASON.max} characters)`)
    .refine(noControlCharacter, controlCharacterMessage("The reason")),
});

/** The version a PATCH was based on: the body's, else `If-Match` (an ETag, quoted or not); null when neither. */
function sentVersion(body: string | undefined, ifMatch: string | undefined): string | null {
  if (body !== undefined && ifMatch !== undefined && body !== ifMatch.replace(/^(W\/)?"|"$/g, "")) {
    throw new ApiError(400, "The body's version and the If-Match header differ: send one.");
  }
  return body ?? ifMatch ?? null;
}

const versionIdParam = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, "This profile has no such version.");
  return Number(raw);
};

/** `detail(id)`: the profile's detail as GET /profiles/:id answers it. */
export function adminEditRoutes<D>(ctx: AppContext, r: AdminRouter, detail: (id: string) => D): void {
  r.put("/profiles/:id/parts", jsonBody(partsBody), (c) => {
    const { version, parts, bases } = c.req.valid("json");
    const outcome = saveParts(ctx, c.get("admin").username, c.req.param("id"), version, parts, bases);
    if (outcome.conflicts.length > 0) {
      const answer = { message: conflictMessage(outcome), ...outcome, profile: detail(c.req.param("id")) };
      return c.json(answer as PartsConflictAnswer, 409);
    }
    return c.json(detail(c.req.param("id")) as object);
  });

  r.post("/profiles/:id/draft", jsonBody(draftBody), (c) => {
    const { version, take } = c.req.valid("json");
    resolveDraft(ctx, c.get("admin").username, c.req.param("id"), version, take);
    return c.json(detail(c.req.param("id")) as object);
  });

  r.patch("/profiles/:id/update", jsonBody(contentEdit), (c) => {
    const edit = c.req.valid("json");
    const based = sentVersion(edit.version, c.req.header("If-Match"));
    updateContentHtml(ctx, c.get("admin").username, c.req.param("id"), { optimizedProfile: edit.optimized_profile, recommendations: edit.recommendations }, based);
    return c.json({ message: "Changes saved." });
  });

  r.patch("/profiles/:id/update-premium-content", jsonBody(premiumEdit), (c) => {
    const { version, ...edit } = c.req.valid("json");
    updatePremiumContent(ctx, c.get("admin").username, c.req.param("id"), edit, sentVersion(version, c.req.header("If-Match")));
    return c.json({ message: "Premium content updated." });
  });

  r.post("/profiles/:id/stands", jsonBody(standBody), (c) => {
    const { version, part, reason } = c.req.valid("json");
    recordStand(ctx, c.get("admin").username, c.req.param("id"), version, part, reason);
    return c.json(detail(c.req.param("id")) as object);
  });

  r.get("/profiles/:id/versions/:versionId", (c) => {
    const answer = versionAnswer(ctx.store.db, c.req.param("id"), versionIdParam(c.req.param("versionId")));
    if (!answer) throw new ApiError(404, "This profile has no such version.");
    return c.json<VersionAnswer>(answer);
  });

  r.post("/profiles/:id/versions/:versionId/restore", jsonBody(restoreBody), (c) => {
    restoreVersion(ctx, c.get("admin").username, c.req.param("id"), versionIdParam(c.req.param("versionId")), c.req.valid("json").version);
    return c.json(detail(c.req.param("id")) as object);
  });
}
