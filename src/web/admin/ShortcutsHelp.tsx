import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
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
  const closeNow = useRef(onClose);
  closeNow.current = onClose;
  // Set up as the list is put on the page, before the browser paints it: Escape closes this list only, wherever the
  // focus is (a key pressed before Close took the focus must not reach the review dialog and close it).
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      closeNow.current();
    };
    window.addEventListener("keydown", onEscape, true);
    return () => {
      window.removeEventListener("keydown", onEscape, true);
      opener?.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Tab stays on its one button.
    if (e.key === "Tab") {
      e.preventDefault();
      e.nativeEvent.preventDefault();
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
