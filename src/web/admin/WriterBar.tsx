import { useRef } from "react";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { ariaKeysOf } from "./shortcuts.ts";
import type { PartsFormState } from "./use-parts-form.ts";
import type { SavePartsState } from "./use-save-parts.ts";

/**
 * Save Changes and Discard Changes in the review dialog's sticky bar (issue 28, item 5): in reach wherever the writer
 * is in the dialog, in the preview too, with the line saying what is saved. Save and Discard leave nothing to save, so
 * their buttons go or are disabled: the focus goes to that line.
 */
export function WriterBar({ parts, saving }: { parts: PartsFormState; saving: SavePartsState }) {
  const { dirty, conflicts, toSave } = parts;
  const button = useFocusAfterBusy<HTMLButtonElement>(saving.pending);
  const line = useRef<HTMLParagraphElement>(null);
  const settled = () => requestAnimationFrame(() => line.current?.focus());

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="review-save-bar">
      <button
        ref={button}
        type="button"
        aria-keyshortcuts={ariaKeysOf("save")}
        disabled={saving.pending || toSave.length === 0}
        onClick={async () => {
          if ((await saving.save()) === "saved") settled();
        }}
        className={buttonClass("primary")}
      >
        {saving.pending ? "Saving..." : "Save Changes"}
      </button>
      {dirty && !saving.pending && (
        <button
          type="button"
          className={buttonClass("ghost")}
          onClick={() => {
            parts.discard();
            saving.clearErrors();
            settled();
          }}
        >
          Discard Changes
        </button>
      )}
      <p ref={line} tabIndex={-1} className="min-w-0 flex-1 text-sm text-muted-foreground outline-none" role="status" data-testid="review-save-state">
        {conflicts.length > 0
          ? `Choose a text for ${conflicts.length === 1 ? "the part" : `each of the ${conflicts.length} parts`} another administrator saved too; the rest is ${toSave.length > 0 ? "not saved yet" : "saved"}.`
          : dirty
            ? "Unsaved changes: the customer receives the saved text until you save."
            : "All changes saved."}
      </p>
    </div>
  );
}
