import { useCallback, useEffect, useState } from "react";
import type { PartConflict } from "../../shared/api/admin-profiles.ts";
import type { EditableParts, PartKey } from "../../shared/optimiser/parts.ts";
import { changedKeys, formOf, unsaved, withPart, type PartsForm } from "./parts-form.ts";

interface Saved {
  parts: EditableParts;
  version: string;
}

/** A part another administrator saved too: their text beside this tab's until the writer chooses. */
export interface OpenConflict extends PartConflict {
  /** The stored parts when the conflict was reported: their text of this part. */
  theirs: EditableParts;
}

interface State {
  form: PartsForm;
  /** The saved parts the form was started from, and the version a save names. */
  base: Saved;
  /** A part based on another version than `base` (a conflicted part, until the writer chooses). */
  bases: Partial<Record<PartKey, string>>;
  conflicts: OpenConflict[];
}

/**
 * The review dialog's form of the parts, kept apart from what the server last answered (issue 27, item 3). A new
 * answer (a save, an applied draft, a reload) refills the form only while nothing is unsaved: the admin's text is
 * never replaced behind their back. A save sends only the parts this tab changed, each with the version it was based
 * on, so the server writes every part nobody else changed; a part another save changed too comes back as a conflict,
 * shown beside the part with both texts, and stays out of every save until the writer keeps their text (sent next,
 * based on the version that holds the other) or takes the other.
 */
export function usePartsForm(parts: EditableParts | null, version: string | null) {
  const [state, setState] = useState<State | null>(() => (parts && version !== null ? fresh({ parts, version }) : null));
  // The newest the server answered: what Discard goes back to (the form's base may be older while text is unsaved).
  const [latest, setLatest] = useState<Saved | null>(parts && version !== null ? { parts, version } : null);

  useEffect(() => {
    if (!parts || version === null) {
      setState(null);
      setLatest(null);
      return;
    }
    setLatest({ parts, version });
    setState((s) => (s && (s.conflicts.length > 0 || unsaved(s.form, s.base.parts)) ? s : fresh({ parts, version })));
  }, [parts, version]);

  const dirty = state !== null && (state.conflicts.length > 0 || unsaved(state.form, state.base.parts));
  const conflicted = new Set(state?.conflicts.map((c) => c.part) ?? []);
  /** The parts a save sends now: those this tab changed from its base, but for the ones waiting for a choice. */
  const toSave = state ? changedKeys(state.form, formOf(state.base.parts)).filter((k) => !conflicted.has(k)) : [];

  const setForm = useCallback((update: (form: PartsForm) => PartsForm) => setState((s) => s && { ...s, form: update(s.form) }), []);
  /** Back to the stored text (the newest the server answered); open conflicts go with it. */
  const discard = useCallback(() => setState((s) => s && fresh(latest ?? s.base)), [latest]);
  /**
   * After a save (`sent`: the form it sent) or an applied draft: the form is what the server now stores (trimmed as it
   * stored it), but for a part still waiting for a choice and any text typed on while the save was under way.
   */
  const saved = useCallback((next: EditableParts, nextVersion: string, sent?: PartsForm) => {
    const base = { parts: next, version: nextVersion };
    setState((s) => {
      if (!s) return fresh(base);
      let form = formOf(next);
      for (const c of s.conflicts) form = withPart(form, c.part, s.form);
      if (sent && JSON.stringify(s.form) !== JSON.stringify(sent)) return { ...s, base };
      return { form, base, bases: pick(s.bases, s.conflicts), conflicts: s.conflicts };
    });
  }, []);
  /**
   * A save that met other saves (409): the parts it could write are stored (`next`), the `conflicts` not. Every other
   * part shows the stored text; a conflicted part keeps this tab's text and its old base until the writer chooses.
   */
  const conflict = useCallback((next: EditableParts, nextVersion: string, conflicts: PartConflict[]) => {
    setState((s) => {
      const base = { parts: next, version: nextVersion };
      if (!s) return fresh(base);
      const kept = s.conflicts.filter((c) => !conflicts.some((n) => n.part === c.part));
      const all = [...kept, ...conflicts.map((c) => ({ ...c, theirs: next }))];
      let form = formOf(next);
      const bases = { ...s.bases };
      for (const c of all) {
        form = withPart(form, c.part, s.form);
        bases[c.part] ??= s.base.version;
      }
      return { form, base, bases: pick(bases, all), conflicts: all };
    });
  }, []);
  /** "Keep my text": the part (as it stands in the form, merged or not) is sent with the next save, over theirs. */
  const keepMine = useCallback((part: PartKey) => {
    setState((s) => {
      const c = s?.conflicts.find((x) => x.part === part);
      if (!s || !c) return s;
      return { ...s, bases: { ...s.bases, [part]: c.version }, conflicts: s.conflicts.filter((x) => x !== c) };
    });
  }, []);
  /** "Use their text": the part takes the stored text; nothing of this tab's is sent for it. */
  const useTheirs = useCallback((part: PartKey) => {
    setState((s) => {
      const c = s?.conflicts.find((x) => x.part === part);
      if (!s || !c) return s;
      const { [part]: _, ...bases } = s.bases;
      return { ...s, form: withPart(s.form, part, formOf(c.theirs)), bases, conflicts: s.conflicts.filter((x) => x !== c) };
    });
  }, []);

  return {
    form: state?.form ?? null,
    base: state?.base ?? null,
    bases: state?.bases ?? {},
    conflicts: state?.conflicts ?? [],
    toSave,
    dirty,
    setForm,
    discard,
    saved,
    conflict,
    keepMine,
    useTheirs,
  };
}
export type PartsFormState = ReturnType<typeof usePartsForm>;

function fresh(base: Saved): State {
  return { form: formOf(base.parts), base, bases: {}, conflicts: [] };
}

/** After a save answered, the bases still needed: those of the parts still waiting for a choice. */
function pick(bases: Partial<Record<PartKey, string>>, conflicts: { part: PartKey }[]): Partial<Record<PartKey, string>> {
  return Object.fromEntries(Object.entries(bases).filter(([k]) => conflicts.some((c) => c.part === k))) as Partial<Record<PartKey, string>>;
}
