import { useRef, type FormEvent } from "react";

/**
 * A module that matters only once a person acts (the schema that checks a form when it is sent) is fetched then, not
 * with the page, so it stays out of the page's first load (decision 147). `load()` starts the fetch once and answers
 * the module (forms call it on their first focus, so it is here by the time they are sent); a failed fetch is tried
 * again on the next call. `loaded()` answers the module if it is already here.
 */
export function onFirstUse<T>(fetchModule: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let pending: Promise<T> | undefined;
  let module: T | undefined;
  return {
    load: () =>
      (pending ??= fetchModule().then(
        (m) => (module = m),
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      )),
    loaded: () => module,
  };
}

/**
 * A submit handler that waits (for its schema, for the network) runs once at a time: a second click while the first
 * is still being checked does nothing, as it did when the check was synchronous.
 */
export function useOneSubmitAtATime(handler: (form: HTMLFormElement) => Promise<void>): (e: FormEvent<HTMLFormElement>) => void {
  const running = useRef(false);
  return (e) => {
    e.preventDefault();
    if (running.current) return;
    running.current = true;
    void handler(e.currentTarget).finally(() => {
      running.current = false;
    });
  };
}
