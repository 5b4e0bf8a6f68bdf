/**
 * `npm test`: everything, in order: typecheck, asset build, the unit and integration tests, then the browser tests
 * under src/e2e/; each set of test files is shared out to parallel `bun test` workers by the durations recorded in
 * scripts/test-timings.json, and a worker that runs out takes over files another has not started.
 * `npm run test:fast` (`--fast`): the same without the browser tests, for the inner loop.
 * Arguments go to one `bun test` run over whatever they select instead: `npm test -- src/api`, `npm run test:fast --
 * -t refund`, or `npm test -- --update-timings` to record the files' durations again after test files were added or
 * reshaped.
 * Ends with one line `N passed, N failed` and exits non-zero when anything failed; a crashed worker fails its file.
 */
import { join } from "node:path";
import { ROOT_DIR } from "../src/ssr/assets.ts";
import { buildAssets } from "./build.ts";

const fast = process.argv.includes("--fast");
const extraArgs = process.argv.slice(2).filter((arg) => arg !== "--fast");

const BUN_TEST = [
  process.execPath,
  "test",
  // A test may wait its turn for a core behind the other workers: 30 s rather than bun's 5 s.
  "--timeout=30000",
  `--timings=${join(ROOT_DIR, "scripts/test-timings.json")}`,
];
// Three workers on two cores for both sets (PARALLEL overrides it, e.g. PARALLEL=2 on a busy machine). The browser
// tests keep both cores busy with three (Chromium is four fifths of their CPU time): five took 215 s instead of 197.
const UNIT_WORKERS = Number(process.env.PARALLEL ?? 3);
const BROWSER_WORKERS = Number(process.env.PARALLEL ?? 3);
const WITHOUT_BROWSER = "--path-ignore-patterns=src/e2e/**";
// The unit and API files share each worker's module registry (bun's --no-isolate): loading the modules again for each
// of 114 files was about a third of their CPU time. Each file restores what it changes (globals, timers, the
// environment); the browser files keep their isolation, each with a server and a browser of its own.
const SHARED_MODULES = "--no-isolate";
const BROWSER = "./src/e2e/";

function finish(passed: number, failed: number): never {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

/** Runs `bun test` with its output passed through, and returns the counts of its summary. */
async function bunTest(args: string[]): Promise<{ passed: number; failed: number }> {
  const browser = args.includes(BROWSER);
  const workers = browser ? BROWSER_WORKERS : UNIT_WORKERS;
  const run = Bun.spawn([...BUN_TEST, `--parallel=${workers}`, ...(args.includes(WITHOUT_BROWSER) ? [SHARED_MODULES] : []), ...args], { cwd: ROOT_DIR, stdout: "inherit", stderr: "pipe", env: { ...process.env, NODE_ENV: "test" } });
  let report = "";
  const decoder = new TextDecoder();
  for await (const chunk of run.stderr) {
    const text = decoder.decode(chunk, { stream: true });
    report += text;
    process.stderr.write(text);
  }
  const code = await run.exited;
  const passed = Number(/^\s*(\d+) pass$/m.exec(report)?.[1] ?? 0);
  const failed = Number(/^\s*(\d+) fail$/m.exec(report)?.[1] ?? 0);
  // A crash before the summary still counts as a failure.
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed };
}

const started = performance.now();
/** Seconds since the start, for the phase lines that show where the time goes. */
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const tsc = Bun.spawnSync([join(ROOT_DIR, "node_modules/.bin/tsc"), "--noEmit", "-p", ROOT_DIR], { stdout: "inherit", stderr: "inherit" });
if (tsc.exitCode !== 0) {
  console.error("typecheck failed");
  finish(0, 1);
}
console.log(`typecheck: clean (${elapsed()})`);

await buildAssets();
console.log(`assets built (${elapsed()})`);

let runs: string[][];
if (extraArgs.length > 0) runs = [fast ? [WITHOUT_BROWSER, ...extraArgs] : extraArgs];
// One set after the other: beside the browsers, the unit tests that measure time would be starved of the cores.
else runs = fast ? [[WITHOUT_BROWSER]] : [[WITHOUT_BROWSER], [BROWSER]];

let passed = 0;
let failed = 0;
for (const args of runs) {
  const counts = await bunTest(args);
  passed += counts.passed;
  failed += counts.failed;
  console.log(`${args.includes(BROWSER) ? "browser" : "unit and API"} tests done (${elapsed()})`);
}
finish(passed, failed);
