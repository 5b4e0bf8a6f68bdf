import { useSearchParams } from "../navigation.tsx";
import { BUMBLE_PROMPTS, HEIGHT_OPTIONS, STAR_SIGNS } from "../../shared/profiles/options.ts";
import { Bio, Line, PromptWithResponse } from "../profile/AppSections.tsx";
import { SelectField } from "../profile/fields.tsx";
import { draftKey } from "../profile/draft.ts";
import { PaidReturn } from "../profile/PaidReturn.tsx";
import { StandaloneForm } from "../profile/StandaloneForm.tsx";
import { island } from "../island.tsx";

const FIELDS = ["bio", "prompt1", "response1", "prompt2", "response2", "prompt3", "response3", "height", "star_sign", "job_title", "education"];
const STAR_SIGN_OPTIONS = STAR_SIGNS.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/**
 * /bumble-form: email, bio (counted against Bumble's 300 characters, not enforced: AppLimitCounter.tsx), three
 * prompts, height, star sign, job, education, photos, and the plan to pay for; back from the payment with
 * `session_id`, the paid confirmation.
 */
export function BumbleFormPage() {
  const sessionId = useSearchParams()[0].get("session_id");
  if (sessionId) return <PaidReturn sessionId={sessionId} title="Bumble Profile Optimization" draft={draftKey("bumble-form")} />;
  return (
    <StandaloneForm
      app="bumble"
      title="Bumble Profile Optimization"
      lead="Tell us about your Bumble profile: your bio, your prompts, the basics and your best photos. Then choose your plan and pay securely: our team starts as soon as your payment is complete."
      fields={FIELDS}
    >
      {(p) => (
        <>
          <Bio app="bumble" required {...p} />
          {[1, 2, 3].map((n) => (
            <PromptWithResponse key={n} n={n} prompts={BUMBLE_PROMPTS} app="bumble" {...p} />
          ))}
          <SelectField name="height" label="Height" placeholder="Select your height" options={HEIGHT_OPTIONS} value={p.values.height ?? ""} error={p.errors.height} onChange={p.onChange} disabled={p.disabled} />
          <SelectField name="star_sign" label="Star sign" placeholder="Select your star sign" options={STAR_SIGN_OPTIONS} value={p.values.star_sign ?? ""} error={p.errors.star_sign} onChange={p.onChange} disabled={p.disabled} />
          <Line name="job_title" label="Job title" {...p} />
          <Line name="education" label="Education" {...p} />
        </>
      )}
    </StandaloneForm>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const BumbleFormIsland = island("BumbleFormIsland", BumbleFormPage);
