/**
 * Upload benchmark: POST /api/profiles under two kinds of load. Each scenario runs on a fresh server when the script
 * starts its own (so the server's peak memory, VmHWM, is that scenario's), and prints the machine's load average,
 * which matters on a shared box.
 *
 * throughput (issue 4): submissions of six 12-megapixel JPEGs (about 4 MB each), first one after another, then 5 at a
 *   time (five customers, each from their own address). Targets: p50 under 2.5 s, peak RSS under 350 MB, no errors.
 * hostile (issue 12): eight hostile clients, each from its own address, keep uploading six bomb-like PNGs (16-bit,
 *   50 megapixels, a few hundred kilobytes each) while a normal customer uploads six ordinary photos, several times
 *   over. Targets: the normal customer's p95 under 5 s, peak RSS under 400 MB. Also times the home page meanwhile.
 * hostile-at-cap: the same, but the hostile clients send the costliest photos still accepted (PNG, 16-bit PNG,
 *   interlaced PNG, AVIF and progressive JPEG at the decode budget of src/photos/decode-budget.ts), so every one is
 *   decoded: the worst a client can do within the limits. Same targets.
 * storage (issue 33, docs/operations.md, Capacity): `--submissions N` (3) submissions of the throughput scenario's
 *   photos, one after another, then the bytes the server's uploads folder holds per submission (photos and
 *   thumbnails). Only on a server the script starts, whose folder it reads; skipped with a URL.
 *
 *   bun scripts/bench-upload.ts [--only throughput|hostile|hostile-at-cap|storage] [--submissions N] [--server-env NAME=value …]
 *                                                        starts the server itself, per scenario
 *   bun scripts/bench-upload.ts http://host:3000 --pid 1234 [--only …]        targets a running server
 *
 * Addresses are told apart by X-Forwarded-For: a running server must trust it (TRUST_PROXY=1) and have its rate limits
 * raised (RATE_LIMIT_SCALE=1000), or every client is one address and most submissions are refused. Against a running
 * server the peak is the highest VmRSS sampled during the scenario (and VmHWM, which covers the process's whole life).
 * Exits non-zero when a target is missed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { decodeCost, MAX_DECODE_BYTES } from "../src/photos/decode-budget.ts";
import { noisyJpeg } from "../src/testing/test-images.ts";
import { startServer, type RunningServer } from "../src/testing/server.ts";

const SEQUENTIAL = 8;
const PARALLEL = 5;
const PARALLEL_ROUNDS = 2;
const HOSTILE_CLIENTS = 8;
const NORMAL_SUBMISSIONS = 8;
const TARGET_P50_MS = 2500;
const TARGET_RSS_MB = 350;
const TARGET_HOSTILE_P95_MS = 5000;
const TARGET_HOSTILE_RSS_MB = 400;

type Scenario = "throughput" | "hostile" | "hostile-at-cap" | "storage";
const SCENARIOS: Scenario[] = ["throughput", "hostile", "hostile-at-cap", "storage"];

const args = process.argv.slice(2);
const option = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const targetUrl = args.find((a) => /^https?:\/\//.test(a))?.replace(/\/+$/, "");
const only = option("--only") as Scenario | undefined;
// --server-env NAME=value (repeatable): more environment for the servers the script starts, e.g. glibc's allocator
// settings (docs/operations.md, Memory).
const serverEnv = Object.fromEntries(
  args.flatMap((a, i) => (args[i - 1] === "--server-env" && a.includes("=") ? [[a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]] : [])),
);
// The allocator settings the Dockerfile and the systemd unit run the service with (docs/operations.md, Memory), so
// the figures are production's; `--server-env MALLOC_ARENA_MAX=` measures without them.
const PRODUCTION_ALLOCATOR = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
if (only && !SCENARIOS.includes(only)) {
  console.error(`--only must be one of ${SCENARIOS.join(", ")}`);
  process.exit(2);
}
const storageSubmissions = Number(option("--submissions") ?? 3);
if (!Number.isInteger(storageSubmissions) || storageSubmissions < 1) {
  console.error("--submissions must be a whole number of at least 1");
  process.exit(2);
}
if (only === "storage" && targetUrl) {
  console.error("storage reads the uploads folder of a server the script starts: run it without a URL");
  process.exit(2);
}

interface Target {
  url: string;
  pid?: number;
  server?: RunningServer;
}

async function target(): Promise<Target> {
  if (targetUrl) return { url: targetUrl, pid: option("--pid") ? Number(option("--pid")) : undefined };
  // Everything comes from this machine: the addresses are told apart by X-Forwarded-For, and the limits raised.
  const server = await startServer({ RATE_LIMIT_SCALE: "1000", TRUST_PROXY: "1", ...PRODUCTION_ALLOCATOR, ...serverEnv });
  return { url: server.url, pid: server.proc.pid, server };
}

function memory(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Samples VmRSS every 25 ms until stopped: the peak of one scenario on a server that ran others before. */
function sampleRss(pid: number | undefined) {
  let max = 0;
  const timer = setInterval(() => (max = Math.max(max, memory(pid)?.rssMb ?? 0)), 25);
  return () => {
    clearInterval(timer);
    return max;
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type Photo = { data: Buffer; name: string; type: string };

/** One submission of `photos` from `address`; answers the time taken and the status. */
async function submit(url: string, photos: Photo[], address: string, n: number): Promise<{ ms: number; status: number; body: string }> {
  const form = new FormData();
  form.append("profile", JSON.stringify({ email: `bench${n}@example.com`, dating_app: "tinder", bio: "Benchmark profile, six photos." }));
  for (const p of photos) form.append("photos", new File([new Uint8Array(p.data)], p.name, { type: p.type }));
  const started = performance.now();
  const res = await fetch(`${url}/api/profiles`, { method: "POST", body: form, headers: { "X-Forwarded-For": address } });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

let ordinaryPhotos: Photo[] | undefined;
async function ordinary(): Promise<Photo[]> {
  if (!ordinaryPhotos) {
    console.log("generating six 12-megapixel JPEGs...");
    const jpegs = await Promise.all(Array.from({ length: 6 }, () => noisyJpeg(4000, 3000)));
    ordinaryPhotos = jpegs.map((data, i) => ({ data, name: `photo-${i + 1}.jpg`, type: "image/jpeg" }));
    console.log(`photos: ${jpegs.map((p) => `${(p.length / 1024 / 1024).toFixed(1)} MB`).join(", ")}`);
  }
  return ordinaryPhotos;
}

/**
 * Rows of a horizontal gradient, changing every `every` rows: with adaptive filtering PNG predicts each row from the
 * one above, so the file is small while decoding it is the full work (without it, a row longer than deflate's 32 KB
 * window does not compress against the one before).
 */
function bands(width: number, height: number, channels: 3 | 4 = 3, every = 64) {
  const pixels = Buffer.alloc(width * height * channels);
  const row = Buffer.alloc(width * channels);
  for (let y = 0; y < height; y++) {
    if (y % every === 0) {
      for (let x = 0; x < width * channels; x++) row[x] = x % channels === 3 ? 200 : ((x * 255) / (width * channels) + (y / every) * 37 + (x % channels) * 80) & 255;
    }
    row.copy(pixels, y * width * channels);
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

async function bombs(): Promise<Photo[]> {
  console.log("generating a 16-bit 50-megapixel PNG bomb...");
  // One gradient row repeated: each row after the first inflates from a few bytes.
  const png = await bands(7071, 7071, 3, 7071).toColourspace("rgb16").png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  console.log(`bomb: 7071 x 7071, 16-bit RGB, ${(png.length / 1024).toFixed(0)} KB (${((7071 * 7071 * 6) / 2 ** 20).toFixed(0)} MB of pixels)`);
  return Array.from({ length: 6 }, (_, i) => ({ data: png, name: `bomb-${i + 1}.png`, type: "image/png" }));
}

/** The costliest photos the decode budget still accepts, one of each kind it counts (and a second 8-bit PNG). */
async function atCap(): Promise<Photo[]> {
  // The largest square of each kind within the budget, from the budget's own per-pixel cost.
  const side = (header: Omit<Parameters<typeof decodeCost>[0], "width" | "height">) =>
    Math.floor(Math.sqrt(MAX_DECODE_BYTES / decodeCost({ ...header, width: 1, height: 1 }).bytes));
  const rgb = { channels: 3, depth: "uchar", isProgressive: false } as const;
  const png8 = side({ ...rgb, format: "png" });
  const png16 = side({ ...rgb, format: "png", depth: "ushort" });
  const interlaced = side({ ...rgb, format: "png", channels: 4, isProgressive: true });
  const avif = side({ ...rgb, format: "heif", compression: "av1" });
  const progressive = side({ ...rgb, format: "jpeg", isProgressive: true, chromaSubsampling: "4:2:0" });
  console.log(`generating photos at the decode budget (${MAX_DECODE_BYTES / 2 ** 20} MB)...`);
  const made: [string, string, Promise<Buffer>][] = [
    [`${png8}px-8bit.png`, "image/png", bands(png8, png8).png({ adaptiveFiltering: true }).toBuffer()],
    [`${png16}px-16bit.png`, "image/png", bands(png16, png16).toColourspace("rgb16").png({ adaptiveFiltering: true }).toBuffer()],
    [`${interlaced}px-interlaced.png`, "image/png", bands(interlaced, interlaced, 4).png({ progressive: true, adaptiveFiltering: true }).toBuffer()],
    [`${avif}px.avif`, "image/avif", bands(avif, avif).avif({ effort: 0 }).toBuffer()],
    [`${progressive}px-progressive.jpg`, "image/jpeg", bands(progressive, progressive).jpeg({ progressive: true, quality: 90 }).toBuffer()],
    [`${png8}px-8bit-2.png`, "image/png", bands(png8, png8).png({ adaptiveFiltering: true }).toBuffer()],
  ];
  const photos = await Promise.all(made.map(async ([name, type, data]) => ({ name, type, data: await data })));
  console.log(`at the budget: ${photos.map((p) => `${p.name} ${(p.data.length / 1024).toFixed(0)} KB`).join(", ")}`);
  return photos;
}

/** Issue 4's scenario: returns the targets missed. */
async function throughput(t: Target): Promise<string[]> {
  const photos = await ordinary();
  let errors = 0;
  let n = 0;
  const one = async (address: string) => {
    const r = await submit(t.url, photos, address, n++);
    if (r.status !== 201) {
      errors++;
      console.error(`submission ${n}: ${r.status} ${r.body.slice(0, 200)}`);
    }
    return r.ms;
  };
  await one("10.1.0.1"); // warm-up: first-request costs (sharp's libraries, JIT) are not what a customer sees twice
  const sequential: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await one("10.1.0.1"));
  const s = stats(sequential);
  console.log(`sequential: n=${sequential.length} p50 ${seconds(s.p50)}, p95 ${seconds(s.p95)}, max ${seconds(s.max)}`);
  const parallel: number[] = [];
  for (let round = 0; round < PARALLEL_ROUNDS; round++) {
    parallel.push(...(await Promise.all(Array.from({ length: PARALLEL }, (_, i) => one(`10.1.1.${i + 1}`)))));
  }
  const p = stats(parallel);
  console.log(`${PARALLEL} in parallel: n=${parallel.length} p50 ${seconds(p.p50)}, p95 ${seconds(p.p95)}, max ${seconds(p.max)}`);
  const peak = memory(t.pid)?.peakMb;
  console.log(`server peak RSS (VmHWM) ${peak?.toFixed(0) ?? "unknown"} MB; errors ${errors}`);
  return [
    s.p50 > TARGET_P50_MS ? `throughput: sequential p50 over ${TARGET_P50_MS / 1000} s` : "",
    p.p50 > TARGET_P50_MS ? `throughput: parallel p50 over ${TARGET_P50_MS / 1000} s` : "",
    peak !== undefined && peak > TARGET_RSS_MB ? `throughput: peak RSS over ${TARGET_RSS_MB} MB` : "",
    errors > 0 ? `throughput: ${errors} error(s)` : "",
  ];
}

/** Issue 33's figure: what the store keeps per submission (photos re-encoded at 2,048 px, thumbnails). */
async function storage(t: Target): Promise<string[]> {
  const photos = await ordinary();
  const sent = photos.reduce((sum, p) => sum + p.data.length, 0);
  let errors = 0;
  for (let i = 0; i < storageSubmissions; i++) {
    const r = await submit(t.url, photos, "10.3.0.1", i);
    if (r.status !== 201) {
      errors++;
      console.error(`submission ${i + 1}: ${r.status} ${r.body.slice(0, 200)}`);
    }
  }
  const uploads = join(t.server!.dir, "uploads");
  const files = readdirSync(uploads).filter((name) => name.endsWith(".jpg"));
  const size = (names: string[]) => names.reduce((sum, name) => sum + statSync(join(uploads, name)).size, 0);
  const thumbs = size(files.filter((name) => name.endsWith(".thumb.jpg")));
  const all = size(files);
  const stored = storageSubmissions - errors;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  console.log(`storage: ${stored} submission(s) of 6 photos (${mb(sent)} sent each) stored ${files.length} files, ${all.toLocaleString("en")} bytes`);
  if (stored > 0) {
    console.log(`storage: ${Math.round(all / stored).toLocaleString("en")} bytes (${mb(all / stored)}) per submission: photos ${mb((all - thumbs) / stored)}, thumbnails ${mb(thumbs / stored)}`);
  }
  return [errors > 0 ? `storage: ${errors} error(s)` : "", files.length !== stored * 12 ? `storage: ${files.length} files for ${stored} submission(s), not 12 each` : ""];
}

/** Issue 12's scenario, with `hostilePhotos` sent by each hostile client in a loop: returns the targets missed. */
async function hostile(t: Target, name: Scenario, hostilePhotos: Photo[]): Promise<string[]> {
  const photos = await ordinary();
  let errors = 0;
  let n = 0;
  const normal = async () => {
    const r = await submit(t.url, photos, "10.2.0.1", n++);
    if (r.status !== 201) {
      errors++;
      console.error(`normal submission: ${r.status} ${r.body.slice(0, 200)}`);
    }
    return r.ms;
  };
  await normal(); // warm-up, before the hostile clients start

  const hostileStatuses = new Map<number, number>();
  let hostileMessage = "";
  let stop = false;
  const stopSampling = sampleRss(t.pid);
  const hostileLoops = Array.from({ length: HOSTILE_CLIENTS }, async (_, i) => {
    while (!stop) {
      const r = await submit(t.url, hostilePhotos, `10.66.0.${i + 1}`, n++).catch(() => ({ ms: 0, status: 0, body: "" }));
      hostileStatuses.set(r.status, (hostileStatuses.get(r.status) ?? 0) + 1);
      if (r.status !== 201) hostileMessage ||= r.body.slice(0, 240);
    }
  });
  const home: number[] = [];
  const homeLoop = (async () => {
    while (!stop) {
      const started = performance.now();
      await (await fetch(`${t.url}/`, { headers: { "X-Forwarded-For": "10.2.0.2" } })).text();
      home.push(performance.now() - started);
      await Bun.sleep(250);
    }
  })();
  // Let every hostile client get going first.
  await Bun.sleep(1500);
  const times: number[] = [];
  for (let i = 0; i < NORMAL_SUBMISSIONS; i++) times.push(await normal());
  stop = true;
  await Promise.all([...hostileLoops, homeLoop]);
  const sampledPeak = stopSampling();

  const s = stats(times);
  const h = stats(home);
  const peak = t.server ? memory(t.pid)?.peakMb : sampledPeak || undefined;
  console.log(`${name}: normal customer n=${times.length} p50 ${seconds(s.p50)}, p95 ${seconds(s.p95)}, max ${seconds(s.max)}; errors ${errors}`);
  console.log(`${name}: home page n=${home.length} p50 ${seconds(h.p50)}, p95 ${seconds(h.p95)}`);
  console.log(`${name}: hostile submissions by status ${JSON.stringify(Object.fromEntries(hostileStatuses))}${hostileMessage ? `; e.g. ${hostileMessage}` : ""}`);
  console.log(`${name}: server peak RSS ${peak?.toFixed(0) ?? "unknown"} MB (${t.server ? "VmHWM of a fresh server" : "highest VmRSS sampled"}); load average ${load()}`);
  return [
    s.p95 > TARGET_HOSTILE_P95_MS ? `${name}: normal p95 over ${TARGET_HOSTILE_P95_MS / 1000} s` : "",
    peak !== undefined && peak > TARGET_HOSTILE_RSS_MB ? `${name}: peak RSS over ${TARGET_HOSTILE_RSS_MB} MB` : "",
    errors > 0 ? `${name}: ${errors} error(s)` : "",
  ];
}

const missed: string[] = [];
for (const scenario of SCENARIOS.filter((s) => !only || s === only)) {
  if (scenario === "storage" && targetUrl) {
    console.log("\n== storage == skipped: it reads the uploads folder of a server the script starts");
    continue;
  }
  const hostilePhotos = scenario === "hostile" ? await bombs() : scenario === "hostile-at-cap" ? await atCap() : [];
  const t = await target();
  console.log(`\n== ${scenario} == server ${t.url}${t.pid ? ` (pid ${t.pid})` : " (pid unknown: no memory figures)"}; load average ${load()}`);
  try {
    const run = scenario === "throughput" ? throughput(t) : scenario === "storage" ? storage(t) : hostile(t, scenario, hostilePhotos);
    missed.push(...(await run));
  } finally {
    await t.server?.cleanup();
  }
}
const failed = missed.filter(Boolean);
console.log(`\n${failed.length ? `targets missed: ${failed.join("; ")}` : "all targets met"} (load average ${load()})`);
process.exit(failed.length ? 1 : 0);
