import { useEffect, useRef, type RefObject } from "react";

/**
 * A form's fields are in the server's HTML and can be filled before its island hydrates. React keeps what was typed
 * on the screen but not in its state, so the first render after it (a key pressed, an error shown) would wipe it.
 * Once hydrated, this reads every named field of the form whose value differs from the one the server drew and hands
 * them to `adopt`, which puts them into the form's state (decision 149). Attach the answered ref to the <form>.
 */
export function useTypedBeforeHydration(adopt: (typed: Record<string, string>) => void): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  const adoptNow = useRef(adopt);
  adoptNow.current = adopt;
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const control of form.current?.elements ?? []) {
      if (control instanceof HTMLSelectElement) {
        if (control.name && [...control.options].some((o) => o.selected !== o.defaultSelected)) typed[control.name] = control.value;
      } else if (control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox")) {
        // Checked before hydration: React kept the mark on the screen but drew it from `checked`, the server's.
        if (control.name && control.checked && !control.defaultChecked) typed[control.name] = control.value;
      } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
        // Files cannot be read back into a form's state; hidden fields are never typed into.
        if (control.name && control.type !== "file" && control.type !== "hidden" && control.value !== control.defaultValue) typed[control.name] = control.value;
      }
    }
    if (Object.keys(typed).length > 0) adoptNow.current(typed);
  }, []);
  return form;
}
