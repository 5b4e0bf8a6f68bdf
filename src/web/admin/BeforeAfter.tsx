import type { OptimisationResult } from "../../optimiser/result.ts";

/**
 * The optimiser's bio and prompt answers beside what the customer wrote, from the structured result (plain text,
 * rendered as text). It shows what the machine made; the editable HTML above is what the customer will receive.
 */
export function BeforeAfter({ result }: { result: OptimisationResult }) {
  const items = [
    ...(result.bio ? [{ key: "bio", title: "Bio", before: result.bio.original, after: result.bio.optimised, kept: false, limit: result.bio.limit, notes: result.bio.notes }] : []),
    ...result.prompts.map((p, i) => ({ key: `prompt${i + 1}`, title: p.prompt, before: p.original, after: p.optimised, kept: !p.rewritten, limit: p.limit, notes: p.notes })),
  ];
  return (
    <section aria-labelledby="review-compare-heading" data-testid="review-before-after">
      <h3 id="review-compare-heading" className="text-lg font-semibold">
        Before and After
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">This result has no bio or prompt answers.</p>
      ) : (
        <div className="mt-3 space-y-5">
          {items.map((c) => (
            <article key={c.key} aria-labelledby={`review-compare-${c.key}`}>
              <h4 id={`review-compare-${c.key}`} className="font-medium">
                {c.title}
              </h4>
              <div className="mt-2 grid gap-3 md:grid-cols-2">
                <div className="rounded-lg border border-border p-3">
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Before</p>
                  <p className="mt-1 whitespace-pre-line break-words">{c.before?.trim() ? c.before : "(left empty)"}</p>
                </div>
                <div className="rounded-lg border border-primary/50 p-3">
                  <p className="text-xs font-semibold tracking-wide text-primary uppercase">{c.kept ? "After (kept as written)" : "After"}</p>
                  <p className="mt-1 whitespace-pre-line break-words">{c.after}</p>
                  <p className="mt-2 text-xs text-muted-foreground">
                    {c.after.length} of {c.limit} characters
                  </p>
                </div>
              </div>
              {c.notes.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-muted-foreground">
                  {c.notes.map((note, i) => (
                    <li key={i}>{note}</li>
                  ))}
                </ul>
              )}
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
