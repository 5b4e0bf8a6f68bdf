import { useCallback, useEffect, useRef, useState } from "react";
import type { OrderCreated } from "../../shared/api/orders.ts";
import type { ProfileCreated } from "../../shared/api/profiles.ts";
import type { Plan } from "../../shared/orders/plans.ts";
import { MIN_PHOTOS } from "../../shared/profiles/limits.ts";
import { apiRequest, messageOf } from "../api.ts";
import { startHostedCheckout } from "../payments/hosted-checkout.ts";
import { useToast, type ToastInput } from "../toast.ts";
import { fieldErrors } from "../ui/field-errors.ts";
import { onFirstUse } from "../ui/on-first-use.ts";
import type { Errors, Values } from "./AppSections.tsx";
import { readTextDraft, saveSentProfile } from "./draft.ts";
import { useLeaveWarning } from "./leave-warning.ts";
import { postMultipart, type UploadProgress } from "./upload-xhr.ts";

/** The profile part: the listed fields only, plus the spec's fixed user_id 1 (ignored by the server). */
export function buildProfile(values: Values, fields: readonly string[], extra: Record<string, string> = {}): Record<string, unknown> {
  const profile: Record<string, unknown> = { user_id: 1, ...extra };
  for (const name of fields) profile[name] = values[name] ?? "";
  return profile;
}

/** The shared schema and zod, fetched when a form is first used rather than with the page (decision 147). */
const submissionRules = onFirstUse(() => import("../../shared/profiles/submission.ts"));

/** Starts fetching the schema the form is checked with when sent: the form's first focus calls it. */
export function loadSubmissionRules(): void {
  submissionRules.load().catch(() => {}); // tried again, and said, when the form is sent
}

/**
 * Runs the shared schema in the browser before anything is sent, with the spec's photo messages.
 * Answers the field errors (empty when the form may be sent); the first problem is also shown as a toast.
 */
export async function checkBeforeSending(profile: Record<string, unknown>, photoCount: number, toast: (t: ToastInput) => void): Promise<Errors> {
  let rules: Awaited<ReturnType<typeof submissionRules.load>>;
  try {
    rules = await submissionRules.load();
  } catch {
    const description = "The form could not be checked. Please check your connection and try again.";
    toast({ title: "Form submission error", description, variant: "destructive" });
    return { form: description };
  }
  const parsed = rules.submissionSchema.safeParse(profile);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (photoCount === 0) {
    errors.photos = "Please upload at least 3 photos";
    toast({ title: "Photos required", description: "Please upload at least 3 photos", variant: "destructive" });
  } else if (photoCount < MIN_PHOTOS) {
    errors.photos = "Please upload at least 3 photos.";
    toast({ title: "Too few files", description: "Please upload at least 3 photos.", variant: "destructive" });
  } else if (!parsed.success) {
    toast({ title: "Form submission error", description: Object.values(errors)[0], variant: "destructive" });
  }
  return errors;
}

/** Where a submission is: sending the photos, waiting while the server checks them, then starting the payment. */
export type Stage = "idle" | "uploading" | "checking" | "checkout";

export interface SubmitRequest {
  profile: Record<string, unknown>;
  photos: File[];
  /** With a plan the customer goes on to pay; without one the profile is only saved. */
  plan?: Plan;
  /** The page the payment provider's "Cancel and return" comes back to (this form, saying so). */
  cancelUrl?: string;
  /** Where a completed payment returns (with `session_id`); /success when not given. */
  successUrl?: string;
}

/** How a submission ended: saved (no payment needed, or the order was already paid), off to checkout, or failed. */
export type SubmitOutcome = "saved" | "paid-already" | "redirecting" | "failed";

interface Saved {
  id: string;
  order: ProfileCreated["order"];
}

/**
 * The upload flow of spec section 4: save the profile (photos included), then create the order, then the checkout
 * session, then leave for the provider's page. A retry after a failed step repeats only the steps not yet done,
 * unless the customer changed the form in between (call `changed()`), so one click never makes two profiles.
 * With a `draftKey` the profile and order sent are remembered in the form's draft (draft.ts), so coming back from
 * the payment page (Back, "Cancel and return", a reload) and continuing again pays the same order.
 * The photos go up through XMLHttpRequest so `progress` can show the bytes sent; while they are on their way,
 * leaving the page asks first.
 */
export function useProfileSubmission({ draftKey }: { draftKey?: string | null } = {}) {
  const toast = useToast();
  const [stage, setStage] = useState<Stage>("idle");
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const saved = useRef<Saved | null>(null);
  const orderId = useRef<string | null>(null);
  const upload = useRef<AbortController | null>(null);

  useLeaveWarning(stage === "uploading" || stage === "checking");

  useEffect(() => {
    // Back from the payment page may show this page as it was left (the back/forward cache): busy, on its way out.
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) setStage("idle");
    };
    window.addEventListener("pageshow", shown);
    return () => {
      window.removeEventListener("pageshow", shown);
      // Leaving the form (a link, confirmed) stops an upload on its way: nothing half-sent is saved.
      upload.current?.abort();
    };
  }, []);

  const changed = useCallback(() => {
    saved.current = null;
    orderId.current = null;
    if (draftKey && readTextDraft(draftKey)?.sent) saveSentProfile(draftKey, null);
  }, [draftKey]);

  const submit = useCallback(
    async ({ profile, photos, plan, cancelUrl, successUrl }: SubmitRequest): Promise<SubmitOutcome> => {
      const resumed = !saved.current && draftKey ? readTextDraft(draftKey)?.sent : undefined;
      if (resumed) {
        saved.current = { id: resumed.profileId, order: null };
        orderId.current = resumed.orderId;
      }
      if (!saved.current) {
        setStage("uploading");
        setProgress(null);
        const form = new FormData();
        form.append("profile", JSON.stringify(profile));
        for (const photo of photos) form.append("photos", photo, photo.name);
        const controller = new AbortController();
        upload.current = controller;
        try {
          saved.current = await postMultipart<ProfileCreated>("/api/profiles", form, {
            onProgress: (sent) => {
              setProgress(sent);
              // Every byte is out: the server is checking the photos (the upload's own load event may come later).
              if (sent.loaded >= sent.total) setStage("checking");
            },
            onSent: () => setStage("checking"),
            signal: controller.signal,
          });
        } catch (err) {
          if (controller.signal.aborted) return "failed";
          toast({ title: "Error uploading profile", description: messageOf(err, "The profile could not be sent. Please check your connection and try again."), variant: "destructive" });
          setStage("idle");
          return "failed";
        } finally {
          upload.current = null;
        }
      }
      const profileSaved = saved.current;

      // A profile sent for an order that is already paid is queued by the server: nothing more to pay.
      if (profileSaved.order?.status === "paid") {
        setStage("idle");
        return "paid-already";
      }
      if (profileSaved.order) orderId.current = profileSaved.order.id;
      if (!plan && !orderId.current) {
        setStage("idle");
        return "saved";
      }

      setStage("checkout");
      if (!orderId.current && plan) {
        try {
          const res = await apiRequest("POST", "/api/orders", { profile_id: profileSaved.id, plan: plan.id, price: plan.priceCents / 100 });
          orderId.current = ((await res.json()) as OrderCreated).id;
        } catch {
          toast({ title: "Checkout Error", description: "Unable to start checkout process. Please try again.", variant: "destructive" });
          setStage("idle");
          return "failed";
        }
      }
      if (draftKey) saveSentProfile(draftKey, { profileId: profileSaved.id, orderId: orderId.current!, ...(cancelUrl && { cancelUrl }) });

      toast({ title: "Profile uploaded successfully!", description: "Redirecting to checkout..." });
      try {
        const url = await startHostedCheckout({
          orderId: orderId.current!,
          amount: plan ? plan.priceCents / 100 : undefined,
          plan_id: plan?.id,
          cancelUrl,
          successUrl,
        });
        window.location.assign(url);
        return "redirecting";
      } catch (err) {
        toast({ title: "Error creating checkout session", description: messageOf(err, "No checkout URL returned"), variant: "destructive" });
        setStage("idle");
        return "failed";
      }
    },
    [toast, draftKey],
  );

  return { stage, progress, submit, changed };
}
