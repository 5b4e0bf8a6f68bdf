import type { ReactNode } from "react";
import { controlClass, Field } from "../ui/field.tsx";
import { LimitAnnouncer, LimitCount, limitFor, type AppLimit } from "./AppLimitCounter.tsx";

/**
 * The profile forms' fields: each is `field-<name>` (its error `field-<name>-error`) and reports edits by name, so a
 * form keeps all its values in one record (form-state.ts).
 */

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (name: string, value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

export function TextField(props: FieldProps & { maxLength?: number; placeholder?: string }) {
  const { name, label, value, onChange, error, hint, required, disabled, maxLength, placeholder } = props;
  return (
    <Field id={`field-${name}`} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          value={value}
          required={required}
          disabled={disabled}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(e) => onChange(name, e.target.value)}
          className={controlClass.input}
        />
      )}
    </Field>
  );
}

/**
 * A multi-line field. With `appLimit` (a bio, a prompt answer) it shows the live count against the app's limit in its
 * hint (AppLimitCounter.tsx); `maxLength` stays the form's own hard limit.
 */
export function TextAreaField(props: FieldProps & { maxLength?: number; placeholder?: string; rows?: number; appLimit?: AppLimit }) {
  const { name, label, value, onChange, error, hint, required, disabled, maxLength, placeholder, rows = 4, appLimit } = props;
  const id = `field-${name}`;
  const max = appLimit ? limitFor(appLimit) : null;
  const counted = appLimit && max !== null ? { limit: appLimit, max } : null;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      required={required}
      hint={
        counted ? (
          <>
            {hint && <span className="block">{hint}</span>}
            <LimitCount id={id} limit={counted.limit} value={value} max={counted.max} />
          </>
        ) : (
          hint
        )
      }
    >
      {(control) => (
        <>
          <textarea
            {...control}
            name={name}
            value={value}
            rows={rows}
            required={required}
            disabled={disabled}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(e) => onChange(name, e.target.value)}
            className={controlClass.textarea}
          />
          {counted && <LimitAnnouncer controlId={id} label={label} limit={counted.limit} value={value} max={counted.max} />}
        </>
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField(props: FieldProps & { options: readonly Option[]; placeholder?: string }) {
  const { name, label, value, onChange, error, hint, required, disabled, options, placeholder } = props;
  return (
    <Field id={`field-${name}`} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <select {...control} name={name} value={value} required={required} disabled={disabled} onChange={(e) => onChange(name, e.target.value)} className={controlClass.select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export const asOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/** Shown only without JavaScript: the photo upload and the submit button need the page's script. */
export function NoScriptNote() {
  return (
    <noscript>
      <p data-testid="noscript-note" className="text-sm text-danger">This form needs JavaScript to prepare and send your photos. Please enable it and reload the page.</p>
    </noscript>
  );
}
