import { HINGE_PROMPTS } from "../../profiles/options.ts";
import { IdealFirstDate, Line, PromptWithResponse, SECTION_FIELDS } from "../profile/AppSections.tsx";
import { StandaloneForm } from "../profile/StandaloneForm.tsx";

/** /hinge-form: email, three prompts with responses, ideal first date, job title, education, 3 to 6 photos. */
export function HingeFormPage() {
  return (
    <StandaloneForm
      app="hinge"
      title="Hinge Profile Optimization"
      lead="Tell us about your Hinge profile: your prompts, your ideal first date and your best photos."
      fields={SECTION_FIELDS.hinge}
    >
      {(p) => (
        <>
          {[1, 2, 3].map((n) => (
            <PromptWithResponse key={n} n={n} prompts={HINGE_PROMPTS} app="Hinge" required {...p} />
          ))}
          <IdealFirstDate {...p} />
          <Line name="job_title" label="Job title" required {...p} />
          <Line name="education" label="Education" required {...p} />
        </>
      )}
    </StandaloneForm>
  );
}
