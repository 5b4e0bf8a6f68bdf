/**
 * Builds the browser assets: the client bundle (Bun.build) and the stylesheet (Tailwind v4), each named by a hash
 * of its content, under public/assets/, plus manifest.json naming them for the server.
 * Files from earlier builds are kept for an hour so a server still running an older manifest keeps serving them.
 */
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { ASSETS_DIR, MANIFEST_PATH, ROOT_DIR, type AssetManifest } from "../src/ssr/assets.ts";

const KEEP_OLD_ASSETS_MS = 60 * 60 * 1000;

export async function buildAssets({ dev = false }: { dev?: boolean } = {}): Promise<AssetManifest> {
  mkdirSync(ASSETS_DIR, { recursive: true });

  const bundle = await Bun.build({
    entrypoints: [join(ROOT_DIR, "src/client/entry.tsx")],
    outdir: ASSETS_DIR,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    splitting: true,
    target: "browser",
    minify: !dev,
    sourcemap: dev ? "linked" : "none",
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  });
  if (!bundle.success) {
    throw new AggregateError(bundle.logs, "client bundle failed");
  }
  const js = bundle.outputs.find((o) => o.kind === "entry-point");
  if (!js) throw new Error("client bundle produced no entry point");

  const tailwind = Bun.spawnSync(
    [process.execPath, join(ROOT_DIR, "node_modules/@tailwindcss/cli/dist/index.mjs"), "-i", join(ROOT_DIR, "src/styles.css"), ...(dev ? [] : ["--minify"])],
    { cwd: ROOT_DIR, stdout: "pipe", stderr: "pipe" },
  );
  if (tailwind.exitCode !== 0) throw new Error(`tailwind failed: ${tailwind.stderr.toString()}`);
  const css = tailwind.stdout;
  const cssName = `styles-${new Bun.CryptoHasher("sha256").update(css).digest("hex").slice(0, 12)}.css`;
  writeFileSync(join(ASSETS_DIR, cssName), css);

  const names = [cssName, ...bundle.outputs.map((o) => basename(o.path))];
  const manifest: AssetManifest = { js: `/assets/${basename(js.path)}`, css: `/assets/${cssName}`, files: names.map((n) => `/assets/${n}`) };
  writeFileSync(MANIFEST_PATH, JSON.stringify(manifest, null, 2));
  removeStaleAssets(new Set(names));
  return manifest;
}

function removeStaleAssets(keep: Set<string>): void {
  const cutoff = Date.now() - KEEP_OLD_ASSETS_MS;
  for (const name of readdirSync(ASSETS_DIR)) {
    const path = join(ASSETS_DIR, name);
    if (name === "manifest.json" || keep.has(name)) continue;
    if (statSync(path).mtimeMs < cutoff) unlinkSync(path);
  }
}

if (import.meta.main) {
  const started = performance.now();
  const manifest = await buildAssets({ dev: process.argv.includes("--dev") });
  console.log(`built ${manifest.js} and ${manifest.css} in ${(performance.now() - started).toFixed(0)}ms`);
}
