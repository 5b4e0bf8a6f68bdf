import { useCallback, useEffect, useState } from "react";
import type { Errors, Values } from "./AppSections.tsx";

/** Field values and their errors; editing a field clears its error and tells the caller (to forget a saved attempt). */
export function useFormValues(initial: Values, onEdit?: () => void) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const onChange = useCallback(
    (name: string, value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => {
        if (!(name in e)) return e;
        const { [name]: _cleared, ...rest } = e;
        return rest;
      });
      onEdit?.();
    },
    [onEdit],
  );
  return { values, errors, setErrors, onChange };
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
