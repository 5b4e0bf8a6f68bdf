/**
 * Builds the browser assets: the shell script and one entry per island (Bun.build, shared code split into chunks)
 * and the stylesheet (Tailwind v4), each named by a hash of its content, under public/assets/, plus manifest.json
 * naming them for the server. Files from earlier builds are kept for an hour so a server still running an older
 * manifest keeps serving them.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
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

/**
 * Where the build writes the modules it generates (the islands' entries, React's entry and its shims): one folder per
 * checkout, kept between builds. Bun's `[hash]` covers an entry's path as well as its content, so entries in a new
 * temporary folder each time gave every island a new name on every build, unchanged or not, and a returning visitor
 * fetched them all again after each deployment.
 */
// Named after the checkout too: worktrees may share one node_modules, and each one's entries name its own files.
const GENERATED_DIR = join(ROOT_DIR, "node_modules/.cache/build-entries", new Bun.CryptoHasher("sha256").update(ROOT_DIR).digest("hex").slice(0, 12));

/**
 * Writes `text` to `path` unless the file already holds it, through a temporary file renamed into place: a build
 * running beside this one (`bun dev` and `npm test` in one checkout) never reads a file half-written.
 */
function writeGenerated(path: string, text: string): void {
  try {
    if (readFileSync(path, "utf8") === text) return;
  } catch {
    // not there yet
  }
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Each island's browser entry, generated into `dir`: it imports the island and hydrates it. */
function writeIslandEntries(islands: IslandModule[], dir: string): string[] {
  return islands.map(({ name, file }) => {
    const path = join(dir, `${name}.ts`);
    writeGenerated(
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

async function buildReact(dev: boolean, dir: string, outDir: string): Promise<string> {
  const entry = join(dir, "react.ts");
  writeGenerated(
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
  // Named by a hash of its content alone: Bun's [hash] also covers the entry's path.
  const code = await built.outputs[0]!.text();
  const name = `react-${new Bun.CryptoHasher("sha256").update(code).digest("hex").slice(0, 12)}.js`;
  writeFileSync(join(outDir, name), code);
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
    writeGenerated(
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

/** `outDir`: public/assets/ by default (a test builds into a folder of its own, never beside a running suite's files). */
export async function buildAssets({ dev = false, outDir = ASSETS_DIR }: { dev?: boolean; outDir?: string } = {}): Promise<AssetManifest> {
  mkdirSync(outDir, { recursive: true });
  const islands = findIslands();
  const entriesDir = GENERATED_DIR;
  mkdirSync(entriesDir, { recursive: true });
  const react = await buildReact(dev, entriesDir, outDir);
  const plugin = await sharedReact(react, entriesDir);
  const build = (entrypoints: string[], chunk: string) =>
    Bun.build({
      entrypoints,
      outdir: outDir,
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
  ]);
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
  writeFileSync(join(outDir, cssName), css);

  const files = [cssName, basename(react), ...bundle.outputs.map((o) => basename(o.path))];
  const manifest: AssetManifest = {
    shell: entryOf("shell"),
    react,
    islands: Object.fromEntries(islands.map(({ name }) => [name, entryOf(name)])),
    css: `/assets/${cssName}`,
    files: files.map((n) => `/assets/${n}`),
  };
  // Renamed into place: a server reading the manifest while `bun dev` rebuilds never reads half of it.
  const manifestPath = outDir === ASSETS_DIR ? MANIFEST_PATH : join(outDir, "manifest.json");
  writeFileSync(`${manifestPath}.${process.pid}.tmp`, JSON.stringify(manifest, null, 2));
  renameSync(`${manifestPath}.${process.pid}.tmp`, manifestPath);
  removeStaleAssets(outDir, new Set(files));
  return manifest;
}

function removeStaleAssets(outDir: string, keep: Set<string>): void {
  const cutoff = Date.now() - KEEP_OLD_ASSETS_MS;
  for (const name of readdirSync(outDir)) {
    const path = join(outDir, name);
    if (name === "manifest.json" || keep.has(name)) continue;
    if (statSync(path).mtimeMs < cutoff) unlinkSync(path);
  }
}

if (import.meta.main) {
  const started = performance.now();
  const manifest = await buildAssets({ dev: process.argv.includes("--dev") });
  console.log(`built ${manifest.shell}, ${Object.keys(manifest.islands).length} islands and ${manifest.css} in ${(performance.now() - started).toFixed(0)}ms`);
}
