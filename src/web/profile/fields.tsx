import type { ReactNode } from "react";

/** Labelled inputs for the profile forms: each error is tied to its field (aria-invalid, aria-describedby). */

const controlClass =
  "w-full rounded-md border bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

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

function FieldShell({ name, label, error, hint, required, children }: Omit<FieldProps, "value" | "onChange"> & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`field-${name}`} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      {children}
      {hint && (
        <p id={`field-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`field-${name}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(name: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `field-${name}-hint` : "", error ? `field-${name}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function border(error?: string): string {
  return error ? "border-destructive" : "border-border";
}

export function TextField(props: FieldProps & { type?: "text" | "email"; maxLength?: number; placeholder?: string; autoComplete?: string }) {
  const { name, value, onChange, error, hint, required, disabled, type = "text", maxLength, placeholder, autoComplete } = props;
  return (
    <FieldShell {...props}>
      <input
        id={`field-${name}`}
        name={name}
        type={type}
        value={value}
        required={required}
        disabled={disabled}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        onChange={(e) => onChange(name, e.target.value)}
        className={`${controlClass} h-10 ${border(error)}`}
      />
    </FieldShell>
  );
}

export function TextAreaField(props: FieldProps & { maxLength?: number; placeholder?: string; rows?: number }) {
  const { name, value, onChange, error, hint, required, disabled, maxLength, placeholder, rows = 4 } = props;
  return (
    <FieldShell {...props}>
      <textarea
        id={`field-${name}`}
        name={name}
        value={value}
        rows={rows}
        required={required}
        disabled={disabled}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        onChange={(e) => onChange(name, e.target.value)}
        className={`${controlClass} py-2 ${border(error)}`}
      />
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField(props: FieldProps & { options: readonly Option[]; placeholder?: string }) {
  const { name, value, onChange, error, hint, required, disabled, options, placeholder } = props;
  return (
    <FieldShell {...props}>
      <select
        id={`field-${name}`}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        onChange={(e) => onChange(name, e.target.value)}
        className={`${controlClass} h-10 ${border(error)}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export const asOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/** Shown only without JavaScript: the photo upload and the submit button need the page's script. */
export function NoScriptNote() {
  return (
    <noscript>
      <p className="text-sm text-danger">This form needs JavaScript to prepare and send your photos. Please enable it and reload the page.</p>
    </noscript>
  );
}
