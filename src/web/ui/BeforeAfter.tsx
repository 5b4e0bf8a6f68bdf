import type { OptimisationResult } from "../../shared/optimiser/result.ts";

/** Who reads the comparison: the customer on the results page, or an admin in the review dialog. */
export type BeforeAfterReader = "customer" | "admin";

interface Comparison {
  key: string;
  title: string;
  before: string | null;
  after: string;
  limit: number;
  notes: string[];
  kept: boolean;
}

/** What the structured result says about the bio and each prompt answer, before and after, in display order. */
export function comparisons(result: OptimisationResult, bioTitle: string): Comparison[] {
  return [
    ...(result.bio ? [{ key: "bio", title: bioTitle, before: result.bio.original, after: result.bio.optimised, limit: result.bio.limit, notes: result.bio.notes, kept: false }] : []),
    ...result.prompts.map((p, i) => ({ key: `prompt${i + 1}`, title: p.prompt, before: p.original, after: p.optimised, limit: p.limit, notes: p.notes, kept: !p.rewritten })),
  ];
}

/**
 * The customer's own bio and prompt answers beside the optimised ones, with the character count against the app's
 * limit and what changed and why, from the structured result (plain text, rendered as text). The customer sees it on
 * the results page; an admin sees it in the review dialog beside the editable HTML, which is what the customer receives.
 */
export function BeforeAfter({ result, appName, reader }: { result: OptimisationResult; appName: string; reader: BeforeAfterReader }) {
  const items = comparisons(result, reader === "customer" ? `Your ${appName} bio` : "Bio");
  // The customer sees nothing when there is nothing to compare; an admin is told so.
  if (items.length === 0 && reader === "customer") return null;
  const prefix = reader === "admin" ? "review-compare" : "compare";
  return (
    <section aria-labelledby={`${prefix}-heading`} className={reader === "customer" ? "mt-10" : undefined} data-testid={reader === "admin" ? "review-before-after" : "before-after"}>
      <h3 id={`${prefix}-heading`} className="text-lg font-semibold">
        Before and After
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">This result has no bio or prompt answers.</p>
      ) : (
        <div className="mt-4 space-y-6">
          {items.map((c) => (
            <article key={c.key} aria-labelledby={`${prefix}-${c.key}`} data-testid={`compare-${c.key}`}>
              <h4 id={`${prefix}-${c.key}`} className="font-semibold">
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
                  <p className="text-xs font-semibold uppercase tracking-wide text-primary">{c.kept ? (reader === "customer" ? "After: kept as you wrote it" : "After: kept as written") : "After"}</p>
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
      )}
    </section>
  );
}
