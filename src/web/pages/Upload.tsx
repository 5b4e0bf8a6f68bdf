import { Navigate, useSearchParams } from "../navigation.tsx";
import { formatUsd } from "../../shared/orders/plans.ts";
import { SECTION_FIELDS } from "../profile/AppSections.tsx";
import { draftKey, useDraft } from "../profile/draft.ts";
import { cancelReturnUrl, DraftNotice, PAYMENT_CANCELLED } from "../profile/DraftNotice.tsx";
import { NoScriptNote } from "../profile/fields.tsx";
import { useFormValues } from "../profile/form-state.ts";
import { OrderSteps } from "../profile/OrderSteps.tsx";
import { usePhotos } from "../profile/PhotoUploader.tsx";
import { datingAppOf, ProfileFields } from "../profile/ProfileFields.tsx";
import { buildProfile, checkBeforeSending, loadSubmissionRules, useProfileSubmission } from "../profile/submission.ts";
import { SubmitArea } from "../profile/SubmitArea.tsx";
import { TermsNote } from "../profile/TermsNote.tsx";
import { useToast } from "../toast.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { useOneSubmitAtATime } from "../ui/on-first-use.ts";
import { useHydrated } from "../ui/hydrated.ts";
import { uploadPlan } from "../upload-plan.ts";
import { island } from "../island.tsx";

/**
 * /upload?plan=…&price=…[&planId=…] (spec section 2, "Upload flow"). Without a known plan or with a missing or zero
 * price the customer is sent to /pricing before this page is drawn: the server answers 302, the browser's own
 * navigation replaces the URL (the route's `redirect`, routes.tsx). The heading shows the plan table's price, the one
 * that will be charged.
 */
export function UploadPage() {
  const [params] = useSearchParams();
  const plan = uploadPlan(params);

  const toast = useToast();
  const key = plan ? draftKey("upload", plan.id) : null;
  const submission = useProfileSubmission({ draftKey: key });
  const form = useFormValues({ dating_app: "tinder" }, submission.changed);
  const photos = usePhotos(form.photosChanged);
  const draft = useDraft(key, { values: form.values, photos: photos.photos, restoreValues: form.restore, restorePhotos: photos.restore });
  const hydrated = useHydrated();
  const busy = submission.stage !== "idle";
  const submitButton = useFocusAfterBusy<HTMLButtonElement>(busy);

  const onSubmit = useOneSubmitAtATime(async (formElement) => {
    if (!plan) return;
    const profile = buildProfile(form.values, ["email", "dating_app", ...SECTION_FIELDS[datingAppOf(form.values)]]);
    if (form.showErrors(await checkBeforeSending(profile, photos.photos.length, toast), formElement)) return;
    await submission.submit({ profile, photos: photos.photos.map((p) => p.file), plan, cancelUrl: cancelReturnUrl() });
  });

  // The route's redirect runs first; this only keeps the page honest should it ever be drawn without a plan.
  if (!plan) return <Navigate to="/pricing" replace />;

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">
        {plan.title} Plan: {formatUsd(plan.priceCents)}
      </h1>
      <TermsNote action="continuing" className="mt-2 text-sm text-muted-foreground" />
      <DraftNotice cancelled={params.get(PAYMENT_CANCELLED.name) === PAYMENT_CANCELLED.value} restored={draft.restored} />
      <div className="mt-6">
        <OrderSteps path="pay-after" />
      </div>
      <form ref={form.ref} noValidate onSubmit={onSubmit} onFocus={loadSubmissionRules} className="mt-8 grid gap-8" aria-busy={busy}>
        <ProfileFields values={form.values} errors={form.errors} onChange={form.onChange} photos={photos} disabled={busy} />
        <NoScriptNote />
        <SubmitArea
          label="Continue to Payment"
          checkoutLabel="Preparing Checkout..."
          submission={submission}
          disabled={busy || photos.preparing || !hydrated}
          buttonRef={submitButton}
          payment={{ plan }}
        />
      </form>
    </section>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const UploadIsland = island("UploadIsland", UploadPage);
