import { useEffect, useState } from "react";
import type { ThroughputAnswer } from "../../shared/api/team.ts";
import { apiGet, messageOf } from "../api.ts";
import { TableHead } from "./TableHead.tsx";
import { formatDateTime } from "./time.ts";

const PLAN_LABELS = { basic: "Basic", premium: "Premium", elite: "Elite" } as const;

/**
 * The team's throughput (issue 29, item 4), read once with the dashboard: per writer and plan, profiles sent today and
 * this week and the median minutes from claim to send; the deadlines the queue is expected to miss, and how that is
 * estimated (src/admin/throughput.ts).
 */
export function Throughput({ reads }: { reads: number }) {
  const [data, setData] = useState<ThroughputAnswer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    apiGet<ThroughputAnswer>("/api/admin/throughput")
      .then((answer) => !cancelled && setData(answer))
      .catch((err) => !cancelled && setFailed(messageOf(err, "The throughput could not be read.")));
    return () => {
      cancelled = true;
    };
  }, [reads]);

  return (
    <section aria-labelledby="throughput-heading" className="space-y-3" data-testid="throughput">
      <h2 id="throughput-heading" className="text-xl font-semibold">
        Team throughput
      </h2>
      {failed && <p className="text-sm text-danger">{failed}</p>}
      {data && data.writers.length === 0 && <p className="text-sm text-muted-foreground">Nothing sent in the last 30 days yet.</p>}
      {data && data.writers.length > 0 && (
        <div role="region" aria-label="Sent per writer and plan" tabIndex={0} className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Writer", "Plan", { name: "Sent today", numeric: true }, { name: "This week", numeric: true }, { name: "Median minutes, claim to send", numeric: true }]} />
            <tbody>
              {data.writers.map((w) => (
                <tr key={`${w.writer}-${w.plan}`} className="border-t border-border">
                  <td className="px-3 py-2 break-all">{w.writer}</td>
                  <td className="px-3 py-2">{PLAN_LABELS[w.plan]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{w.sentToday}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{w.sentThisWeek}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{w.medianMinutes ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <div className="space-y-2 text-sm" data-testid="at-risk">
          <p>
            {data.estimate.atRisk.length === 0
              ? `No deadline at risk: ${data.estimate.queued} profile(s) waiting, ${data.estimate.activeWriters.length} writer(s) active today.`
              : `${data.estimate.atRisk.length} deadline(s) at risk of ${data.estimate.queued} profile(s) waiting, with ${data.estimate.activeWriters.length} writer(s) active today:`}
          </p>
          {data.estimate.atRisk.length > 0 && (
            <ul className="list-disc space-y-1 pl-5">
              {data.estimate.atRisk.map((r) => (
                <li key={r.profileId}>
                  {r.plan ? PLAN_LABELS[r.plan] : "Unknown plan"}, due {formatDateTime(r.deadlineAt)}
                  {r.expectedAt ? `, expected ${formatDateTime(r.expectedAt)} (${r.writer})` : ", nobody active to write it"} <span className="font-mono text-xs text-muted-foreground">{r.profileId}</span>
                </li>
              ))}
            </ul>
          )}
          <details>
            <summary className="cursor-pointer text-primary">How is this estimated?</summary>
            <p className="mt-2 max-w-prose text-muted-foreground">{data.estimate.method}</p>
          </details>
        </div>
      )}
    </section>
  );
}
