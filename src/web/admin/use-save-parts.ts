import { useCallback, useState } from "react";
import type { PartKey } from "../../shared/optimiser/parts.ts";
import { useToast } from "../toast.ts";
import { writeDetail } from "./actions.ts";
import { formErrors, partsChange, premiumContentMissing, type FormErrors, type PartsForm } from "./parts-form.ts";
import type { AdminProfileDetail } from "./types.ts";
import type { PartsFormState } from "./use-parts-form.ts";

/** The spec's toasts: the content's pair, and the premium content's pair when only the starters or the guide changed. */
const TOASTS = {
  content: { done: "Changes Saved", failed: "Failed to Save Changes" },
  premium: { done: "Premium Content Updated", failed: "Failed to Update Premium Content" },
} as const;

/**
 * How a save ended: written (`saved`), nothing to write (`nothing`), stopped in the browser at a field (`invalid`),
 * met another administrator's save (`conflict`, the rest written), or refused by the server (`refused`, the text kept).
 * "Save and send" sends only after `saved` or `nothing`.
 */
export type SaveOutcome = "saved" | "nothing" | "invalid" | "conflict" | "refused";

/**
 * The review dialog's Save (issue 20 item 2, issue 27 item 3), in one place for every button that saves: the sticky
 * bar's Save Changes, Enter in a field, and Save and send (issue 28, item 5). A save sends only the parts this tab
 * changed, each with the version it was based on; a part another administrator saved too comes back as a conflict
 * beside its field. `showEditor` brings the editor into view before the focus goes to a field in it (a save from the
 * preview).
 */
export function useSaveParts({
  profileId,
  premium,
  state,
  showEditor,
  onSaved,
  onConflict,
  onRefused,
}: {
  profileId: string;
  premium: boolean;
  state: PartsFormState;
  showEditor: () => void;
  /** `sent`: the form as it was sent (the admin may type on while the save is under way). */
  onSaved: (detail: AdminProfileDetail, sent: PartsForm) => void;
  /** A save that met another: the profile as stored now (the parts it could write are in it). */
  onConflict: (detail: AdminProfileDetail) => void;
  /** A refused save: read the profile again (the text stays in the form). */
  onRefused: () => Promise<void>;
}) {
  const toast = useToast();
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const focusInEditor = (id: string) => {
    showEditor();
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };

  const save = async (): Promise<SaveOutcome> => {
    const { form, base, conflicts, toSave } = state;
    if (!form || !base) return "nothing";
    const found = formErrors(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      focusInEditor(first);
      return "invalid";
    }
    if (premiumContentMissing(form, premium)) {
      toast({ title: "No Content Provided", description: "Please enter conversation starters or upload a strategy guide file.", variant: "destructive" });
      return "invalid";
    }
    if (toSave.length === 0) {
      if (conflicts.length === 0) return "nothing";
      focusInEditor(`review-conflict-${conflicts[0]!.part}`);
      return "conflict";
    }
    const titles = toSave.every((k) => k === "starters" || k === "guide") ? TOASTS.premium : TOASTS.content;
    const bases = Object.fromEntries(
      toSave.flatMap((k): [PartKey, string][] => {
        const based = state.bases[k];
        return based ? [[k, based]] : [];
      }),
    );
    setPending(true);
    const answer = await writeDetail(profileId, "PUT", "parts", { version: base.version, parts: partsChange(form, toSave), bases });
    setPending(false);
    if (!answer.ok && answer.conflict) {
      const { profile, conflicts: met } = answer.conflict;
      if (profile.parts) state.conflict(profile.parts, profile.version, met);
      onConflict(profile);
      toast({ title: "Choose a Text", description: answer.message });
      focusInEditor(`review-conflict-${met[0]!.part}`);
      return "conflict";
    }
    if (!answer.ok) {
      toast({ title: titles.failed, description: answer.message, variant: "destructive" });
      if (answer.status === 409) await onRefused();
      return "refused";
    }
    toast({ title: titles.done, description: "The customer receives this text when the results are sent." });
    onSaved(answer.detail, form);
    return "saved";
  };

  /** A field's error goes as soon as the admin edits it. */
  const clearError = useCallback((id: string) => setErrors((all) => (all[id] ? Object.fromEntries(Object.entries(all).filter(([k]) => k !== id)) : all)), []);
  const clearErrors = useCallback(() => setErrors({}), []);

  return { save, pending, errors, clearError, clearErrors };
}
export type SavePartsState = ReturnType<typeof useSaveParts>;
