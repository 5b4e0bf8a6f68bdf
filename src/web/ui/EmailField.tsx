import type { ReactNode } from "react";
import { MAX_EMAIL_LENGTH } from "../../shared/email.ts";
import { controlClass, Field } from "./field.tsx";

/**
 * The one e-mail address field: labelled, required, as long as an address may be and no longer (the schemas' limit),
 * filled in by the browser unless `autoComplete` says otherwise. `name` is left out where nothing posts the form.
 */
export function EmailField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  name,
  autoComplete = "email",
  autoFocus,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  name?: string;
  autoComplete?: "email" | "off";
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required>
      {(control) => (
        <input
          {...control}
          autoFocus={autoFocus}
          type="email"
          name={name}
          autoComplete={autoComplete}
          maxLength={MAX_EMAIL_LENGTH}
          required
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={controlClass.input}
        />
      )}
    </Field>
  );
}
