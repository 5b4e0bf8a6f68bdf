/**
 * Upload benchmark: submissions of six 12-megapixel JPEGs (about 4 MB each) to POST /api/profiles, first one after
 * another, then 5 at a time. Prints p50/p95 per submission and the server's peak memory (VmHWM).
 *
 *   bun scripts/bench-upload.ts                      starts the real server on a temp database and measures it
 *   bun scripts/bench-upload.ts http://host:3000 --pid 1234   targets a running server (peak memory needs its pid)
 *
 * Targets (issue 4): p50 under 2.5 s, peak RSS under 350 MB, no errors. Exits non-zero when a target is missed.
 */
import { readFileSync } from "node:fs";
import { noisyJpeg } from "../src/testing/test-images.ts";
import { startServer, type RunningServer } from "../src/testing/server.ts";

const SEQUENTIAL = 8;
const PARALLEL = 5;
const PARALLEL_ROUNDS = 2;
const TARGET_P50_MS = 2500;
const TARGET_RSS_MB = 350;

const args = process.argv.slice(2);
const pidArg = args.indexOf("--pid");
const targetUrl = args.find((a) => /^https?:\/\//.test(a));

let server: RunningServer | undefined;
let baseUrl: string;
let pid: number | undefined;
if (targetUrl) {
  baseUrl = targetUrl.replace(/\/+$/, "");
  pid = pidArg >= 0 ? Number(args[pidArg + 1]) : undefined;
} else {
  // One address sends everything here: the anonymous rate limits are raised as for a load test.
  server = await startServer({ RATE_LIMIT_SCALE: "1000" });
  baseUrl = server.url;
  pid = server.proc.pid;
}

function memory(): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

console.log("generating six 12-megapixel JPEGs...");
const photos = await Promise.all(Array.from({ length: 6 }, () => noisyJpeg(4000, 3000)));
const totalMb = photos.reduce((n, p) => n + p.length, 0) / 1024 / 1024;
console.log(`photos: ${photos.map((p) => `${(p.length / 1024 / 1024).toFixed(1)} MB`).join(", ")} (${totalMb.toFixed(1)} MB per submission)`);
console.log(`server: ${baseUrl}${pid ? ` (pid ${pid})` : " (pid unknown: no memory figures)"}; before: ${fmtMemory()}`);

let errors = 0;
async function submit(n: number): Promise<number> {
  const form = new FormData();
  form.append("profile", JSON.stringify({ email: `bench${n}@example.com`, dating_app: "tinder", bio: "Benchmark profile, six photos." }));
  photos.forEach((p, i) => form.append("photos", new File([new Uint8Array(p)], `photo-${i + 1}.jpg`, { type: "image/jpeg" })));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/profiles`, { method: "POST", body: form });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 201) {
    errors++;
    console.error(`submission ${n}: ${res.status} ${body.slice(0, 200)}`);
  }
  return ms;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function summary(label: string, times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  console.log(`${label}: n=${times.length} p50 ${(p50 / 1000).toFixed(2)} s, p95 ${(percentile(sorted, 95) / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s; ${fmtMemory()}`);
  return p50;
}
function fmtMemory(): string {
  const m = memory();
  return m ? `server RSS ${m.rssMb.toFixed(0)} MB, peak ${m.peakMb.toFixed(0)} MB` : "memory unknown";
}

let n = 0;
await submit(n++); // warm-up: first-request costs (sharp's libraries, JIT) are not what a customer sees twice
const sequential: number[] = [];
for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await submit(n++));
const p50Sequential = summary("sequential", sequential);

const parallel: number[] = [];
for (let round = 0; round < PARALLEL_ROUNDS; round++) {
  parallel.push(...(await Promise.all(Array.from({ length: PARALLEL }, () => submit(n++)))));
}
const p50Parallel = summary(`${PARALLEL} in parallel`, parallel);

const peak = memory()?.peakMb;
console.log(`errors: ${errors}`);
const missed = [
  p50Sequential > TARGET_P50_MS ? `sequential p50 over ${TARGET_P50_MS / 1000} s` : "",
  p50Parallel > TARGET_P50_MS ? `parallel p50 over ${TARGET_P50_MS / 1000} s` : "",
  peak !== undefined && peak > TARGET_RSS_MB ? `peak RSS over ${TARGET_RSS_MB} MB` : "",
  errors > 0 ? `${errors} error(s)` : "",
].filter(Boolean);
console.log(missed.length ? `targets missed: ${missed.join("; ")}` : "all targets met");

await server?.cleanup();
process.exit(missed.length ? 1 : 0);
