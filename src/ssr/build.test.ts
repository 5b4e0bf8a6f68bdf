/**
 * The browser assets are named by their content (scripts/build.ts): a build of unchanged sources names every file as
 * the build before did, so a returning visitor's cache still holds them after a deployment. Two whole builds, each
 * into a folder of its own (never public/assets/, which the suite's servers read): one of the slow files. Each build
 * runs in a process of its own: the build loads react-dom/client to read its exports, and loaded without a DOM in the
 * module registry the unit tests share, it would listen to no input events in the component tests after it.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { AssetManifest } from "./assets.ts";
import { ROOT_DIR } from "./assets.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
async function buildInto(outDir: string): Promise<AssetManifest> {
  const script = `const { buildAssets } = await import(${JSON.stringify(join(ROOT_DIR, "scripts/build.ts"))}); console.log(JSON.stringify(await buildAssets({ outDir: ${JSON.stringify(outDir)} })));`;
  const run = Bun.spawn([process.execPath, "-e", script], { cwd: ROOT_DIR, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  if (code !== 0) throw new Error(`the build failed (${code}): ${err}`);
  return JSON.parse(out) as AssetManifest;
}

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-"));
  dirs.push(dir);
  return dir;
};

test("two builds of the same sources give every file the same name and the same bytes", async () => {
  const [a, b] = [folder(), folder()];
  const first = await buildInto(a);
  const second = await buildInto(b);
  expect(second).toEqual(first);
  expect(Object.keys(first.islands).length).toBeGreaterThan(5);
  for (const url of first.files) expect({ url, same: readFileSync(join(b, basename(url))).equals(readFileSync(join(a, basename(url)))) }).toEqual({ url, same: true });
  // What the server reads is in the folder too.
  expect(JSON.parse(readFileSync(join(a, "manifest.json"), "utf8"))).toEqual(first);
}, 60_000);
