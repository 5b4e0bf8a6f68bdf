import type { OptimisationResult } from "../../optimiser/result.ts";

interface Comparison {
  key: string;
  title: string;
  before: string | null;
  after: string;
  limit: number;
  notes: string[];
  kept: boolean;
}

/** The customer's own bio and prompt answers beside the optimised ones, with what changed and why. */
export function BeforeAfter({ result, appName }: { result: OptimisationResult; appName: string }) {
  const comparisons: Comparison[] = [
    ...(result.bio ? [{ key: "bio", title: `Your ${appName} bio`, before: result.bio.original, after: result.bio.optimised, limit: result.bio.limit, notes: result.bio.notes, kept: false }] : []),
    ...result.prompts.map((p, i) => ({ key: `prompt${i + 1}`, title: p.prompt, before: p.original, after: p.optimised, limit: p.limit, notes: p.notes, kept: !p.rewritten })),
  ];
  if (comparisons.length === 0) return null;
  return (
    <section aria-labelledby="before-after-heading" className="mt-10" data-testid="before-after">
      <h3 id="before-after-heading" className="text-lg font-semibold">
        Before and After
      </h3>
      <div className="mt-4 space-y-6">
        {comparisons.map((c) => (
          <article key={c.key} aria-labelledby={`compare-${c.key}`} data-testid={`compare-${c.key}`}>
            <h4 id={`compare-${c.key}`} className="font-semibold">
              {c.title}
            </h4>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-border p-4">
                <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Before</p>
                <p className="mt-1 whitespace-pre-line break-words" data-testid="before">
                  {c.before?.trim() ? c.before : "(left empty)"}
                </p>
              </div>
              <div className="rounded-lg border border-primary/50 bg-primary/5 p-4">
                <p className="text-xs font-semibold uppercase tracking-wide text-primary">{c.kept ? "After: kept as you wrote it" : "After"}</p>
                <p className="mt-1 whitespace-pre-line break-words" data-testid="after">
                  {c.after}
                </p>
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
    </section>
  );
}
