import type { OptimisationResult } from "../../shared/optimiser/result.ts";

const TONES = { warm: "Warm", playful: "Playful", direct: "Direct" } as const;

/**
 * Elite's own parts of a result, read-only, once it can no longer be edited (sent, refunded): the bio versions, the
 * prompts to answer and the photo plan. While it can be edited they are fields of the editor (PartsEditor.tsx).
 */
export function EliteParts({ result }: { result: OptimisationResult }) {
  const { bioVersions, promptSuggestions, photoPlan } = result;
  if (!bioVersions && !promptSuggestions && !photoPlan) return null;
  return (
    <section aria-labelledby="review-elite-heading" className="rounded-lg border border-border p-4" data-testid="review-elite">
      <h3 id="review-elite-heading" className="text-lg font-semibold">
        Elite parts
      </h3>
      {bioVersions && (
        <div className="mt-3" data-testid="review-bio-versions">
          <h4 className="font-semibold">
            {bioVersions.of === "answers" ? "Answer sets in three tones" : "Bio versions"} ({bioVersions.versions.length} of 3)
          </h4>
          {bioVersions.versions.map((v) => (
            <div key={v.tone} className="mt-2">
              <p className="text-sm font-medium">{TONES[v.tone]}</p>
              <p className="whitespace-pre-line">{v.text}</p>
              <p className="text-sm text-muted-foreground">{v.why}</p>
            </div>
          ))}
          {bioVersions.note && <p className="mt-2 text-sm text-muted-foreground">{bioVersions.note}</p>}
        </div>
      )}
      {promptSuggestions && (
        <div className="mt-4" data-testid="review-prompt-suggestions">
          <h4 className="font-semibold">Prompts to answer</h4>
          <ul className="mt-1 list-disc pl-5">
            {promptSuggestions.suggestions.map((s) => (
              <li key={s.prompt}>
                <span className="font-medium">{s.prompt}</span>: {s.reason}
              </li>
            ))}
          </ul>
          {promptSuggestions.note && <p className="mt-1 text-sm text-muted-foreground">{promptSuggestions.note}</p>}
        </div>
      )}
      {photoPlan && (
        <div className="mt-4" data-testid="review-photo-plan">
          <h4 className="font-semibold">Photo plan</h4>
          <p>{photoPlan.summary}</p>
          <ul className="mt-1 list-disc pl-5">
            {photoPlan.missing.map((m, i) => (
              <li key={i}>
                <span className="font-medium">{m.shot}</span>: {m.why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
