import type { ReactNode } from "react";
import { useSearchParams } from "../navigation.tsx";
import { findPlan } from "../../shared/orders/plans.ts";
import type { DatingApp } from "../../shared/profiles/options.ts";
import { useToast } from "../toast.ts";
import { EmailField } from "../ui/EmailField.tsx";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { useOneSubmitAtATime } from "../ui/on-first-use.ts";
import { useHydrated } from "../ui/hydrated.ts";
import type { Errors, Values } from "./AppSections.tsx";
import { draftKey, useDraft } from "./draft.ts";
import { cancelReturnUrl, DraftNotice, PAYMENT_CANCELLED } from "./DraftNotice.tsx";
import { NoScriptNote } from "./fields.tsx";
import { useFormValues } from "./form-state.ts";
import { OrderSteps } from "./OrderSteps.tsx";
import { PhotoUploader, usePhotos } from "./PhotoUploader.tsx";
import { CHOOSE_PLAN, PlanChoice } from "./PlanChoice.tsx";
import { buildProfile, checkBeforeSending, loadSubmissionRules, useProfileSubmission } from "./submission.ts";
import { SubmitArea } from "./SubmitArea.tsx";

/**
 * The frame of /hinge-form and /bumble-form: email, the app's own fields, photos and the plan. Submitting saves the
 * profile through POST /api/profiles like every other form, then the order for that profile and plan (priced by the
 * server), then the payment; the checkout comes back to this page with `session_id`, where PaidReturn.tsx shows the
 * success dialog. Its promise of an e-mail is made only then: never for a profile no one has paid for.
 */
export function StandaloneForm({
  app,
  title,
  lead,
  fields,
  children,
}: {
  app: DatingApp;
  title: string;
  lead: string;
  fields: readonly string[];
  children: (p: { values: Values; errors: Errors; onChange: (name: string, value: string) => void; disabled: boolean }) => ReactNode;
}) {
  const toast = useToast();
  const key = draftKey(`${app}-form`);
  const submission = useProfileSubmission({ draftKey: key });
  const form = useFormValues({}, submission.changed);
  const photos = usePhotos(form.photosChanged);
  const draft = useDraft(key, { values: form.values, photos: photos.photos, restoreValues: form.restore, restorePhotos: photos.restore });
  const [params] = useSearchParams();
  const plan = findPlan(form.values.plan);
  const hydrated = useHydrated();
  const busy = submission.stage !== "idle";
  const submitButton = useFocusAfterBusy<HTMLButtonElement>(busy);
  const disabled = busy;

  const onSubmit = useOneSubmitAtATime(async (formElement) => {
    const profile = buildProfile(form.values, ["email", ...fields], { dating_app: app });
    const errors = await checkBeforeSending(profile, photos.photos.length, toast);
    if (!plan) {
      if (Object.keys(errors).length === 0) toast({ title: "Form submission error", description: CHOOSE_PLAN, variant: "destructive" });
      errors.plan = CHOOSE_PLAN;
    }
    if (form.showErrors(errors, formElement) || !plan) return;
    await submission.submit({
      profile,
      photos: photos.photos.map((p) => p.file),
      plan,
      cancelUrl: cancelReturnUrl(),
      successUrl: window.location.pathname,
    });
  });

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{lead}</p>
      <DraftNotice cancelled={params.get(PAYMENT_CANCELLED.name) === PAYMENT_CANCELLED.value} restored={draft.restored} />
      <div className="mt-6">
        <OrderSteps path="plan-on-form" />
      </div>
      <form ref={form.ref} noValidate onSubmit={onSubmit} onFocus={loadSubmissionRules} className="mt-8 grid gap-6" aria-busy={busy}>
        <EmailField
          id="field-email"
          name="email"
          label="Email"
          value={form.values.email ?? ""}
          error={form.errors.email}
          onChange={(value) => form.onChange("email", value)}
          disabled={disabled}
        />
        {children({ values: form.values, errors: form.errors, onChange: form.onChange, disabled })}
        <PhotoUploader photos={photos} error={form.errors.photos} disabled={disabled} />
        <PlanChoice value={form.values.plan ?? ""} error={form.errors.plan} onChange={form.onChange} disabled={disabled} />
        <NoScriptNote />
        <SubmitArea
          label="Submit Profile"
          checkoutLabel="Preparing Checkout..."
          submission={submission}
          disabled={disabled || photos.preparing || !hydrated}
          buttonRef={submitButton}
          payment={{ plan }}
        />
      </form>
    </section>
  );
}
