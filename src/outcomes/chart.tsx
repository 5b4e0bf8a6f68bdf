/**
 * The distribution of the change in matches a week, drawn on the server as SVG (issue 32): bars per bin, the median
 * marked, labelled axes. Its colours are the page's own CSS variables and `currentColor`, so it reads in the light and
 * the dark theme alike; the title and description name what it shows, and `chartText` says the same in words.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { Bin } from "./stats.ts";

const W = 640;
const H = 260;
const PAD = { left: 44, right: 12, top: 16, bottom: 48 };

export function binLabel(bin: Bin): string {
  const n = (v: number) => (v > 0 ? `+${v}` : String(v));
  return bin.from === bin.to ? n(bin.from) : `${n(bin.from)} to ${n(bin.to)}`;
}

/** The chart's text equivalent: one sentence per bin, and the median. */
export function chartText(bins: Bin[], median: number | null): string {
  const total = bins.reduce((n, b) => n + b.count, 0);
  const lines = bins.map((b) => `${binLabel(b)} matches a week: ${b.count} ${b.count === 1 ? "customer" : "customers"}`);
  return `Change in matches a week (after minus before) for ${total} ${total === 1 ? "customer" : "customers"}. ${lines.join("; ")}.${median === null ? "" : ` Median: ${median}.`}`;
}

export function distributionSvg(bins: Bin[], median: number | null): string {
  return renderToStaticMarkup(<Distribution bins={bins} median={median} />);
}

function Distribution({ bins, median }: { bins: Bin[]; median: number | null }) {
  const max = Math.max(1, ...bins.map((b) => b.count));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, bins.length);
  const y = (count: number) => PAD.top + plotH - (count / max) * plotH;
  const ticks = [...new Set([0, Math.round(max / 2), max])];
  const first = bins[0];
  const last = bins.at(-1);
  // The median's x: within its bin, by where it falls between the bin's bounds.
  const medianX =
    median === null || !first || !last
      ? null
      : PAD.left + Math.min(1, Math.max(0, (median - first.from + 0.5) / (last.to - first.from + 1))) * plotW;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby="outcome-chart-title outcome-chart-desc" style={{ maxWidth: `${W}px`, color: "var(--foreground)" }}>
      <title id="outcome-chart-title">Distribution of the change in matches a week</title>
      <desc id="outcome-chart-desc">{chartText(bins, median)}</desc>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--border)" strokeWidth={1} />
          <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize={12} fill="currentColor">
            {t}
          </text>
        </g>
      ))}
      {bins.map((b, i) => (
        <g key={b.from}>
          <rect x={PAD.left + i * slot + 3} y={y(b.count)} width={Math.max(1, slot - 6)} height={PAD.top + plotH - y(b.count)} fill="var(--primary)" rx={2} />
          <text x={PAD.left + i * slot + slot / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
            {binLabel(b)}
          </text>
        </g>
      ))}
      {medianX !== null && (
        <g>
          <line x1={medianX} x2={medianX} y1={PAD.top} y2={PAD.top + plotH} stroke="currentColor" strokeWidth={2} strokeDasharray="5 4" />
          <text x={medianX + 4} y={PAD.top + 12} fontSize={12} fill="currentColor">
            median {median}
          </text>
        </g>
      )}
      <text x={PAD.left + plotW / 2} y={H - 8} textAnchor="middle" fontSize={12} fill="currentColor">
        Change in matches a week (after minus before)
      </text>
    </svg>
  );
}
