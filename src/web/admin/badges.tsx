import { ACTION_STATES, MOVING_STATES, type AdminState } from "../../shared/admin/states.ts";
import { PLANS, type PlanId } from "../../shared/orders/plans.ts";
import { DATING_APP_LABELS, type DatingApp } from "../../shared/profiles/options.ts";
import type { ProfileStatus } from "../../shared/profiles/statuses.ts";
import { deadlineLeft, formatDateTime, timeAgo } from "./time.ts";

const STATUS_LABELS: Record<ProfileStatus, string> = {
  created: "Created",
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  failed: "Failed",
  revision_requested: "Revision Requested",
};

const STATUS_LOOKS: Record<ProfileStatus, string> = {
  created: "border-border text-muted-foreground",
  pending: "border-border text-foreground",
  processing: "border-primary/60 text-foreground",
  completed: "border-success text-success",
  failed: "border-danger text-danger",
  revision_requested: "border-primary text-primary",
};

const pill = "inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium";

export function StatusBadge({ status }: { status: ProfileStatus }) {
  return (
    <span className={`${pill} ${STATUS_LOOKS[status] ?? ""}`} data-status={status}>
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** What the administrator has to do about a profile (src/shared/admin/review-state.ts), beside the spec's status. */
export const STATE_LABELS: Record<AdminState, string> = {
  needs_attention: "Needs Writer or Flagged",
  ai_failed: "AI Failed: Write from Local Draft",
  failed: "Failed",
  revision_requested: "Revision Requested",
  awaiting_review: "Awaiting Review",
  sending: "Sending",
  in_progress: "In Progress",
  sent: "Sent",
  refunded: "Refunded",
  awaiting_payment: "Awaiting Payment",
};

/** The admin's turn stands out (filled), the problems in the danger colour; the rest are quiet outlines. */
const STATE_LOOKS: Record<AdminState, string> = {
  needs_attention: "border-destructive bg-destructive text-destructive-foreground",
  ai_failed: "border-destructive bg-destructive text-destructive-foreground",
  failed: "border-danger text-danger",
  revision_requested: "border-primary bg-primary text-primary-foreground",
  awaiting_review: "border-primary bg-primary text-primary-foreground",
  sending: "border-primary/60 text-foreground",
  in_progress: "border-border text-foreground",
  sent: "border-success text-success",
  refunded: "border-border text-muted-foreground",
  awaiting_payment: "border-border text-muted-foreground",
};

export function StateBadge({ state }: { state: AdminState }) {
  return (
    <span className={`${pill} ${STATE_LOOKS[state] ?? ""}`} data-state={state} data-testid="state-badge">
      {STATE_LABELS[state] ?? state}
    </span>
  );
}

/**
 * The list's Status cell: one badge per state. The spec's status, and under it the state when it adds something; a
 * state that says the same as the status (Failed, Revision Requested) is one badge, and a refunded profile shows only
 * "Refunded" (a refund closes the order whatever the profile's status, so a green "Completed" beside it would
 * contradict it). The single badge carries both `data-status` and `data-state`.
 */
export function StatusAndState({ status, state }: { status: ProfileStatus; state: AdminState }) {
  if (state === "refunded" || STATE_LABELS[state] === STATUS_LABELS[status]) {
    return (
      <span className={`${pill} ${STATE_LOOKS[state] ?? ""}`} data-status={status} data-state={state} data-testid="state-badge" title={`Status: ${STATUS_LABELS[status] ?? status}`}>
        {STATE_LABELS[state] ?? state}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={status} />
      <StateBadge state={state} />
    </div>
  );
}

/** Spec: "Sent (with relative time), Not Sent, Unknown". */
export function EmailBadge({ sent, sentAt, now }: { sent: boolean | null; sentAt: string | null; now: Date }) {
  if (sent === true) {
    return (
      <span className={`${pill} border-success text-success`} title={sentAt ? formatDateTime(sentAt) : undefined} data-testid="email-badge">
        Sent{sentAt ? ` ${timeAgo(new Date(sentAt), now)}` : ""}
      </span>
    );
  }
  if (sent === false) {
    return (
      <span className={`${pill} border-border text-muted-foreground`} data-testid="email-badge">
        Not Sent
      </span>
    );
  }
  return (
    <span className={`${pill} border-border text-muted-foreground`} data-testid="email-badge">
      Unknown
    </span>
  );
}

/** A deadline counts while something is still due: the admin's turn or the machine's (a revision's is its own). */
const DUE = new Set<AdminState>([...ACTION_STATES, ...MOVING_STATES]);

const NOT_DUE: Partial<Record<AdminState, string>> = { sent: "Delivered", refunded: "Refunded" };

/** Time left to the delivery deadline, or how long it is overdue (in the danger colour); "—" when nothing is due. */
export function DeadlineText({ deadline, state, now }: { deadline: string | null; state: AdminState; now: Date }) {
  if (!DUE.has(state) || !deadline) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{NOT_DUE[state] ?? "No deadline"}</span>
      </span>
    );
  }
  const left = deadlineLeft(new Date(deadline), now);
  return (
    <time dateTime={deadline} title={formatDateTime(deadline)} className={`whitespace-nowrap ${left.overdue ? "font-semibold text-danger" : ""}`} data-overdue={left.overdue}>
      {left.text}
    </time>
  );
}

export function planTitle(plan: PlanId | null): string {
  return plan ? (PLANS[plan]?.title ?? plan) : "—";
}

export function appLabel(app: string): string {
  return DATING_APP_LABELS[app as DatingApp] ?? app;
}
