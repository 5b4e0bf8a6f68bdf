import { useCallback, useEffect, useRef, useState } from "react";
import type { Errors, Values } from "./AppSections.tsx";

/** The control that shows a field's error: `field-<name>` (fields.tsx), or the photo picker (PhotoUploader.tsx). */
const controlId = (name: string) => (name === "photos" ? "photos-input" : `field-${name}`);

/** Field values and their errors; editing a field clears its error and tells the caller (to forget a saved attempt). */
export function useFormValues(initial: Values, onEdit?: () => void) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const edited = useCallback(
    (name: string) => {
      setErrors((e) => {
        if (!(name in e)) return e;
        const { [name]: _cleared, ...rest } = e;
        return rest;
      });
      onEdit?.();
    },
    [onEdit],
  );
  const onChange = useCallback(
    (name: string, value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      edited(name);
    },
    [edited],
  );
  /** For usePhotos: adding or removing a photo clears the photos message, as typing clears a field's. */
  const photosChanged = useCallback(() => edited("photos"), [edited]);
  /**
   * Shows the errors beside their fields and moves focus to the first field that has one, in the order the form
   * shows them, so a keyboard or screen-reader user lands on the problem. Answers whether there were any.
   */
  const showErrors = useCallback((found: Errors, form: HTMLFormElement): boolean => {
    setErrors(found);
    const ids = new Set(Object.keys(found).map(controlId));
    const first = [...form.elements].find((el) => ids.has(el.id));
    if (first instanceof HTMLElement) first.focus();
    return Object.keys(found).length > 0;
  }, []);
  return { values, errors, onChange, photosChanged, showErrors };
}

/**
 * False during server rendering and until hydration. Submit buttons stay disabled until then: a form submitted
 * natively before the page's script runs would put the customer's e-mail and answers into a URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
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
