/**
 * The follow-up form and the opt-out page (issue 32): drawn on the server with the customer's answer and any errors
 * (src/api/outcome-pages.tsx), no island; the forms post to the server and work without JavaScript.
 */
import type { ReactNode } from "react";
import { Link } from "../navigation.tsx";
import { buttonClass } from "../ui/button.ts";
import { controlClass } from "../ui/field.tsx";
import {
  AFTER_QUESTION,
  BIO_VERSION_CHOICES,
  BIO_VERSION_LABELS,
  COMMENT_MAX,
  MAX_MATCHES,
  OUTCOME_PART_LABELS,
  type BioVersionChoice,
  type OutcomePart,
} from "../../shared/outcomes/answers.ts";

/** The form's values as the customer last sent them (text, as posted), or as stored. */
export interface FollowUpValues {
  matches: string;
  parts: string[];
  bio_version: string;
  rating: string;
  comment: string;
}

export type FollowUpErrors = Partial<Record<keyof FollowUpValues, string>>;

export interface FollowUpPageProps {
  /** The form posts back to its own link (the signed token rides in its query). */
  action: string;
  appName: string;
  /** The parts this customer's plan and app had, in the form's order. */
  parts: OutcomePart[];
  elite: boolean;
  values: FollowUpValues;
  errors: FollowUpErrors;
  /** The answer was just stored (after a post, the page is loaded again with `saved=1`). */
  saved: boolean;
  /** An answer exists: the button says it changes it. */
  answered: boolean;
  /** "March 3, 2027": the last day the link (and so a change) works. */
  until: string;
  /** The customer's before answer, shown beside the question so the two compare. */
  before: string | null;
}

const FIELD_ORDER: (keyof FollowUpValues)[] = ["matches", "parts", "bio_version", "rating", "comment"];
const LABELS: Record<keyof FollowUpValues, string> = {
  matches: "Matches in the last 7 days",
  parts: "Parts you used",
  bio_version: "Bio version",
  rating: "Rating",
  comment: "Comment",
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-12">
      <div className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-8">{children}</div>
    </section>
  );
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm text-danger">
      {error}
    </p>
  ) : null;
}

const legend = "text-base font-semibold";
const choice = "flex items-center gap-3 rounded-md border border-border px-3 py-2 has-[:checked]:border-primary";

export function FollowUpPage(props: FollowUpPageProps) {
  const { values, errors } = props;
  const problems = FIELD_ORDER.filter((f) => errors[f]);
  return (
    <Frame>
      <p className="text-sm font-medium text-muted-foreground">Your {props.appName} profile</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">How did it go?</h1>
      <p className="mt-3 text-muted-foreground">
        Four short questions about the profile we made with you. We publish the result for every customer who answers, good or bad. You can change
        your answer until {props.until}.
      </p>

      {props.saved && problems.length === 0 && (
        <p role="status" className="mt-6 rounded-lg border border-success p-4 font-medium text-success" data-testid="follow-up-saved">
          Thank you: your answer is saved. You can change it below until {props.until}.
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="mt-6 rounded-lg border border-danger p-4" data-testid="follow-up-problems">
          <h2 className="font-semibold text-danger">Please check your answer</h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {problems.map((f) => (
              <li key={f}>
                <a href={`#${f === "matches" ? "match-count" : f === "parts" ? "part-bio" : f === "bio_version" ? "bio-version-warm" : f === "rating" ? "rating-1" : f}`} className="text-danger underline underline-offset-4">
                  {LABELS[f]}: {errors[f]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <form method="post" action={props.action} noValidate className="mt-8 space-y-8">
        <div>
          <label htmlFor="match-count" className={legend}>
            {AFTER_QUESTION}
          </label>
          <p id="matches-hint" className="mt-1 text-sm text-muted-foreground">
            A whole number from 0 to {MAX_MATCHES}; a rough guess is fine.{props.before ? ` Before, you told us: ${props.before}.` : ""}
          </p>
          <input
            // Neither named nor id'd "matches": a control so called hides the form element's own matches() (DOM clobbering).
            id="match-count"
            name="match_count"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            defaultValue={values.matches}
            aria-invalid={errors.matches ? true : undefined}
            aria-describedby={errors.matches ? "matches-hint matches-error" : "matches-hint"}
            className={`${controlClass.input} mt-2 max-w-40`}
          />
          <ErrorText id="matches-error" error={errors.matches} />
        </div>

        <fieldset aria-describedby={errors.parts ? "parts-error" : undefined}>
          <legend className={legend}>Which parts of the result did you use?</legend>
          <p className="mt-1 text-sm text-muted-foreground">Choose all that apply, or none.</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {props.parts.map((part) => (
              <label key={part} htmlFor={`part-${part}`} className={choice}>
                <input id={`part-${part}`} type="checkbox" name="parts" value={part} defaultChecked={values.parts.includes(part)} className="h-4 w-4 accent-primary" />
                {OUTCOME_PART_LABELS[part]}
              </label>
            ))}
          </div>
          <ErrorText id="parts-error" error={errors.parts} />
        </fieldset>

        {props.elite && (
          <fieldset aria-describedby={errors.bio_version ? "bio_version-error" : undefined}>
            <legend className={legend}>Which of the three bio versions did you use?</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {BIO_VERSION_CHOICES.map((v: BioVersionChoice) => (
                <label key={v} htmlFor={`bio-version-${v}`} className={choice}>
                  <input id={`bio-version-${v}`} type="radio" name="bio_version" value={v} defaultChecked={values.bio_version === v} className="h-4 w-4 accent-primary" />
                  {BIO_VERSION_LABELS[v]}
                </label>
              ))}
            </div>
            <ErrorText id="bio_version-error" error={errors.bio_version} />
          </fieldset>
        )}

        <fieldset aria-describedby={errors.rating ? "rating-hint rating-error" : "rating-hint"}>
          <legend className={legend}>How would you rate the result overall?</legend>
          <p id="rating-hint" className="mt-1 text-sm text-muted-foreground">
            1 is poor, 5 is excellent.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {["1", "2", "3", "4", "5"].map((r) => (
              <label key={r} htmlFor={`rating-${r}`} className={`${choice} min-w-14 justify-center`}>
                <input id={`rating-${r}`} type="radio" name="rating" value={r} defaultChecked={values.rating === r} className="h-4 w-4 accent-primary" />
                {r}
              </label>
            ))}
          </div>
          <ErrorText id="rating-error" error={errors.rating} />
        </fieldset>

        <div>
          <label htmlFor="comment" className={legend}>
            Anything you'd like to tell us? (optional)
          </label>
          <p id="comment-hint" className="mt-1 text-sm text-muted-foreground">
            Up to {COMMENT_MAX.toLocaleString("en-US")} characters. Your team reads every comment; we never publish it with your name.
          </p>
          <textarea
            id="comment"
            name="comment"
            rows={4}
            maxLength={COMMENT_MAX}
            defaultValue={values.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? "comment-hint comment-error" : "comment-hint"}
            className={`${controlClass.textarea} mt-2`}
          />
          <ErrorText id="comment-error" error={errors.comment} />
        </div>

        <button type="submit" className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
          {props.answered ? "Save my changes" : "Send my answer"}
        </button>
      </form>
    </Frame>
  );
}

/** Why a follow-up or opt-out link cannot be used, in words the customer can act on. */
export function LinkRefusedPage({ title, message, supportEmail }: { title: string; message: string; supportEmail: string }) {
  return (
    <Frame>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="mt-3 text-muted-foreground" data-testid="link-refused">
        {message}
      </p>
      <p className="mt-3 text-muted-foreground">
        Questions? Write to{" "}
        <a href={`mailto:${supportEmail}`} className="break-all font-medium text-primary underline underline-offset-4">
          {supportEmail}
        </a>
        .
      </p>
      <div className="mt-6">
        <Link to="/" className={buttonClass("primary")}>
          Return to Home
        </Link>
      </div>
    </Frame>
  );
}

/**
 * The opt-out link's page (decision 150): opening the link opted out, and the page says so plainly and offers to take
 * it back; taken back, it offers to opt out again. Both are plain forms that post to the link.
 */
export function OptOutPage({ action, optedOut }: { action: string; optedOut: boolean }) {
  return (
    <Frame>
      <h1 className="text-2xl font-bold tracking-tight">{optedOut ? "You will not be asked" : "You have not opted out"}</h1>
      {optedOut ? (
        <p role="status" className="mt-3 text-muted-foreground" data-testid="opted-out">
          Done: you have opted out, and we will not e-mail you to ask how your new profile did. There is nothing more to do. Nothing else changes;
          your results stay where they are.
        </p>
      ) : (
        <p role="status" className="mt-3 text-muted-foreground" data-testid="opted-back-in">
          Undone: you have not opted out. If our follow-up e-mail has not reached you yet, it will come once; we never send more than one.
        </p>
      )}
      <form method="post" action={action} className="mt-6">
        {optedOut && <input type="hidden" name="undo" value="1" />}
        <p className="mb-3 text-sm text-muted-foreground">{optedOut ? "Opened this link by mistake, or changed your mind?" : "Rather not be asked after all?"}</p>
        <button type="submit" className={buttonClass(optedOut ? "outline" : "primary")}>
          {optedOut ? "Ask me after all" : "Don't ask me"}
        </button>
      </form>
    </Frame>
  );
}
