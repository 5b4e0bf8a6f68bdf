/**
 * The browser assets are named by their content (scripts/build.ts): a build of unchanged sources names every file as
 * the build before did, so a returning visitor's cache still holds them after a deployment. Two whole builds, each
 * into a folder of its own (never public/assets/, which the suite's servers read): one of the slow files.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { buildAssets } from "../../scripts/build.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-"));
  dirs.push(dir);
  return dir;
};

test("two builds of the same sources give every file the same name and the same bytes", async () => {
  const [a, b] = [folder(), folder()];
  const first = await buildAssets({ outDir: a });
  const second = await buildAssets({ outDir: b });
  expect(second).toEqual(first);
  expect(Object.keys(first.islands).length).toBeGreaterThan(5);
  for (const url of first.files) expect({ url, same: readFileSync(join(b, basename(url))).equals(readFileSync(join(a, basename(url)))) }).toEqual({ url, same: true });
  // What the server reads is in the folder too.
  expect(JSON.parse(readFileSync(join(a, "manifest.json"), "utf8"))).toEqual(first);
}, 60_000);
