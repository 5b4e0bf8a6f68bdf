import { useEffect, useRef, useState, type FormEvent } from "react";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { useContentSave } from "./use-content-save.ts";

/** Spec section 5: the strategy guide is a .txt or .md file, read as text. */
const GUIDE_TYPES = /\.(txt|md)$/i;

/**
 * The premium plans' content (spec sections 3 and 5): conversation starters as Markdown, and a strategy guide uploaded
 * as a file that the browser reads as text. Saved with PATCH …/update-premium-content; either part alone will do.
 */
export function PremiumContentForm({
  profileId,
  saved,
  locked,
  onSaved,
}: {
  profileId: string;
  saved: { conversationStarters: string; strategyGuide: string };
  /** Why the content cannot be edited now, or null when it can. */
  locked: string | null;
  onSaved: () => Promise<void>;
}) {
  const toast = useToast();
  const [starters, setStarters] = useState(saved.conversationStarters);
  const [guideError, setGuideError] = useState<string | undefined>();
  const file = useRef<HTMLInputElement>(null);
  const { pending, setPending, button, save: saveContent } = useContentSave(
    profileId,
    "update-premium-content",
    { done: "Premium Content Updated", failed: "Failed to Update Premium Content" },
    onSaved,
  );
  useEffect(() => setStarters(saved.conversationStarters), [saved.conversationStarters]);

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const guideFile = file.current?.files?.[0];
    if (guideFile && !GUIDE_TYPES.test(guideFile.name)) {
      setGuideError("Please choose a .txt or .md file.");
      file.current?.focus();
      return;
    }
    setGuideError(undefined);
    const conversationStarters = starters.trim();
    if (!conversationStarters && !guideFile) {
      toast({ title: "No Content Provided", description: "Please enter conversation starters or upload a strategy guide file.", variant: "destructive" });
      return;
    }
    let strategyGuide: string | undefined;
    if (guideFile) {
      setPending(true);
      try {
        strategyGuide = await guideFile.text();
      } catch {
        toast({ title: "File Reading Error", description: "Failed to read the strategy guide file.", variant: "destructive" });
        setPending(false);
        return;
      }
    }
    const body: { conversationStarters?: string; strategyGuide?: string } = {};
    if (conversationStarters) body.conversationStarters = conversationStarters;
    if (strategyGuide !== undefined) body.strategyGuide = strategyGuide;
    if ((await saveContent(body)) && file.current) file.current.value = "";
  };

  return (
    <section aria-labelledby="review-premium-heading" data-testid="review-premium">
      <h3 id="review-premium-heading" className="text-lg font-semibold">
        Premium Content
      </h3>
      {locked ? (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{locked}</p>
          <h4 className="mt-4 text-sm font-semibold">Conversation starters</h4>
          <pre className="mt-2 font-sans text-sm whitespace-pre-wrap break-words" data-testid="current-starters">
            {saved.conversationStarters.trim() || "None"}
          </pre>
        </>
      ) : (
        <form onSubmit={save} noValidate className="mt-3 space-y-4">
          <Field id="review-starters" label="Conversation starters (Markdown)" hint="A numbered list, one starter per line: “1. …”">
            {(control) => <textarea {...control} rows={6} value={starters} onChange={(e) => setStarters(e.target.value)} className={controlClass.textarea} />}
          </Field>
          <Field id="review-guide" label="Strategy guide (.txt or .md file)" error={guideError} hint="Replaces the current guide when saved.">
            {(control) => (
              <input
                {...control}
                ref={file}
                type="file"
                accept=".txt,.md,text/plain,text/markdown"
                onChange={() => setGuideError(undefined)}
                className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted"
              />
            )}
          </Field>
          <button ref={button} type="submit" disabled={pending} className={buttonClass("primary")}>
            {pending ? "Saving..." : "Save Premium Content"}
          </button>
        </form>
      )}
      {saved.strategyGuide.trim() && (
        <details className="mt-4 rounded-lg border border-border p-3">
          <summary className="cursor-pointer text-sm font-medium">Current strategy guide</summary>
          <pre className="mt-3 font-sans text-sm whitespace-pre-wrap break-words" data-testid="current-strategy-guide">
            {saved.strategyGuide}
          </pre>
        </details>
      )}
    </section>
  );
}
