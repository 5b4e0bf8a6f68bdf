import { useMemo, useState, type FormEvent } from "react";
import type { EditableParts, PartKey } from "../../shared/optimiser/parts.ts";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { DiffText } from "./DiffText.tsx";
import { partLabel, partText } from "./parts-form.ts";
import { wordDiff } from "./word-diff.ts";

type Choice = "keep" | "use";

/**
 * A regeneration's or revision's new draft beside the current result (issue 20, item 3): for each part the draft
 * changed, the current text and the new one side by side, what changed word by word, and the admin's choice, "Keep
 * current" by default: nothing replaces the current text without a click. "Apply choices" takes the parts marked
 * "Use new" and clears the draft (none marked: the draft is discarded).
 */
export function DraftChooser({
  current,
  draft,
  changes,
  onApply,
}: {
  current: EditableParts;
  draft: EditableParts;
  changes: PartKey[];
  /** Answers whether the server applied the choices. */
  onApply: (take: PartKey[]) => Promise<boolean>;
}) {
  const [choices, setChoices] = useState<Partial<Record<PartKey, Choice>>>({});
  const [pending, setPending] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);
  const take = changes.filter((k) => choices[k] === "use");
  // Worked out once per draft (a long text takes a few hundred milliseconds), not on every choice.
  const diffs = useMemo(() => new Map(changes.map((k) => [k, wordDiff(partText(k, current), partText(k, draft))])), [changes, current, draft]);

  const apply = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setPending(true);
    const applied = await onApply(take);
    setPending(false);
    if (applied) setChoices({});
  };

  return (
    <section aria-labelledby="review-draft-heading" className="rounded-lg border border-primary/50 p-4" data-testid="review-draft">
      <h3 id="review-draft-heading" className="text-lg font-semibold">
        New draft
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {changes.length === 0
          ? "A new run made the same text as the current result."
          : `A new run changed ${changes.length === 1 ? "one part" : `${changes.length} parts`} of the result you edited. The current text stays unless you choose the new one.`} In “What changed”, <del className="line-through">struck-through words</del> are removed and <ins className="underline underline-offset-2">underlined words</ins> are added.
      </p>
      <form onSubmit={apply} className="mt-4 space-y-6">
        {changes.map((key) => {
          const name = `review-draft-${key}`;
          const before = partText(key, current);
          const after = partText(key, draft);
          const label = partLabel(key, current);
          return (
            <fieldset key={key} className="space-y-3" data-testid={`draft-${key}`}>
              <legend className="font-semibold">{label}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="rounded-lg border border-border p-3">
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Current</p>
                  <p className="mt-1 whitespace-pre-line break-words" data-testid="draft-current">
                    {before || "(empty)"}
                  </p>
                </div>
                <div className="rounded-lg border border-primary/50 p-3">
                  <p className="text-xs font-semibold tracking-wide text-primary uppercase">New draft</p>
                  <p className="mt-1 whitespace-pre-line break-words" data-testid="draft-new">
                    {after || "(empty)"}
                  </p>
                </div>
              </div>
              <div className="rounded-lg bg-muted p-3">
                <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">What changed</p>
                <DiffText pieces={diffs.get(key) ?? []} testId="draft-diff" />
              </div>
              <div className="flex flex-wrap gap-4" role="radiogroup" aria-label={`${label}: which text to keep`}>
                {(["keep", "use"] as const).map((choice) => (
                  <label key={choice} className="flex min-h-10 items-center gap-2 text-sm font-medium">
                    <input
                      type="radio"
                      name={name}
                      value={choice}
                      checked={(choices[key] ?? "keep") === choice}
                      onChange={() => setChoices((c) => ({ ...c, [key]: choice }))}
                      className="h-4 w-4 accent-primary"
                    />
                    {choice === "keep" ? "Keep current" : "Use new"}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <button ref={button} type="submit" disabled={pending} className={buttonClass("primary")}>
            {pending ? "Applying..." : "Apply choices"}
          </button>
          <p className="text-sm text-muted-foreground" data-testid="draft-summary">
            {take.length === 0 ? "Keeps every current part and discards the new draft." : `Uses the new draft for: ${take.map((k) => partLabel(k, current)).join(", ")}. Keeps the rest.`}
          </p>
        </div>
      </form>
    </section>
  );
}
