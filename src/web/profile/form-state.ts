import { useCallback, useRef, useState } from "react";
import { focusFirst } from "../ui/focus.ts";
import { useTypedBeforeHydration } from "../ui/typed-before-hydration.ts";
import type { Errors, Values } from "./AppSections.tsx";

/** The control that shows a field's error: `field-<name>` (fields.tsx), or the photo picker (PhotoUploader.tsx). */
const controlId = (name: string) => (name === "photos" ? "photos-input" : `field-${name}`);

/**
 * Field values and their errors; editing a field clears its error and tells the caller (to forget a saved attempt).
 * `ref` goes on the <form>: what was typed before hydration is taken into the values, and a draft restored after it
 * (draft.ts) fills only the fields the person had not typed into.
 */
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
  const typed = useRef<Values>({});
  // Not an edit by itself: on a reload or Back the browser puts the fields back as they were, which is what the draft
  // holds too. Only what differs from the draft (below) is.
  const ref = useTypedBeforeHydration((found) => {
    typed.current = found;
    setValues((v) => ({ ...v, ...found }));
  });
  /**
   * Puts back values kept in a draft (draft.ts): not an edit, so a profile already sent from them stays sent, unless
   * what was typed before hydration differs from the draft.
   */
  const restore = useCallback(
    (kept: Values) => {
      setValues((v) => ({ ...v, ...kept, ...typed.current }));
      if (Object.entries(typed.current).some(([name, value]) => (kept[name] ?? "") !== value)) onEdit?.();
    },
    [onEdit],
  );
  /** For usePhotos: adding or removing a photo clears the photos message, as typing clears a field's. */
  const photosChanged = useCallback(() => edited("photos"), [edited]);
  /** Shows the errors beside their fields, focuses the first of them, and answers whether there were any. */
  const showErrors = useCallback((found: Errors, form: HTMLFormElement): boolean => {
    setErrors(found);
    focusFirst(form, Object.keys(found).map(controlId));
    return Object.keys(found).length > 0;
  }, []);
  return { ref, values, errors, onChange, restore, photosChanged, showErrors };
}
