import { controlClass, Field } from "../ui/field.tsx";
import { CARD_NUMBER_MAX, CVC_MAX, EXPIRY_MAX, formatCardNumber, formatCvc, formatExpiry } from "./card-format.ts";

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
}

/** Card number, expiry and CVC inputs, formatted as typed (spec section 5). `invalid` marks fields left empty. */
export function CardFields({
  value,
  onChange,
  disabled,
  invalid = {},
}: {
  value: CardValues;
  onChange: (next: CardValues) => void;
  disabled?: boolean;
  invalid?: Partial<Record<keyof CardValues, boolean>>;
}) {
  return (
    <>
      <Field id="card-number" label="Card number" invalid={invalid.number}>
        {(control) => (
          <input
            {...control}
            name="cardNumber"
            className={controlClass.input}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={CARD_NUMBER_MAX}
            value={value.number}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label="Expiry (MM/YY)" invalid={invalid.expiry}>
          {(control) => (
            <input
              {...control}
              name="expiry"
              className={controlClass.input}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={EXPIRY_MAX}
              value={value.expiry}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, expiry: formatExpiry(e.target.value) })}
            />
          )}
        </Field>
        <Field id="card-cvc" label="CVC" invalid={invalid.cvc}>
          {(control) => (
            <input
              {...control}
              name="cvc"
              className={controlClass.input}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={CVC_MAX}
              value={value.cvc}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, cvc: formatCvc(e.target.value) })}
            />
          )}
        </Field>
      </div>
    </>
  );
}
