/**
 * The review gate's routes (review gate contract; issue 20, items 1-3), mounted on the admin profiles router (same
 * session and same-origin checks): they validate, call one function of src/admin/edit.ts and answer the profile's
 * detail as GET /api/admin/profiles/:id does.
 *
 * - PUT  /profiles/:id/parts  `{ version, parts }`: the administrator's text, part by part.
 * - POST /profiles/:id/draft  `{ version, take }`: the chosen parts of a rerun's draft; `take: []` discards it.
 * - PATCH /profiles/:id/update and /update-premium-content: the spec's HTML and Markdown routes, read into the parts.
 */
import type { Hono } from "hono";
import type { AdminEnv } from "../admin/guard.ts";
import { z } from "zod";
import { resolveDraft, saveParts, updateContentHtml, updatePremiumContent } from "../admin/edit.ts";
import type { AppContext } from "../context.ts";
import { jsonBody } from "../http/validate.ts";
import { EDIT_LIMITS as L, PART_KEYS, PROMPT_KEYS } from "../shared/optimiser/parts.ts";
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
  parts: z.object(
    {
      bio: z.object({ text: text("The bio", L.bio) }, "bio must be an object with text, or null").nullable(),
      prompts: z
        .array(
          z.object({
            key: z.enum(PROMPT_KEYS, `key must be one of ${PROMPT_KEYS.join(", ")}`),
            text: text("An answer", L.answer),
          }),
          "prompts must be a list",
        )
        .max(PROMPT_KEYS.length, `At most ${PROMPT_KEYS.length} prompt answers`),
      starters: z.array(text("A conversation starter", L.starter), "starters must be a list").max(L.starters, `At most ${L.starters} conversation starters`),
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
        .nullable(),
      recommendations: text("The recommendations", L.recommendations),
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

const contentEdit = z.object({
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

/** `detail(id)`: the profile's detail as GET /profiles/:id answers it. */
export function adminEditRoutes<D>(ctx: AppContext, r: AdminRouter, detail: (id: string) => D): void {
  r.put("/profiles/:id/parts", jsonBody(partsBody), (c) => {
    const { version, parts } = c.req.valid("json");
    saveParts(ctx, c.get("admin").username, c.req.param("id"), version, parts);
    return c.json(detail(c.req.param("id")) as object);
  });

  r.post("/profiles/:id/draft", jsonBody(draftBody), (c) => {
    const { version, take } = c.req.valid("json");
    resolveDraft(ctx, c.get("admin").username, c.req.param("id"), version, take);
    return c.json(detail(c.req.param("id")) as object);
  });

  r.patch("/profiles/:id/update", jsonBody(contentEdit), (c) => {
    const edit = c.req.valid("json");
    updateContentHtml(ctx, c.get("admin").username, c.req.param("id"), { optimizedProfile: edit.optimized_profile, recommendations: edit.recommendations });
    return c.json({ message: "Changes saved." });
  });

  r.patch("/profiles/:id/update-premium-content", jsonBody(premiumEdit), (c) => {
    updatePremiumContent(ctx, c.get("admin").username, c.req.param("id"), c.req.valid("json"));
    return c.json({ message: "Premium content updated." });
  });
}
