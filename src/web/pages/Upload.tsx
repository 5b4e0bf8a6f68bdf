import { useEffect, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { formatUsd, resolvePlan } from "../../orders/plans.ts";
import { SECTION_FIELDS } from "../profile/AppSections.tsx";
import { NoScriptNote } from "../profile/fields.tsx";
import { useFormValues } from "../profile/form-state.ts";
import { usePhotos } from "../profile/PhotoUploader.tsx";
import { datingAppOf, ProfileFields } from "../profile/ProfileFields.tsx";
import { buildProfile, checkBeforeSending, useProfileSubmission } from "../profile/submission.ts";
import { TermsNote } from "../profile/TermsNote.tsx";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { useHydrated } from "../ui/hydrated.ts";

/**
 * /upload?plan=…&price=…[&planId=…] (spec section 2, "Upload flow"). Without a known plan or with a missing or zero
 * price the customer is sent to /pricing. The heading shows the plan table's price, the one that will be charged.
 */
export function UploadPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = resolvePlan(params.get("planId") ?? params.get("plan"));
  const price = Number(params.get("price") ?? "0");
  const usable = plan !== undefined && params.get("plan") !== null && Number.isFinite(price) && price > 0;

  useEffect(() => {
    if (!usable) navigate("/pricing", { replace: true });
  }, [usable, navigate]);

  const toast = useToast();
  const submission = useProfileSubmission();
  const form = useFormValues({ dating_app: "tinder" }, submission.changed);
  const photos = usePhotos(form.photosChanged);
  const hydrated = useHydrated();
  const busy = submission.stage !== "idle";
  const submitButton = useFocusAfterBusy<HTMLButtonElement>(busy);

  if (!usable) {
    // A real link too: without JavaScript (or before it runs) nothing redirects, and the header's Get Started lands here.
    return (
      <p className="mx-auto max-w-2xl px-4 py-12 text-muted-foreground">
        Redirecting to{" "}
        <Link to="/pricing" className="font-medium text-primary underline underline-offset-4">
          pricing
        </Link>
        ...
      </p>
    );
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const profile = buildProfile(form.values, ["email", "dating_app", ...SECTION_FIELDS[datingAppOf(form.values)]]);
    if (form.showErrors(checkBeforeSending(profile, photos.photos.length, toast), e.currentTarget)) return;
    await submission.submit({ profile, photos: photos.photos.map((p) => p.file), plan });
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">
        {plan.title} Plan: {formatUsd(plan.priceCents)}
      </h1>
      <TermsNote action="continuing" className="mt-2 text-sm text-muted-foreground" />
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-8 grid gap-8" aria-busy={busy}>
        <ProfileFields values={form.values} errors={form.errors} onChange={form.onChange} photos={photos} disabled={busy} />
        <NoScriptNote />
        <button ref={submitButton} type="submit" disabled={busy || photos.preparing || !hydrated} className={buttonClass("primary", "lg", "w-full")}>
          {submission.stage === "checkout" ? "Preparing Checkout..." : submission.stage === "saving" ? "Processing..." : "Continue to Payment"}
        </button>
      </form>
    </section>
  );
}
