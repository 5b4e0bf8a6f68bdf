import { useEffect, useRef, useState } from "react";
import { APP_TEXT_LIMITS, countCharacters, type AppLimitedField } from "../../shared/profiles/app-limits.ts";
import { DATING_APP_LABELS, type DatingApp } from "../../shared/profiles/options.ts";

/**
 * The live character count of a text the dating app limits (a bio, a prompt answer), against the app's own limit
 * (src/shared/profiles/app-limits.ts, the table the optimiser measures with). A longer text is accepted with a warning that
 * says what the app allows and that we'll shorten it: the customer pays us to, and the spec keeps the Bumble hint
 * "not enforced". The form's own hard limit (TEXT_LIMITS, the control's maxLength) stays as it was.
 *
 * The count is part of the field's description (inside its hint, named by the control's aria-describedby), so a
 * screen reader hears it with the field. A separate polite live region speaks only when the text crosses a threshold
 * while the customer types in the field: never on every keystroke, never for a draft put back on load.
 */

/** Which app limits the field, and which of its two texts it is. */
export interface AppLimit {
  app: DatingApp;
  field: AppLimitedField;
}

/** The warning starts when a tenth of the limit is left: 30 characters of Bumble's 300, 15 of Hinge's 150. */
const NEAR_SHARE = 0.1;

export type LimitLevel = "fits" | "near" | "over";

/** The app's limit for the field, or null where the app has none (then no counter is shown). */
export const limitFor = ({ app, field }: AppLimit): number | null => APP_TEXT_LIMITS[app][field];

export function limitLevel(count: number, max: number): LimitLevel {
  if (count > max) return "over";
  return max - count <= Math.ceil(max * NEAR_SHARE) ? "near" : "fits";
}

/** What the app allows, in words: the app's limit as the app's, our own choice (no source states one) as ours. */
function allowance({ app, field }: AppLimit, max: number): string {
  const name = DATING_APP_LABELS[app];
  if (APP_TEXT_LIMITS[app].ours.includes(field)) return `we keep ${name} ${field === "bio" ? "bios" : "answers"} to ${max} characters`;
  return `${name} allows ${max} characters`;
}

const SHORTEN = "we'll shorten yours to fit";

/**
 * Who writes in the field: the customer (a longer text is ours to shorten), or an editor in the review dialog, whose
 * text is what the customer receives and pastes into the app, so over the limit is theirs to shorten.
 */
export type LimitAudience = "customer" | "editor";

const overWords = (audience: LimitAudience, count: number, max: number) => (audience === "customer" ? SHORTEN : `${count - max} over: shorten it, or the customer cannot paste it whole`);

/** The words after the count, for each level. */
export function limitMessage(limit: AppLimit, count: number, max: number, audience: LimitAudience = "customer"): string {
  const allows = allowance(limit, max);
  switch (limitLevel(count, max)) {
    case "fits":
      return `${allows}.`;
    case "near":
      return `${max - count} left; ${allows}.`;
    case "over":
      return `${allows}; ${overWords(audience, count, max)}.`;
  }
}

/**
 * What the live region says when the level changes from `before` to `after`, or "" for nothing: reaching the warning,
 * going over, and coming back within the limit are spoken; falling back under the warning is not.
 */
export function crossingMessage(label: string, limit: AppLimit, before: LimitLevel, after: LimitLevel, count: number, max: number, audience: LimitAudience = "customer"): string {
  const allows = allowance(limit, max);
  if (after === "over") return `${label} is over the limit: ${allows}; ${overWords(audience, count, max)}.`;
  if (before === "over") return `${label} is within the limit again: ${count} of ${max} characters.`;
  if (after === "near") return `${label}: ${max - count} characters left; ${allows}.`;
  return "";
}

const LEVEL_CLASS: Record<LimitLevel, string> = {
  fits: "",
  near: "font-medium text-foreground",
  over: "font-medium text-danger",
};

/** The visible count, "285 / 300: 15 left; Bumble allows 300 characters.", read as "285 of 300 characters". */
export function LimitCount({ id, limit, value, max, audience = "customer" }: { id: string; limit: AppLimit; value: string; max: number; audience?: LimitAudience }) {
  const count = countCharacters(value);
  const level = limitLevel(count, max);
  return (
    <span id={`${id}-count`} data-testid={`${id}-count`} data-level={level} className={`block tabular-nums ${LEVEL_CLASS[level]}`}>
      <span aria-hidden="true">
        {count} / {max}
      </span>
      <span className="sr-only">
        {count} of {max} characters
      </span>
      : {limitMessage(limit, count, max, audience)}
    </span>
  );
}

/**
 * The polite live region of one field: empty until the customer, typing in the control `controlId`, crosses a
 * threshold. It is in the page from the start, as a live region must be to be heard.
 */
export function LimitAnnouncer({
  controlId,
  label,
  limit,
  value,
  max,
  audience = "customer",
}: {
  controlId: string;
  label: string;
  limit: AppLimit;
  value: string;
  max: number;
  audience?: LimitAudience;
}) {
  const count = countCharacters(value);
  const level = limitLevel(count, max);
  const previous = useRef(level);
  const [said, setSaid] = useState("");
  useEffect(() => {
    const before = previous.current;
    previous.current = level;
    if (before === level) return;
    const typing = document.activeElement?.id === controlId;
    setSaid(typing ? crossingMessage(label, limit, before, level, count, max, audience) : "");
  }, [level, count, controlId, label, limit, max, audience]);
  return (
    <span className="sr-only" aria-live="polite" aria-atomic="true" data-testid={`${controlId}-announcement`}>
      {said}
    </span>
  );
}
