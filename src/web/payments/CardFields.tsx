import { CARD_NUMBER_MAX, CVC_MAX, EXPIRY_MAX, formatCardNumber, formatCvc, formatExpiry } from "./card-format.ts";
import { Field, inputClass } from "./ui.tsx";

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
      <Field label="Card number" htmlFor="card-number">
        <input
          id="card-number"
          name="cardNumber"
          className={inputClass}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={CARD_NUMBER_MAX}
          value={value.number}
          disabled={disabled}
          aria-invalid={invalid.number || undefined}
          onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM/YY)" htmlFor="card-expiry">
          <input
            id="card-expiry"
            name="expiry"
            className={inputClass}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={EXPIRY_MAX}
            value={value.expiry}
            disabled={disabled}
            aria-invalid={invalid.expiry || undefined}
            onChange={(e) => onChange({ ...value, expiry: formatExpiry(e.target.value) })}
          />
        </Field>
        <Field label="CVC" htmlFor="card-cvc">
          <input
            id="card-cvc"
            name="cvc"
            className={inputClass}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={CVC_MAX}
            value={value.cvc}
            disabled={disabled}
            aria-invalid={invalid.cvc || undefined}
            onChange={(e) => onChange({ ...value, cvc: formatCvc(e.target.value) })}
          />
        </Field>
      </div>
    </>
  );
}
