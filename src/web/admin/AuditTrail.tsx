import { formatDateTime } from "./time.ts";
import type { AuditEntry } from "./types.ts";

/** Who did what to this profile and when, newest first. Read only: the server never changes an entry. */
export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="review-audit-heading" data-testid="review-audit">
      <h3 id="review-audit-heading" className="text-lg font-semibold">
        Audit Trail
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No administrator has acted on this profile yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-border rounded-lg border border-border text-sm">
          {entries.map((e, i) => (
            <li key={i} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr]">
              <time dateTime={e.at} className="text-muted-foreground">
                {formatDateTime(e.at)}
              </time>
              <p className="break-words">
                <span className="font-medium">{e.admin ?? "System"}</span> <span>{e.action}</span>
                {e.detail && <span className="text-muted-foreground">: {e.detail}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
