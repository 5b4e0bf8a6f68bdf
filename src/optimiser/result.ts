/**
 * The stored result's texts brought within their limits (the shape and the limits: src/shared/optimiser/result.ts).
 * Here, not beside the schema, because it shortens with the optimiser's own sentence tools, which the browser never needs.
 */
import type { z } from "zod";
import { BIO_TONES, RESULT_LIMITS as L, SHOT_KINDS, type Finding, type NeedsWriter, type OptimisationResult, type textRewriteSchema } from "../shared/optimiser/result.ts";
import { shorten } from "./text/fit.ts";

/**
 * The result with every text within its limit: a note, reason or line that is too long is shortened between words
 * (with an ellipsis), and a list that is too long keeps its first items. Engines call it before the schema checks
 * the result, so no customer's text, however long, can make a paid order fail on a note.
 */
export function withinLimits(result: OptimisationResult): OptimisationResult {
  const fit = (text: string, max: number) => shorten(text, max);
  const finding = (f: Finding): Finding => ({
    ...f,
    title: fit(f.title, L.title),
    reason: fit(f.reason, L.reason),
    ...(f.phrase !== undefined && { phrase: fit(f.phrase, L.phrase) }),
  });
  const writer = (n: NeedsWriter | null | undefined) => (n ? { reason: fit(n.reason, L.note) } : n);
  const notes = (list: string[]) => list.map((n) => fit(n, L.note)).filter(Boolean).slice(0, L.notes);
  const rewrite = <T extends z.infer<typeof textRewriteSchema>>(t: T): T => ({
    ...t,
    notes: notes(t.notes),
    ...(t.needsWriter !== undefined && { needsWriter: writer(t.needsWriter) }),
  });
  return {
    ...result,
    analysis: {
      summary: fit(result.analysis.summary, L.summary),
      strengths: result.analysis.strengths.slice(0, L.strengths).map(finding),
      problems: result.analysis.problems.slice(0, L.problems).map(finding),
    },
    bio: result.bio && rewrite(result.bio),
    prompts: result.prompts.map(rewrite),
    photos: result.photos.map((p) => ({ ...p, reasons: p.reasons.map((r) => fit(r, 300)).slice(0, 12) })),
    conversationStarters: result.conversationStarters.map((s) => fit(s, L.starter)).filter(Boolean).slice(0, 5),
    strategyGuide: result.strategyGuide && {
      title: fit(result.strategyGuide.title, L.heading),
      sections: result.strategyGuide.sections.slice(0, 10).map((s) => ({
        heading: fit(s.heading, L.heading),
        points: s.points.map((p) => fit(p, L.guidePoint)).slice(0, 10),
      })),
    },
    ...(result.needsWriter !== undefined && { needsWriter: writer(result.needsWriter) }),
    ...(result.bioVersions && {
      bioVersions: {
        versions: result.bioVersions.versions.slice(0, BIO_TONES.length).map((v) => ({ ...v, why: fit(v.why, L.note) })),
        note: result.bioVersions.note && fit(result.bioVersions.note, L.note),
        ...(result.bioVersions.of && { of: result.bioVersions.of }),
      },
    }),
    ...(result.promptSuggestions && {
      promptSuggestions: {
        suggestions: result.promptSuggestions.suggestions.slice(0, 5).map((s) => ({ prompt: s.prompt, reason: fit(s.reason, 300) })),
        note: result.promptSuggestions.note && fit(result.promptSuggestions.note, L.note),
      },
    }),
    ...(result.editorial && {
      editorial: {
        ...result.editorial,
        edited: [...new Set(result.editorial.edited)],
        recommendations: result.editorial.recommendations === null ? null : result.editorial.recommendations.slice(0, L.editorialRecommendations),
      },
    }),
    ...(result.photoPlan && {
      photoPlan: {
        summary: fit(result.photoPlan.summary, L.note),
        missing: result.photoPlan.missing.slice(0, SHOT_KINDS.length).map((m) => ({ ...m, shot: fit(m.shot, L.title), why: fit(m.why, 300) })),
      },
    }),
  };
}
