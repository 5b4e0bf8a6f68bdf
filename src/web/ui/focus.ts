import { useEffect, useRef } from "react";

/**
 * Moves focus to the first of these controls in the order the form shows them, so a keyboard or screen-reader user
 * lands on the first problem.
 */
export function focusFirst(form: HTMLFormElement, ids: Iterable<string>): void {
  const wanted = new Set(ids);
  const first = [...form.elements].find((el) => wanted.has(el.id));
  if (first instanceof HTMLElement) first.focus();
}

/**
 * For a submit button that is disabled while its form is busy: disabling it drops the keyboard focus to the page,
 * so when the work ends on the same page (an error, a declined card) focus comes back to the button, unless it
 * has gone somewhere else meanwhile (a dialog, a field).
 */
export function useFocusAfterBusy<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasBusy.current && !busy && lost) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}
