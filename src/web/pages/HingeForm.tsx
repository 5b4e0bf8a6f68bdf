import { useSearchParams } from "../navigation.tsx";
import { HINGE_PROMPTS } from "../../shared/profiles/options.ts";
import { IdealFirstDate, Line, PromptWithResponse, SECTION_FIELDS } from "../profile/AppSections.tsx";
import { draftKey } from "../profile/draft.ts";
import { PaidReturn } from "../profile/PaidReturn.tsx";
import { StandaloneForm } from "../profile/StandaloneForm.tsx";
import { island } from "../island.tsx";

/**
 * /hinge-form: email, three prompts with responses, ideal first date, job title, education, 3 to 6 photos, and the plan
 * to pay for; back from the payment with `session_id`, the paid confirmation.
 */
export function HingeFormPage() {
  const sessionId = useSearchParams()[0].get("session_id");
  if (sessionId) return <PaidReturn sessionId={sessionId} title="Hinge Profile Optimization" draft={draftKey("hinge-form")} />;
  return (
    <StandaloneForm
      app="hinge"
      title="Hinge Profile Optimization"
      lead="Tell us about your Hinge profile: your prompts, your ideal first date and your best photos. Then choose your plan and pay securely: our team starts as soon as your payment is complete."
      fields={SECTION_FIELDS.hinge}
    >
      {(p) => (
        <>
          {[1, 2, 3].map((n) => (
            <PromptWithResponse key={n} n={n} prompts={HINGE_PROMPTS} app="hinge" required {...p} />
          ))}
          <IdealFirstDate {...p} />
          <Line name="job_title" label="Job title" required {...p} />
          <Line name="education" label="Education" required {...p} />
        </>
      )}
    </StandaloneForm>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const HingeFormIsland = island("HingeFormIsland", HingeFormPage);
