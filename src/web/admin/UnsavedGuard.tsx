import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { buttonClass } from "../ui/button.ts";
import { InnerDialog } from "./Modal.tsx";

/** Go on (the text discarded), stay, or the question's third way (e.g. "Save and send": keep the text and go on). */
export type UnsavedAnswer = "go" | "stay" | "alternative";

interface Question {
  /** What the admin was about to do, in words: "close the dialog", "send the results". */
  what: string;
  /** A third answer's button, when the action has a way to keep the text ("Save and send"). */
  alternative?: string;
  answer: (answer: UnsavedAnswer) => void;
  opener: HTMLElement | null;
}

/**
 * The review dialog's guard of unsaved text (issue 20, item 2: an edit is never lost). `ask(what)` answers at once
 * when nothing is unsaved; otherwise it asks in a dialog of its own and answers whether to go on, having discarded
 * the text (`discard`) when the admin chose to. `choose(what, alternative)` offers a third way besides discarding and
 * staying (Send offers "Save and send", issue 28 item 5). A reload or closing the tab gets the browser's own question.
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

  const choose = useCallback(
    (what: string, alternative?: string) =>
      new Promise<UnsavedAnswer>((resolve) => {
        if (!dirtyNow.current) return resolve("go");
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setQuestion({ what, alternative, opener, answer: resolve });
      }),
    [],
  );
  const ask = useCallback(async (what: string) => (await choose(what)) === "go", [choose]);

  const settle = (asked: Question, given: UnsavedAnswer) => {
    setQuestion(null);
    if (given === "go") discard();
    else if (given === "stay") asked.opener?.focus();
    asked.answer(given);
  };
  const answer = (given: UnsavedAnswer) => {
    if (question) settle(question, given);
  };
  const settleNow = useRef(settle);
  settleNow.current = settle;

  // While the question is open, Escape answers it ("Keep editing") wherever the focus is: a key pressed before the
  // question's button took the focus must not reach the review dialog, which would close or ask again over it. Set
  // up as the question is put on the page, before the browser paints it.
  useLayoutEffect(() => {
    if (!question) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      settleNow.current(question, "stay");
    };
    window.addEventListener("keydown", onEscape, true);
    return () => window.removeEventListener("keydown", onEscape, true);
  }, [question]);

  const dialog = question ? <UnsavedQuestion what={question.what} alternative={question.alternative} onAnswer={answer} /> : null;
  return { ask, choose, dialog };
}

function UnsavedQuestion({ what, alternative, onAnswer }: { what: string; alternative?: string; onAnswer: (answer: UnsavedAnswer) => void }) {
  const stay = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => stay.current?.focus(), []);

  // Escape is answered by the guard itself (useUnsavedGuard), wherever the focus is.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Tab") {
      // Tab and Shift+Tab go round the question's buttons only.
      e.preventDefault();
      const buttons = [...(box.current?.querySelectorAll("button") ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      buttons[(at + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
    }
    e.stopPropagation();
  };

  return (
    <InnerDialog role="alertdialog" boxRef={box} labelledBy="unsaved-title" describedBy="unsaved-text" onKeyDown={onKeyDown} testId="unsaved-question">
      <h2 id="unsaved-title" className="text-lg font-semibold">
        You have unsaved changes
      </h2>
      <p id="unsaved-text" className="text-sm text-muted-foreground">
        Your edits to this result are not saved. To {what} now, they must be discarded. To keep them, stay and press Save Changes first
        {alternative ? `, or choose ${alternative}.` : "."}
      </p>
      <div className="flex flex-wrap gap-2">
        <button ref={stay} type="button" className={buttonClass("primary")} onClick={() => onAnswer("stay")}>
          Keep editing
        </button>
        {alternative && (
          <button type="button" className={buttonClass("outline")} onClick={() => onAnswer("alternative")}>
            {alternative}
          </button>
        )}
        <button type="button" className={buttonClass("outline", "md", "text-danger")} onClick={() => onAnswer("go")}>
          Discard changes
        </button>
      </div>
    </InnerDialog>
  );
}
