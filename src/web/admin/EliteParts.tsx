import type { OptimisationResult } from "../../shared/optimiser/result.ts";

const TONES = { warm: "Warm", playful: "Playful", direct: "Direct" } as const;

/**
 * Elite's own parts of a result, read-only for the review: the bio versions, the prompts to answer and the photo
 * plan. They reach the customer inside the optimized profile and the recommendations (render.ts), which the admin
 * edits; this shows them whole, so the admin sees what elite delivers and what a writer must add.
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
          <h4 className="font-semibold">Bio versions ({bioVersions.versions.length} of 3)</h4>
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
            {photoPlan.missing.map((m) => (
              <li key={m.kind}>
                <span className="font-medium">{m.shot}</span>: {m.why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
