/**
 * Builds the browser assets: the shell script and one entry per island (Bun.build, shared code split into chunks)
 * and the stylesheet (Tailwind v4), each named by a hash of its content, under public/assets/, plus manifest.json
 * naming them for the server. Files from earlier builds are kept for an hour so a server still running an older
 * manifest keeps serving them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { ASSETS_DIR, MANIFEST_PATH, ROOT_DIR, type AssetManifest } from "../src/ssr/assets.ts";

const KEEP_OLD_ASSETS_MS = 60 * 60 * 1000;
const WEB_DIR = join(ROOT_DIR, "src/web");

export interface IslandModule {
  name: string;
  /** Absolute path of the module that declares it. */
  file: string;
}

/**
 * Every island: an `export const Name = island("Name", Component)` in a module under src/web (src/web/island.tsx).
 * The exported name and the island's name are one, and unique: the server finds the island's script by it.
 */
export function findIslands(): IslandModule[] {
  const found: IslandModule[] = [];
  for (const path of new Bun.Glob("**/*.tsx").scanSync(WEB_DIR)) {
    if (/\.test\.tsx$/.test(path) || path === "island.tsx") continue;
    const file = join(WEB_DIR, path);
    const text = readFileSync(file, "utf8");
    for (const [, exported, name] of text.matchAll(/export const (\w+) = island\("([^"]*)"/g)) {
      if (exported !== name) throw new Error(`${path}: the island "${name}" must be exported as ${name}, not ${exported}`);
      if (found.some((i) => i.name === name)) throw new Error(`${path}: a second island named ${name}`);
      found.push({ name: name!, file });
    }
    if (/\bisland\(/.test(text) && !/export const \w+ = island\(/.test(text)) {
      throw new Error(`${path} calls island() but does not export it as \`export const Name = island("Name", …)\``);
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Each island's browser entry, generated into `dir`: it imports the island and hydrates it. */
function writeIslandEntries(islands: IslandModule[], dir: string): string[] {
  return islands.map(({ name, file }) => {
    const path = join(dir, `${name}.ts`);
    writeFileSync(
      path,
      `import { hydrateIslands } from ${JSON.stringify(join(ROOT_DIR, "src/client/islands.tsx"))};\n` +
        `import { ${name} } from ${JSON.stringify(file)};\n` +
        `hydrateIslands(${JSON.stringify(name)}, ${name});\n`,
    );
    return path;
  });
}

/**
 * The parts of React the islands import. They are built on their own, into one file (`react-[hash].js`) that names
 * nothing of ours: its name changes only with React's version (or the bundler's), so a browser keeps it across our
 * releases, and every page with islands shares it (docs/decisions/142-react-in-the-browser.md).
 */
const REACT_MODULES: Record<string, string> = {
  react: "react",
  "react-dom": "reactDom",
  "react-dom/client": "reactDomClient",
  "react/jsx-runtime": "jsxRuntime",
  "react/jsx-dev-runtime": "jsxDevRuntime",
};

async function buildReact(dev: boolean, dir: string): Promise<string> {
  const entry = join(dir, "react.ts");
  writeFileSync(
    entry,
    Object.entries(REACT_MODULES)
      .map(([module, name]) => `import * as ${name} from ${JSON.stringify(Bun.resolveSync(module, ROOT_DIR))};\nexport { ${name} };\n`)
      .join(""),
  );
  const built = await Bun.build({
    entrypoints: [entry],
    target: "browser",
    minify: !dev,
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  });
  if (!built.success) throw new AggregateError(built.logs, "React's browser build failed");
  // Named by a hash of its content alone (Bun's [hash] also covers the entry's path, here a new temporary one).
  const code = await built.outputs[0]!.text();
  const name = `react-${new Bun.CryptoHasher("sha256").update(code).digest("hex").slice(0, 12)}.js`;
  writeFileSync(join(ASSETS_DIR, name), code);
  return `/assets/${name}`;
}

/**
 * The islands' `import … from "react"` (and the others of REACT_MODULES) become imports from React's own file: one
 * module written into `dir` for each, of the same exports, each read from that file's namespace of the module.
 */
async function sharedReact(url: string, dir: string): Promise<import("bun").BunPlugin> {
  const shims: Record<string, string> = {};
  for (const [module, name] of Object.entries(REACT_MODULES)) {
    const names = Object.keys(await import(module)).filter((n) => n !== "default" && /^[A-Za-z_$][\w$]*$/.test(n));
    shims[module] = join(dir, `${name}.js`);
    writeFileSync(
      shims[module],
      `import { ${name} as m } from ${JSON.stringify(url)};\nexport default m.default ?? m;\n${names.map((n) => `export const ${n} = m.${n};\n`).join("")}`,
    );
  }
  return {
    name: "shared-react",
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/[\w-]+)?$/ }, (args) => {
        const shim = shims[args.path];
        return shim ? { path: shim } : undefined;
      });
      build.onResolve({ filter: /^\/assets\/react-/ }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/**
 * Islands built on their own, with chunks of their own (`<prefix>-[hash].js`), sharing nothing with the public pages'
 * islands but React's file: the admin area, a client application whose code no customer's page should fetch or share
 * a chunk with (docs/decisions/145-admin-bundle-of-its-own.md). Its modules that public islands use too (the API
 * client, the toast store) are copied into its chunks; the admin page draws its own toaster for that reason.
 */
export const OWN_BUNDLES: Record<string, string> = { AdminIsland: "admin" };

export async function buildAssets({ dev = false }: { dev?: boolean } = {}): Promise<AssetManifest> {
  mkdirSync(ASSETS_DIR, { recursive: true });
  const islands = findIslands();
  const entriesDir = mkdtempSync(join(tmpdir(), "island-entries-"));
  const react = await buildReact(dev, entriesDir);
  const plugin = await sharedReact(react, entriesDir);
  const build = (entrypoints: string[], chunk: string) =>
    Bun.build({
      entrypoints,
      outdir: ASSETS_DIR,
      naming: { entry: "[name]-[hash].[ext]", chunk: `${chunk}-[hash].[ext]`, asset: "[name]-[hash].[ext]" },
      splitting: true,
      target: "browser",
      minify: !dev,
      sourcemap: dev ? "linked" : "none",
      define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
      plugins: [plugin],
    });

  const entries = writeIslandEntries(islands, entriesDir);
  const own = (i: number) => OWN_BUNDLES[islands[i]!.name];
  const bundles = await Promise.all([
    build([join(ROOT_DIR, "src/client/shell.ts"), ...entries.filter((_, i) => !own(i))], "chunk"),
    ...Object.values(OWN_BUNDLES).map((prefix) => build(entries.filter((_, i) => own(i) === prefix), prefix)),
  ]).finally(() => rmSync(entriesDir, { recursive: true, force: true }));
  for (const bundle of bundles) {
    if (!bundle.success) throw new AggregateError(bundle.logs, "client bundle failed");
  }
  const bundle = { outputs: bundles.flatMap((b) => b.outputs) };
  // An entry's output is named after its file ("[name]-[hash].js"): the shell's and each island's.
  const entryFiles = bundle.outputs.filter((o) => o.kind === "entry-point").map((o) => basename(o.path));
  const entryOf = (name: string) => {
    const file = entryFiles.find((f) => new RegExp(`^${name}-[^-.]+\\.js$`).test(f));
    if (!file) throw new Error(`client bundle produced no entry for ${name}`);
    return `/assets/${file}`;
  };

  const tailwind = Bun.spawnSync(
    [process.execPath, join(ROOT_DIR, "node_modules/@tailwindcss/cli/dist/index.mjs"), "-i", join(ROOT_DIR, "src/styles.css"), ...(dev ? [] : ["--minify"])],
    { cwd: ROOT_DIR, stdout: "pipe", stderr: "pipe" },
  );
  if (tailwind.exitCode !== 0) throw new Error(`tailwind failed: ${tailwind.stderr.toString()}`);
  const css = tailwind.stdout;
  const cssName = `styles-${new Bun.CryptoHasher("sha256").update(css).digest("hex").slice(0, 12)}.css`;
  writeFileSync(join(ASSETS_DIR, cssName), css);

  const files = [cssName, basename(react), ...bundle.outputs.map((o) => basename(o.path))];
  const manifest: AssetManifest = {
    shell: entryOf("shell"),
    react,
    islands: Object.fromEntries(islands.map(({ name }) => [name, entryOf(name)])),
    css: `/assets/${cssName}`,
    files: files.map((n) => `/assets/${n}`),
  };
  writeFileSync(MANIFEST_PATH, JSON.stringify(manifest, null, 2));
  removeStaleAssets(new Set(files));
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
  console.log(`built ${manifest.shell}, ${Object.keys(manifest.islands).length} islands and ${manifest.css} in ${(performance.now() - started).toFixed(0)}ms`);
}
