import { useEffect, useRef, type KeyboardEvent } from "react";
import { buttonClass } from "../ui/button.ts";
import { InnerDialog } from "./Modal.tsx";
import { keysOf, SHORTCUTS } from "./shortcuts.ts";

/** The review dialog's keys in one line, shown in its bar (issue 29, item 3). */
export function ShortcutHint() {
  return (
    <p className="text-xs text-muted-foreground" data-testid="review-shortcuts">
      Keys:{" "}
      {SHORTCUTS.map((s) => (
        <span key={s.id} className="mr-2 inline-block">
          <kbd className="font-mono">{keysOf(s)}</kbd> {s.does.toLowerCase()}
        </span>
      ))}
      <span className="inline-block">
        <kbd className="font-mono">?</kbd> this list
      </span>
    </p>
  );
}

/**
 * `?` outside a text field: the shortcuts in a dialog of their own over the review dialog. Escape or Close answers
 * it only, and the focus goes back where it was.
 */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => opener?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape" || e.key === "Tab") {
      // Escape closes this list only; Tab stays on its one button.
      e.preventDefault();
      e.nativeEvent.preventDefault();
      if (e.key === "Escape") onClose();
    }
    e.stopPropagation();
  };
  return (
    <InnerDialog labelledBy="shortcuts-title" onKeyDown={onKeyDown} testId="shortcuts-help">
      <h2 id="shortcuts-title" className="text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <p className="text-sm text-muted-foreground">They work in the text fields too; none of them types or edits text.</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.id} className="contents">
            <dt>
              <kbd className="font-mono">{keysOf(s)}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
        <dt>
          <kbd className="font-mono">?</kbd>
        </dt>
        <dd>This list (outside a text field)</dd>
      </dl>
      <button ref={close} type="button" className={buttonClass("primary")} onClick={onClose}>
        Close
      </button>
    </InnerDialog>
  );
}
