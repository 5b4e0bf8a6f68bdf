import { useState, type FormEvent } from "react";
import { REVISION_NOTES, revisionNotesProblem } from "../../shared/delivery/revision-rules.ts";
import { apiRequest, ApiRequestError, messageOf } from "../api.ts";
import { island } from "../island.tsx";
import { useNavigate } from "../navigation.tsx";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { useFocusAfterBusy } from "../ui/focus.ts";

const REVISION_NOTES_MIN = REVISION_NOTES.min;
const REVISION_NOTES_MAX = REVISION_NOTES.max;

export const REVISION_FIELD_ID = "revision-notes";

/** The server's own rule and words (src/shared/delivery/revision-rules.ts; the API's schema is built from them). */
const problemOf = revisionNotesProblem;

/** Where the results page says a revision request was received (its confirmation, drawn by the server). */
export const revisionSentPath = (profileId: string) => `/view-results?id=${encodeURIComponent(profileId)}&revision=sent`;

export interface RevisionFormProps {
  profileId: string;
  /** The text the server was sent, drawn again with its error after a post without JavaScript. */
  notes?: string;
  error?: string;
}

/**
 * The customer's revision request: what they want changed, sent to the team. Without JavaScript the form posts to
 * the results page itself (src/api/results-pages.tsx), which answers with the page drawn again: the error beside the
 * field, or the confirmation. With JavaScript it checks as the customer types and posts to the API; once sent the
 * page is loaded again with its confirmation (the results now read "Your Revision is in Progress"). A 409 (no
 * revision left, or the result changed meanwhile) shows the server's message and loads the page again too, so it
 * shows what is true now.
 */
export function RevisionForm({ profileId, notes: sent = "", error: sentError }: RevisionFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const [notes, setNotes] = useState(sent);
  const [error, setError] = useState<string | undefined>(sentError);
  const [pending, setPending] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = problemOf(notes);
    setError(problem);
    if (problem) {
      document.getElementById(REVISION_FIELD_ID)?.focus();
      return;
    }
    setPending(true);
    try {
      await apiRequest("POST", `/api/profiles/${encodeURIComponent(profileId)}/revision-request`, { notes: notes.trim() });
      navigate(revisionSentPath(profileId));
    } catch (err) {
      toast({ title: "Revision Request Failed", description: messageOf(err, "Please check your connection and try again."), variant: "destructive" });
      setPending(false);
      if (err instanceof ApiRequestError && err.status === 409) navigate(`/view-results?id=${encodeURIComponent(profileId)}`, { replace: true });
    }
  };

  return (
    <form
      method="post"
      action={`/view-results?id=${encodeURIComponent(profileId)}`}
      onSubmit={submit}
      noValidate
      aria-labelledby="revision-form-heading"
      className="mt-4 space-y-4"
    >
      <h3 id="revision-form-heading" className="font-semibold">
        Tell us what to change
      </h3>
      <Field
        id={REVISION_FIELD_ID}
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

/** An island on the server-drawn results page (decision 143). */
export const RevisionFormIsland = island("RevisionFormIsland", RevisionForm);
