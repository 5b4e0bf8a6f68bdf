import { PLANS, type PlanId } from "../../orders/plans.ts";
import { DATING_APP_LABELS, type DatingApp } from "../../profiles/options.ts";
import type { ProfileStatus } from "../../profiles/statuses.ts";
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

/** Time left to the delivery deadline, or how long it is overdue (in the danger colour); "—" once released or unpaid. */
export function DeadlineText({ deadline, released, now }: { deadline: string | null; released: boolean; now: Date }) {
  if (released || !deadline) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{released ? "Delivered" : "No deadline"}</span>
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
