import type { ReactNode } from "react";
import { Link } from "../navigation.tsx";
import type { ResultsAnswer } from "../../shared/api/results.ts";
import type { PlanId } from "../../shared/orders/plans.ts";
import { DATING_APP_LABELS, type DatingApp } from "../../shared/profiles/options.ts";
import { usePublicConfig } from "../public-config.ts";
import { DeliveryTimeIsland } from "../results/DeliveryTime.tsx";
import { OutcomeQuestionIsland } from "../results/OutcomeQuestion.tsx";
import { resultTabs } from "../results/ResultTabs.tsx";
import { RevisionFormIsland } from "../results/RevisionForm.tsx";
import { RevisionSentIsland } from "../results/RevisionSent.tsx";
import { ServerTabs } from "../results/ServerTabs.tsx";
import { YourDataIsland } from "../results/YourData.tsx";
import { buttonClass } from "../ui/button.ts";
import { ToastOnArrivalIsland } from "../results/ToastOnArrival.tsx";

export const LOAD_FAILED = "Failed to load profile results";
export const NO_PROFILE_ID = "No profile ID provided";

const PLAN_TITLES: Record<PlanId, string> = { basic: "Basic Package", premium: "Premium Package", elite: "Elite Package" };

/** What the server read for the link (src/api/results-pages.tsx reads it with the results API's own rules). */
export type ResultsView =
  | { state: "loaded"; data: ResultsAnswer; /** The delivery deadline has passed (the server's clock). */ overdue: boolean }
  | { state: "no_id" }
  | { state: "not_found" }
  | { state: "gone"; message: string }
  | { state: "failed" };

export interface ViewResultsProps {
  view: ResultsView;
  /** A revision request posted without JavaScript and refused: the text sent and the message beside the field, or the server's refusal. */
  revision?: { notes: string; error?: string; refused?: string };
  /** The confirmation of a revision request just received. */
  revisionSent?: string | null;
  /** The outcome question after a post without JavaScript: the text sent and its error, or what was saved. */
  outcome?: { text?: string; error?: string; saved?: string };
}

/**
 * /view-results?id=<profile id>: the customer's results, drawn by the server with everything they show (every tab's
 * content in the HTML, readable without JavaScript; decision 143). The profile id is the capability (it comes in the
 * results e-mail). The interactive parts are islands: the tab list, the revision form, Your Data, the outcome
 * question, the deadline in the customer's own time. A profile whose data was deleted (on request, or by retention)
 * reads as such, in the server's words.
 */
export function ViewResultsPage({ view, revision, revisionSent = null, outcome }: ViewResultsProps) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <div className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-8">
        {view.state === "no_id" && (
          <Problem title="Profile Not Found">
            <ToastOnArrivalIsland toast={{ title: "Error", description: NO_PROFILE_ID, variant: "destructive" }} goTo="/" />
            {NO_PROFILE_ID}. Please open the link in your e-mail again, exactly as it is.
          </Problem>
        )}
        {view.state === "not_found" && (
          <Problem title="Profile Not Found">
            We could not find results for this link. Please check the link in your e-mail; a profile can only be viewed with its
            own link.
          </Problem>
        )}
        {view.state === "gone" && <Problem title="Data Deleted">{view.message}</Problem>}
        {view.state === "failed" && (
          <Problem title={LOAD_FAILED} retry>
            <ToastOnArrivalIsland toast={{ title: "Error", description: LOAD_FAILED, variant: "destructive" }} />
            Please try again in a moment. If it keeps happening, contact our support team.
          </Problem>
        )}
        {view.state === "loaded" && <Results data={view.data} overdue={view.overdue} revision={revision} revisionSent={revisionSent} outcome={outcome} />}
      </div>
    </section>
  );
}

function Problem({ title, children, retry }: { title: string; children: ReactNode; retry?: boolean }) {
  return (
    <div className="py-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="mx-auto mt-3 max-w-md text-muted-foreground">
        {children}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {/* Reading the results again is loading the page again: a link to itself. */}
        {retry && (
          <a href="" className={buttonClass("outline")}>
            Try Again
          </a>
        )}
        <Link to="/" className={buttonClass("primary")}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}

/**
 * Spec: "In Progress (pending or processing), Completed, or the raw status"; issue 20 (item 7) replaces the raw status
 * with words, so every status a customer can read has its label here (a new one fails the typecheck).
 */
const STATUS_LABELS: Record<ResultsAnswer["profile"]["status"], string> = {
  created: "Awaiting Payment",
  pending: "In Progress",
  processing: "In Progress",
  completed: "Completed",
  revision_requested: "Revision Requested",
};

const STATUS_NOTES: Partial<Record<ResultsAnswer["profile"]["status"], string>> = {
  created: "We have not received payment for this profile yet; our team starts as soon as it is paid.",
  pending: "Our team is working on your profile. We'll e-mail you as soon as your results are ready.",
  processing: "Our team is working on your profile. We'll e-mail you as soon as your results are ready.",
  completed: "Your optimized profile is ready: it is below, and in your e-mail.",
};

function Results({
  data,
  overdue,
  revision,
  revisionSent,
  outcome,
}: {
  data: ResultsAnswer;
  overdue: boolean;
  revision: ViewResultsProps["revision"];
  revisionSent: string | null;
  outcome: ViewResultsProps["outcome"];
}) {
  const { supportEmail } = usePublicConfig();
  const { profile, order, estimated_delivery: delivery } = data;
  const plan = order?.plan_id;
  const premium = plan === "premium" || plan === "elite";
  const appName = DATING_APP_LABELS[profile.dating_app as DatingApp] ?? profile.dating_app;
  // A revision runs the optimiser again, which needs the photos: once retention deleted them, revisions end.
  const photosDeleted = profile.retention.photos_deleted_at !== null;
  const refunded = order?.status === "refunded";
  const revisionsLeft = Math.max(0, profile.revisions_allowed - profile.revisions_used);
  const canRevise =
    premium &&
    !refunded &&
    profile.status === "completed" &&
    profile.optimized_profile !== undefined &&
    !profile.needs_revision &&
    profile.revisions_used < profile.revisions_allowed &&
    !photosDeleted;
  const paid = order?.status === "paid" || order?.status === "refunded";

  return (
    <>
      <p className="text-sm font-medium text-muted-foreground">Your {appName} profile results</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{(plan && PLAN_TITLES[plan]) || "Custom"}</h1>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-muted p-4">
          <dt className="text-sm text-muted-foreground">Status</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="results-status">
            {refunded && profile.status !== "completed" ? "Refunded" : STATUS_LABELS[profile.status]}
          </dd>
        </div>
        {delivery && (
          <div className="rounded-lg bg-muted p-4">
            <dt className="text-sm text-muted-foreground">Estimated delivery</dt>
            <dd className="mt-1" data-testid="estimated-delivery">
              <span className="text-lg font-semibold">{delivery.hours} hours</span>
              <DeliveryTimeIsland by={delivery.by} overdue={overdue} />
            </dd>
          </div>
        )}
      </dl>
      {refunded ? (
        <p className="mt-4 text-muted-foreground" data-testid="refunded-note">
          Your order was refunded to the card you paid with, so nothing more will be sent for it.
        </p>
      ) : (
        STATUS_NOTES[profile.status] && <p className="mt-4 text-muted-foreground">{STATUS_NOTES[profile.status]}</p>
      )}

      {profile.needs_revision && !refunded && (
        <div className="mt-6 rounded-lg border border-primary/50 bg-primary/5 p-4">
          <p className="font-semibold">Your Revision is in Progress</p>
          <p className="mt-1 text-sm text-muted-foreground">We're making the changes you asked for and will e-mail you when your revised profile is ready.</p>
        </div>
      )}
      {revisionSent && profile.needs_revision && <RevisionSentIsland message={revisionSent} />}

      {profile.optimized_profile !== undefined && (
        <section aria-labelledby="results-heading" className="mt-10">
          <h2 id="results-heading" className="text-xl font-semibold">
            Your Results
          </h2>
          <div className="mt-4">
            <ServerTabs
              label="Your results"
              idBase="results"
              tabs={resultTabs({
                profileId: profile.id,
                appName,
                optimizedProfile: profile.optimized_profile,
                recommendations: profile.recommendations ?? "",
                optimization: profile.optimization,
                photos: profile.photos ?? [],
              })}
            />
          </div>
        </section>
      )}

      {profile.outcome && !refunded && <OutcomeQuestionIsland profileId={profile.id} outcome={profile.outcome} {...outcome} />}

      {premium && profile.status === "completed" && (
        <section aria-labelledby="revision-heading" className="mt-10 rounded-lg border border-border p-5">
          <h2 id="revision-heading" className="text-xl font-semibold">
            Request a Revision
          </h2>
          <p className="mt-2 text-muted-foreground" data-testid="revision-note">
            <RevisionNote refunded={refunded} revisionsLeft={revisionsLeft} photosDeleted={photosDeleted} />{" "}
            <a href={`mailto:${supportEmail}`} className="break-all font-medium text-primary underline underline-offset-4">
              {supportEmail}
            </a>
            .
          </p>
          <p className="mt-2 text-sm" data-testid="revisions-used">
            Revisions used: {profile.revisions_used} of {profile.revisions_allowed}
          </p>
          {revision?.refused && (
            <p role="alert" className="mt-3 font-medium text-danger" data-testid="revision-refused">
              {revision.refused}
            </p>
          )}
          {canRevise && <RevisionFormIsland profileId={profile.id} notes={revision?.notes ?? ""} error={revision?.error} />}
        </section>
      )}

      {revision?.refused && !(premium && profile.status === "completed") && (
        <p role="alert" className="mt-6 font-medium text-danger" data-testid="revision-refused">
          {revision.refused}
        </p>
      )}

      {paid && <YourDataIsland profileId={profile.id} retention={profile.retention} />}

      <div className="mt-10 flex flex-wrap gap-3 border-t border-border pt-6">
        <Link to="/" className={buttonClass("primary")}>
          Return to Home
        </Link>
        {profile.email_sent && (
          <a href={`mailto:${supportEmail}`} className={buttonClass("outline")}>
            Need Help
          </a>
        )}
      </div>
    </>
  );
}

/** What the customer can still do about a revision, ending where support's address follows. */
function RevisionNote({ refunded, revisionsLeft, photosDeleted }: { refunded: boolean; revisionsLeft: number; photosDeleted: boolean }) {
  if (refunded) return <>Your order was refunded, so a revision can no longer be requested. Questions? Write to our support team at</>;
  if (revisionsLeft === 0) {
    return <>You have used the revisions your plan includes. If something in your results is still not right, write to our support team at</>;
  }
  if (photosDeleted) {
    return <>Your photos have been deleted, as our privacy policy says, so a revision is no longer possible. If something is wrong, write to our support team at</>;
  }
  // The spec's note, with the revisions left.
  return (
    <>
      Want something changed? You have {revisionsLeft} {revisionsLeft === 1 ? "revision" : "revisions"} left: request it below, by replying to your
      results e-mail or by contacting our support team at
    </>
  );
}

