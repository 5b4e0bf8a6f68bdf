import { useState, type FormEvent } from "react";
import { REVISION_NOTES, revisionRequestSchema } from "../../shared/delivery/revision-schema.ts";
import { apiRequest, ApiRequestError, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { useFocusAfterBusy } from "../ui/focus.ts";

const REVISION_NOTES_MIN = REVISION_NOTES.min;
const REVISION_NOTES_MAX = REVISION_NOTES.max;

const FIELD_ID = "revision-notes";

/** The server's own schema and words (src/shared/delivery/revision-schema.ts). */
function problemOf(notes: string): string | undefined {
  const parsed = revisionRequestSchema.safeParse({ notes });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The customer's revision request: what they want changed, sent to the team. `onSent` gets the server's message;
 * the page then reloads the results (which now read "Your Revision is in Progress"). A 409 (no revision left, or
 * the result changed meanwhile) also reloads them, so the page shows what is true now.
 */
export function RevisionForm({ profileId, onSent, onRefused }: { profileId: string; onSent: (message: string) => void; onRefused: () => void }) {
  const toast = useToast();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = problemOf(notes);
    setError(problem);
    if (problem) {
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest("POST", `/api/profiles/${encodeURIComponent(profileId)}/revision-request`, { notes: notes.trim() });
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
      onSent(typeof answer.message === "string" && answer.message ? answer.message : "We've received your revision request.");
    } catch (err) {
      toast({ title: "Revision Request Failed", description: messageOf(err, "Please check your connection and try again."), variant: "destructive" });
      setPending(false);
      if (err instanceof ApiRequestError && err.status === 409) onRefused();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="revision-form-heading" className="mt-4 space-y-4">
      <h3 id="revision-form-heading" className="font-semibold">
        Tell us what to change
      </h3>
      <Field
        id={FIELD_ID}
        label="What would you like us to change?"
        error={error}
        hint={
          <>
            For example: “make the bio sound more playful”. Between {REVISION_NOTES_MIN} and {REVISION_NOTES_MAX.toLocaleString("en-US")} characters.{" "}
            <span data-testid="revision-count">
              {notes.length.toLocaleString("en-US")} / {REVISION_NOTES_MAX.toLocaleString("en-US")}
            </span>
          </>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="notes"
            rows={5}
            maxLength={REVISION_NOTES_MAX}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              // Once a message shows, it is checked again as the customer types, so it goes away when fixed.
              if (error) setError(problemOf(e.target.value));
            }}
            required
            className={controlClass.textarea}
          />
        )}
      </Field>
      <button ref={button} type="submit" disabled={pending} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
        {pending ? "Sending..." : "Request Revision"}
      </button>
    </form>
  );
}
