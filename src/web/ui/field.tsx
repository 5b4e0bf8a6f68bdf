import type { ReactNode } from "react";

/**
 * The one look of every form control. The danger border follows `aria-invalid`, so a control marked invalid for a
 * screen reader is marked the same way on screen. 16px text on phones: smaller text makes iOS zoom into the field.
 */
const control =
  "w-full rounded-md border border-border bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 aria-[invalid=true]:border-destructive sm:text-sm";

export const controlClass = {
  input: `${control} h-10`,
  select: `${control} h-10`,
  textarea: `${control} py-2`,
} as const;

/** What the control inside a Field spreads onto itself, to be tied to the Field's label, hint and error. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled control with its hint and its error. The error's id is `<id>-error` and the hint's `<id>-hint`, both
 * named by the control's aria-describedby, so a screen reader reads the message with the field. `invalid` marks a
 * field that has no message of its own (the card forms'); `required` shows the asterisk, while the control's own
 * `required` attribute is what a screen reader announces.
 */
export function Field({
  id,
  label,
  error,
  hint,
  invalid,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  invalid?: boolean;
  required?: boolean;
  children: (control: FieldControl) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      {children({ id, "aria-invalid": error || invalid ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
