import { useMemo } from "react";
import { buttonClass } from "../ui/button.ts";
import { DiffText } from "./DiffText.tsx";
import { formPartText, partLabel, partText, type PartsForm } from "./parts-form.ts";
import { formatDateTime } from "./time.ts";
import type { OpenConflict } from "./use-parts-form.ts";
import { wordDiff } from "./word-diff.ts";

/**
 * A part this tab changed that another administrator saved too (issue 27, item 3), shown just above the part's field:
 * who saved the other text and when, both texts side by side, what differs word by word, and the writer's choice.
 * "Keep my text" sends this part (as the field holds it: edit it first to merge) with the next save, over theirs;
 * "Use their text" puts the stored text in the field. Until then the part is in no save.
 */
export function ConflictPanel({ conflict, form, onKeep, onTakeTheirs }: { conflict: OpenConflict; form: PartsForm; onKeep: () => void; onTakeTheirs: () => void }) {
  const { part, theirs } = conflict;
  const label = partLabel(part, theirs);
  const theirText = partText(part, theirs);
  const myText = formPartText(part, form, theirs);
  const diff = useMemo(() => wordDiff(theirText, myText), [theirText, myText]);
  const who = conflict.by ?? "A new run of the optimizer";
  const headingId = `review-conflict-${part}-heading`;
  return (
    <section
      id={`review-conflict-${part}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-danger p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid={`review-conflict-${part}`}
    >
      <h4 id={headingId} className="font-semibold">
        {label}: changed by someone else too
      </h4>
      <p className="text-sm" data-testid="conflict-by">
        <strong>{who}</strong> saved another text at <time dateTime={conflict.at}>{formatDateTime(conflict.at)}</time>. Yours is not saved: keep it (edit it in the field below first to
        merge the two), or use theirs.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg border border-border p-3">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Their text ({conflict.by ?? "optimizer"}, saved)</p>
          <p className="mt-1 whitespace-pre-line break-words" data-testid="conflict-theirs">
            {theirText || "(empty)"}
          </p>
        </div>
        <div className="rounded-lg border border-primary/50 p-3">
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">Your text (not saved)</p>
          <p className="mt-1 whitespace-pre-line break-words" data-testid="conflict-mine">
            {myText || "(empty)"}
          </p>
        </div>
      </div>
      <div className="rounded-lg bg-muted p-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">From their text to yours</p>
        <DiffText pieces={diff} testId="conflict-diff" />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("outline", "sm")} onClick={onKeep}>
          Keep my text (save it next)
        </button>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={onTakeTheirs}>
          Use their text
        </button>
      </div>
    </section>
  );
}
