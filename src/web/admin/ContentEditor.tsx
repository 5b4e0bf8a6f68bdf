import { useEffect, useState, type FormEvent } from "react";
import { ServerHtml } from "../results/ServerHtml.tsx";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { useContentSave } from "./use-content-save.ts";

/**
 * The optimised content and recommendations as HTML (spec: editable), saved with PATCH …/update. The preview shows
 * only what the server has stored, which it sanitised: an edit becomes markup on this page only after that. When the
 * stored HTML changes (a save, a regeneration), the text boxes show it, so the administrator sees what was kept.
 */
export function ContentEditor({
  profileId,
  saved,
  locked,
  onSaved,
  onDirtyChange,
}: {
  profileId: string;
  saved: { html: string; recommendations: string };
  /** Why the content cannot be edited now (it has been sent to the customer), or null when it can. */
  locked: string | null;
  onSaved: () => Promise<void>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [html, setHtml] = useState(saved.html);
  const [recommendations, setRecommendations] = useState(saved.recommendations);
  const { pending, button, save: saveContent } = useContentSave(profileId, "update", { done: "Changes Saved", failed: "Failed to Save Changes" }, onSaved);
  useEffect(() => setHtml(saved.html), [saved.html]);
  useEffect(() => setRecommendations(saved.recommendations), [saved.recommendations]);

  const dirty = html !== saved.html || recommendations !== saved.recommendations;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await saveContent({ optimized_profile: html, recommendations });
  };

  return (
    <section aria-labelledby="review-content-heading" data-testid="review-content">
      <h3 id="review-content-heading" className="text-lg font-semibold">
        Optimized Content
      </h3>
      {locked ? (
        <p className="mt-2 text-sm text-muted-foreground">{locked}</p>
      ) : (
        <form onSubmit={save} className="mt-3 space-y-4">
          <Field id="review-optimized-html" label="Optimized profile (HTML)" hint="Text tags only: p, br, strong, em, headings, lists, blockquote, links. Anything else is removed when saved.">
            {(control) => <textarea {...control} rows={10} value={html} onChange={(e) => setHtml(e.target.value)} spellCheck className={`${controlClass.textarea} font-mono text-sm sm:text-sm`} />}
          </Field>
          <Field id="review-recommendations-html" label="Recommendations (HTML)">
            {(control) => (
              <textarea
                {...control}
                rows={8}
                value={recommendations}
                onChange={(e) => setRecommendations(e.target.value)}
                spellCheck
                className={`${controlClass.textarea} font-mono text-sm sm:text-sm`}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <button ref={button} type="submit" disabled={pending || !dirty} className={buttonClass("primary")}>
              {pending ? "Saving..." : "Save Changes"}
            </button>
            {dirty && !pending && (
              <button
                type="button"
                className={buttonClass("ghost")}
                onClick={() => {
                  setHtml(saved.html);
                  setRecommendations(saved.recommendations);
                }}
              >
                Discard Changes
              </button>
            )}
            {dirty && <p className="text-sm text-muted-foreground">Unsaved changes. The preview shows the saved version.</p>}
          </div>
        </form>
      )}
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <div className="rounded-lg border border-border p-4">
          <h4 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{locked ? "Optimized profile" : "Saved profile preview"}</h4>
          <div className="mt-3">
            <ServerHtml html={saved.html} testId="saved-optimized-profile" />
          </div>
        </div>
        <div className="rounded-lg border border-border p-4">
          <h4 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{locked ? "Recommendations" : "Saved recommendations preview"}</h4>
          <div className="mt-3">
            <ServerHtml html={saved.recommendations} testId="saved-recommendations" />
          </div>
        </div>
      </div>
    </section>
  );
}
