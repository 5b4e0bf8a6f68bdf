import { useEffect, useState } from "react";

/**
 * False during server rendering and until hydration. Submit buttons stay disabled until then: a form submitted
 * natively before the page's script runs would put the customer's e-mail and answers into a URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
