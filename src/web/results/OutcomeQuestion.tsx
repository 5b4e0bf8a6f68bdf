import { useState, type FormEvent } from "react";
import type { CustomerOutcome } from "../../shared/api/outcomes.ts";
import { BEFORE_QUESTION, matchesProblem, MAX_MATCHES, RATHER_NOT_SAY } from "../../shared/outcomes/questions.ts";
import { apiRequest, messageOf } from "../api.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass } from "../ui/field.tsx";
import { calendarDay } from "../ui/calendar-day.ts";
import { useHydrated } from "../ui/hydrated.ts";
import { island } from "../island.tsx";

const FIELD_ID = "outcome-before";
const CONNECTION = "Please check your connection and try again.";

/** The server's own rule and words (src/shared/outcomes/questions.ts; the API's schema is built from them). */
const problemOf = matchesProblem;

function after(days: number): string {
  return days >= 1 ? `${Math.round(days)} ${Math.round(days) === 1 ? "day" : "days"}` : "less than a day";
}

export interface OutcomeQuestionProps {
  profileId: string;
  outcome: CustomerOutcome;
  /** After a post without JavaScript: the text sent and its error, or what was saved. */
  text?: string;
  error?: string;
  saved?: string;
}

/** What the question says once an answer is saved, or null when there is none. */
export function savedNote(outcome: CustomerOutcome): string | null {
  if (outcome.before_declined) return `Saved: “${RATHER_NOT_SAY}”.`;
  if (outcome.before_matches !== null) return `Saved: ${outcome.before_matches} ${outcome.before_matches === 1 ? "match" : "matches"} in the 7 days before.`;
  return null;
}

/**
 * The measured outcome's "before" (issue 32), beside the released result: one optional question, changeable until the
 * customer says they started using the new profile ("I've updated my profile", which also starts the clock of the one
 * follow-up e-mail), and a way not to get that e-mail. Each of its buttons is a form that posts to the results page
 * without JavaScript; with JavaScript they call the API and the question redraws itself.
 */
export function OutcomeQuestion({ profileId, outcome: drawn, text: sentText, error: sentError, saved: sentSaved }: OutcomeQuestionProps) {
  const [outcome, onChanged] = useState(drawn);
  const local = useHydrated();
  const day = (iso: string) => calendarDay(iso, local);
  const answeredText = outcome.before_matches?.toString() ?? "";
  const [text, setText] = useState(sentText ?? answeredText);
  const [error, setError] = useState<string | undefined>(sentError);
  const [busy, setBusy] = useState<"save" | "decline" | "updated" | "opt-out" | null>(null);
  const [saved, setSaved] = useState<string | null>(sentSaved ?? null);
  const fixed = outcome.profile_updated_at !== null;

  const send = async (what: NonNullable<typeof busy>, method: string, path: string, body?: unknown) => {
    setBusy(what);
    setError(undefined);
    try {
      const res = await apiRequest(method, `/api/profiles/${encodeURIComponent(profileId)}/outcome/${path}`, body);
      const next = (await res.json()) as CustomerOutcome;
      onChanged(next);
      return next;
    } catch (err) {
      setError(messageOf(err, CONNECTION));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = problemOf(text);
    if (problem) {
      setError(problem);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    const next = await send("save", "PUT", "before", { matches: Number(text.trim()) });
    if (next) setSaved(savedNote(next));
  };

  const decline = async () => {
    const next = await send("decline", "PUT", "before", { matches: null });
    if (next) {
      setText("");
      setSaved(savedNote(next));
    }
  };

  // Without JavaScript each form posts to the results page itself (src/api/results-pages.tsx), which draws it again.
  const action = `/view-results?id=${encodeURIComponent(profileId)}`;
  const beforeSaid = outcome.before_declined ? RATHER_NOT_SAY : outcome.before_matches !== null ? `${outcome.before_matches} ${outcome.before_matches === 1 ? "match" : "matches"}` : null;

  return (
    <section aria-labelledby="outcome-heading" className="mt-10 rounded-lg border border-border p-5" data-testid="outcome-question">
      <h2 id="outcome-heading" className="text-xl font-semibold">
        Did it work? Help us measure
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Optional. We ask every customer before and after, and publish the result with how many answered, good or bad.
      </p>

      {fixed ? (
        <p className="mt-4" data-testid="outcome-before-fixed">
          You told us you updated your profile on {day(outcome.profile_updated_at!)}.{beforeSaid ? ` Your answer from before: ${beforeSaid}.` : ""}
        </p>
      ) : (
        <form method="post" action={action} onSubmit={save} noValidate className="mt-4">
          <input type="hidden" name="widget" value="outcome" />
          <label htmlFor={FIELD_ID} className="font-medium">
            {BEFORE_QUESTION}
          </label>
          <p id={`${FIELD_ID}-hint`} className="mt-1 text-sm text-muted-foreground">
            A whole number from 0 to {MAX_MATCHES}; a rough guess is fine.
            {beforeSaid ? ` Your answer now: ${beforeSaid}.` : ""}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              id={FIELD_ID}
              // Not "matches": a control of that name would hide the form element's own matches() (DOM clobbering).
              name="match_count"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSaved(null);
                if (error) setError(problemOf(e.target.value));
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${FIELD_ID}-hint ${FIELD_ID}-error` : `${FIELD_ID}-hint`}
              className={`${controlClass.input} w-28`}
            />
            <button type="submit" name="outcome" value="save" disabled={busy !== null} className={buttonClass("primary")}>
              {busy === "save" ? "Saving..." : "Save"}
            </button>
            <button
              type="submit"
              name="outcome"
              value="decline"
              disabled={busy !== null}
              onClick={(e) => {
                e.preventDefault();
                void decline();
              }}
              className={buttonClass("outline")}
            >
              {RATHER_NOT_SAY}
            </button>
          </div>
          {error && (
            <p id={`${FIELD_ID}-error`} className="mt-2 text-sm text-danger">
              {error}
            </p>
          )}
        </form>
      )}
      <p role="status" className="mt-2 text-sm font-medium text-success empty:hidden" data-testid="outcome-saved">
        {saved ?? ""}
      </p>

      {!fixed && (
        <div className="mt-5 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">
            Started using your new profile? Tell us, and {after(outcome.follow_up_days)} later we'll e-mail you once to ask how it went. Your answer above
            can't be changed after that.
          </p>
          <form method="post" action={action} onSubmit={(e) => (e.preventDefault(), void send("updated", "POST", "updated"))}>
            <input type="hidden" name="widget" value="outcome" />
            <button type="submit" name="outcome" value="updated" disabled={busy !== null} className={buttonClass("outline", "md", "mt-3")}>
              {busy === "updated" ? "Saving..." : "I've updated my profile"}
            </button>
          </form>
        </div>
      )}

      <div className="mt-5 text-sm text-muted-foreground" data-testid="outcome-follow-up-note">
        {outcome.opted_out ? (
          "You won't get the follow-up e-mail."
        ) : outcome.follow_up_sent ? (
          "We've sent you the follow-up e-mail: its link takes you to the questions."
        ) : (
          <>
            {fixed ? `About ${after(outcome.follow_up_days)} after you updated it, we'll e-mail you once to ask how it went. ` : ""}
            <form method="post" action={action} onSubmit={(e) => (e.preventDefault(), void send("opt-out", "POST", "opt-out"))} className="inline">
              <input type="hidden" name="widget" value="outcome" />
              <button type="submit" name="outcome" value="opt-out" disabled={busy !== null} className="font-medium text-primary underline underline-offset-4">
                {busy === "opt-out" ? "Saving..." : "Don't e-mail me about this"}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}

/** An island on the server-drawn results page (decision 143). */
export const OutcomeQuestionIsland = island("OutcomeQuestionIsland", OutcomeQuestion);
