import { useEffect, useRef, useState } from "react";
import type { AdminOutcomesAnswer, OutcomeGroup, OutcomeSummary } from "../../shared/api/outcomes.ts";
import { apiGet, messageOf } from "../api.ts";
import { Link } from "react-router";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { LoadError } from "./LoadError.tsx";
import { TableHead } from "./TableHead.tsx";
import { formatDateTime } from "./time.ts";

type Read = { state: "loading" } | { state: "loaded"; data: AdminOutcomesAnswer } | { state: "failed"; message: string };

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** "+3 (90% interval +1 to +5)", or why there is no median. */
function summaryText(s: OutcomeSummary, unit: "change" | "ratio", min: number): string {
  if (!s.enough) return s.n === 0 ? "no answers yet" : `not enough data yet (fewer than ${min} answers)`;
  const f = unit === "change" ? signed : (n: number) => `×${n}`;
  return `${f(s.median)} (90% interval ${f(s.interval[0])} to ${f(s.interval[1])})`;
}

/**
 * /admin/outcomes (issue 32), for owners and writers: what customers told us about their results, before and after.
 * Response rate, the change in matches a week and after ÷ before as medians with their 90% bootstrap intervals and n
 * (overall, per plan, per app, by the parts used, by elite's bio version), the distribution as a chart the server drew (with the same in words and as a table),
 * the comments, and the CSV. Below 10 answers it says there is not enough data rather than a median.
 */
export function Outcomes() {
  const [read, setRead] = useState<Read>({ state: "loading" });
  const [reads, setReads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let cancelled = false;
    apiGet<AdminOutcomesAnswer>("/api/admin/outcomes")
      .then((data) => !cancelled && data && setRead({ state: "loaded", data }))
      .catch((err) => !cancelled && setRead({ state: "failed", message: messageOf(err, "The outcomes could not be read.") }));
    return () => {
      cancelled = true;
    };
  }, [reads]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 ref={heading} tabIndex={-1} data-admin-page="outcomes" className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            Outcomes
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            What customers told us: their matches in the 7 days before using the result and in the 7 days some weeks after, which parts they used,
            and their rating. Every answer counts, good or bad.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin" className={buttonClass("outline", "sm")}>
            Back to the dashboard
          </Link>
          <a href="/api/admin/outcomes.csv" download className={buttonClass("outline", "sm")}>
            Download CSV
          </a>
        </div>
      </div>

      {read.state === "loading" && <Spinner label="Loading the outcomes..." />}
      {read.state === "failed" && (
        <LoadError
          message={read.message}
          onRetry={() => {
            setRead({ state: "loading" });
            setReads((n) => n + 1);
          }}
        />
      )}
      {read.state === "loaded" && <OutcomesReport data={read.data} />}
    </div>
  );
}

/** The page once the figures are read: what the browser draws, and what its tests render on the server. */
export function OutcomesReport({ data }: { data: AdminOutcomesAnswer }) {
  const min = data.min_for_median;
  const rate = data.response_rate === null ? "no follow-up sent yet" : `${Math.round(data.response_rate * 100)}%`;
  return (
    <>
      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="outcome-figures">
        <Figure label="Response rate" value={rate} note={`${data.answers} of ${data.follow_ups_sent} follow-ups answered`} />
        <Figure
          label="Change in matches a week (median)"
          value={data.change.enough ? signed(data.change.median) : "Not enough data yet"}
          note={data.change.enough ? `90% interval ${signed(data.change.interval[0])} to ${signed(data.change.interval[1])}, n = ${data.change.n}` : `n = ${data.change.n}; a median needs ${min} answers`}
        />
        <Figure
          label="After ÷ before (median)"
          value={data.ratio.enough ? `×${data.ratio.median}` : "Not enough data yet"}
          note={data.ratio.enough ? `90% interval ×${data.ratio.interval[0]} to ×${data.ratio.interval[1]}, n = ${data.ratio.n} (before above 0)` : `n = ${data.ratio.n}; a median needs ${min} answers`}
        />
      </dl>

      {!data.change.enough && (
        <p className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm" data-testid="not-enough-data">
          There is not enough data yet: {data.change.n} {data.change.n === 1 ? "answer has" : "answers have"} a before and an after. The median and its
          interval show from {min} answers; until then any figure would be noise.
        </p>
      )}

      {data.chart && (
        <section aria-labelledby="distribution-heading" className="mt-10">
          <h2 id="distribution-heading" className="text-xl font-semibold">
            Distribution of the change
          </h2>
          {/* Drawn on the server from numbers only (src/outcomes/chart.tsx); its colours follow the theme. */}
          <figure className="mt-3 rounded-lg border border-border p-3" data-testid="outcome-chart">
            <div dangerouslySetInnerHTML={{ __html: data.chart.svg }} />
            <figcaption className="mt-2 text-sm text-muted-foreground" data-testid="outcome-chart-text">
              {data.chart.text}
            </figcaption>
          </figure>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium">The chart as a table</summary>
            <div role="region" aria-label="Distribution as a table" tabIndex={0} className="mt-2 overflow-x-auto rounded-lg border border-border">
              <table className="w-full text-left text-sm">
                <TableHead columns={["Change in matches a week", { name: "Customers", numeric: true }]} />
                <tbody>
                  {data.chart.bins.map((b) => (
                    <tr key={b.from} className="border-t border-border">
                      <td className="px-3 py-2">{b.from === b.to ? signed(b.from) : `${signed(b.from)} to ${signed(b.to)}`}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{b.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      )}

      <Groups title="Per plan" groups={data.by_plan} min={min} />
      <Groups title="Per app" groups={data.by_app} min={min} />
      <Groups title="By the part used" groups={data.by_part} min={min} />
      <Groups title="By the elite bio version used" groups={data.by_bio_version} min={min} />

      <section aria-labelledby="comments-heading" className="mt-10">
        <h2 id="comments-heading" className="text-xl font-semibold">
          Comments
        </h2>
        {data.comments.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No comments yet.</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="outcome-comments">
            {data.comments.map((c, i) => (
              <li key={`${c.at}-${i}`} className="rounded-lg border border-border p-4">
                <p className="whitespace-pre-wrap">{c.comment}</p>
                <p className="mt-2 text-xs text-muted-foreground">
                  {c.plan}, {c.app}
                  {c.rating !== null ? `, rated ${c.rating} of 5` : ""}, <time dateTime={c.at}>{formatDateTime(c.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="mt-10 text-sm text-muted-foreground" data-testid="public-sentence">
        {data.public_sentence
          ? `The home and pricing pages say: “${data.public_sentence}”.`
          : `The home and pricing pages say nothing about outcomes until ${data.min_for_public} customers have answered with a before and an after.`}
      </p>
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

function Groups({ title, groups, min }: { title: string; groups: OutcomeGroup[]; min: number }) {
  const id = `outcomes-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div role="region" aria-labelledby={id} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <TableHead
            columns={["Group", { name: "n, change", numeric: true }, { name: "n, after ÷ before", numeric: true }, "Change in matches a week (median)", "After ÷ before (median)"]}
          />
          <tbody>
            {groups.map((g) => (
              <tr key={g.label} className="border-t border-border">
                <th scope="row" className="px-3 py-2 font-medium">
                  {g.label}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{g.change.n}</td>
                <td className="px-3 py-2 text-right tabular-nums">{g.ratio.n}</td>
                <td className="px-3 py-2">{summaryText(g.change, "change", min)}</td>
                <td className="px-3 py-2">{summaryText(g.ratio, "ratio", min)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
