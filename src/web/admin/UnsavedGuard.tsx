import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { buttonClass } from "../ui/button.ts";

interface Question {
  /** What the admin was about to do, in words: "close the dialog", "send the results". */
  what: string;
  answer: (go: boolean) => void;
  opener: HTMLElement | null;
}

/**
 * The review dialog's guard of unsaved text (issue 20, item 2: an edit is never lost). `ask(what)` answers at once
 * when nothing is unsaved; otherwise it asks in a dialog of its own and answers whether to go on, having discarded
 * the text (`discard`) when the admin chose to. A reload or closing the tab gets the browser's own question.
 */
export function useUnsavedGuard(dirty: boolean, discard: () => void) {
  const [question, setQuestion] = useState<Question | null>(null);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", beforeUnload);
    return () => window.removeEventListener("beforeunload", beforeUnload);
  }, [dirty]);

  const ask = useCallback(
    (what: string) =>
      new Promise<boolean>((resolve) => {
        if (!dirtyNow.current) return resolve(true);
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setQuestion({ what, opener, answer: resolve });
      }),
    [],
  );

  const answer = (go: boolean) => {
    if (!question) return;
    setQuestion(null);
    if (go) discard();
    else question.opener?.focus();
    question.answer(go);
  };

  const dialog = question ? <UnsavedQuestion what={question.what} onAnswer={answer} /> : null;
  return { ask, dialog };
}

function UnsavedQuestion({ what, onAnswer }: { what: string; onAnswer: (go: boolean) => void }) {
  const stay = useRef<HTMLButtonElement>(null);
  const leave = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      // Escape answers this question only: the review dialog under it stays open.
      e.preventDefault();
      e.nativeEvent.preventDefault();
      onAnswer(false);
    } else if (e.key === "Tab") {
      // Two buttons: Tab and Shift+Tab go from one to the other.
      e.preventDefault();
      (document.activeElement === stay.current ? leave : stay).current?.focus();
    }
    e.stopPropagation();
  };

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-text"
        onKeyDown={onKeyDown}
        className="w-full max-w-md space-y-3 rounded-xl border border-border bg-background p-5 text-foreground shadow-xl"
        data-testid="unsaved-question"
      >
        <h2 id="unsaved-title" className="text-lg font-semibold">
          You have unsaved changes
        </h2>
        <p id="unsaved-text" className="text-sm text-muted-foreground">
          Your edits to this result are not saved. To {what} now, they must be discarded. To keep them, stay and press Save Changes first.
        </p>
        <div className="flex flex-wrap gap-2">
          <button ref={stay} type="button" className={buttonClass("primary")} onClick={() => onAnswer(false)}>
            Keep editing
          </button>
          <button ref={leave} type="button" className={buttonClass("outline", "md", "text-danger")} onClick={() => onAnswer(true)}>
            Discard changes
          </button>
        </div>
      </div>
    </div>
  );
}
