import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "../navigation.tsx";
import { findPlan, formatUsd } from "../../shared/orders/plans.ts";
import { clearPendingOrder, readPendingOrder, type PendingOrder } from "../payments/pending-order.ts";
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
import { SuccessDialog } from "../profile/SuccessDialog.tsx";
import { TermsNote } from "../profile/TermsNote.tsx";
import { useToast } from "../toast.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { useOneSubmitAtATime } from "../ui/on-first-use.ts";
import { useHydrated } from "../ui/hydrated.ts";
import { island } from "../island.tsx";

/**
 * The paid-first order in localStorage (its e-mail address from Preparing Checkout, its ids from the success page's
 * needsProfile), read after hydration. It stays there until the profile is saved (clearPendingOrder after a successful submission), so a reload
 * or a failed upload never loses the order the customer paid for. An order id in the query string wins.
 */
function usePendingOrder(query: { orderId: string | null; planId: string | null }): PendingOrder {
  const [stored, setStored] = useState<PendingOrder>({ orderId: null, planId: null, email: null });
  useEffect(() => setStored(readPendingOrder()), []);
  // An order and its plan go together: a stored order is never shown with another plan's price and delivery time.
  if (query.orderId) {
    const same = query.orderId === stored.orderId;
    return { orderId: query.orderId, planId: query.planId ?? (same ? stored.planId : null), email: same ? stored.email : null };
  }
  if (stored.orderId) return stored;
  return { ...query, email: null };
}

/**
 * /profile-form?orderId=…&planId=… (spec section 2). With an order that is already paid the profile is attached to
 * it and the customer is done; with a plan and no paid order the customer goes on to pay; with neither the profile
 * is only saved. The price is the plan table's (docs/decisions/029-price-shown-is-price-charged.md: the spec's
 * 1 / 25.99 / 49.99 derivation is not used).
 */
export function ProfileFormPage() {
  const [params] = useSearchParams();
  const { orderId, planId, email } = usePendingOrder({ orderId: params.get("orderId"), planId: params.get("planId") });
  const plan = findPlan(planId);
  const toast = useToast();
  // The paid-first form keeps its draft per order; the pay-after form per plan.
  const key = draftKey("profile-form", orderId ? `order-${orderId}` : plan?.id);
  const submission = useProfileSubmission({ draftKey: key });
  const form = useFormValues({ dating_app: "tinder" }, submission.changed);
  const photos = usePhotos(form.photosChanged);
  const draft = useDraft(key, { values: form.values, photos: photos.photos, restoreValues: form.restore, restorePhotos: photos.restore });
  const paymentNext = plan !== undefined && !orderId;
  // The address given before payment on the paid-first path fills an empty e-mail field, once: a customer who
  // empties the field afterwards means it.
  const { onChange: setValue } = form;
  const emailGiven = Boolean(form.values.email);
  const prefilled = useRef(false);
  useEffect(() => {
    if (!email || prefilled.current) return;
    prefilled.current = true;
    if (!emailGiven) setValue("email", email);
  }, [email, emailGiven, setValue]);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const busy = submission.stage !== "idle";
  const submitButton = useFocusAfterBusy<HTMLButtonElement>(busy);

  const onSubmit = useOneSubmitAtATime(async (formElement) => {
    const extra: Record<string, string> = orderId ? { orderId } : {};
    const profile = buildProfile(form.values, ["email", "dating_app", ...SECTION_FIELDS[datingAppOf(form.values)]], extra);
    if (form.showErrors(await checkBeforeSending(profile, photos.photos.length, toast), formElement)) return;
    const outcome = await submission.submit({ profile, photos: photos.photos.map((p) => p.file), plan, cancelUrl: cancelReturnUrl() });
    if (outcome === "saved" || outcome === "paid-already") {
      void draft.clear();
      clearPendingOrder();
    }
    if (outcome === "paid-already") {
      toast({ title: "Processing your profile", description: "Your order is paid; your optimized profile is on its way by e-mail." });
    }
    if (outcome === "saved" || outcome === "paid-already") setDone(true);
  });

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Complete Your Profile</h1>
      {plan && (
        <p className="mt-2 text-muted-foreground">
          {plan.title} plan: {formatUsd(plan.priceCents)} one-time payment
        </p>
      )}
      {orderId && (
        <p role="status" className="mt-4 rounded-lg border border-success/40 bg-success/10 p-4 text-success">
          Your payment has been processed successfully. Please complete your profile details below so we can start optimizing.
        </p>
      )}
      <DraftNotice cancelled={params.get(PAYMENT_CANCELLED.name) === PAYMENT_CANCELLED.value} restored={draft.restored && !done} />
      {plan && (
        <div className="mt-6">
          <OrderSteps path={orderId ? "paid-first" : "pay-after"} />
        </div>
      )}
      <form ref={form.ref} noValidate onSubmit={onSubmit} onFocus={loadSubmissionRules} className="mt-8 grid gap-8" aria-busy={busy}>
        <ProfileFields values={form.values} errors={form.errors} onChange={form.onChange} photos={photos} disabled={busy || done} />
        <NoScriptNote />
        {/* The spec: "Submit Profile for Review" shows "Processing..." while pending, checkout included (the steps are named above). */}
        <SubmitArea
          label="Submit Profile for Review"
          submission={submission}
          disabled={busy || done || photos.preparing || !hydrated}
          buttonRef={submitButton}
          payment={paymentNext ? { plan } : null}
        />
      </form>
      <TermsNote action="submitting" className="mt-6 text-center text-sm text-muted-foreground" />
      <SuccessDialog open={done} title="Profile Submitted Successfully">
        {orderId
          ? `Thank you! Your profile is attached to your order and our team has started working on it. Your optimized profile will arrive by e-mail${plan ? ` within ${plan.deliveryHours} hours` : ""}.`
          : "Thank you! We have received your profile and photos."}
      </SuccessDialog>
    </section>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const ProfileFormIsland = island("ProfileFormIsland", ProfileFormPage);
