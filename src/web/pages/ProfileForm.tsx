import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { findPlan, formatUsd } from "../../orders/plans.ts";
import { PENDING_ORDER_KEY, PENDING_PLAN_KEY } from "../payments/pending-order.ts";
import { SECTION_FIELDS } from "../profile/AppSections.tsx";
import { NoScriptNote } from "../profile/fields.tsx";
import { useFormValues } from "../profile/form-state.ts";
import { usePhotos } from "../profile/PhotoUploader.tsx";
import { datingAppOf, ProfileFields } from "../profile/ProfileFields.tsx";
import { buildProfile, checkBeforeSending, useProfileSubmission } from "../profile/submission.ts";
import { SuccessDialog } from "../profile/SuccessDialog.tsx";
import { TermsNote } from "../profile/TermsNote.tsx";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { useHydrated } from "../ui/hydrated.ts";

interface PendingOrder {
  orderId: string | null;
  planId: string | null;
}

/**
 * Ids left by the success page (needsProfile) in localStorage are read once after hydration and removed,
 * so a later visit does not attach a new profile to an old order. The query string wins when it has them.
 */
function usePendingOrder(query: PendingOrder): PendingOrder {
  const [stored, setStored] = useState<PendingOrder>({ orderId: null, planId: null });
  useEffect(() => {
    try {
      const orderId = localStorage.getItem(PENDING_ORDER_KEY);
      const planId = localStorage.getItem(PENDING_PLAN_KEY);
      localStorage.removeItem(PENDING_ORDER_KEY);
      localStorage.removeItem(PENDING_PLAN_KEY);
      if (orderId || planId) setStored({ orderId, planId });
    } catch {
      // Storage disabled: only the query string can carry the ids.
    }
  }, []);
  return { orderId: query.orderId ?? stored.orderId, planId: query.planId ?? stored.planId };
}

/**
 * /profile-form?orderId=…&planId=… (spec section 2). With an order that is already paid the profile is attached to
 * it and the customer is done; with a plan and no paid order the customer goes on to pay; with neither the profile
 * is only saved. The price is the plan table's (README: the spec's 1 / 25.99 / 49.99 derivation is not used).
 */
export function ProfileFormPage() {
  const [params] = useSearchParams();
  const { orderId, planId } = usePendingOrder({ orderId: params.get("orderId"), planId: params.get("planId") });
  const plan = findPlan(planId);
  const toast = useToast();
  const submission = useProfileSubmission();
  const form = useFormValues({ dating_app: "tinder" }, submission.changed);
  const photos = usePhotos(form.photosChanged);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const busy = submission.stage !== "idle";
  const submitButton = useFocusAfterBusy<HTMLButtonElement>(busy);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const extra: Record<string, string> = orderId ? { orderId } : {};
    const profile = buildProfile(form.values, ["email", "dating_app", ...SECTION_FIELDS[datingAppOf(form.values)]], extra);
    if (form.showErrors(checkBeforeSending(profile, photos.photos.length, toast), e.currentTarget)) return;
    const outcome = await submission.submit({ profile, photos: photos.photos.map((p) => p.file), plan });
    if (outcome === "paid-already") {
      toast({ title: "Processing your profile", description: "Your order is paid; your optimized profile is on its way by e-mail." });
    }
    if (outcome === "saved" || outcome === "paid-already") setDone(true);
  };

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
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-8 grid gap-8" aria-busy={busy}>
        <ProfileFields values={form.values} errors={form.errors} onChange={form.onChange} photos={photos} disabled={busy || done} />
        <NoScriptNote />
        <button ref={submitButton} type="submit" disabled={busy || done || photos.preparing || !hydrated} className={buttonClass("primary", "lg", "w-full")}>
          {submission.stage === "checkout" ? "Preparing Checkout..." : busy ? "Processing..." : "Submit Profile for Review"}
        </button>
      </form>
      <TermsNote action="submitting" className="mt-6 text-center text-sm text-muted-foreground" />
      <SuccessDialog open={done} title="Profile Submitted Successfully">
        {orderId
          ? "Thank you! Your profile is attached to your order and our team has started working on it. Your optimized profile will arrive by e-mail."
          : "Thank you! We have received your profile and photos."}
      </SuccessDialog>
    </section>
  );
}
