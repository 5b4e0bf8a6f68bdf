import { useState } from "react";
import type { ClaimView } from "../../shared/api/team.ts";
import { apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { ConfirmButtons } from "./ConfirmButtons.tsx";

/**
 * Who is writing the profile (issue 29, item 2), at the top of the review dialog: "sam is writing this" with Take
 * over, which asks first (the take-over is recorded, and sam's next save is refused); one's own claim as "You are
 * writing this" with Release. Nothing when nobody holds it. Each answer reads the profile again (`onChanged`).
 */
export function ClaimPanel({ profileId, claim, me, onChanged }: { profileId: string; claim: ClaimView | null; me: string; onChanged: () => Promise<void> | void }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!claim) return null;
  const mine = claim.by === me;
  const url = `/api/admin/profiles/${encodeURIComponent(profileId)}/claim`;

  const change = async (method: "POST" | "DELETE", done: string) => {
    setBusy(true);
    try {
      await apiRequest(method, url, method === "POST" ? { takeOver: true } : undefined);
      toast({ title: done });
    } catch (err) {
      toast({ title: "The Claim Did Not Change", description: messageOf(err, "The server could not be reached."), variant: "destructive" });
    }
    setBusy(false);
    setAsking(false);
    await onChanged();
  };

  return (
    <section aria-labelledby="review-claim-heading" className="rounded-lg border border-border p-3 text-sm" data-testid="review-claim">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="review-claim-heading" className="font-semibold">
          {mine ? "You are writing this" : `${claim.by} is writing this`}
        </h3>
        {mine ? (
          <button type="button" disabled={busy} className={buttonClass("outline", "sm")} onClick={() => void change("DELETE", "Released")}>
            Release
          </button>
        ) : (
          !asking && (
            <button
              type="button"
              className={buttonClass("outline", "sm")}
              onClick={() => {
                setAsking(true);
                requestAnimationFrame(() => document.querySelector<HTMLButtonElement>("#review-takeover button[type=submit]")?.focus());
              }}
            >
              Take over
            </button>
          )
        )}
      </div>
      {asking && (
        <form
          id="review-takeover"
          aria-labelledby="review-takeover-heading"
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void change("POST", "You Are Writing This Now");
          }}
        >
          <p id="review-takeover-heading" className="font-medium">
            Take this profile over from {claim.by}?
          </p>
          <p className="text-muted-foreground">It is recorded in the audit trail, and {claim.by}'s next save of this profile is refused.</p>
          <ConfirmButtons label="Confirm Take Over" busyLabel="Taking over..." busy={busy} disabled={busy} onCancel={() => setAsking(false)} />
        </form>
      )}
    </section>
  );
}
