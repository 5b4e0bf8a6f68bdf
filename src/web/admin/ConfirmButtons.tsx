import { buttonClass } from "../ui/button.ts";

/** The two buttons under a destructive confirmation form (a refund, an erasure): confirm (submits) and Cancel. */
export function ConfirmButtons({ label, busyLabel, busy, disabled, onCancel }: { label: string; busyLabel: string; busy: boolean; disabled: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={disabled} className={buttonClass("destructive")}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" disabled={disabled} onClick={onCancel} className={buttonClass("ghost")}>
        Cancel
      </button>
    </div>
  );
}
