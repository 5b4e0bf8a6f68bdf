/**
 * `npm test`: everything, in order: typecheck, asset build, then `bun test` (unit, integration and browser tests).
 * Ends with one line `N passed, N failed` and exits non-zero when anything failed.
 */
import { join } from "node:path";
import { ROOT_DIR } from "../src/ssr/assets.ts";
import { buildAssets } from "./build.ts";

const extraArgs = process.argv.slice(2);

function finish(passed: number, failed: number): never {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const tsc = Bun.spawnSync([join(ROOT_DIR, "node_modules/.bin/tsc"), "--noEmit", "-p", ROOT_DIR], { stdout: "inherit", stderr: "inherit" });
if (tsc.exitCode !== 0) {
  console.error("typecheck failed");
  finish(0, 1);
}
console.log("typecheck: clean");

await buildAssets();

const run = Bun.spawn([process.execPath, "test", ...extraArgs], {
  cwd: ROOT_DIR,
  stdout: "inherit",
  stderr: "pipe",
  env: { ...process.env, NODE_ENV: "test" },
});

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
finish(passed, code !== 0 && failed === 0 ? 1 : failed);
