import { DATING_APP_LABELS, DATING_APPS, type DatingApp } from "../../shared/profiles/options.ts";
import { EmailField } from "../ui/EmailField.tsx";
import { AppSection, type Errors, type Values } from "./AppSections.tsx";
import { SelectField } from "./fields.tsx";
import { PhotoUploader, type PhotoState } from "./PhotoUploader.tsx";

const APP_OPTIONS = DATING_APPS.map((a) => ({ value: a, label: DATING_APP_LABELS[a] }));

export function datingAppOf(values: Values): DatingApp {
  return (DATING_APPS as readonly string[]).includes(values.dating_app ?? "") ? (values.dating_app as DatingApp) : "tinder";
}

/** Email, dating app, the chosen app's section and the photos: the body of /upload and /profile-form. */
export function ProfileFields({
  values,
  errors,
  onChange,
  photos,
  disabled,
}: {
  values: Values;
  errors: Errors;
  onChange: (name: string, value: string) => void;
  photos: PhotoState;
  disabled?: boolean;
}) {
  const app = datingAppOf(values);
  return (
    <div className="grid gap-6">
      <EmailField
        id="field-email"
        name="email"
        label="Email"
        hint="Your optimized profile is sent here."
        value={values.email ?? ""}
        error={errors.email}
        onChange={(value) => onChange("email", value)}
        disabled={disabled}
      />
      <SelectField
        name="dating_app"
        label="Dating app"
        required
        options={APP_OPTIONS}
        value={app}
        error={errors.dating_app}
        onChange={onChange}
        disabled={disabled}
      />
      <section aria-label={`${DATING_APP_LABELS[app]} profile`} className="grid gap-4">
        <h2 className="text-lg font-semibold">Your {DATING_APP_LABELS[app]} profile</h2>
        <AppSection app={app} values={values} errors={errors} onChange={onChange} disabled={disabled} />
      </section>
      <PhotoUploader photos={photos} error={errors.photos} disabled={disabled} />
    </div>
  );
}
