import type { Ref } from "react";
import type { Plan } from "../../shared/orders/plans.ts";
import { buttonClass } from "../ui/button.ts";
import { NextPaymentNote } from "./OrderSteps.tsx";
import type { Stage } from "./submission.ts";
import { SubmitProgress } from "./SubmitProgress.tsx";
import type { UploadProgress } from "./upload-xhr.ts";

/**
 * The foot of an order form: the submit button (its words while the photos go up and the payment is prepared), the
 * line naming the payment that follows when one does, and the upload's progress.
 */
export function SubmitArea({
  label,
  checkoutLabel,
  submission,
  disabled,
  buttonRef,
  payment,
}: {
  label: string;
  /** While the checkout is prepared; "Processing..." throughout when not given (the spec's /profile-form). */
  checkoutLabel?: string;
  submission: { stage: Stage; progress: UploadProgress | null };
  disabled: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  /** The payment after this form: its plan (none yet when the plan is chosen on the page), or null for none. */
  payment: { plan?: Plan } | null;
}) {
  const busy = submission.stage !== "idle";
  return (
    <div className="grid gap-3">
      <button ref={buttonRef} type="submit" disabled={disabled} aria-describedby={payment ? "next-step" : undefined} className={buttonClass("primary", "lg", "w-full")}>
        {submission.stage === "checkout" && checkoutLabel ? checkoutLabel : busy ? "Processing..." : label}
      </button>
      {payment && <NextPaymentNote plan={payment.plan} />}
      <SubmitProgress stage={submission.stage} progress={submission.progress} />
    </div>
  );
}
