import { useState, type RefObject } from "react";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { ACTIONS, runAction } from "./actions.ts";
import { appLabel, DeadlineText, EmailBadge, planTitle, StatusAndState } from "./badges.tsx";
import { formatDateTime } from "./time.ts";
import type { AdminListRow } from "./types.ts";
import { useNow } from "./use-now.ts";

const COLUMNS = ["ID", "Email", "Dating App", "Plan", "Status", "Email Status", "Deadline", "Created At", "Actions"] as const;

/** Spec section 4: the review dialog opens only for these; a failed profile offers Recover instead. */
export const REVIEWABLE = new Set(["completed", "revision_requested"]);

/**
 * The profiles table (spec: ID, Email, Dating App, Status, Email Status, Created At, Actions; plus Plan and Deadline).
 * Under the spec's status badge, what the admin has to do (src/shared/admin/review-state.ts): the spec's columns stay, and
 * the table still fits a 1280 px screen.
 * On a narrow screen it scrolls sideways inside its own focusable region, not the page.
 */
export function ProfileTable({
  regionRef,
  rows,
  busy,
  onReview,
  onChanged,
}: {
  regionRef: RefObject<HTMLDivElement | null>;
  rows: AdminListRow[];
  busy: boolean;
  onReview: (id: string) => void;
  onChanged: () => void;
}) {
  const toast = useToast();
  const now = useNow();
  const [recovering, setRecovering] = useState<string | null>(null);

  const recover = async (id: string) => {
    setRecovering(id);
    await runAction(id, "recover", toast);
    setRecovering(null);
    // The row's button goes when the list is read again: the keyboard stays in the table.
    regionRef.current?.focus();
    onChanged();
  };

  return (
    <div ref={regionRef} role="region" aria-labelledby="admin-profiles-caption" tabIndex={0} aria-busy={busy} className="relative mt-6 overflow-x-auto rounded-lg border border-border outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <table className="w-full min-w-[64rem] text-left text-sm" data-testid="admin-profiles">
        <caption id="admin-profiles-caption" className="sr-only">
          Profiles, most urgent first
        </caption>
        <thead className="bg-muted">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-10 text-center text-muted-foreground">
                No profiles found
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-border align-top" data-profile-id={row.id}>
              <td className="min-w-[13.5ch] px-3 py-2 font-mono text-xs break-all">{row.id}</td>
              <td className="px-3 py-2">
                {/* One line, never broken inside the address; a long one ends in an ellipsis, whole in its title and in the dialog. */}
                <span className="block max-w-72 truncate" title={row.email} data-testid="profile-email">
                  {row.email}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{appLabel(row.dating_app)}</td>
              <td className="px-3 py-2">{planTitle(row.plan_id)}</td>
              <td className="px-3 py-2">
                <StatusAndState status={row.status} state={row.state} />
                {row.claim && <p className="mt-1 text-xs text-muted-foreground" data-testid="claim">{row.claim.by} is writing this</p>}
                {row.to_write?.length > 0 && (
                  <p className="mt-1 max-w-56 text-xs text-muted-foreground" data-testid="row-to-write">
                    To write: {row.to_write.join(", ")}
                  </p>
                )}
              </td>
              <td className="px-3 py-2">
                <EmailBadge sent={row.email_sent} sentAt={row.email_sent_at} now={now} />
              </td>
              <td className="px-3 py-2">
                <DeadlineText deadline={row.deadline_at} state={row.state} now={now} />
              </td>
              <td className="px-3 py-2">
                <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
              </td>
              <td className="px-3 py-2">
                {REVIEWABLE.has(row.status) && (
                  <button type="button" onClick={() => onReview(row.id)} className={buttonClass("primary", "sm")}>
                    Review<span className="sr-only"> profile of {row.email}</span>
                  </button>
                )}
                {row.status === "failed" && (
                  <button type="button" onClick={() => recover(row.id)} disabled={recovering !== null} className={buttonClass("outline", "sm")}>
                    {recovering === row.id ? "Recovering..." : ACTIONS.recover.label}
                    <span className="sr-only"> profile of {row.email}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
