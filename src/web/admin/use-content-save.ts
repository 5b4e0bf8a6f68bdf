import { useState } from "react";
import { useToast } from "../toast.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { patchProfile } from "./actions.ts";

/**
 * Saving one of the review dialog's content forms: PATCH …/`part`, the form's own pair of spec toasts with the server's
 * message, then `onSaved` to read the profile again. `pending` disables the form while it runs, and focus returns to
 * the save button afterwards (`button` is its ref). `save` answers whether the server kept the content.
 */
export function useContentSave(profileId: string, part: "update" | "update-premium-content", titles: { done: string; failed: string }, onSaved: () => Promise<void>) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);

  const save = async (body: unknown): Promise<boolean> => {
    setPending(true);
    try {
      const result = await patchProfile(profileId, part, body);
      if (!result.ok) {
        toast({ title: titles.failed, description: result.message, variant: "destructive" });
        return false;
      }
      toast({ title: titles.done, description: result.message });
      await onSaved();
      return true;
    } finally {
      setPending(false);
    }
  };
  return { pending, setPending, button, save };
}
