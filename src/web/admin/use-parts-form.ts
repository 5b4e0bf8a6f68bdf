import { useCallback, useEffect, useState } from "react";
import type { EditableParts } from "../../shared/optimiser/parts.ts";
import { formOf, unsaved, type PartsForm } from "./parts-form.ts";

interface Saved {
  parts: EditableParts;
  version: string;
}

/**
 * The review dialog's form of the parts, kept apart from what the server last answered. A new answer (a save, an
 * applied draft, a reload) refills the form only while nothing is unsaved: the admin's text is never replaced
 * behind their back. While text is unsaved and the stored version moved on (another save, a new draft), `stale` says
 * so and the admin chooses: save over it (`adopt`) or take the stored text (`discard`).
 */
export function usePartsForm(parts: EditableParts | null, version: string | null) {
  // `base`: the saved parts the form was started from, and the version a save must name.
  const [state, setState] = useState<{ form: PartsForm; base: Saved } | null>(() => (parts && version !== null ? { form: formOf(parts), base: { parts, version } } : null));
  const [latest, setLatest] = useState<Saved | null>(parts && version !== null ? { parts, version } : null);

  useEffect(() => {
    if (!parts || version === null) {
      setState(null);
      setLatest(null);
      return;
    }
    setLatest({ parts, version });
    setState((s) => (s && unsaved(s.form, s.base.parts) ? s : { form: formOf(parts), base: { parts, version } }));
  }, [parts, version]);

  const dirty = state !== null && unsaved(state.form, state.base.parts);
  const stale = dirty && latest !== null && state !== null && latest.version !== state.base.version;

  const setForm = useCallback((update: (form: PartsForm) => PartsForm) => setState((s) => s && { ...s, form: update(s.form) }), []);
  /** Back to the stored text (the newest the server answered). */
  const discard = useCallback(() => setState(() => (latest ? { form: formOf(latest.parts), base: latest } : null)), [latest]);
  /** Keep the typed text and aim the next save at the newest version: the admin chose to save over it. */
  const adopt = useCallback(() => setState((s) => (s && latest ? { form: s.form, base: latest } : s)), [latest]);
  /**
   * After a save (`sent`: the form it sent) or an applied draft: the form is what the server now stores (trimmed as it
   * stored it), unless the admin typed on while the save was under way: then that text stays, unsaved.
   */
  const saved = useCallback((next: EditableParts, nextVersion: string, sent?: PartsForm) => {
    const base = { parts: next, version: nextVersion };
    setLatest(base);
    setState((s) => (s && sent && JSON.stringify(s.form) !== JSON.stringify(sent) ? { form: s.form, base } : { form: formOf(next), base }));
  }, []);

  return { form: state?.form ?? null, base: state?.base ?? null, dirty, stale, setForm, discard, adopt, saved };
}
export type PartsFormState = ReturnType<typeof usePartsForm>;
