/**
 * `npm test`: everything: the typecheck (beside the asset build and the unit tests), the unit and integration tests, then the browser tests
 * under src/e2e/; each set of test files is shared out to parallel `bun test` workers by the durations recorded in
 * scripts/test-timings.json, and a worker that runs out takes over files another has not started.
 * `npm run test:fast` (`--fast`): the same without the browser tests, for the inner loop.
 * Arguments go to one `bun test` run over whatever they select instead: `npm test -- src/api`, `npm run test:fast --
 * -t refund`. `npm test -- --update-timings` runs the usual sets and records the files' durations again, after test
 * files were added or reshaped.
 * The number of parallel workers follows the machine: its cores and what other processes keep busy when a set starts
 * (`PARALLEL=N` overrides it). The summary lists the ten slowest tests (a browser test with its limit), so a test that
 * drifts toward its limit is seen long before it fails.
 * Ends with one line `N passed, N failed (…workers…)` and exits non-zero when anything failed; a crashed worker fails
 * its file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT_DIR } from "../src/ssr/assets.ts";
import { buildAssets } from "./build.ts";

const fast = process.argv.includes("--fast");
/**
 * `--update-timings` goes to every `bun test` run, each set recording its files' durations as that set runs them (its
 * workers, its flags): alone it refreshes scripts/test-timings.json over the usual sets, not over one run that
 * mixes them.
 */
const UPDATE_TIMINGS = "--update-timings";
const updateTimings = process.argv.includes(UPDATE_TIMINGS);
const extraArgs = process.argv.slice(2).filter((arg) => arg !== "--fast" && arg !== UPDATE_TIMINGS);

const BUN_TEST = [process.execPath, "test", `--timings=${join(ROOT_DIR, "scripts/test-timings.json")}`];
// A unit test may wait its turn for a core behind the other workers: 30 s rather than bun's 5 s. A browser test has its
// own limit in fair time (src/testing/browser.ts); bun's applies to the files' hooks (a server and a browser to start).
const UNIT_TIMEOUT = "--timeout=30000";
const BROWSER_TIMEOUT = "--timeout=120000";
/**
 * Cores that other processes keep busy now: the share of the machine's CPU time not idle over 0.3 s, from
 * /proc/stat (read between two sets, when none of ours runs), else the one-minute load average.
 */
async function busyCores(cores: number): Promise<number> {
  const sample = () => {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are a core with nothing to run.
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), idle: fields[3]! + fields[4]! };
  };
  if (!existsSync("/proc/stat")) return Math.min(cores, loadavg()[0]!);
  const a = sample();
  await Bun.sleep(300);
  const b = sample();
  const total = b.total - a.total;
  return total > 0 ? cores * (1 - (b.idle - a.idle) / total) : 0;
}

/**
 * Workers for a set: half again as many as the cores free of other work (a browser test waits on its pages and server
 * a third of its time: three workers on two idle cores took 197 s where five took 215), at least one, at most one
 * more than the cores. PARALLEL=N sets it.
 */
async function workersFor(): Promise<{ workers: number; why: string }> {
  const cores = availableParallelism();
  if (process.env.PARALLEL !== undefined) {
    const workers = Number(process.env.PARALLEL);
    if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
      console.error(`PARALLEL must be a whole number of workers from 1 to 64, not "${process.env.PARALLEL}"`);
      process.exit(2);
    }
    return { workers, why: "PARALLEL" };
  }
  const busy = await busyCores(cores);
  const free = Math.max(0, cores - busy);
  // Two cores free: 3; one (another process spins on the other): 2, since the scheduler shares the cores per task and
  // one worker left a core's worth of our time to the other process (579 s against a busy core with one worker).
  const workers = Math.max(1, Math.min(cores + 1, Math.round(free * 1.5 + 0.3)));
  return { workers, why: `${cores} cores, ${busy.toFixed(1)} busy with other work` };
}
const WITHOUT_BROWSER = "--path-ignore-patterns=src/e2e/**";
/**
 * What the inner loop leaves to `npm test`: the files that run a whole subsystem over and over, a third of the unit and
 * API tests' CPU time between them. `npm run test:fast -- <file>` runs one of them by name.
 */
const SLOW_FILES = [
  // 200 generated profiles through the whole local optimiser, photos included.
  "src/optimiser/sweep.test.ts",
  // The face model on real photographs and their edited copies.
  "src/optimiser/photos/analyse.test.ts",
  "src/optimiser/photos/duplicates.test.ts",
  // The evaluation's photo part: sets of real photographs through the local optimiser and the face model.
  "src/optimiser/eval/photos.test.ts",
  // Real server processes started, signalled and restarted.
  "src/server.test.ts",
  // Backups and restores of a live database through the scripts.
  "src/ops/backup.test.ts",
  // The accounts script run as the shell runs it, each run hashing with argon2id at full cost (6.6 s of CPU).
  "src/admin/admin-user-script.test.ts",
  // Litestream replicating a real server to s3rver, killed, restored by the drill, started again from the replica.
  "src/ops/litestream.test.ts",
  // Two real servers on one database file working through 200 paid orders, and one restarted mid-upload on a shared uploads folder.
  "src/two-processes.test.ts",
  // The photo-moving script run eight times as the shell runs it (once killed midway), against s3rver.
  "src/photos/move.test.ts",
  // Every way photos are written, read and deleted, against a real s3rver started by the file.
  "src/photos/bucket.test.ts",
  // Two whole builds of the browser assets, each into a folder of its own.
  "src/ssr/build.test.ts",
];
const FAST_LANE = [WITHOUT_BROWSER, ...SLOW_FILES.map((file) => `--path-ignore-patterns=${file}`)];
// The unit and API files share each worker's module registry (bun's --no-isolate): loading the modules again for each
// of 114 files was about a third of their CPU time. Each file restores what it changes (globals, timers, the
// environment); the browser files keep their isolation, each with a server and a browser of its own.
const SHARED_MODULES = "--no-isolate";
const BROWSER = "./src/e2e/";

const ran: string[] = [];

/** The ten slowest tests, a browser test with its fair time (queueing for a core left out) and its limit. */
function slowest(): void {
  if (timed.length === 0) return;
  const harness = new Map<string, { fairMs: number; limitMs: number }>();
  if (existsSync(TIMES_FILE)) {
    for (const line of readFileSync(TIMES_FILE, "utf8").split("\n").filter(Boolean)) {
      const t = JSON.parse(line) as { name: string; fairMs: number; limitMs: number };
      harness.set(t.name, t);
    }
    rmSync(TIMES_FILE, { force: true });
  }
  console.log("slowest tests:");
  for (const t of timed.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    // bun names a test "describe > name"; the harness knows only the name.
    const h = [...harness.entries()].find(([name]) => t.name === name || t.name.endsWith(` > ${name}`))?.[1];
    const limit = h ? ` (fair ${(h.fairMs / 1000).toFixed(1)} s of its ${h.limitMs / 1000} s limit)` : "";
    console.log(`  ${(t.ms / 1000).toFixed(1).padStart(5)} s  ${t.file} › ${t.name.length > 110 ? `${t.name.slice(0, 109)}…` : t.name}${limit}`);
  }
}

function finish(passed: number, failed: number): never {
  slowest();
  leftBehind();
  // Named again at the end, where a CI log's tail shows them, however far above bun printed them.
  const failures = timed.filter((t) => t.failed);
  if (failures.length > 0) {
    console.log("failed tests:");
    for (const t of failures) console.log(`  ${t.file} › ${t.name}`);
  }
  console.log(`${passed} passed, ${failed} failed${ran.length ? ` (${ran.join("; ")})` : ""}`);
  process.exit(failed > 0 ? 1 : 0);
}

/** One test's time as bun reported it, with its file; a browser test's fair time and limit where its harness wrote them. */
interface Timed {
  file: string;
  name: string;
  ms: number;
  failed: boolean;
  fairMs?: number;
  limitMs?: number;
}
const timed: Timed[] = [];
const TIMES_FILE = join(tmpdir(), `browser-test-times-${process.pid}.jsonl`);
/**
 * The tests' temporary folder (their TMPDIR), one per run: what a test leaves in it (a folder it forgot, a browser
 * profile of a killed Chromium) is named in the summary and removed with it, not left in the system's for good.
 */
const RUN_TMP = mkdtempSync(join(tmpdir(), "test-run-"));

/** Names what the tests left in their temporary folder, then removes it. */
function leftBehind(): void {
  const left = readdirSync(RUN_TMP);
  if (left.length > 0) console.log(`left in the tests' temporary folder (removed now): ${left.length}: ${left.slice(0, 10).join(", ")}${left.length > 10 ? ", …" : ""}`);
  rmSync(RUN_TMP, { recursive: true, force: true });
}

/** Reads "(pass) describe > name [12.34ms]" lines under their "src/….test.ts:" headers. */
function readTimes(report: string): Timed[] {
  const out: Timed[] = [];
  let file = "";
  for (const line of report.split("\n")) {
    const header = /^(\S+\.test\.tsx?):$/.exec(line);
    if (header) file = header[1]!;
    // bun lists the failures again after the last file ("2 tests failed:"), under no header of their own.
    if (/^\d+ tests? failed:$/.test(line)) file = "";
    const result = /^\((pass|fail)\) (.*?)(?: \[([\d.]+)(ms|s)\])?$/.exec(line);
    if (result && file) out.push({ file, name: result[2]!, ms: Number(result[3] ?? 0) * (result[4] === "s" ? 1000 : 1), failed: result[1] === "fail" });
  }
  return out;
}

/** Runs `bun test` with its output passed through, and returns the counts of its summary. */
async function bunTest(args: string[], workers: number): Promise<{ passed: number; failed: number }> {
  const unit = args.includes(WITHOUT_BROWSER);
  const run = Bun.spawn([...BUN_TEST, unit ? UNIT_TIMEOUT : BROWSER_TIMEOUT, `--parallel=${workers}`, ...(unit ? [SHARED_MODULES] : []), ...(updateTimings ? [UPDATE_TIMINGS] : []), ...args], {
    cwd: ROOT_DIR,
    stdout: "inherit",
    stderr: "pipe",
    // The inner loop runs the order lifecycle's property test on 40 random sequences per provider (its bounds on paid,
    // refunded and crashed sequences held with room to spare over 8 seeds), `npm test` on 500 (about 15 s of CPU per
    // provider); PROPERTY_SEQUENCES set by hand wins.
    env: { PROPERTY_SEQUENCES: fast ? "40" : "500", ...process.env, NODE_ENV: "test", TEST_TIMES_FILE: TIMES_FILE, TMPDIR: RUN_TMP },
  });
  let report = "";
  const decoder = new TextDecoder();
  for await (const chunk of run.stderr) {
    const text = decoder.decode(chunk, { stream: true });
    report += text;
    process.stderr.write(text);
  }
  const code = await run.exited;
  timed.push(...readTimes(report));
  const passed = Number(/^\s*(\d+) pass$/m.exec(report)?.[1] ?? 0);
  const failed = Number(/^\s*(\d+) fail$/m.exec(report)?.[1] ?? 0);
  // A crash before the summary still counts as a failure.
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed };
}

const started = performance.now();
/** Seconds since the start, for the phase lines that show where the time goes. */
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

// What the machine can carry is read before anything of ours runs: the typecheck would count as other work.
const firstSetWorkers = await workersFor();

// The typecheck runs beside the asset build and the first set of tests (one core for about 5 s, where the tests leave
// gaps: an upload at 10 KB/s, servers starting); its verdict is awaited before the browser tests and counted at the end.
// Incremental: what it learnt of unchanged files is kept under node_modules/.cache (1.5 s instead of 5 s on a rerun).
// Single-threaded: TypeScript 7 checks on four threads by default, which took 12.4 s of CPU for a whole check
// against 5.7 s on one (6.9 s on the wall against 4.9 on an idle 2-core machine); the tests want the other core.
const tsc = Bun.spawn(
  [join(ROOT_DIR, "node_modules/.bin/tsc"), "--noEmit", "--singleThreaded", "--incremental", "--tsBuildInfoFile", join(ROOT_DIR, "node_modules/.cache/typecheck.tsbuildinfo"), "-p", ROOT_DIR],
  { stdout: "pipe", stderr: "pipe" },
);
const typecheck = (async () => {
  const [out, err, code] = await Promise.all([new Response(tsc.stdout).text(), new Response(tsc.stderr).text(), tsc.exited]);
  if (code === 0) console.log(`typecheck: clean (${elapsed()})`);
  else {
    process.stdout.write(out);
    process.stderr.write(err);
    console.error("typecheck failed");
  }
  return code === 0;
})();

await buildAssets();
console.log(`assets built (${elapsed()})`);

let runs: string[][];
if (extraArgs.length > 0) runs = [fast ? [WITHOUT_BROWSER, ...extraArgs] : extraArgs];
// One set after the other: beside the browsers, the unit tests that measure time would be starved of the cores.
else runs = fast ? [FAST_LANE] : [[WITHOUT_BROWSER], [BROWSER]];

let passed = 0;
let failed = 0;
let typecheckAwaited = false;
for (const args of runs) {
  // The browser set waits for the typecheck, which has had the first set's time.
  if (args.includes(BROWSER)) await typecheckCounted();
  const set = args.includes(BROWSER) ? "browser" : args.includes(WITHOUT_BROWSER) ? "unit and API" : "selected";
  const { workers, why } = args === runs[0] ? firstSetWorkers : await workersFor();
  console.log(`${set} tests: ${workers} workers (${why})`);
  const counts = await bunTest(args, workers);
  passed += counts.passed;
  failed += counts.failed;
  ran.push(`${set}: ${workers} workers${args === FAST_LANE ? `, ${SLOW_FILES.length} slow files left to npm test` : ""}`);
  console.log(`${set} tests done (${elapsed()})`);
}
await typecheckCounted();
finish(passed, failed);

/** Awaits the typecheck, once; a failed one counts as one failure. */
async function typecheckCounted(): Promise<void> {
  if (typecheckAwaited) return;
  typecheckAwaited = true;
  if (!(await typecheck)) failed += 1;
}
