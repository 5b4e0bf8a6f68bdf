import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "../navigation.tsx";
import type { ResultsAnswer } from "../../shared/api/results.ts";
import type { PlanId } from "../../shared/orders/plans.ts";
import { DATING_APP_LABELS, type DatingApp } from "../../shared/profiles/options.ts";
import { apiGet, ApiRequestError } from "../api.ts";
import { usePublicConfig } from "../public-config.ts";
import { deliveryTime } from "../results/delivery.ts";
import { ResultTabs } from "../results/ResultTabs.tsx";
import { OutcomeQuestion } from "../results/OutcomeQuestion.tsx";
import { RevisionForm } from "../results/RevisionForm.tsx";
import { YourData } from "../results/YourData.tsx";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

const LOAD_FAILED = "Failed to load profile results";

const PLAN_TITLES: Record<PlanId, string> = { basic: "Basic Package", premium: "Premium Package", elite: "Elite Package" };

type View = { state: "loading" } | { state: "loaded"; data: ResultsAnswer } | { state: "not_found" } | { state: "gone"; message: string } | { state: "failed" };

/**
 * /view-results?id=<profile id>: the customer's results. The profile id is the capability (it comes in the results
 * e-mail); the page reads the results once per visit (no polling), again after a revision request or an erasure. A
 * profile whose data was deleted (on request, or by retention) reads as such, in the server's words.
 */
export function ViewResultsPage() {
  const [params] = useSearchParams();
  const id = params.get("id");
  const navigate = useNavigate();
  const toast = useToast();
  const [view, setView] = useState<View>({ state: "loading" });
  // Bumped to read the results again (Try Again, after a revision request).
  const [reads, setReads] = useState(0);
  const [revisionMessage, setRevisionMessage] = useState<string | null>(null);
  useEffect(() => setRevisionMessage(null), [id]);

  useEffect(() => {
    if (!id) {
      toast({ title: "Error", description: "No profile ID provided", variant: "destructive" });
      navigate("/", { replace: true });
      return;
    }
    // Another profile's results (a link followed in the same tab) never show while this one's load.
    setView((v) => (v.state === "loaded" && v.data.profile.id === id ? v : { state: "loading" }));
    let cancelled = false;
    (async () => {
      try {
        const data = await apiGet<ResultsAnswer>(`/api/profiles/${encodeURIComponent(id)}/results`);
        if (!cancelled && data) setView({ state: "loaded", data });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof ApiRequestError && err.status === 404) {
          setView({ state: "not_found" });
          return;
        }
        if (err instanceof ApiRequestError && err.status === 410) {
          setView({ state: "gone", message: err.serverMessage });
          return;
        }
        setView({ state: "failed" });
        toast({ title: "Error", description: LOAD_FAILED, variant: "destructive" });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, reads, navigate, toast]);

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <div className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-8">
        {view.state === "loading" && <Spinner label="Loading your results..." />}
        {view.state === "not_found" && (
          <Problem title="Profile Not Found">
            We could not find results for this link. Please check the link in your e-mail; a profile can only be viewed with its
            own link.
          </Problem>
        )}
        {view.state === "gone" && <Problem title="Data Deleted">{view.message}</Problem>}
        {view.state === "failed" && (
          <Problem title={LOAD_FAILED} onRetry={() => setReads((n) => n + 1)}>
            Please try again in a moment. If it keeps happening, contact our support team.
          </Problem>
        )}
        {view.state === "loaded" && (
          <Results
            data={view.data}
            revisionMessage={revisionMessage}
            onRevisionSent={(message) => {
              setRevisionMessage(message);
              setReads((n) => n + 1);
            }}
            onRevisionRefused={() => setReads((n) => n + 1)}
            onErased={() => setReads((n) => n + 1)}
            onOutcomeChanged={(outcome) => setView((v) => (v.state === "loaded" ? { state: "loaded", data: { ...v.data, profile: { ...v.data.profile, outcome } } } : v))}
          />
        )}
      </div>
    </section>
  );
}

function Problem({ title, children, onRetry }: { title: string; children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="py-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="mx-auto mt-3 max-w-md text-muted-foreground">
        {children}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {onRetry && (
          <button type="button" className={buttonClass("outline")} onClick={onRetry}>
            Try Again
          </button>
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
  revisionMessage,
  onRevisionSent,
  onRevisionRefused,
  onErased,
  onOutcomeChanged,
}: {
  data: ResultsAnswer;
  revisionMessage: string | null;
  onRevisionSent: (message: string) => void;
  onRevisionRefused: () => void;
  onErased: () => void;
  onOutcomeChanged: (outcome: NonNullable<ResultsAnswer["profile"]["outcome"]>) => void;
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
              <DeliveryTime by={delivery.by} />
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
      {revisionMessage && <RevisionSent message={revisionMessage} />}

      {profile.optimized_profile !== undefined && (
        <section aria-labelledby="results-heading" className="mt-10">
          <h2 id="results-heading" className="text-xl font-semibold">
            Your Results
          </h2>
          <div className="mt-4">
            <ResultTabs
              profileId={profile.id}
              appName={appName}
              optimizedProfile={profile.optimized_profile}
              recommendations={profile.recommendations ?? ""}
              optimization={profile.optimization}
              photos={profile.photos ?? []}
            />
          </div>
        </section>
      )}

      {profile.outcome && !refunded && (
        <OutcomeQuestion profileId={profile.id} outcome={profile.outcome} onChanged={onOutcomeChanged} />
      )}

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
          {canRevise && !revisionMessage && <RevisionForm profileId={profile.id} onSent={onRevisionSent} onRefused={onRevisionRefused} />}
        </section>
      )}

      {paid && <YourData profileId={profile.id} retention={profile.retention} onErased={onErased} />}

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

/**
 * The deadline in the customer's own time. The results are read after the page mounts, so this never renders on
 * the server and hydration never compares a time zone.
 */
function DeliveryTime({ by }: { by: string }) {
  const deadline = new Date(by);
  const now = new Date();
  if (deadline.getTime() < now.getTime()) {
    return <span className="block text-sm text-muted-foreground">Taking a little longer than planned: we'll e-mail you as soon as it's ready.</span>;
  }
  return (
    <time dateTime={by} className="block text-sm text-muted-foreground" data-testid="delivery-time">
      {deliveryTime(deadline, now)}
    </time>
  );
}

/** Shown once a revision request is sent; it takes the focus from the form it replaces. */
function RevisionSent({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="mt-4 rounded-lg border border-success p-4 font-medium text-success outline-none" data-testid="revision-sent">
      {message}
    </p>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const ViewResultsIsland = island("ViewResultsIsland", ViewResultsPage);
