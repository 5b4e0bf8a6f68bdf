import { BUMBLE_PROMPTS, DATING_APP_LABELS, HINGE_PROMPTS, type DatingApp } from "../../shared/profiles/options.ts";
import { TEXT_LIMITS } from "../../shared/profiles/text-limits.ts";
import { asOptions, SelectField, TextAreaField, TextField } from "./fields.tsx";

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

export interface SectionProps {
  values: Values;
  errors: Errors;
  onChange: (name: string, value: string) => void;
  disabled?: boolean;
}

/** The fields each app's section sends; fields of the other sections are not sent (spec section 2, "Upload flow"). */
export const SECTION_FIELDS: Record<DatingApp, readonly string[]> = {
  // Job title and education are asked here too: the upload schema requires them for every Hinge profile.
  hinge: ["prompt1", "response1", "prompt2", "response2", "prompt3", "response3", "ideal_first_date", "job_title", "education"],
  bumble: ["bio", "prompt1", "response1", "prompt2", "response2"],
  tinder: ["bio", "interests"],
  the_league: ["bio", "industry", "education", "looking_for", "vibes"],
};

/** A prompt and the customer's answer, counted against the app's answer limit. */
export function PromptWithResponse({ n, prompts, app, required, ...p }: SectionProps & { n: number; prompts: readonly string[]; app: DatingApp; required?: boolean }) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Prompt {n}</legend>
      <SelectField
        name={`prompt${n}`}
        label={`${DATING_APP_LABELS[app]} prompt ${n}`}
        placeholder="Select a prompt"
        options={asOptions(prompts)}
        value={p.values[`prompt${n}`] ?? ""}
        error={p.errors[`prompt${n}`]}
        onChange={p.onChange}
        disabled={p.disabled}
        required={required}
      />
      <TextAreaField
        name={`response${n}`}
        label={`Your response to prompt ${n}`}
        rows={2}
        maxLength={TEXT_LIMITS.response}
        appLimit={{ app, field: "promptAnswer" }}
        value={p.values[`response${n}`] ?? ""}
        error={p.errors[`response${n}`]}
        onChange={p.onChange}
        disabled={p.disabled}
        required={required}
      />
    </fieldset>
  );
}

/** The bio, counted against the app's bio limit. */
export function Bio(p: SectionProps & { app: DatingApp; required?: boolean }) {
  return (
    <TextAreaField
      name="bio"
      label="Bio"
      maxLength={TEXT_LIMITS.bio}
      appLimit={{ app: p.app, field: "bio" }}
      placeholder="Your current bio"
      value={p.values.bio ?? ""}
      error={p.errors.bio}
      onChange={p.onChange}
      disabled={p.disabled}
      required={p.required}
    />
  );
}

export function Line(p: SectionProps & { name: keyof typeof TEXT_LIMITS; label: string; required?: boolean; hint?: string; placeholder?: string }) {
  return (
    <TextField
      name={p.name}
      label={p.label}
      hint={p.hint}
      placeholder={p.placeholder}
      maxLength={TEXT_LIMITS[p.name]}
      value={p.values[p.name] ?? ""}
      error={p.errors[p.name]}
      onChange={p.onChange}
      disabled={p.disabled}
      required={p.required}
    />
  );
}

export function IdealFirstDate(p: SectionProps) {
  return (
    <TextAreaField
      name="ideal_first_date"
      label="Ideal first date"
      rows={3}
      maxLength={TEXT_LIMITS.ideal_first_date}
      placeholder="Describe your ideal first date"
      value={p.values.ideal_first_date ?? ""}
      error={p.errors.ideal_first_date}
      onChange={p.onChange}
      disabled={p.disabled}
      required
    />
  );
}

/** The section for the chosen app, as on /upload and /profile-form. */
export function AppSection({ app, ...p }: SectionProps & { app: DatingApp }) {
  switch (app) {
    case "hinge":
      return (
        <div className="grid gap-4" data-section="hinge">
          {[1, 2, 3].map((n) => (
            <PromptWithResponse key={n} n={n} prompts={HINGE_PROMPTS} app="hinge" required {...p} />
          ))}
          <IdealFirstDate {...p} />
          <Line name="job_title" label="Job title" required {...p} />
          <Line name="education" label="Education" required {...p} />
        </div>
      );
    case "bumble":
      return (
        <div className="grid gap-4" data-section="bumble">
          <Bio app="bumble" required {...p} />
          {[1, 2].map((n) => (
            <PromptWithResponse key={n} n={n} prompts={BUMBLE_PROMPTS} app="bumble" {...p} />
          ))}
        </div>
      );
    case "tinder":
      return (
        <div className="grid gap-4" data-section="tinder">
          <Bio app="tinder" {...p} />
          <Line name="interests" label="Interests" hint="Separate interests with commas." placeholder="hiking, cooking, live music" {...p} />
        </div>
      );
    case "the_league":
      return (
        <div className="grid gap-4" data-section="the_league">
          <Bio app="the_league" {...p} />
          <Line name="industry" label="Industry" {...p} />
          <Line name="education" label="Education" {...p} />
          <Line name="looking_for" label="Looking for" {...p} />
          <Line name="vibes" label="Vibes / interests" {...p} />
        </div>
      );
  }
}
